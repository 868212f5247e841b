// What the fake Electron saw (`report`, read by the boot smoke test) and the knobs tests turn
// (`fake`). Shared by every part of the fake (electron.mjs, windows.mjs).
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const report = {
  ready: false,
  platform: process.platform,
  singleInstanceLock: false,
  violations: [],
  schemes: [],
  schemeHandlers: [],
  windows: [],
  loaded: [],
  trays: [],
  ipcHandlers: [],
  /** Electron calls in order, for the ones whose order matters (app user model id, notifications, quit) */
  calls: [],
  errorBoxes: [],
  quit: false,
  exitCode: null,
  leftovers: null,
};
export const violation = (text) => report.violations.push(text);
export const needReady = (api) => {
  if (!report.ready) violation(`${api} used before app is ready`);
};

/** Test controls: what the fake answers, and a way to fire OS events. */
export const fake = {
  /** the platform whose behaviour the fake imitates; undefined: FAKE_ELECTRON_PLATFORM or this machine's */
  platform: undefined,
  encryptionAvailable: true,
  storageBackend: 'gnome_libsecret',
  online: true,
  shortcutTaken: false,
  notificationsSupported: true,
  /** macOS: the app's notification style is Alerts (buttons are shown only then) */
  macAlerts: true,
  /** schemes the app registered with app.setAsDefaultProtocolClient */
  protocolClients: new Set(),
  displays: [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
  cursor: { x: 1800, y: 1060 },
  userData: process.env.FAKE_ELECTRON_USER_DATA ?? join(tmpdir(), `fake-electron-${process.pid}`),
  /** the Electron API that throws when called (the boot smoke test's launch-failure case), e.g. "Tray" */
  failOn: process.env.FAKE_ELECTRON_FAIL ?? null,
  ipc: new Map(),
  notifications: [],
  shortcuts: new Map(),
  loginItem: null,
  openedExternal: [],
  openedPaths: [],
  /** save dialogs shown (their options), and what the next one answers: a path, or null for Cancel */
  saveDialogs: [],
  saveDialogAnswer: null,
  power: new EventEmitter(),
  /** every Tray and BrowserWindow made, live or destroyed */
  trays: [],
  windows: [],
  /** set by register.mjs: app.exit() ends the process, as in Electron */
  exitProcess: false,
  markReady() {
    report.ready = true;
  },
};

export const failIf = (api) => {
  if (fake.failOn === api) throw new Error(`fake Electron: ${api} failed (FAKE_ELECTRON_FAIL)`);
};
