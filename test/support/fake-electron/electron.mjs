// A strict fake of the Electron APIs the main process uses. It fails where a real launch would:
// ready-only APIs (safeStorage, net, screen, Tray, BrowserWindow, protocol.handle) used before
// `ready`, privileged schemes registered after it, a sandboxed preload that is not an existing
// CommonJS file, a tray icon file that does not exist. Everything it saw goes into `report`;
// `fake.leftovers()` lists what is still registered (after quit it must be nothing).
// The boot smoke test loads it through a module-resolution hook (register.mjs); adapter unit tests
// load it with vi.mock('electron', ...) and drive it through `fake`.
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fake, needReady, report, violation } from './state.mjs';
import { BrowserWindow, clickTray, Menu, platform, Tray } from './windows.mjs';

export { fake, report } from './state.mjs';
export { BrowserWindow, clickTray, Menu, Tray } from './windows.mjs';

let readyPromise;
const appEvents = new EventEmitter();
const preventable = () => ({
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true;
  },
});
export const app = Object.assign(appEvents, {
  name: 'Airwave Tray',
  isPackaged: false,
  getAppPath: () => process.cwd(),
  dock: { hide() {}, show() {} },
  getVersion: () => '0.0.0-fake',
  getPath: (name) => (name === 'userData' ? fake.userData : join(fake.userData, name)),
  requestSingleInstanceLock() {
    report.singleInstanceLock = true;
    return true;
  },
  isReady: () => report.ready,
  whenReady() {
    readyPromise ??= new Promise((resolve) =>
      setTimeout(() => {
        report.ready = true;
        appEvents.emit('ready');
        resolve();
      }, 20),
    );
    return readyPromise;
  },
  setAppUserModelId(id) {
    report.calls.push(`setAppUserModelId ${id}`);
  },
  /** https://www.electronjs.org/docs/latest/api/app#appsetasdefaultprotocolclientprotocol-path-args */
  setAsDefaultProtocolClient(protocol) {
    report.calls.push(`setAsDefaultProtocolClient ${protocol}`);
    fake.protocolClients.add(protocol);
    return true;
  },
  setLoginItemSettings(settings) {
    fake.loginItem = settings;
  },
  /**
   * Electron's order: `before-quit` (preventable), windows close, `will-quit` (preventable), `quit`
   * (https://www.electronjs.org/docs/latest/api/app#appquit).
   */
  quit() {
    report.calls.push('app.quit');
    const before = preventable();
    appEvents.emit('before-quit', before);
    if (before.defaultPrevented) return;
    for (const window of fake.windows) if (!window.destroyed) window.destroy();
    const will = preventable();
    appEvents.emit('will-quit', will);
    if (will.defaultPrevented) return;
    report.quit = true;
    appEvents.emit('quit', {}, 0);
  },
  /** quits at once: no before-quit or will-quit (https://www.electronjs.org/docs/latest/api/app#appexitexitcode) */
  exit(code = 0) {
    report.calls.push(`app.exit ${code}`);
    report.quit = true;
    report.exitCode = code;
    if (fake.exitProcess) setTimeout(() => process.exit(code), 0);
  },
});

const handlers = new Map();
export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (report.ready) violation('protocol.registerSchemesAsPrivileged called after ready');
    report.schemes.push(...schemes.map((s) => s.scheme));
  },
  handle(scheme, handler) {
    needReady('protocol.handle');
    if (handlers.has(scheme)) violation(`second protocol.handle for ${scheme}`);
    report.schemeHandlers.push(scheme);
    handlers.set(scheme, handler);
  },
  unhandle(scheme) {
    handlers.delete(scheme);
  },
  isProtocolHandled: async (scheme) => handlers.has(scheme),
  /** test helper: what the registered handler answers for a URL */
  async request(url) {
    const handler = handlers.get(new URL(url).protocol.slice(0, -1));
    if (!handler) return null;
    return handler(new Request(url));
  },
};

export const net = {
  isOnline() {
    needReady('net.isOnline');
    return fake.online;
  },
  async fetch(url) {
    needReady('net.fetch');
    if (!url.startsWith('file:')) throw new Error(`fake net.fetch only reads files, not ${url}`);
    const path = fileURLToPath(url);
    if (!existsSync(path)) return new Response('missing', { status: 404 });
    return new Response(readFileSync(path), { status: 200 });
  },
};

const seal = (text) => Buffer.from(`sealed:${[...text].reverse().join('')}`, 'utf8');
export const safeStorage = {
  isEncryptionAvailable() {
    needReady('safeStorage.isEncryptionAvailable');
    return fake.encryptionAvailable;
  },
  getSelectedStorageBackend() {
    needReady('safeStorage.getSelectedStorageBackend');
    return fake.storageBackend;
  },
  encryptString(text) {
    needReady('safeStorage.encryptString');
    if (!fake.encryptionAvailable) throw new Error('Encryption is not available.');
    return seal(text);
  },
  decryptString(buffer) {
    needReady('safeStorage.decryptString');
    const text = buffer.toString('utf8');
    if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return [...text.slice('sealed:'.length)].reverse().join('');
  },
};

export const screen = {
  getPrimaryDisplay() {
    needReady('screen.getPrimaryDisplay');
    return fake.displays[0];
  },
  getAllDisplays() {
    needReady('screen.getAllDisplays');
    return fake.displays;
  },
  getCursorScreenPoint() {
    needReady('screen.getCursorScreenPoint');
    return fake.cursor;
  },
};

class FakeImage {
  constructor(source) {
    this.source = source;
    this.representations = [];
    this.template = false;
  }
  addRepresentation(rep) {
    this.representations.push(rep);
  }
  setTemplateImage(on) {
    this.template = on;
  }
  isEmpty() {
    return this.source.empty === true;
  }
}

export const nativeImage = {
  createFromPath(path) {
    if (!existsSync(path)) violation(`image file does not exist: ${path}`);
    return new FakeImage({ path, empty: !existsSync(path) });
  },
  createFromBuffer(buffer, options = {}) {
    const png = buffer.length > 8 && buffer.subarray(1, 4).toString('latin1') === 'PNG';
    return new FakeImage({ buffer, scaleFactor: options.scaleFactor ?? 1, empty: !png });
  },
  createEmpty: () => new FakeImage({ empty: true }),
};

/** The attribute values of one kind of element in a toast's XML, in order (enough for the fake's own toasts). */
const toastAttributes = (xml, element, attribute) =>
  [...xml.matchAll(new RegExp(`<${element}\\b[^>]*\\b${attribute}="([^"]*)"`, 'g'))].map((m) => m[1].replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));

/**
 * Electron's Notification (https://www.electronjs.org/docs/latest/api/notification), with each
 * platform's events in their real order. Tests press it with `press('body')` or `press(i)` (the
 * i-th button) and close it with `dismiss()`:
 * - `show` is emitted when it is shown ("Event: 'show'");
 * - macOS: the body emits `click`; a button emits `action` with its index ("Event: 'action'
 *   macOS Windows"), and buttons are there only when the app's style is Alerts and it is signed
 *   (https://www.electronjs.org/docs/latest/api/structures/notification-action, "Button support
 *   on macOS"): pressing one with `fake.macAlerts` false is a violation;
 * - Windows with `toastXml`: the body and buttons are activated as the XML says; with
 *   activationType="protocol" Windows opens the URL, which starts the app again, and the running
 *   instance gets `second-instance` with the URL in its argv
 *   (https://www.electronjs.org/docs/latest/api/app#event-second-instance;
 *   https://github.com/electron/electron/issues/24524): a scheme the app did not register with
 *   app.setAsDefaultProtocolClient opens nothing, a violation. Without toastXml: `click`, and
 *   `action` for `actions`;
 * - Linux: Electron has no actions there, only `click` on the body (the docs mark `actions` and
 *   `action` macOS/Windows); pressing a button is a violation;
 * - `close` when the user dismisses it (not guaranteed everywhere: "Event: 'close'"); `failed`
 *   only on Windows ("Event: 'failed' Windows").
 */
export class Notification extends EventEmitter {
  static isSupported() {
    return fake.notificationsSupported;
  }
  constructor(options) {
    super();
    needReady('new Notification');
    this.options = options;
    this.shown = false;
    this.closed = false;
    fake.notifications.push(this);
  }
  show() {
    // Windows drops toasts from an app without an AppUserModelID
    // (https://www.electronjs.org/docs/latest/tutorial/notifications#windows)
    if (platform() === 'win32' && !report.calls.some((call) => call.startsWith('setAppUserModelId'))) {
      violation('a notification on Windows before app.setAppUserModelId');
    }
    report.calls.push('notification.show');
    this.shown = true;
    this.emit('show', {});
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.emit('close', {});
  }
  /** test helper: the user presses the body ('body') or the button at `index`, as the platform delivers it */
  press(target = 'body') {
    if (!this.shown || this.closed) return violation('a notification pressed that is not on screen');
    const os = platform();
    const event = {};
    if (os === 'win32' && this.options.toastXml) {
      const url = target === 'body' ? toastAttributes(this.options.toastXml, 'toast', 'launch')[0] : toastAttributes(this.options.toastXml, 'action', 'arguments')[target];
      if (url === undefined) return violation(`the toast has no ${target === 'body' ? 'launch' : `button ${target}`}`);
      const scheme = url.split(':')[0];
      if (!fake.protocolClients.has(scheme)) return violation(`a toast opened ${scheme}: but the app is not its protocol client`);
      return void appEvents.emit('second-instance', event, ['C:\\Program Files\\Airwave Tray\\airwave-tray.exe', url], 'C:\\');
    }
    if (target === 'body') return void this.emit('click', event);
    const buttons = os === 'linux' ? [] : (this.options.actions ?? []);
    if (os === 'darwin' && !fake.macAlerts) return violation('macOS shows notification buttons only in the Alerts style');
    if (!buttons[target]) return violation(`no button ${target} on ${os}`);
    this.emit('action', event, target);
  }
  /** test helper: the user dismisses it */
  dismiss() {
    this.close();
  }
  /** test helper: Windows could not show it */
  fail(error = 'failed') {
    if (platform() !== 'win32') return violation('`failed` is emitted on Windows only');
    this.emit('failed', {}, error);
  }
}

export const powerMonitor = {
  on: (event, listener) => fake.power.on(event, listener),
  off: (event, listener) => fake.power.off(event, listener),
  removeListener: (event, listener) => fake.power.off(event, listener),
};

// Electron parses any accelerator in its grammar, modifiers then one key, case-insensitive, and a
// bare key ("A", "F5") is one too: globalShortcut registers it and takes that key from every app
// (https://www.electronjs.org/docs/latest/api/accelerator). What it cannot parse, it throws on.
const ACCELERATOR_MODIFIER = /^(command|cmd|control|ctrl|commandorcontrol|cmdorctrl|alt|option|altgr|shift|super|meta)$/i;
const ACCELERATOR_KEY =
  /^([\x21-\x7e]|f([1-9]|1[0-9]|2[0-4])|num[0-9]|numdec|numadd|numsub|nummult|numdiv|plus|space|tab|capslock|numlock|scrolllock|backspace|delete|insert|return|enter|up|down|left|right|home|end|pageup|pagedown|escape|esc|volumeup|volumedown|volumemute|medianexttrack|mediaprevioustrack|mediastop|mediaplaypause|printscreen)$/i;
const parsesAsAccelerator = (text) => {
  const parts = text.split('+');
  return ACCELERATOR_KEY.test(parts.at(-1)) && parts.slice(0, -1).every((part) => ACCELERATOR_MODIFIER.test(part));
};

export const globalShortcut = {
  register(accelerator, callback) {
    needReady('globalShortcut.register');
    if (!parsesAsAccelerator(accelerator)) throw new Error(`Failed to parse accelerator ${accelerator}`);
    report.calls.push(`globalShortcut.register ${accelerator}`);
    if (fake.shortcutTaken) return false;
    fake.shortcuts.set(accelerator, callback);
    return true;
  },
  unregister(accelerator) {
    fake.shortcuts.delete(accelerator);
  },
  unregisterAll() {
    fake.shortcuts.clear();
  },
};

export const ipcMain = {
  handle(channel, handler) {
    if (fake.ipc.has(channel)) violation(`second ipcMain.handle for ${channel}`);
    fake.ipc.set(channel, handler);
    report.ipcHandlers.push(channel);
  },
  removeHandler(channel) {
    fake.ipc.delete(channel);
  },
  on() {},
};

export const shell = {
  async openExternal(url) {
    fake.openedExternal.push(url);
  },
  async openPath(path) {
    fake.openedPaths.push(path);
    return '';
  },
};

/** showErrorBox may be called before ready (https://www.electronjs.org/docs/latest/api/dialog#dialogshowerrorboxtitle-content) */
export const dialog = {
  showErrorBox(title, content) {
    report.errorBoxes.push({ title, content });
    report.calls.push('dialog.showErrorBox');
  },
  /** resolves { canceled, filePath } (https://www.electronjs.org/docs/latest/api/dialog#dialogshowsavedialogwindow-options); the test sets the answer */
  async showSaveDialog(options) {
    if (!report.ready) throw new Error('dialog.showSaveDialog before app ready');
    fake.saveDialogs.push(options);
    const path = fake.saveDialogAnswer;
    return path ? { canceled: false, filePath: path } : { canceled: true, filePath: '' };
  },
};

/** What is still registered: after the app quits, every list must be empty. */
fake.leftovers = () => {
  const appListeners = appEvents.eventNames().filter((name) => name !== 'ready' && appEvents.listenerCount(name) > 0);
  return {
    ipcHandlers: [...fake.ipc.keys()],
    protocolHandlers: [...handlers.keys()],
    shortcuts: [...fake.shortcuts.keys()],
    powerListeners: fake.power.eventNames().map(String),
    appListeners: appListeners.map(String),
    trays: fake.trays.filter((tray) => !tray.destroyed).length,
    windows: fake.windows.filter((window) => !window.destroyed).length,
    notifications: fake.notifications.filter((n) => n.shown && !n.closed && n.listenerCount('click') > 0).length,
  };
};
export default {
  app,
  protocol,
  net,
  safeStorage,
  screen,
  nativeImage,
  Tray,
  Menu,
  Notification,
  powerMonitor,
  globalShortcut,
  ipcMain,
  shell,
  dialog,
  BrowserWindow,
  clickTray,
};
