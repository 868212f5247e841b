// A strict fake of the few Electron APIs the main process uses at boot. It fails where a real
// launch would: ready-only APIs used before `ready`, privileged schemes registered after it, a
// preload that is not an existing CommonJS file, a page that does not exist. At exit it prints a
// report (one JSON line prefixed with FAKE_ELECTRON_REPORT) for the boot smoke test to read.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const report = { ready: false, violations: [], windows: [], loaded: [], quit: false, schemes: [] };
const violation = (text) => report.violations.push(text);
const needReady = (api) => {
  if (!report.ready) violation(`${api} used before app is ready`);
};

process.on('exit', () => {
  process.stdout.write(`\nFAKE_ELECTRON_REPORT ${JSON.stringify(report)}\n`);
});
process.on('uncaughtException', (error) => {
  violation(`uncaught exception: ${error?.stack ?? error}`);
  process.exit(1);
});
process.on('unhandledRejection', (error) => {
  violation(`unhandled rejection: ${error?.stack ?? error}`);
  process.exit(1);
});

let readyPromise;
export const app = {
  name: 'Airwave Tray',
  isPackaged: false,
  getVersion: () => '0.0.0-fake',
  getPath: (name) => `/tmp/fake-electron/${name}`,
  requestSingleInstanceLock: () => true,
  isReady: () => report.ready,
  whenReady() {
    readyPromise ??= new Promise((resolve) =>
      setTimeout(() => {
        report.ready = true;
        resolve();
        // Give the app a moment to build its windows, then end the boot like a quit would.
        setTimeout(() => process.exit(0), 300);
      }, 20),
    );
    return readyPromise;
  },
  on: () => app,
  once: () => app,
  quit() {
    report.quit = true;
  },
  exit() {
    report.quit = true;
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes) {
    if (report.ready) violation('protocol.registerSchemesAsPrivileged called after ready');
    report.schemes.push(...schemes.map((s) => s.scheme));
  },
  handle() {
    needReady('protocol.handle');
  },
};

class WebContents {
  setWindowOpenHandler() {}
  on() {
    return this;
  }
  once() {
    return this;
  }
  send() {}
}

export class BrowserWindow {
  constructor(options = {}) {
    needReady('new BrowserWindow');
    const prefs = options.webPreferences ?? {};
    const preload = prefs.preload;
    if (preload !== undefined) {
      if (!existsSync(preload)) violation(`preload does not exist: ${preload}`);
      if (!preload.endsWith('.cjs') && prefs.sandbox !== false) violation(`sandboxed preload is not CommonJS: ${preload}`);
    }
    report.windows.push({
      width: options.width,
      height: options.height,
      preload: preload ?? null,
      contextIsolation: prefs.contextIsolation ?? true,
      sandbox: prefs.sandbox ?? true,
      nodeIntegration: prefs.nodeIntegration ?? false,
    });
    this.webContents = new WebContents();
  }
  async loadFile(path) {
    if (!existsSync(path)) violation(`page does not exist: ${path}`);
    report.loaded.push(path);
  }
  async loadURL(url) {
    if (url.startsWith('file:') && !existsSync(fileURLToPath(url))) violation(`page does not exist: ${url}`);
    report.loaded.push(url);
  }
  on() {
    return this;
  }
  once() {
    return this;
  }
  show() {}
  hide() {}
  close() {}
}

const readyOnly = (name) =>
  new Proxy(
    {},
    {
      get(_target, prop) {
        needReady(`${name}.${String(prop)}`);
        return () => undefined;
      },
    },
  );

export const safeStorage = readyOnly('safeStorage');
export const screen = readyOnly('screen');
export const net = readyOnly('net');
export const shell = { openExternal: async () => undefined };
export const ipcMain = { handle() {}, on() {}, removeHandler() {} };
export default { app, protocol, BrowserWindow, safeStorage, screen, net, shell, ipcMain };
