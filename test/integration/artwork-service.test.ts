import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ArtworkService, artworkCacheKey, type ArtworkServiceOptions } from '../../src/main/core/artwork/artwork-service';
import { AirwaveClient, type ClientOptions } from '../../src/main/core/client';
import { sizedArtworkPath } from '../../src/shared/artwork-url';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { closedPort, startLocalServer, type LocalServer } from '../support/local-server';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Short deadlines: every upstream wait in this file is bounded well under the test timeout.
const TIMEOUTS = { connectMs: 1_000, headersMs: 1_000, bodyMs: 1_000 };

let demo: DemoServer;
let poster: string; // an artwork path the demo server handed out in /now-playing
const clients: AirwaveClient[] = [];
const servers: LocalServer[] = [];
const dirs: string[] = [];

const connect = (options: Partial<ClientOptions> = {}) => {
  const client = new AirwaveClient({ server: demo.url, apiKey: demo.key, authStyle: 'x-api-key', timeouts: TIMEOUTS, ...options });
  clients.push(client);
  return client;
};
const cacheDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'airwave-art-'));
  dirs.push(dir);
  return join(dir, 'cache', 'artwork'); // not created yet: the service makes it on first use
};
const service = (options: Partial<ArtworkServiceOptions> = {}) => {
  const client = connect();
  return new ArtworkService({ cacheDir: cacheDir(), client: () => client, ...options });
};
/** Cache files in a folder (name → size), ignoring anything else. */
const files = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.art'))
      .map((name) => [name, statSync(join(dir, name)).size]),
  );
const fileFor = (root: string, path: string) => `${artworkCacheKey(root, path)}.art`;
const upstream = (path: string) => demo.controls.requestCounts()[path.split('?')[0]!] ?? 0;
const allRequests = () => Object.values(demo.controls.requestCounts()).reduce((a, b) => a + b, 0);
const withKind = (path: string, kind: string) => `${path.split('?')[0]}?kind=${kind}`;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 33, channels: 8, viewers: 3, churn: 0 });
  const client = connect();
  const playing = await client.nowPlaying();
  poster = withKind(playing.nowPlaying.map((p) => p.artworkUrl).find((url): url is string => !!url)!, 'poster');
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await demo.close();
});

describe('artwork service against the demo server', () => {
  it('serves a poster from /now-playing, then from the cache without asking again', async () => {
    const dir = cacheDir();
    const client = connect();
    const art = new ArtworkService({ cacheDir: dir, client: () => client });
    const before = upstream(poster);
    const first = await art.serve(poster);
    expect(first).toMatchObject({ status: 200, contentType: 'image/png', cache: 'miss' });
    expect(first.body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(upstream(poster)).toBe(before + 1);
    expect(Object.keys(files(dir))).toEqual([fileFor(demo.url, poster)]);

    const second = await art.serve(poster);
    expect(second).toMatchObject({ status: 200, contentType: 'image/png', cache: 'hit' });
    expect(second.body).toEqual(first.body);
    expect(upstream(poster)).toBe(before + 1);

    // A new service on the same folder (a restart) finds it there too.
    const again = await new ArtworkService({ cacheDir: dir, client: () => client }).serve(poster);
    expect(again.cache).toBe('hit');
    expect(upstream(poster)).toBe(before + 1);
  });

  it("asks for the shown size, caches each size apart, and keeps each for the server's max-age", async () => {
    const dir = cacheDir();
    let now = Date.parse('2026-11-23T20:00:00Z');
    const client = connect();
    const art = new ArtworkService({ cacheDir: dir, client: () => client, now: () => now });
    const small = sizedArtworkPath(poster, { width: 56, height: 84, pixelRatio: 2 })!;
    const large = sizedArtworkPath(poster, { width: 56, height: 84, pixelRatio: 3 })!;
    expect(small).toBe(`${poster}&w=128&h=192`);
    const before = upstream(poster);
    expect((await art.serve(small)).cache).toBe('miss');
    expect((await art.serve(large)).cache).toBe('miss');
    expect(Object.keys(files(dir)).sort()).toEqual([fileFor(demo.url, small), fileFor(demo.url, large)].sort());
    // the demo sends `Cache-Control: public, max-age=3600`, as real servers do
    const data = readFileSync(join(dir, fileFor(demo.url, small)));
    expect(data.subarray(0, data.indexOf(0x0a)).toString()).toMatch(new RegExp(`^AWART2 image/png \\d+ ${now + 3_600_000}$`));
    now += 3_599_000;
    expect((await art.serve(small)).cache).toBe('hit');
    now += 2_000;
    expect((await art.serve(small)).cache).toBe('miss');
    expect(upstream(poster)).toBe(before + 3);
  });

  it('shares one upstream fetch between concurrent requests for the same image', async () => {
    const art = service();
    const path = withKind(poster, 'background');
    const before = upstream(path);
    const answers = await Promise.all(Array.from({ length: 6 }, () => art.serve(path)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(upstream(path)).toBe(before + 1);
  });

  it.each([
    '',
    '/api/public/v1/status',
    '/api/public/v1/now-playing',
    '/api/public/v1/channels/../../x/artwork/1',
    '/api/public/v1/channels/%2e%2e/artwork/1',
    '/api/public/v1/channels/c%2F..%2F..%2Fstatus/artwork/1',
    '/api/public/v1/channels/c/artwork/1/../../../status',
    '/api/public/v1/channels/c/artwork/1?kind=poster&api_key=x',
    '/api/public/v1/channels/c/artwork/1?kind=poster&kind=thumb',
    '/api/public/v1/channels/c/artwork/1?kind=huge',
    'http://evil.example/api/public/v1/channels/c/artwork/1',
    '//evil.example/api/public/v1/channels/c/artwork/1',
    '/etc/passwd',
  ])('answers 404 for %j without any request', async (path) => {
    const art = service();
    const before = allRequests();
    const answer = await art.serve(path);
    expect(answer).toMatchObject({ status: 404, cache: 'none' });
    expect(answer.contentType).toMatch(/^text\/plain/);
    expect(answer.body.toString()).toBe('Not found');
    expect(allRequests()).toBe(before);
  });

  it('answers 404 for artwork the server does not have, and keeps nothing', async () => {
    const dir = cacheDir();
    const client = connect();
    const art = new ArtworkService({ cacheDir: dir, client: () => client });
    const channel = demo.controls.listChannels()[0]!.id;
    const path = `/api/public/v1/channels/${channel}/artwork/999999999?kind=poster`;
    const answer = await art.serve(path);
    expect(answer).toMatchObject({ status: 404, cache: 'miss' });
    expect(answer.body.toString()).toBe('Not found');
    expect(upstream(path)).toBe(1);
    expect(files(dir)).toEqual({});
  });

  it('answers 503 when no server is configured', async () => {
    const before = allRequests();
    const answer = await new ArtworkService({ cacheDir: cacheDir(), client: () => null }).serve(poster);
    expect(answer).toMatchObject({ status: 503, cache: 'none' });
    expect(allRequests()).toBe(before);
  });

  it('keeps entries of different servers apart', async () => {
    const dir = cacheDir();
    const other = await startDemoServer({ port: 0, seed: 33, channels: 8, viewers: 3, churn: 0 });
    try {
      const a = connect();
      const b = connect({ server: other.url, apiKey: other.key });
      let current = a;
      const art = new ArtworkService({ cacheDir: dir, client: () => current });
      expect((await art.serve(poster)).cache).toBe('miss');
      current = b;
      expect((await art.serve(poster)).cache).toBe('miss'); // same path, other server: not a hit
      expect(other.controls.requestCounts()[poster.split('?')[0]!]).toBe(1);
      expect(Object.keys(files(dir)).sort()).toEqual([fileFor(demo.url, poster), fileFor(other.url, poster)].sort());
      current = a;
      expect((await art.serve(poster)).cache).toBe('hit');
    } finally {
      await other.close();
    }
  });

  it('evicts the least recently used image when the cache is full', async () => {
    const [a, b, c] = ['poster', 'background', 'thumb'].map((kind) => withKind(poster, kind)) as [string, string, string];
    // Learn each image's size on disk with a roomy cache first.
    const roomy = cacheDir();
    const client = connect();
    const measure = new ArtworkService({ cacheDir: roomy, client: () => client });
    for (const path of [a, b, c]) await measure.serve(path);
    const size = (path: string) => files(roomy)[fileFor(demo.url, path)]!;
    const max = Math.max(size(a) + size(b), size(a) + size(c)); // room for two of them, never three

    const dir = cacheDir();
    let tick = 1_000_000;
    const art = new ArtworkService({ cacheDir: dir, client: () => client, maxCacheBytes: max, now: () => (tick += 1_000) });
    await art.serve(a);
    await art.serve(b);
    expect((await art.serve(a)).cache).toBe('hit'); // a is now the most recently used
    const beforeC = upstream(c);
    expect((await art.serve(c)).cache).toBe('miss');
    expect(upstream(c)).toBe(beforeC + 1);
    const left = files(dir);
    expect(Object.keys(left).sort()).toEqual([fileFor(demo.url, a), fileFor(demo.url, c)].sort());
    expect(Object.values(left).reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(max);
    expect(art.cachedBytes).toBeLessThanOrEqual(max);
    const beforeB = upstream(b);
    expect((await art.serve(b)).cache).toBe('miss'); // b really is gone
    expect(upstream(b)).toBe(beforeB + 1);
  });

  it('orders entries found on disk by their file times', async () => {
    const [a, b, c] = ['poster', 'background', 'thumb'].map((kind) => withKind(poster, kind)) as [string, string, string];
    const dir = cacheDir();
    const client = connect();
    const first = new ArtworkService({ cacheDir: dir, client: () => client });
    for (const path of [a, b, c]) await first.serve(path);
    const sizes = files(dir);
    // b was used longest ago, then c, then a.
    utimesSync(join(dir, fileFor(demo.url, b)), 1_000, 1_000);
    utimesSync(join(dir, fileFor(demo.url, c)), 2_000, 2_000);
    utimesSync(join(dir, fileFor(demo.url, a)), 3_000, 3_000);
    const total = Object.values(sizes).reduce((x, y) => x + y, 0);
    const max = total - 1; // one has to go on start
    const restarted = new ArtworkService({ cacheDir: dir, client: () => client, maxCacheBytes: max });
    expect((await restarted.serve(a)).cache).toBe('hit');
    expect(Object.keys(files(dir)).sort()).toEqual([fileFor(demo.url, a), fileFor(demo.url, c)].sort());
  });

  it('treats a damaged or vanished cache file as a miss, removes it and fetches again', async () => {
    const dir = cacheDir();
    const client = connect();
    const art = new ArtworkService({ cacheDir: dir, client: () => client });
    const path = withKind(poster, 'thumb');
    const good = await art.serve(path);
    const file = join(dir, fileFor(demo.url, path));
    const count = upstream(path);

    writeFileSync(file, 'not a cache file at all');
    const afterGarbage = await art.serve(path);
    expect(afterGarbage).toMatchObject({ status: 200, contentType: 'image/png', cache: 'miss' });
    expect(afterGarbage.body).toEqual(good.body);
    expect(upstream(path)).toBe(count + 1);

    const stored = files(dir)[fileFor(demo.url, path)]!;
    expect(stored).toBeGreaterThan(good.body.length); // rewritten: header line plus the image
    writeFileSync(file, Buffer.alloc(Math.floor(stored / 2), 0x41)); // truncated nonsense
    expect((await art.serve(path)).cache).toBe('miss');
    expect(upstream(path)).toBe(count + 2);

    rmSync(file);
    expect((await art.serve(path)).cache).toBe('miss');
    expect(upstream(path)).toBe(count + 3);
    expect((await art.serve(path)).cache).toBe('hit');
    expect(upstream(path)).toBe(count + 3);
  });

  it('serves an image bigger than the whole cache without keeping it', async () => {
    const dir = cacheDir();
    const client = connect();
    const art = new ArtworkService({ cacheDir: dir, client: () => client, maxCacheBytes: 100 });
    const path = withKind(poster, 'background');
    const before = upstream(path);
    const answer = await art.serve(path);
    expect(answer).toMatchObject({ status: 200, contentType: 'image/png', cache: 'miss' });
    expect(answer.body.length).toBeGreaterThan(100);
    expect(files(dir)).toEqual({});
    expect((await art.serve(path)).cache).toBe('miss');
    expect(upstream(path)).toBe(before + 2);
  });

  it('answers 502 for an image over the client’s size cap', async () => {
    const client = connect({ limits: { imageBytes: 200 } });
    const art = new ArtworkService({ cacheDir: cacheDir(), client: () => client });
    const answer = await art.serve(poster);
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).not.toContain(demo.url);
  });

  it('stops waiting when the caller aborts', async () => {
    const art = service();
    const before = allRequests();
    await expect(art.serve(poster, AbortSignal.abort())).rejects.toThrow();
    expect(allRequests()).toBe(before);
  });
});

describe('artwork service against servers that misbehave', () => {
  const KEY = 'airwave_secret_key_never_sent_with_art';
  const png = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64, 1)]);
  const path = '/api/public/v1/channels/ch1/artwork/42?kind=poster';

  async function local(handler: Parameters<typeof startLocalServer>[0]) {
    const server = await startLocalServer(handler);
    servers.push(server);
    const client = new AirwaveClient({ server: server.url, apiKey: KEY, timeouts: { ...TIMEOUTS, headersMs: 300 } });
    clients.push(client);
    const dir = cacheDir();
    return { server, dir, art: new ArtworkService({ cacheDir: dir, client: () => client }) };
  }

  it.each(['x-api-key', 'bearer'] as const)('fetches artwork with no key at all (%s client)', async (authStyle) => {
    const server = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
    });
    servers.push(server);
    const client = new AirwaveClient({ server: server.url, apiKey: KEY, authStyle, timeouts: TIMEOUTS });
    clients.push(client);
    const answer = await new ArtworkService({ cacheDir: cacheDir(), client: () => client }).serve(path);
    expect(answer).toMatchObject({ status: 200, contentType: 'image/png' });
    expect(server.requests).toHaveLength(1);
    const { url, headers } = server.requests[0]!;
    expect(url).toBe(path);
    expect(headers['x-api-key']).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain(KEY);
  });

  it('answers 502 for an answer that is not an image, and keeps nothing', async () => {
    const { server, dir, art } = await local((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html>${KEY}</html>`);
    });
    const answer = await art.serve(path);
    expect(answer).toMatchObject({ status: 502, cache: 'miss' });
    expect(answer.contentType).toMatch(/^text\/plain/);
    expect(answer.body.toString()).not.toContain(KEY);
    expect(answer.body.toString()).not.toContain(server.url);
    expect(files(dir)).toEqual({});
  });

  it('answers 502 for SVG, which could carry script', async () => {
    const { dir, art } = await local((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    });
    expect((await art.serve(path)).status).toBe(502);
    expect(files(dir)).toEqual({});
  });

  it('answers 502 for a server error, echoing none of its message', async () => {
    const { server, art } = await local((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: `broke at ${KEY}` } }));
    });
    const answer = await art.serve(path);
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).not.toMatch(new RegExp(`${KEY}|broke|${server.url}`));
  });

  it('answers 502 when the server does not answer in time', async () => {
    const { art } = await local(() => {
      // never answers; close() destroys the socket
    });
    const started = performance.now();
    const answer = await art.serve(path);
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).toMatch(/in time/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('answers 502 when nothing listens at the address', async () => {
    const port = await closedPort();
    const client = new AirwaveClient({ server: `http://127.0.0.1:${port}`, apiKey: KEY, timeouts: TIMEOUTS });
    clients.push(client);
    const answer = await new ArtworkService({ cacheDir: cacheDir(), client: () => client }).serve(path);
    expect(answer.status).toBe(502);
    expect(answer.body.toString()).not.toContain(String(port));
  });
});
