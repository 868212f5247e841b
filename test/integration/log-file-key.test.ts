/**
 * The promise about the log file (docs/using.md), through the built app: the main bundle runs under the
 * fake Electron with a server and its key saved in settings.json (sealed the way the fake's
 * safeStorage seals), following a loopback server that echoes the key it was sent, in every form,
 * in every answer. The app logs what went wrong, and `main.log` never holds the key in any form.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, out, root } from '../support/built';
import { startLocalServer } from '../support/local-server';

// its base64 carries '+', '/' and padding, so every form differs
const KEY = 'aw_live_9f3Kq>>>>?x';
const base64 = Buffer.from(KEY).toString('base64');
const FORMS = [KEY, base64, base64.replace(/=+$/, ''), Buffer.from(KEY).toString('base64url'), encodeURIComponent(KEY)];

/** How the fake Electron's safeStorage seals a string (test/support/fake-electron/electron.mjs). */
const fakeSealed = (plain: string) => Buffer.from(`sealed:${[...plain].reverse().join('')}`, 'utf8').toString('base64');

/** Runs the built main bundle under the fake Electron until it has quit (it quits by itself). */
function boot(userData: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', './test/support/fake-electron/register.mjs', out('main', 'index.js')], {
      cwd: root,
      env: { ...process.env, FAKE_ELECTRON_USER_DATA: userData },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

beforeAll(ensureBuilt, 130_000);

describe('the log file through the built app', () => {
  it('never holds a saved key, though the server echoes it in every form in every answer', { timeout: 60_000 }, async () => {
    expect(base64).toMatch(/\+/);
    expect(base64).toMatch(/\//);
    // a server that repeats back the key it was sent, as it is and encoded, in an error and a header
    const server = await startLocalServer((req, res) => {
      const sent = String(req.headers['x-api-key'] ?? '');
      const echo = [sent, Buffer.from(sent).toString('base64'), Buffer.from(sent).toString('base64url'), encodeURIComponent(sent)].join(' ');
      res.writeHead(401, { 'content-type': 'application/json', 'x-echo': encodeURIComponent(sent) });
      res.end(JSON.stringify({ error: { code: 'unauthorized', message: `unknown key ${echo}` } }));
    });
    const userData = mkdtempSync(join(tmpdir(), 'airwave-logkey-'));
    try {
      const settings = {
        servers: [{ id: 'srv-echo000001', address: server.url, name: 'Echo', apiKey: { data: fakeSealed(KEY), protection: 'os' }, authStyle: 'x-api-key' }],
        selectedServer: 'srv-echo000001',
      };
      writeFileSync(join(userData, 'settings.json'), JSON.stringify(settings), { mode: 0o600 });
      const run = await boot(userData);
      expect(run.stdout, run.stderr).toContain('FAKE_ELECTRON_REPORT');
      // the saved key was opened and sent: the server saw it
      expect(server.requests.length).toBeGreaterThan(0);
      // every API request carries it; the keyless OpenAPI document (asked beside the handshake) never does
      const keyless = (r: { url: string }) => r.url.split('?')[0]!.endsWith('/openapi.json');
      expect(server.requests.filter((r) => !keyless(r)).every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
      expect(server.requests.filter(keyless).every((r) => r.headers['x-api-key'] === undefined)).toBe(true);

      const log = readFileSync(join(userData, 'logs', 'main.log'), 'utf8');
      for (const form of FORMS) {
        expect(log).not.toContain(form);
        expect(run.stdout).not.toContain(form);
        expect(run.stderr).not.toContain(form);
      }
      expect(log).not.toContain('9f3Kq');
      // the server's echo was logged (so the test saw the path a leak would take), redacted
      expect(log).toMatch(/key rejected: .*unknown key \[redacted\] \[redacted\] \[redacted\] \[redacted\]/);
    } finally {
      rmSync(userData, { recursive: true, force: true });
      await server.close();
    }
  });
});
