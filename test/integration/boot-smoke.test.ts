import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
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
  pages: { url: string; status: number | string | null; html: boolean }[];
  trays: { icon: string | null; exists: boolean }[];
  ipcHandlers: string[];
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

  it('the renderer page carries a strict Content-Security-Policy', () => {
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
      'frame-ancestors': "'none'",
    });
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('main boots under a strict fake of Electron', () => {
    const userData = mkdtempSync(join(tmpdir(), 'airwave-boot-'));
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', './test/support/fake-electron/register.mjs', out('main', 'index.js')],
        { cwd: root, encoding: 'utf8', timeout: 20_000, env: { ...process.env, FAKE_ELECTRON_USER_DATA: userData } },
      );
      const line = run.stdout.split('\n').find((l) => l.startsWith('FAKE_ELECTRON_REPORT '));
      expect(line, `no report; stderr:\n${run.stderr}`).toBeDefined();
      const report = JSON.parse(line!.slice('FAKE_ELECTRON_REPORT '.length)) as BootReport;
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
      expect(report.pages).toEqual([{ url: 'airwave-app://popover/index.html', status: 200, html: true }]);

      // Every bridge command has exactly one IPC handler.
      expect([...report.ipcHandlers].sort()).toEqual(COMMANDS.map(commandChannel).sort());

      // The settings file was created private to the user.
      const settingsFile = join(userData, 'settings.json');
      if (existsSync(settingsFile)) expect(statSync(settingsFile).mode & 0o777).toBe(0o600);
      expect(run.status).toBe(0);
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
