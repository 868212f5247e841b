// A strict fake of the Electron APIs the main process uses. It fails where a real launch would:
// ready-only APIs (safeStorage, net, screen, Tray, BrowserWindow, protocol.handle) used before
// `ready`, privileged schemes registered after it, a sandboxed preload that is not an existing
// CommonJS file, a tray icon file that does not exist. Everything it saw goes into `report`.
// The boot smoke test loads it through a module-resolution hook (register.mjs); adapter unit tests
// load it with vi.mock('electron', ...) and drive it through `fake`.
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const report = {
  ready: false,
  singleInstanceLock: false,
  violations: [],
  schemes: [],
  schemeHandlers: [],
  windows: [],
  loaded: [],
  trays: [],
  ipcHandlers: [],
  quit: false,
};
const violation = (text) => report.violations.push(text);
const needReady = (api) => {
  if (!report.ready) violation(`${api} used before app is ready`);
};

/** Test controls: what the fake answers, and a way to fire OS events. */
export const fake = {
  encryptionAvailable: true,
  storageBackend: 'gnome_libsecret',
  online: true,
  shortcutTaken: false,
  notificationsSupported: true,
  displays: [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
  cursor: { x: 1800, y: 1060 },
  userData: process.env.FAKE_ELECTRON_USER_DATA ?? join(tmpdir(), `fake-electron-${process.pid}`),
  ipc: new Map(),
  notifications: [],
  shortcuts: new Map(),
  loginItem: null,
  openedExternal: [],
  power: new EventEmitter(),
  markReady() {
    report.ready = true;
  },
};

let readyPromise;
const appEvents = new EventEmitter();
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
  setLoginItemSettings(settings) {
    fake.loginItem = settings;
  },
  quit() {
    report.quit = true;
  },
  exit() {
    report.quit = true;
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
    report.schemeHandlers.push(scheme);
    handlers.set(scheme, handler);
  },
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

export class Tray extends EventEmitter {
  constructor(image) {
    super();
    needReady('new Tray');
    this.image = image;
    this.images = [image];
    this.title = '';
    this.tooltip = '';
    this.menus = [];
    this.bounds = { x: 0, y: 0, width: 0, height: 0 };
    this.destroyed = false;
    report.trays.push({ icon: image?.source?.path ?? null, exists: image?.source?.path ? existsSync(image.source.path) : false });
  }
  setImage(image) {
    this.image = image;
    this.images.push(image);
  }
  setTitle(title) {
    this.title = title;
  }
  setToolTip(tooltip) {
    this.tooltip = tooltip;
  }
  setContextMenu(menu) {
    this.menus.push(menu);
  }
  getBounds() {
    return this.bounds;
  }
  destroy() {
    this.destroyed = true;
  }
}

export const Menu = {
  buildFromTemplate(template) {
    return { items: template };
  },
};

export class Notification extends EventEmitter {
  static isSupported() {
    return fake.notificationsSupported;
  }
  constructor(options) {
    super();
    needReady('new Notification');
    this.options = options;
    this.shown = false;
    fake.notifications.push(this);
  }
  show() {
    this.shown = true;
  }
  close() {
    this.emit('close');
  }
}

export const powerMonitor = {
  on: (event, listener) => fake.power.on(event, listener),
  off: (event, listener) => fake.power.off(event, listener),
};

export const globalShortcut = {
  register(accelerator, callback) {
    needReady('globalShortcut.register');
    if (!/^[A-Za-z]+(\+[A-Za-z0-9]+)+$/.test(accelerator)) throw new Error(`Failed to parse accelerator ${accelerator}`);
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
};

class Session {
  constructor() {
    this.permissionRequestHandler = null;
    this.permissionCheckHandler = null;
  }
  setPermissionRequestHandler(handler) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler) {
    this.permissionCheckHandler = handler;
  }
}

let nextContentsId = 1;
class WebContents extends EventEmitter {
  constructor() {
    super();
    this.id = nextContentsId++;
    this.session = new Session();
    this.windowOpenHandler = null;
    this.sent = [];
    this.destroyed = false;
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  send(channel, payload) {
    this.sent.push({ channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options = {}) {
    super();
    needReady('new BrowserWindow');
    const prefs = options.webPreferences ?? {};
    const preload = prefs.preload;
    if (preload !== undefined) {
      if (!existsSync(preload)) violation(`preload does not exist: ${preload}`);
      if (!preload.endsWith('.cjs') && prefs.sandbox !== false) violation(`sandboxed preload is not CommonJS: ${preload}`);
    }
    this.options = options;
    this.webContents = new WebContents();
    this.visible = false;
    this.bounds = { x: 0, y: 0, width: options.width ?? 800, height: options.height ?? 600 };
    this.record = {
      width: options.width,
      height: options.height,
      show: options.show ?? true,
      frame: options.frame ?? true,
      preload: preload ?? null,
      contextIsolation: prefs.contextIsolation ?? true,
      sandbox: prefs.sandbox ?? true,
      nodeIntegration: prefs.nodeIntegration ?? false,
      webSecurity: prefs.webSecurity ?? true,
    };
    report.windows.push(this.record);
    this.#contentsChecks = () => {
      const contents = this.webContents;
      this.record.windowOpenDenied = contents.windowOpenHandler?.({ url: 'https://example.com/' })?.action === 'deny';
      this.record.permissionsDenied = contents.session.permissionRequestHandler !== null;
      this.record.navigationGuarded = contents.listenerCount('will-navigate') > 0;
    };
  }
  #contentsChecks;
  async loadFile(path) {
    if (!existsSync(path)) violation(`page does not exist: ${path}`);
    report.loaded.push(path);
  }
  async loadURL(url) {
    if (url.startsWith('file:') && !existsSync(fileURLToPath(url))) violation(`page does not exist: ${url}`);
    report.loaded.push(url);
    this.#contentsChecks();
  }
  isVisible() {
    return this.visible;
  }
  show() {
    this.visible = true;
    this.emit('show');
  }
  hide() {
    this.visible = false;
    this.emit('hide');
  }
  focus() {}
  setBounds(bounds) {
    this.bounds = bounds;
  }
  getBounds() {
    return this.bounds;
  }
  close() {}
}

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
  BrowserWindow,
};
