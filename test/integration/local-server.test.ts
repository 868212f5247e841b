import { afterEach, describe, expect, it } from 'vitest';
import { findLocalServer } from '../../src/main/core/connection-test/local-server';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { closedPort, sendJson, startLocalServer, type LocalServer } from '../support/local-server';

/**
 * Issue 19: the first run's local server finder, against the demo server over loopback, against
 * nothing listening, a server that never answers, and servers that answer but are not Airwave.
 */

let demo: DemoServer | null = null;
let other: LocalServer | null = null;
afterEach(async () => {
  await demo?.close();
  await other?.close();
  demo = null;
  other = null;
});

const STATUS = { product: 'airwave', version: '0.15.2', instanceId: 'inst_1', name: 'Living Room', time: null, timezone: null };

describe('findLocalServer', () => {
  it('finds the demo server, which answers a keyless /status with 401 and its error envelope', async () => {
    demo = await startDemoServer({ port: 0, seed: 5, channels: 2, viewers: 0, churn: 0 });
    const offer = await findLocalServer({ port: demo.port });
    expect(offer).toEqual({ url: `http://localhost:${demo.port}`, name: null });
  });

  it('names the server and its version from the keyless /api/identity of an Airwave that has it, with one request', async () => {
    demo = await startDemoServer({ port: 0, seed: 5, channels: 2, viewers: 0, churn: 0, profile: 'airwave' });
    const { name } = (await (await fetch(`${demo.url}/api/identity`)).json()) as { name: string };
    const before = demo.controls.requestCounts()['/api/identity'] ?? 0;
    const offer = await findLocalServer({ port: demo.port });
    expect(offer).toEqual({ url: `http://localhost:${demo.port}`, name, version: '0.15.12' });
    expect(demo.controls.requestCounts()['/api/identity']).toBe(before + 1);
    expect(Object.keys(demo.controls.requestCounts()).filter((path) => path !== '/api/identity')).toEqual([]);
  });

  it('takes the name from a server that answers /status without a key, asking /api/identity first', async () => {
    other = await startLocalServer((req, res) => (req.url === '/api/public/v1/status' ? sendJson(res, 200, STATUS) : sendJson(res, 404, { error: { code: 'not_found', message: 'No.' } })));
    const offer = await findLocalServer({ port: other.port });
    expect(offer).toEqual({ url: `http://localhost:${other.port}`, name: 'Living Room' });
    expect(other.requests.map((r) => r.url)).toEqual(['/api/identity', '/api/public/v1/status']);
    for (const sent of other.requests) {
      expect(sent.headers['x-api-key']).toBeUndefined();
      expect(sent.headers.authorization).toBeUndefined();
    }
  });

  it('answers null when nothing listens on the port', async () => {
    const port = await closedPort();
    await expect(findLocalServer({ port })).resolves.toBeNull();
  });

  it('answers null, without retrying, when the server never answers', async () => {
    other = await startLocalServer(() => {}); // holds every request open
    await expect(findLocalServer({ port: other.port, timeoutMs: 300 })).resolves.toBeNull();
    expect(other.requests).toHaveLength(1);
  });

  it('answers null when cancelled', async () => {
    other = await startLocalServer(() => {});
    const controller = new AbortController();
    const found = findLocalServer({ port: other.port, timeoutMs: 10_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(found).resolves.toBeNull();
  });

  it.each([
    ['a JSON 401 that is not Airwave\'s envelope', 401, { message: 'Unauthorized' }],
    ['a 401 envelope with another code', 401, { error: { code: 'forbidden', message: 'No.' } }],
    ['a 200 from another product', 200, { ...STATUS, product: 'jellyfin' }],
    ['a 200 that is not a status', 200, ['airwave']],
    ['a 404 envelope', 404, { error: { code: 'not_found', message: 'Not found.' } }],
  ])('answers null for %s', async (_name, status, body) => {
    other = await startLocalServer((_req, res) => sendJson(res, status, body));
    await expect(findLocalServer({ port: other.port })).resolves.toBeNull();
  });

  it('answers null for an HTML page', async () => {
    other = await startLocalServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/html' });
      res.end('<html><body>Login required</body></html>');
    });
    await expect(findLocalServer({ port: other.port })).resolves.toBeNull();
  });

  it('answers null for a status larger than 64 KB, without reading it all', async () => {
    other = await startLocalServer((_req, res) => sendJson(res, 200, { ...STATUS, padding: 'x'.repeat(70 * 1024) }));
    await expect(findLocalServer({ port: other.port })).resolves.toBeNull();
  });

  it('answers null for a redirect, without following it', async () => {
    other = await startLocalServer((req, res) => {
      if (req.url === '/elsewhere') return sendJson(res, 200, STATUS);
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    await expect(findLocalServer({ port: other.port })).resolves.toBeNull();
    expect(other.requests.map((r) => r.url)).toEqual(['/api/identity', '/api/public/v1/status']); // never /elsewhere
  });
});
