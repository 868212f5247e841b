import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseCapabilities,
  parseChannelNow,
  parseChannels,
  parseEventEnvelope,
  parseGuide,
  parseGuideNow,
  parseNowPlaying,
  parsePackages,
  parseSessionCount,
  parseSessionEventData,
  parseSessions,
  parseStatus,
  readErrorEnvelope,
} from '../../src/shared/airwave';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { runDemoCli, startDemoCli } from '../support/demo-cli';
import { ManualClock } from '../support/manual-clock';
import { openSse } from '../support/sse';

const START = '2026-09-27T17:40:00.000Z';

interface Answer {
  status: number;
  headers: Headers;
  json: unknown;
}

function client(demo: DemoServer) {
  return async (path: string, headers: Record<string, string> = { 'x-api-key': demo.key }): Promise<Answer> => {
    const response = await fetch(`${demo.url}/api/public/v1${path}`, { headers });
    const type = response.headers.get('content-type') ?? '';
    const json = type.includes('json') ? await response.json() : await response.arrayBuffer();
    return { status: response.status, headers: response.headers, json };
  };
}

const errorOf = (answer: Answer) => readErrorEnvelope(answer.json);

describe('demo server: consistency at any instant', () => {
  const clock = new ManualClock(START);
  let demo: DemoServer;
  let get: ReturnType<typeof client>;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 4, channels: 20, viewers: 3, churn: 0, clock });
    get = client(demo);
  });
  afterAll(() => demo.close());

  async function checkInstant(): Promise<void> {
    const now = parseGuideNow((await get('/guide/now')).json);
    const guide = parseGuide((await get('/guide?forwardMinutes=1440&backMinutes=0')).json);
    expect(Date.parse(now.serverTime ?? '')).toBe(clock.now());
    expect(guide.channels.map((c) => c.number)).toEqual(now.channels.map((c) => c.number));
    for (const row of now.channels) {
      const programs = guide.channels.find((c) => c.id === row.id)?.programs ?? [];
      const at = programs.findIndex((p) => Date.parse(p.startsAt) <= clock.now() && clock.now() < Date.parse(p.endsAt));
      expect(row.now).toEqual(programs[at] ?? null);
      expect(row.next).toEqual(at >= 0 ? (programs[at + 1] ?? null) : null);
      const byNumber = parseChannelNow((await get(`/channels/by-number/${row.number}/now`)).json, row.number);
      const { kind: _kind, offsetSeconds, ...current } = byNumber.current ?? { kind: null, offsetSeconds: undefined };
      expect(byNumber.current ? current : null).toEqual(row.now);
      if (row.now) {
        expect(byNumber.current?.kind).toBe(row.now.ratingKey === null ? 'bumper' : 'program');
        expect(offsetSeconds).toBe(Math.floor((clock.now() - Date.parse(row.now.startsAt)) / 1000));
        expect(byNumber.endsAt).toBe(row.now.endsAt);
      } else {
        expect(byNumber.endsAt).toBeNull();
      }
      const { kind: _nextKind, ...next } = byNumber.next ?? { kind: null };
      expect(byNumber.next ? next : null).toEqual(row.next);
      expect(byNumber.next?.offsetSeconds).toBeUndefined();
      expect(byNumber.channel?.id).toBe(row.id);
    }
  }

  it('agrees across /guide/now, /guide and by-number, mid-programme', async () => {
    await checkInstant();
  });

  it('agrees exactly on a programme boundary and 1 ms before it', async () => {
    const now = parseGuideNow((await get('/guide/now')).json);
    const boundary = Date.parse(now.channels.find((c) => c.now)!.now!.endsAt);
    clock.set(boundary - 1);
    await checkInstant();
    clock.set(boundary);
    await checkInstant();
  });

  it('agrees across a schedule block boundary', async () => {
    clock.set('2026-09-28T00:00:00.000Z');
    await checkInstant();
    clock.set('2026-09-27T23:59:59.999Z');
    await checkInstant();
  });

  it('counts agree with the lists; a viewer on the empty channel is counted but not now-playing', async () => {
    const empty = demo.controls.listChannels().find((c) => c.empty)!;
    const off = demo.controls.startSession({ user: 'Offline Olga', channelNumber: empty.number });
    try {
      expect(off.state).toBe('off');
      const status = parseStatus((await get('/status')).json);
      const count = parseSessionCount((await get('/sessions/count')).json);
      const sessions = parseSessions((await get('/sessions')).json);
      const playing = parseNowPlaying((await get('/now-playing')).json);
      const channels = parseChannels((await get('/channels')).json);
      const packages = parsePackages((await get('/packages')).json);
      expect(status.counts?.activeSessions).toBe(4);
      expect(count.count).toBe(4);
      expect(sessions.sessions).toHaveLength(4);
      expect(playing.nowPlaying).toHaveLength(3);
      expect(playing.nowPlaying.map((p) => p.user)).not.toContain('Offline Olga');
      expect(status.counts?.channels).toBe(channels.channels.length);
      expect(status.counts?.packages).toBe(packages.packages.length);
      const row = sessions.sessions.find((s) => s.id === off.id);
      expect(row).toMatchObject({ state: 'off', title: null, progress: null, channel: { number: empty.number } });
    } finally {
      demo.controls.endSession(off.id);
    }
  });

  it('status and capabilities describe the server', async () => {
    const status = parseStatus((await get('/status')).json);
    expect(status.product).toBe('airwave');
    expect(Date.parse(status.time ?? '')).toBe(clock.now());
    expect(status.uptimeSeconds).toBe(Math.floor((clock.now() - Date.parse(START)) / 1000));
    const caps = parseCapabilities((await get('/capabilities')).json);
    expect(caps).toMatchObject({ apiVersion: 'v1', sse: { supported: true }, features: { workflowEngine: true } });
  });
});

describe('demo server: requests and errors', () => {
  let demo: DemoServer;
  let get: ReturnType<typeof client>;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 8, channels: 12, viewers: 2, churn: 0 });
    get = client(demo);
  });
  afterAll(() => demo.close());

  it('accepts the key in either header', async () => {
    expect((await get('/status', { 'x-api-key': demo.key })).status).toBe(200);
    expect((await get('/status', { authorization: `Bearer ${demo.key}` })).status).toBe(200);
  });

  it('answers 401 envelopes for a missing, wrong or revoked key', async () => {
    const missing = await get('/sessions/count', {});
    expect(missing.status).toBe(401);
    expect(errorOf(missing)).toEqual({ code: 'unauthorized', message: expect.stringContaining('API key required') });
    const wrong = await get('/sessions/count', { 'x-api-key': 'airwave_nope' });
    expect(errorOf(wrong)).toEqual({ code: 'unauthorized', message: 'Invalid or revoked API key.' });
    demo.controls.revokeKey();
    try {
      expect((await get('/status')).status).toBe(401);
    } finally {
      demo.controls.restoreKey();
    }
    expect((await get('/status')).status).toBe(200);
  });

  it('answers 404 for unknown routes and channels, 405 for writes', async () => {
    expect(errorOf(await get('/nope'))?.code).toBe('not_found');
    const unknown = await get('/channels/by-number/999/now');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)?.message).toBe('Channel not found.');
    const post = await fetch(`${demo.url}/api/public/v1/status`, { method: 'POST', headers: { 'x-api-key': demo.key } });
    expect(post.status).toBe(405);
  });

  it('answers 422 naming the parameter for a bad guide window or number', async () => {
    for (const bad of ['29', '1441', 'abc', '60.5', '-30']) {
      const answer = await get(`/guide?forwardMinutes=${bad}`);
      expect(answer.status, bad).toBe(422);
      expect(errorOf(answer)).toEqual({ code: 'invalid_request', message: expect.stringContaining('forwardMinutes') });
    }
    expect(errorOf(await get('/guide?backMinutes=2000'))?.message).toContain('backMinutes');
    expect((await get('/channels/by-number/abc/now')).status).toBe(422);
    const guide = parseGuide((await get('/guide?forwardMinutes=30')).json);
    expect(guide).toMatchObject({ windowMinutes: 30, backMinutes: 60 });
    expect(parseGuide((await get('/guide')).json).windowMinutes).toBe(180);
  });

  it('adds the definition only when asked', async () => {
    const plain = parseChannels((await get('/channels')).json);
    const full = parseChannels((await get('/channels?include=definition')).json);
    expect(plain.channels.every((c) => c.definition === undefined)).toBe(true);
    expect(full.channels.every((c) => typeof c.definition === 'object')).toBe(true);
    expect(full.channels[0]?.definition).toHaveProperty('clauses');
  });

  it('serves real PNG artwork in the documented shapes, without a key', async () => {
    const now = parseGuideNow((await get('/guide/now')).json);
    const url = now.channels.map((c) => c.now?.artworkUrl).find(Boolean)!;
    const ratios: Record<string, number> = {};
    for (const kind of ['poster', 'background', 'thumb']) {
      const response = await fetch(`${demo.url}${url.replace(/\?kind=.*$/, '')}?kind=${kind}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      ratios[kind] = bytes.readUInt32BE(16) / bytes.readUInt32BE(20); // IHDR width / height
    }
    expect(ratios.poster).toBeCloseTo(2 / 3, 2);
    expect(ratios.background).toBeCloseTo(16 / 9, 2);
    const noKind = await fetch(`${demo.url}${url.replace(/\?kind=.*$/, '')}`);
    expect(Buffer.from(await noKind.arrayBuffer()).readUInt32BE(16)).toBe(200); // the poster
    const badKind = await fetch(`${demo.url}${url.replace(/\?kind=.*$/, '')}?kind=banner`);
    expect(badKind.status).toBe(422);
    await badKind.body?.cancel();
    const unknown = await fetch(`${demo.url}/api/public/v1/channels/nope/artwork/1`);
    expect(unknown.status).toBe(404);
    expect(readErrorEnvelope(await unknown.json())?.code).toBe('not_found');
  });
});

describe('demo server: viewers come and go', () => {
  it('starts and ends sessions at the churn rate on the injected clock', async () => {
    const clock = new ManualClock(START);
    const demo = await startDemoServer({ port: 0, seed: 2, channels: 10, viewers: 2, churn: 12, clock });
    try {
      const seen = new Set(demo.controls.listSessions().map((s) => s.id));
      const counts: number[] = [];
      for (let hour = 0; hour < 6; hour++) {
        clock.advance(3_600_000, 1_000);
        for (const s of demo.controls.listSessions()) seen.add(s.id);
        counts.push(demo.controls.listSessions().length);
      }
      // About 12 arrivals an hour for 6 hours; generous bounds, since arrivals are random.
      expect(seen.size).toBeGreaterThan(30);
      expect(seen.size).toBeLessThan(150);
      expect(new Set(counts).size).toBeGreaterThan(1);
      expect(counts.every((c) => c < 60)).toBe(true);
    } finally {
      await demo.close();
    }
    expect(clock.timerCount).toBe(0);
  });
});

describe('demo server: event stream', () => {
  const clock = new ManualClock(START);
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 5, channels: 6, viewers: 1, churn: 0, clock, maxStreams: 2 });
  });
  afterAll(() => demo.close());

  it('says hello, sends session events with the session record, and keepalives on the clock', async () => {
    const stream = await openSse(`${demo.url}/api/public/v1/events`, { authorization: `Bearer ${demo.key}` });
    try {
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => e.event === 'hello');
      expect(stream.events[0]?.event).toBe('hello');
      const started = demo.controls.startSession({ user: 'James', channelNumber: 101, platform: 'Roku', model: 'Roku Ultra' });
      const frame = await stream.waitFor((e) => e.event === 'session.started');
      const envelope = parseEventEnvelope(JSON.parse(frame.data));
      expect(envelope.type).toBe('session.started');
      expect(frame.id).toBe(String(envelope.id));
      expect(parseSessionEventData(envelope)).toMatchObject({ id: started.id, user: 'James', channel: { number: 101 } });
      await stream.waitFor((e) => e.event === 'playback.started');
      clock.advance(15_000);
      await stream.waitFor((e) => e.event === 'keepalive');
      demo.controls.endSession(started.id);
      await stream.waitFor((e) => e.event === 'session.ended');
    } finally {
      stream.close();
    }
  });

  it('filters by ?types= and takes the key as ?api_key=', async () => {
    const stream = await openSse(`${demo.url}/api/public/v1/events?types=session.ended&api_key=${demo.key}`);
    try {
      await stream.waitFor((e) => e.event === 'hello');
      const s = demo.controls.startSession();
      demo.controls.endSession(s.id);
      await stream.waitFor((e) => e.event === 'session.ended');
      expect(stream.events.map((e) => e.event)).toEqual(['hello', 'session.ended']);
    } finally {
      stream.close();
    }
  });

  it('refuses streams beyond the cap with 503, and without a key with 401', async () => {
    const url = `${demo.url}/api/public/v1/events`;
    const a = await openSse(url, { 'x-api-key': demo.key });
    const b = await openSse(url, { 'x-api-key': demo.key });
    try {
      await Promise.all([a.waitFor((e) => e.event === 'hello'), b.waitFor((e) => e.event === 'hello')]);
      const third = await fetch(url, { headers: { 'x-api-key': demo.key } });
      expect(third.status).toBe(503);
      expect(third.headers.get('retry-after')).toBe('30');
      expect(readErrorEnvelope(await third.json())?.code).toBe('unavailable');
      const keyless = await fetch(url);
      expect(keyless.status).toBe(401);
      await keyless.body?.cancel();
    } finally {
      a.close();
      b.close();
    }
  });

  it('without SSE: /events is 404 and capabilities say so', async () => {
    const quiet = await startDemoServer({ port: 0, seed: 5, channels: 3, sse: false, churn: 0 });
    try {
      const get = client(quiet);
      expect((await get('/events')).status).toBe(404);
      expect(parseCapabilities((await get('/capabilities')).json).sse.supported).toBe(false);
    } finally {
      await quiet.close();
    }
  });
});

describe('npm run demo-server', () => {
  it('prints its address and key, serves, and stops on SIGTERM', async () => {
    const cli = await startDemoCli(['--port', '0', '--channels', '5', '--seed', '3']);
    try {
      const key = (await cli.line(/API key: (\S+)/))[1]!;
      expect((await cli.line(/npm run doctor -- --server \S+/))[0]).toBe(`npm run doctor -- --server ${cli.url}`);
      const response = await fetch(`${cli.url}/api/public/v1/status`, { headers: { 'x-api-key': key } });
      expect(parseStatus(await response.json()).counts?.channels).toBe(5);
      expect(await cli.close('SIGTERM')).toBe(0);
    } finally {
      await cli.close();
    }
  });

  it('refuses bad numbers with a message', async () => {
    const run = await runDemoCli(['--channels', 'lots']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--channels takes a whole number');
  });
});

describe('demo server: /guide is streamed', () => {
  const clock = new ManualClock(START);
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 4, channels: 600, viewers: 0, churn: 0, clock });
  });
  afterAll(() => demo.close());

  it('sends the guide in several writes, with exactly the bytes of one JSON.stringify', async () => {
    const response = await fetch(`${demo.url}/api/public/v1/guide?forwardMinutes=360`, { headers: { 'x-api-key': demo.key } });
    expect(response.headers.get('content-length')).toBeNull();
    const reader = response.body!.getReader();
    const parts: Uint8Array[] = [];
    for (let i = 0; i < 100_000; i++) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    const text = Buffer.concat(parts).toString('utf8');
    expect(parts.length).toBeGreaterThan(1);
    expect(text.length).toBeGreaterThan(1024 * 1024);
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
    const guide = parseGuide(JSON.parse(text));
    expect(guide.channels).toHaveLength(600);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['serverTime', 'windowMinutes', 'backMinutes', 'channels']);
  });

  it('writes an empty channel list as [] for a key that sees no channel', async () => {
    demo.controls.setViewerChannels([]);
    const response = await fetch(`${demo.url}/api/public/v1/guide`, { headers: { 'x-api-key': demo.viewerKey } });
    const text = await response.text();
    expect(text.endsWith(',"channels":[]}')).toBe(true);
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
  });
});
