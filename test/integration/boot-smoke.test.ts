import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What only a real Electron launch would otherwise reveal, checked on the built output: the
 * sandboxed preload is CommonJS and requires nothing but `electron`; the renderer carries the
 * strict CSP; the main bundle boots under a strict fake of Electron (no ready-only API before
 * `ready`, every path it loads exists, every window is isolated and sandboxed).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const out = (...parts: string[]) => join(root, 'out', ...parts);

interface BootReport {
  ready: boolean;
  violations: string[];
  windows: { preload: string | null; contextIsolation: boolean; sandbox: boolean; nodeIntegration: boolean }[];
  loaded: string[];
}

beforeAll(() => {
  // `npm test` builds before vitest; a bare `vitest run` builds here (once) so this never reads nothing.
  if (existsSync(out('main', 'index.js'))) return;
  const build = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stderr}`);
}, 130_000);

describe('built output', () => {
  it('the preload is one CommonJS file that requires only electron', () => {
    const code = readFileSync(out('preload', 'index.cjs'), 'utf8');
    const required = [...code.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(required).toContain('electron');
    expect(new Set(required)).toEqual(new Set(['electron']));
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/^\s*export\s/m);
  });

  it('the renderer page carries a strict Content-Security-Policy', () => {
    const html = readFileSync(out('renderer', 'index.html'), 'utf8');
    const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval|https?:/);
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('main boots under a strict fake of Electron', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', './test/support/fake-electron/register.mjs', out('main', 'index.js')],
      { cwd: root, encoding: 'utf8', timeout: 15_000 },
    );
    const line = run.stdout.split('\n').find((l) => l.startsWith('FAKE_ELECTRON_REPORT '));
    expect(line, `no report; stderr:\n${run.stderr}`).toBeDefined();
    const report = JSON.parse(line!.slice('FAKE_ELECTRON_REPORT '.length)) as BootReport;
    expect(report.violations).toEqual([]);
    expect(report.ready).toBe(true);
    expect(report.windows.length).toBeGreaterThan(0);
    for (const window of report.windows) {
      expect(window).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
      expect(window.preload).toMatch(/out[\\/]preload[\\/]index\.cjs$/);
    }
    expect(report.loaded.length).toBeGreaterThan(0);
    expect(run.status).toBe(0);
  });
});
