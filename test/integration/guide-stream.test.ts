import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { AirwaveClient } from '../../src/main/core/client';
import { GUIDE_STREAM_LIMITS, type GuideStreamLimits } from '../../src/main/core/client/guide-stream';
import { loadGuide, type GuideStore, type GuideSummary } from '../../src/main/core/guide';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { ManualClock } from '../support/manual-clock';
import { startLocalServer, type LocalServer } from '../support/local-server';

// The streamed guide against the demo server and small misbehaving servers over loopback: it
// loads what the validated one-piece parse loads, reads a 67 MB guide, shows rows before the end,
// and settles every broken, truncated or hostile body as an error with a clear message.

const KEY = 'airwave_guide_stream_key_42';
const demos: DemoServer[] = [];
const servers: LocalServer[] = [];
const clients: AirwaveClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(demos.splice(0).map((d) => d.close()));
});

function clientFor(server: string, apiKey = KEY): AirwaveClient {
  // The in-process demo builds a 67 MB answer before its headers: give it time on a busy machine.
  const client = new AirwaveClient({ server, apiKey, timeouts: { headersMs: 90_000 } });
  clients.push(client);
  return client;
}

async function demo(channels: number): Promise<DemoServer> {
  const server = await startDemoServer({ port: 0, seed: 5, channels, viewers: 0, churn: 0, clock: new ManualClock('2026-09-27T18:07:00.000Z') });
  demos.push(server);
  return server;
}

/** A server whose `/guide` answer is written by `write`. */
async function serve(write: (res: ServerResponse) => void): Promise<AirwaveClient> {
  const server = await startLocalServer((_req, res) => write(res));
  servers.push(server);
  return clientFor(server.url);
}

const json = (res: ServerResponse, body: string, extra: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...extra });
  res.end(body);
};

const program = (title: string, startsAt: string, endsAt: string) => ({
  ratingKey: '1',
  title,
  type: 'episode',
  showTitle: null,
  season: 1,
  episode: 2,
  year: null,
  summary: null,
  startsAt,
  endsAt,
  durationSeconds: 1800,
  artworkUrl: null,
});
const channel = (n: number, programs: unknown[] = []) => ({ id: `ch${n}`, number: n, name: `Channel ${n}`, callsign: null, icon: null, tint: null, package: null, programs });
const guideBody = (channels: unknown[]) => JSON.stringify({ serverTime: '2026-09-27T18:00:00.000Z', windowMinutes: 60, backMinutes: 0, channels });

async function settled(store: GuideStore): Promise<GuideSummary> {
  await store.settled;
  return store.summary();
}

async function failure(client: AirwaveClient, limits: Partial<GuideStreamLimits> = {}): Promise<string> {
  const summary = await settled(loadGuide(client, 60, { limits }));
  expect(summary.state).toBe('error');
  expect(summary.error).not.toContain(KEY);
  return summary.error!;
}

describe('the streamed guide against the demo server', () => {
  it('holds exactly what the validated one-piece parse of the same answer holds', async () => {
    const server = await demo(24);
    const client = clientFor(server.url, server.key);
    const whole = await client.guide(360);
    const store = loadGuide(client, 360);
    const summary = await settled(store);
    expect(summary.state).toBe('loaded');
    expect(summary.error).toBeNull();
    expect(summary.channels).toBe(24);
    expect(summary.programmes).toBe(whole.channels.reduce((n, c) => n + c.programs.length, 0));
    expect(summary.window).toMatchObject({ serverTime: whole.serverTime, windowMinutes: 360, backMinutes: whole.backMinutes });
    expect(store.rows({ from: 0, to: 24 })).toEqual(whole.channels);
    // a slice of channels and of time: exactly the programmes that overlap it
    const from = Date.parse(whole.serverTime);
    const to = from + 60 * 60_000;
    const expected = whole.channels.slice(5, 9).map((c) => ({
      ...c,
      programs: c.programs.filter((p) => Date.parse(p.endsAt) > from && Date.parse(p.startsAt) < to),
    }));
    expect(store.rows({ from: 5, to: 9, startsAt: from, endsAt: to })).toEqual(expected);
    expect(store.rows({ from: 20, to: 99 })).toHaveLength(4);
    expect(store.rows({ from: -5, to: 0 })).toEqual([]);
  });

  it('loads the 24-hour guide of 3,000 channels (about 67 MB), keeping far less than it received', async () => {
    const server = await demo(3000);
    const store = loadGuide(clientFor(server.url, server.key), 1440);
    const seen: GuideSummary[] = [];
    store.subscribe((summary) => seen.push(summary));
    const summary = await settled(store);
    expect(summary.error).toBeNull();
    expect(summary.state).toBe('loaded');
    expect(summary.channels).toBe(3000);
    expect(summary.receivedBytes).toBeGreaterThan(40 * 1024 * 1024);
    expect(store.retainedBytes()).toBeLessThan(summary.receivedBytes / 3);
    // rows were announced while the answer was still arriving
    expect(seen.some((s) => s.state === 'loading' && s.channels > 0 && s.channels < 3000)).toBe(true);
    const last = store.rows({ from: 2999, to: 3000 })[0]!;
    expect(last.number).toBe(3100);
  }, 120_000);
});

describe('rows before the rest has arrived', () => {
  it('announces the first channels while the answer is still open, then settles as loaded', async () => {
    const half = guideBody([channel(101), channel(102), channel(103)]);
    const cut = half.indexOf('{"id":"ch103"');
    let finish: () => void = () => {};
    const client = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(half.slice(0, cut));
      finish = () => res.end(half.slice(cut));
    });
    const store = loadGuide(client, 60);
    const firstRows = await new Promise<GuideSummary>((resolve) => store.subscribe((s) => s.channels > 0 && resolve(s)));
    expect(firstRows).toMatchObject({ state: 'loading', channels: 2 });
    expect(store.rows({ from: 0, to: 10 }).map((c) => c.number)).toEqual([101, 102]);
    finish();
    expect(await settled(store)).toMatchObject({ state: 'loaded', channels: 3 });
  });

  it('a cancelled load settles as an error and stops reading', async () => {
    const client = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"serverTime":"2026-09-27T18:00:00.000Z","windowMinutes":60,"channels":[');
    });
    const controller = new AbortController();
    const store = loadGuide(client, 60, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await settled(store)).toMatchObject({ state: 'error', error: 'The request was cancelled.' });
  });

  it('lets the server send up to readAheadBytes ahead of the reader (not the 64 KB undici keeps), and reads the answer the same', async () => {
    const channels = Array.from({ length: 400 }, (_, i) => channel(101 + i, [program('x'.repeat(2_000), '2026-09-27T18:00:00.000Z', '2026-09-27T18:30:00.000Z')]));
    const client = await serve((res) => json(res, guideBody(channels)));
    const open = client.openJson.bind(client);
    const buffered: number[] = [];
    client.openJson = async (...args: Parameters<AirwaveClient['openJson']>) => {
      const opened = await open(...args);
      buffered.push((opened.stream as unknown as Readable).readableHighWaterMark);
      return opened;
    };
    expect(await settled(loadGuide(client, 60))).toMatchObject({ state: 'loaded', channels: 400, programmes: 400 });
    expect(await settled(loadGuide(client, 60, { limits: { readAheadBytes: 256 * 1024 } }))).toMatchObject({ state: 'loaded', channels: 400 });
    expect(buffered).toEqual([GUIDE_STREAM_LIMITS.readAheadBytes, 256 * 1024]);
    expect(GUIDE_STREAM_LIMITS.readAheadBytes).toBeGreaterThanOrEqual(1024 * 1024);
  });
});

describe('broken, truncated and hostile guides', () => {
  it('an answer cut off in the middle', async () => {
    const body = guideBody([channel(101, [program('A', '2026-09-27T18:00:00.000Z', '2026-09-27T18:30:00.000Z')]), channel(102)]);
    const client = await serve((res) => json(res, body.slice(0, body.length - 40)));
    expect(await failure(client)).toMatch(/^The guide ended before it was complete \(after 1 channels/);
  });

  it('a connection dropped mid-answer', async () => {
    const client = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(guideBody([channel(101)]).slice(0, 60));
      setTimeout(() => res.destroy(), 20);
    });
    expect(await failure(client)).toMatch(/closed the connection before the guide was complete/);
  });

  it('an HTML page, plain text that is not JSON, an empty body, a JSON array', async () => {
    let mode = 'html';
    const client = await serve((res) => {
      if (mode === 'html') return void (res.writeHead(200, { 'content-type': 'text/html' }), res.end('<html>hi</html>'));
      if (mode === 'text') return json(res, 'not json at all');
      if (mode === 'empty') return json(res, '');
      json(res, '[1,2,3]');
    });
    expect(await failure(client)).toMatch(/not JSON \(text\/html\)/);
    mode = 'text';
    expect(await failure(client)).toMatch(/not valid JSON/);
    mode = 'empty';
    expect(await failure(client)).toMatch(/empty answer/);
    mode = 'array';
    expect(await failure(client)).toMatch(/not a JSON object/);
  });

  it('the wrong shape: says so plainly, names the field in the log, and never quotes the key', async () => {
    let body = '';
    const client = await serve((res) => json(res, body));
    // a channel without a readable number costs that channel alone (issue 48): the log names it
    body = guideBody([channel(101), { ...channel(102), number: 'two' }, channel(103)]);
    const left: string[] = [];
    expect(await settled(loadGuide(client, 60, { log: (line) => left.push(line) }))).toMatchObject({ state: 'loaded', channels: 2 });
    expect(left.join('\n')).toMatch(/channels\[1\]\.number: expected number/);
    // a channel whose only programme quotes the key: the programme is left out, the key never logged
    body = guideBody([channel(101, [program('A', KEY, '2026-09-27T18:30:00.000Z')])]);
    const lines: string[] = [];
    expect(await settled(loadGuide(client, 60, { log: (line) => lines.push(line) }))).toMatchObject({ state: 'loaded', channels: 1 });
    expect(lines.join('\n')).toMatch(/programs\[0\]: startsAt: /);
    expect(lines.join('\n')).toContain('[redacted]');
    expect(lines.join('\n')).not.toContain(KEY);
    // what the guide cannot do without: the view says it plainly, the log names the field
    const said: string[] = [];
    const refused = async () => {
      said.length = 0;
      const summary = await settled(loadGuide(client, 60, { log: (line) => said.push(line) }));
      expect(summary.state).toBe('error');
      expect(summary.error).toBe('The server sent something this app could not read in GET /guide.');
      return said.join('\n');
    };
    body = JSON.stringify({ serverTime: '2026-09-27T18:00:00.000Z', windowMinutes: 60, channels: { a: channel(101) } });
    expect(await refused()).toMatch(/channels: expected Array/);
    body = JSON.stringify({ serverTime: '2026-09-27T18:00:00.000Z', windowMinutes: 60 });
    expect(await refused()).toMatch(/channels: required field is missing/);
    // without a serverTime the window is placed by the local clock (as for /guide/now), the window asked for
    body = JSON.stringify({ channels: [channel(101)] });
    const placed = await settled(loadGuide(client, 60));
    expect(placed).toMatchObject({ state: 'loaded', channels: 1 });
    expect(placed.window?.windowMinutes).toBe(60);
    body = `${guideBody([])} {}`;
    expect(await failure(client)).toMatch(/goes on after its end/);
  });

  it('refuses absurd bodies at their limits: size, one giant entry, nesting, channel and programme counts', async () => {
    let body = '';
    let declare = false;
    const client = await serve((res) => json(res, body, declare ? { 'content-length': String(Buffer.byteLength(body)) } : {}));
    const many = guideBody(Array.from({ length: 50 }, (_, i) => channel(100 + i, [program('A', '2026-09-27T18:00:00.000Z', '2026-09-27T18:30:00.000Z')])));
    body = many;
    declare = true;
    expect(await failure(client, { maxBytes: 2_000 })).toMatch(/^The guide is larger than 0 MB, so it was not read/);
    declare = false;
    expect(await failure(client, { maxBytes: 2_000 })).toMatch(/larger than 0 MB/);
    expect(await failure(client, { maxChannels: 10 })).toMatch(/more than 10 channels/);
    expect(await failure(client, { maxProgrammes: 20 })).toMatch(/more than 20 programmes/);
    body = guideBody([{ ...channel(101), name: 'x'.repeat(300_000) }]);
    expect(await failure(client, { maxEntryBytes: 100_000 })).toMatch(/an entry larger than 0 MB \(channel 1\)/);
    body = JSON.stringify({ serverTime: '2026-09-27T18:00:00.000Z', windowMinutes: 60, channels: [], extra: JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown });
    expect(await failure(client)).toMatch(/nested deeper than 16 levels/);
    body = many;
    expect(await settled(loadGuide(client, 60))).toMatchObject({ state: 'loaded', channels: 50 });
  });

  it('a server that stops sending, and one that trickles past the deadline', async () => {
    const stalled = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"serverTime":');
    });
    expect(await failure(stalled, { stallMs: 150 })).toMatch(/stopped sending the guide for 0.15 s/);
    const trickle = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 20);
      res.on('close', () => clearInterval(timer));
    });
    expect(await failure(trickle, { deadlineMs: 300, stallMs: 200 })).toMatch(/did not finish sending the guide within 0.3 s/);
  });

  it('leaves out a programme whose time cannot be read, keeps its channel and the rest, and says so once', async () => {
    const good = program('A', '2026-09-27T18:00:00.000Z', '2026-09-27T18:30:00.000Z');
    const bad = { ...program('B', '2026-09-27T18:30:00.000Z', '2026-09-27T19:00:00.000Z'), startsAt: '2026-02-30T25:61:00Z' };
    const client = await serve((res) => json(res, guideBody([channel(101, [good, bad]), channel(102, [good])])));
    const lines: string[] = [];
    const summary = await settled(loadGuide(client, 60, { log: (line) => lines.push(line) }));
    expect(summary).toMatchObject({ state: 'loaded', channels: 2 });
    expect(lines).toEqual([expect.stringMatching(/^GET \/guide: 1 value could not be read \(left out, or read as unknown\): programs\[1\]: startsAt: expected an ISO-8601 time/)]);
  });

  it('a server that drips a byte at a time fails on the throughput floor, long before the deadline, and says why', async () => {
    const drip = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 20);
      res.on('close', () => clearInterval(timer));
    });
    // never silent for the stall timeout, and the deadline far away: only the floor can end it
    const reason = await failure(drip, { deadlineMs: 60_000, stallMs: 5_000, throughputWindowMs: 300, minBytesPerWindow: 1_000 });
    expect(reason).toMatch(/is sending the guide too slowly \(\d+ bytes in 0.3 s\)/);
    // the same floor does not trouble a server that sends the guide at an ordinary pace
    const body = guideBody(Array.from({ length: 40 }, (_, i) => channel(100 + i, [program('A', '2026-09-27T18:00:00.000Z', '2026-09-27T18:30:00.000Z')])));
    const steady = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let at = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        res.write(body.slice(at, at + 2_000));
        at += 2_000;
        if (at >= body.length) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
      res.on('close', () => clearInterval(timer));
    });
    expect(await settled(loadGuide(steady, 60, { limits: { throughputWindowMs: 300, minBytesPerWindow: 1_000 } }))).toMatchObject({ state: 'loaded', channels: 40 });
  });

  it('an error status is the usual API error, and a refused window never reaches the server', async () => {
    const server = await startLocalServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'unauthorized', message: 'Invalid or revoked API key.' } }));
    });
    servers.push(server);
    const client = clientFor(server.url);
    expect(await failure(client)).toMatch(/rejected the API key/);
    expect(await settled(loadGuide(client, 5))).toMatchObject({ state: 'error', error: expect.stringMatching(/whole number of minutes from 30 to 1440/) });
    expect(server.requests).toHaveLength(1);
  });

  it('follows a same-origin redirect like every JSON answer, and refuses one to another origin without sending the key', async () => {
    const elsewhere = await startLocalServer((_req, res) => json(res, guideBody([channel(1)])));
    servers.push(elsewhere);
    const server = await startLocalServer((req, res) => {
      if (req.url!.startsWith('/api/public/v1/guide?')) {
        res.writeHead(302, { location: `/moved${req.url}` });
        res.end();
      } else if (req.url!.startsWith('/moved/')) {
        res.writeHead(307, { location: `${elsewhere.url}/api/public/v1/guide` });
        res.end();
      } else json(res, guideBody([channel(1), channel(2)]));
    });
    servers.push(server);
    expect(await failure(clientFor(server.url))).toMatch(/redirected to http:\/\/127\.0\.0\.1:\d+\/api\/public\/v1\/guide\. Redirects to another address are not followed/);
    expect(elsewhere.requests).toHaveLength(0);

    const home = await startLocalServer((req, res) => {
      if (req.url!.startsWith('/api/public/v1/guide?')) {
        res.writeHead(301, { location: `/v2${req.url}` });
        res.end();
      } else json(res, guideBody([channel(1), channel(2)]));
    });
    servers.push(home);
    expect(await settled(loadGuide(clientFor(home.url), 60))).toMatchObject({ state: 'loaded', channels: 2 });
    expect(home.requests.map((r) => r.headers['x-api-key'])).toEqual([KEY, KEY]);
  });
});
