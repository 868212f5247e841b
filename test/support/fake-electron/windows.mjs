// The fake's Tray, Menu and BrowserWindow, with each platform's real event order encoded (the
// comments cite where Electron documents it), so host code is tested against what a desktop does,
// not against what we wish it did. Driven by tests through `clickTray`.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { failIf, fake, needReady, report, violation } from './state.mjs';

/** The platform whose behaviour the fake imitates (FAKE_ELECTRON_PLATFORM, default: this machine's). */
export const platform = () => fake.platform ?? process.env.FAKE_ELECTRON_PLATFORM ?? process.platform;

export const Menu = {
  buildFromTemplate(template) {
    return { items: template };
  },
  // "Passing null will suppress the default menu" (https://www.electronjs.org/docs/latest/api/menu#menusetapplicationmenumenu);
  // it may be called before ready (https://www.electronjs.org/docs/latest/tutorial/performance)
  setApplicationMenu(menu) {
    report.calls.push(`setApplicationMenu ${menu === null ? 'null' : menu.items.map((item) => item.role ?? item.label).join(',')}`);
  },
};

export class Tray extends EventEmitter {
  constructor(image) {
    super();
    needReady('new Tray');
    failIf('Tray');
    this.image = image;
    this.images = [image];
    this.title = '';
    this.tooltip = '';
    /** menus handed over with setContextMenu */
    this.menus = [];
    /** menus the user saw open (native context menu or popUpContextMenu) */
    this.openedMenus = [];
    this.ignoreDoubleClick = false;
    this.bounds = { x: 1700, y: 1045, width: 24, height: 30 };
    this.destroyed = false;
    fake.trays.push(this);
    report.trays.push({ icon: image?.source?.path ?? null, exists: image?.source?.path ? existsSync(image.source.path) : false });
  }
  setImage(image) {
    this.image = image;
    this.images.push(image);
  }
  setTitle(title) {
    // "Sets the title displayed next to the tray icon in the status bar" — macOS only
    // (https://www.electronjs.org/docs/latest/api/tray#traysettitletitle-options-macos)
    if (platform() !== 'darwin') violation('tray.setTitle is macOS only');
    this.title = title;
  }
  setToolTip(tooltip) {
    this.tooltip = tooltip;
  }
  setContextMenu(menu) {
    this.menus.push(menu);
  }
  setIgnoreDoubleClickEvents(ignore) {
    // https://www.electronjs.org/docs/latest/api/tray#traysetignoredoubleclickeventsignore-macos
    if (platform() !== 'darwin') violation('tray.setIgnoreDoubleClickEvents is macOS only');
    this.ignoreDoubleClick = ignore;
  }
  popUpContextMenu(menu) {
    // https://www.electronjs.org/docs/latest/api/tray#traypopupcontextmenumenu-position-macos-windows
    if (platform() === 'linux') violation('tray.popUpContextMenu is macOS/Windows only');
    this.openedMenus.push(menu ?? this.menus.at(-1) ?? null);
  }
  getBounds() {
    return this.bounds;
  }
  isDestroyed() {
    return this.destroyed;
  }
  destroy() {
    this.destroyed = true;
    this.removeAllListeners();
  }
}

/**
 * A click on the tray icon, as each platform delivers it:
 * - everywhere: pressing the icon takes focus from the focused window first, so the popover sees
 *   `blur` before the tray sees the click (the menubar library's delayed blur-hide exists for this:
 *   https://github.com/max-mapper/menubar/blob/master/src/Menubar.ts);
 * - macOS: once a context menu is set, any click opens it and no click event is emitted
 *   (https://github.com/electron/electron/issues/4796); otherwise `click` / `right-click`;
 * - Windows: left `click`; right `right-click`, and the context menu opens when one is set;
 * - Linux (StatusNotifierItem): the menu set with setContextMenu opens on a right click, and
 *   `right-click` is emitted only when no menu is set (https://github.com/gitify-app/gitify/pull/2856);
 *   a left click is an "activation" and emits `click`, though some panels never send it
 *   (https://www.electronjs.org/docs/latest/api/tray#platform-considerations).
 */
export function clickTray(tray, button = 'left') {
  for (const window of fake.windows) if (window.focused && !window.destroyed) window.blur();
  const menu = tray.menus.at(-1) ?? null;
  const event = { preventDefault() {} };
  const os = platform();
  if (os === 'darwin') {
    if (menu) return void tray.openedMenus.push(menu);
    tray.emit(button === 'left' ? 'click' : 'right-click', event, tray.bounds);
  } else if (os === 'win32') {
    if (button === 'left') return void tray.emit('click', event, tray.bounds);
    tray.emit('right-click', event, tray.bounds);
    if (menu) tray.openedMenus.push(menu);
  } else {
    if (button === 'left') return void tray.emit('click', event, tray.bounds);
    if (menu) tray.openedMenus.push(menu);
    else tray.emit('right-click', event, tray.bounds);
  }
}

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
    this.reloads = 0;
    this.destroyed = false;
  }
  setWindowOpenHandler(handler) {
    this.windowOpenHandler = handler;
  }
  send(channel, payload) {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, payload });
  }
  reload() {
    this.reloads++;
  }
  isDestroyed() {
    return this.destroyed;
  }
}

export class BrowserWindow extends EventEmitter {
  constructor(options = {}) {
    super();
    needReady('new BrowserWindow');
    failIf('BrowserWindow');
    const prefs = options.webPreferences ?? {};
    const preload = prefs.preload;
    if (preload !== undefined) {
      if (!existsSync(preload)) violation(`preload does not exist: ${preload}`);
      if (!preload.endsWith('.cjs') && prefs.sandbox !== false) violation(`sandboxed preload is not CommonJS: ${preload}`);
    }
    this.options = options;
    this.webContents = new WebContents();
    this.visible = false;
    this.focused = false;
    this.destroyed = false;
    this.allWorkspaces = null;
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
    fake.windows.push(this);
  }
  #contentsChecks() {
    const contents = this.webContents;
    this.record.windowOpenDenied = contents.windowOpenHandler?.({ url: 'https://example.com/' })?.action === 'deny';
    this.record.permissionsDenied = contents.session.permissionRequestHandler !== null;
    this.record.navigationGuarded = contents.listenerCount('will-navigate') > 0;
  }
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
  isDestroyed() {
    return this.destroyed;
  }
  isFocused() {
    return this.focused;
  }
  show() {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.visible = true;
    this.emit('show');
    this.focus();
  }
  focus() {
    if (this.focused || !this.visible) return;
    this.focused = true;
    this.emit('focus');
  }
  blur() {
    if (!this.focused) return;
    this.focused = false;
    this.emit('blur');
  }
  hide() {
    if (!this.visible) return;
    // a focused window that hides loses focus first
    this.blur();
    this.visible = false;
    this.emit('hide');
  }
  setVisibleOnAllWorkspaces(visible, options = {}) {
    this.allWorkspaces = { visible, ...options };
  }
  setBounds(bounds) {
    this.bounds = bounds;
  }
  getBounds() {
    return this.bounds;
  }
  close() {
    this.destroy();
  }
  destroy() {
    if (this.destroyed) return;
    this.visible = false;
    this.focused = false;
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.emit('closed');
    this.removeAllListeners();
    this.webContents.removeAllListeners();
  }
}
