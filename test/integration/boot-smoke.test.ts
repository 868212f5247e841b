import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, commandChannel } from '../../src/shared/bridge';
import { ensureBuilt, out, root } from '../support/built';

/**
 * What only a real Electron launch would otherwise reveal, checked on the built output: the
 * sandboxed preload is CommonJS and requires nothing but `electron`; the renderer carries the
 * strict CSP; the main bundle boots under a strict fake of Electron (no ready-only API before
 * `ready`, every path it loads exists, every window is isolated and sandboxed).
 */

interface BootReport {
  ready: boolean;
  platform: string;
  singleInstanceLock: boolean;
  violations: string[];
  schemes: string[];
  schemeHandlers: string[];
  windows: {
    show: boolean;
    frame: boolean;
    preload: string | null;
    contextIsolation: boolean;
    sandbox: boolean;
    nodeIntegration: boolean;
    webSecurity: boolean;
    windowOpenDenied?: boolean;
    permissionsDenied?: boolean;
    navigationGuarded?: boolean;
  }[];
  loaded: string[];
  pages: { url: string; status: number | string | null; html: boolean; csp: string | null }[];
  trays: { icon: string | null; exists: boolean }[];
  ipcHandlers: string[];
  calls: string[];
  errorBoxes: { title: string; content: string }[];
  quit: boolean;
  exitCode: number | null;
  leftovers: Record<string, string[] | number> | null;
}

const NOTHING_LEFT = { ipcHandlers: [], protocolHandlers: [], shortcuts: [], powerListeners: [], appListeners: [], trays: 0, windows: 0, notifications: 0 };

/** Runs the built main bundle under the fake (optionally as another platform, or with one API failing). */
function boot(userData: string, env: Record<string, string> = {}): { report: BootReport; status: number | null } {
  const run = spawnSync(process.execPath, ['--import', './test/support/fake-electron/register.mjs', out('main', 'index.js')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, FAKE_ELECTRON_USER_DATA: userData, ...env },
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('FAKE_ELECTRON_REPORT '));
  expect(line, `no report; stderr:\n${run.stderr}`).toBeDefined();
  return { report: JSON.parse(line!.slice('FAKE_ELECTRON_REPORT '.length)) as BootReport, status: run.status };
}

/** Settings with the global shortcut on, so that quitting has a registration to undo. */
function withShortcut(userData: string): void {
  writeFileSync(join(userData, 'settings.json'), JSON.stringify({ shortcut: { enabled: true, accelerator: 'CommandOrControl+Shift+A' } }), { mode: 0o600 });
}

beforeAll(ensureBuilt, 130_000);

describe('built output', () => {
  it('the preload is one CommonJS file that requires only electron', () => {
    const code = readFileSync(out('preload', 'index.cjs'), 'utf8');
    const required = [...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(required).toContain('electron');
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/^\s*export\s/m);
  });

  it('the preload exposes exactly the bridge: one function per command and onSnapshot', async () => {
    const code = readFileSync(out('preload', 'index.cjs'), 'utf8');
    const exposed = new Map<string, Record<string, (...args: unknown[]) => unknown>>();
    const invoked: [string, unknown][] = [];
    const listeners = new Map<string, Set<unknown>>();
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: Record<string, (...args: unknown[]) => unknown>) => exposed.set(key, api) },
      ipcRenderer: {
        invoke: async (channel: string, payload: unknown) => void invoked.push([channel, payload]),
        on: (channel: string, fn: unknown) => void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel)!).add(fn),
        removeListener: (channel: string, fn: unknown) => void listeners.get(channel)?.delete(fn),
      },
    };
    const required: string[] = [];
    // A sandboxed preload gets a `require` that knows only a few modules; ours asks only for electron.
    const sandboxRequire = (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    };
    const module = { exports: {} };
    runInNewContext(code, { require: sandboxRequire, module, exports: module.exports });
    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['airwave']);
    const api = exposed.get('airwave')!;
    expect(Object.keys(api).sort()).toEqual([...COMMANDS, 'onSnapshot'].sort());
    await api.loadGuide!({ forwardMinutes: 360 });
    await api.refresh!();
    expect(invoked).toEqual([
      [commandChannel('loadGuide'), { forwardMinutes: 360 }],
      [commandChannel('refresh'), {}],
    ]);
    const off = api.onSnapshot!(() => {}) as () => void;
    expect([...listeners.values()].reduce((n, set) => n + set.size, 0)).toBe(1);
    off();
    expect([...listeners.values()].reduce((n, set) => n + set.size, 0)).toBe(0);
  });

  it('the renderer page carries a strict Content-Security-Policy (frame-ancestors comes as a header)', () => {
    const html = readFileSync(out('renderer', 'index.html'), 'utf8');
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1] ?? '';
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    // Images only from the app itself, the artwork scheme and data:; no remote script, style or connect.
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data: airwave-art:",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
    });
    // ignored in a meta tag (browsers warn): the app protocol sends it as a header, checked below
    expect(directives['frame-ancestors']).toBeUndefined();
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('main boots under a strict fake of Electron, and quitting undoes everything it registered', () => {
    const userData = mkdtempSync(join(tmpdir(), 'airwave-boot-'));
    try {
      withShortcut(userData);
      const { report, status } = boot(userData);
      // Nothing ready-only before ready, schemes before ready, no uncaught errors (the fake records each).
      expect(report.violations).toEqual([]);
      expect(report.ready).toBe(true);
      expect(report.singleInstanceLock).toBe(true);
      expect(report.schemes).toEqual(expect.arrayContaining(['airwave-app', 'airwave-art']));
      expect(report.schemeHandlers).toContain('airwave-app');

      // One tray, with an icon file that exists.
      expect(report.trays).toHaveLength(1);
      expect(report.trays[0]).toMatchObject({ exists: true, icon: expect.stringMatching(/\.png$/) });

      // The popover: hidden until asked, frameless, locked down, with the built CommonJS preload.
      expect(report.windows).toHaveLength(1);
      const [popover] = report.windows;
      expect(report.leftovers).not.toBeNull();
      expect(popover).toMatchObject({
        show: false,
        frame: false,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        windowOpenDenied: true,
        permissionsDenied: true,
        navigationGuarded: true,
      });
      expect(popover!.preload).toMatch(/out[\\/]preload[\\/]index\.cjs$/);
      expect(existsSync(popover!.preload!)).toBe(true);

      // What it loads is the app's own scheme, and that resolves to the built renderer page.
      expect(report.loaded).toEqual(['airwave-app://popover/index.html']);
      expect(report.pages).toMatchObject([{ url: 'airwave-app://popover/index.html', status: 200, html: true }]);
      expect(report.pages[0]!.csp).toMatch(/^default-src 'self';.*frame-ancestors 'none'/);

      // Every bridge command has exactly one IPC handler.
      expect([...report.ipcHandlers].sort()).toEqual(COMMANDS.map(commandChannel).sort());

      // The settings file was created private to the user.
      const settingsFile = join(userData, 'settings.json');
      if (existsSync(settingsFile)) expect(statSync(settingsFile).mode & 0o777).toBe(0o600);

      // Quitting the way Electron does (before-quit, will-quit, quit) leaves nothing registered:
      // no IPC handler, protocol, shortcut, power or app listener, tray, window or notification.
      expect(report.calls).toContain('app.quit');
      expect(report.quit).toBe(true);
      expect(report.leftovers).toEqual(NOTHING_LEFT);
      // The log file is in userData/logs, private to the user.
      const logFile = join(userData, 'logs', 'main.log');
      expect(readFileSync(logFile, 'utf8')).toMatch(/started .*\(development\)/);
      expect(statSync(logFile).mode & 0o777).toBe(0o600);
      expect(status).toBe(0);
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });

  it('a settings file whose shortcut is a bare key registers the default instead, never a global shortcut on that key', () => {
    const userData = mkdtempSync(join(tmpdir(), 'airwave-boot-'));
    try {
      writeFileSync(join(userData, 'settings.json'), JSON.stringify({ shortcut: { enabled: true, accelerator: 'A' } }), { mode: 0o600 });
      const { report, status } = boot(userData);
      expect(report.violations).toEqual([]);
      const registered = report.calls.filter((call) => call.startsWith('globalShortcut.register '));
      expect(registered).toEqual(['globalShortcut.register CommandOrControl+Shift+A']);
      expect(report.leftovers).toEqual(NOTHING_LEFT);
      expect(status).toBe(0);
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });

  for (const platform of ['darwin', 'win32'] as const) {
    it(`as ${platform}: boots, quits and leaves nothing registered${platform === 'win32' ? ', with the AppUserModelID set before anything else' : ''}`, () => {
      const userData = mkdtempSync(join(tmpdir(), 'airwave-boot-'));
      try {
        withShortcut(userData);
        const { report, status } = boot(userData, { FAKE_ELECTRON_PLATFORM: platform });
        expect(report.violations).toEqual([]);
        expect(report.platform).toBe(platform);
        expect(report.leftovers).toEqual(NOTHING_LEFT);
        if (platform === 'win32') expect(report.calls[0]).toBe('setAppUserModelId org.airwave.tray');
        else expect(report.calls.some((c) => c.startsWith('setAppUserModelId'))).toBe(false);
        // Windows toast buttons come back through the app's protocol (electron/notification-protocol.ts); nowhere else
        expect(report.calls.filter((c) => c.startsWith('setAsDefaultProtocolClient'))).toEqual(platform === 'win32' ? ['setAsDefaultProtocolClient airwave-tray'] : []);
        expect(status).toBe(0);
      } finally {
        rmSync(userData, { recursive: true, force: true });
      }
    });
  }

  it('a launch failure shows an error naming the log file and quits, instead of leaving an invisible process', () => {
    const userData = mkdtempSync(join(tmpdir(), 'airwave-boot-'));
    try {
      const { report, status } = boot(userData, { FAKE_ELECTRON_FAIL: 'Tray' });
      const logFile = join(userData, 'logs', 'main.log');
      expect(report.errorBoxes).toHaveLength(1);
      expect(report.errorBoxes[0]!.title).toBe('Airwave Tray could not start');
      expect(report.errorBoxes[0]!.content).toContain('Tray failed');
      expect(report.errorBoxes[0]!.content).toContain(logFile);
      expect(report.exitCode).toBe(1);
      expect(status).toBe(1);
      expect(readFileSync(logFile, 'utf8')).toMatch(/launch failed: Error: fake Electron: Tray failed/);
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
