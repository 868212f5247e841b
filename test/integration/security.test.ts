import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSettingsDir, SettingsService, type SecretBox } from '../../src/main/core/settings/settings';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startPreviewHost, type PreviewHost } from '../../src/main/preview/host';
import { ensureBuilt, out } from '../support/built';
import { startHostileServer, type HostileServer } from '../support/hostile-server';
import { sendJson, startLocalServer, type LocalServer } from '../support/local-server';

// Where could the API key leak? Everything the app says or keeps is collected while it meets a
// good server, a server that echoes the key back in its errors, a hostile one and a revoked key;
// then every piece is searched for the key (and its base64 and URL-encoded forms).
// The other security properties are tested where they live: the CSP and window options in
// boot-smoke, navigation/window.open/permissions and IPC senders in electron-adapters,
// openInBrowser in app-controller, the artwork handler in artwork-service, the key's file in
// settings and electron-adapters (safeStorage).

let host: PreviewHost | null = null;
let demo: DemoServer | null = null;
let hostile: HostileServer | null = null;
let echo: LocalServer | null = null;
let echoField: LocalServer | null = null;
const dirs: string[] = [];
beforeAll(ensureBuilt, 130_000);
afterEach(async () => {
  await host?.close();
  await hostile?.close();
  await echo?.close();
  await echoField?.close();
  await demo?.close();
  host = hostile = echo = echoField = demo = null;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const forms = (key: string) => [key, Buffer.from(key).toString('base64'), encodeURIComponent(key)];

/** A stand-in for safeStorage that really transforms the key. */
const sealingBox: SecretBox = {
  protection: 'os',
  seal: (plain) => Buffer.from([...Buffer.from(plain)].reverse().map((b) => b ^ 0x33)).toString('base64'),
  open: (data) => Buffer.from([...Buffer.from(data, 'base64')].map((b) => b ^ 0x33).reverse()).toString(),
};

describe('the API key', () => {
  it('appears in no log, snapshot, error, notice, notification or preview endpoint', async () => {
    demo = await startDemoServer({ port: 0, seed: 31, channels: 6, viewers: 2, churn: 0 });
    hostile = await startHostileServer(demo);
    // a server that puts whatever key it gets into its error messages and headers
    echo = await startLocalServer((req, res) => {
      const key = String(req.headers['x-api-key'] ?? req.headers.authorization ?? '');
      sendJson(res, 500, { error: { code: 'internal', message: `Key ${key} is not welcome here` } }, { 'x-echo': key });
    });
    // a server that answers 200 with the key inside a field of the wrong type (a contract error)
    echoField = await startLocalServer((req, res) => {
      const given = req.headers['x-api-key'] ?? req.headers.authorization;
      if (!given) return sendJson(res, 401, { error: { code: 'unauthorized', message: 'Missing API key.' } });
      const key = String(given);
      if (req.url?.endsWith('/status')) {
        sendJson(res, 200, { product: 'airwave', version: '1.4.0', instanceId: 'i', name: 'Echo', time: '2026-09-27T18:00:00.000Z', timezone: 'UTC', uptimeSeconds: key, counts: { channels: 1, packages: 0, activeSessions: 0 } });
      } else sendJson(res, 200, { count: key, sse: key });
    });
    const key = demo.key;
    const logs: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'airwave-security-'));
    dirs.push(dataDir);
    host = await startPreviewHost({
      rendererDir: out('renderer'),
      dataDir,
      server: hostile.url,
      apiKey: key,
      log: (line) => logs.push(line),
      app: { client: { timeouts: { headersMs: 400, bodyMs: 600 } }, tuning: { backoffBaseMs: 100, backoffCapMs: 500 } },
    });
    const collected: string[] = [];
    const snapshotStream = await fetch(`${host.url}/__bridge/snapshot`);
    const reader = snapshotStream.body!.getReader();
    const drain = (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        collected.push(new TextDecoder().decode(value));
      }
    })();
    const post = async (command: string, body: unknown) => {
      const text = await (await fetch(`${host!.url}/__bridge/${command}`, { method: 'POST', body: JSON.stringify(body) })).text();
      collected.push(text);
      return text;
    };
    await expect.poll(() => host!.app.store.state.connection.state).toBe('live');

    // probe and connect against the echoing server, with the key typed and with the saved one
    await post('testConnection', { server: echo.url, apiKey: key, authStyle: 'x-api-key' });
    await post('connect', { server: echo.url, apiKey: key, authStyle: 'bearer' });
    await post('testConnection', { server: echoField.url, apiKey: key, authStyle: 'x-api-key' });
    await post('connect', { server: echoField.url, apiKey: key, authStyle: 'x-api-key' });
    await post('connect', { server: hostile.url, apiKey: '', authStyle: 'x-api-key' });
    // the server misbehaves in a few ways, then revokes the key
    for (const mode of ['500', 'html', 'redirect', 'revoked'] as const) {
      await hostile.setMode(mode);
      await post('refresh', {});
      await expect.poll(() => host!.app.store.state.connection.state).not.toBe('live');
      collected.push(host.app.store.state.connection.message);
    }
    for (const path of ['/__preview/tray', '/__preview/notifications', '/__preview/opened']) collected.push(await (await fetch(`${host.url}${path}`)).text());
    await post('getSnapshot', {});
    await post('lookupChannel', { number: 4242 });
    await reader.cancel();
    await drain;

    const everything = [...collected, ...logs, JSON.stringify(host.app.snapshot()), JSON.stringify(host.app.store.state)].join('\n');
    expect(collected.length).toBeGreaterThan(10);
    expect(everything).toContain('not welcome'); // the echoing server's message did come through…
    // …and so did what could not be read, naming the echoed field (an optional one costs only itself, issue 33)…
    expect(everything).toMatch(/(uptimeSeconds|count): [^\n]*\[redacted\]/);
    for (const form of forms(key)) expect(everything).not.toContain(form); // …without the key
  });

  it('is not in the settings file in any readable form where the OS can encrypt it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'airwave-security-settings-'));
    dirs.push(dir);
    const key = 'airwave_live_0123456789abcdefSECRET';
    const settings = new SettingsService(openSettingsDir(dir).backend, sealingBox);
    settings.saveServer('http://tv.local:36020', key, 'x-api-key');
    expect(settings.apiKey()).toBe(key);
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const form of forms(key)) expect(text).not.toContain(form);
      expect(statSync(join(dir, file)).mode & 0o077).toBe(0); // nobody else may read it
    }
  });
});
