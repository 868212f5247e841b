import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseCapabilities,
  parseChannelNow,
  parseChannels,
  parseEventEnvelope,
  parseGuideNow,
  parseSessions,
  parseStatus,
  readErrorEnvelope,
} from '../../src/shared/airwave';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { NEWEST_SERVER_VERSION } from '../../src/main/demo/newcomer';
import { demoGet } from '../support/demo-client';
import { runDemoCli, startDemoCli } from '../support/demo-cli';
import { ManualClock } from '../support/manual-clock';
import { openSse } from '../support/sse';

// The demo's profiles (seed, airwave, legacy) against airwave-api.md: routes, shapes, compact
// events, channel.tuned, and artwork at the size asked for. Sessions and keys: demo-sessions and
// demo-viewer-key tests.

const START = '2026-09-27T17:40:00.000Z';
const COMPACT_KEYS = ['channel', 'delaySeconds', 'deviceId', 'playbackState', 'program', 'progress', 'user', 'userId'];

describe('demo profiles: the seed profile is the default', () => {
  it('says so, keeps /channels/by-number/{n}/now and answers unknown routes with the JSON envelope', async () => {
    const demo = await startDemoServer({ port: 0, seed: 3, channels: 4, churn: 0 });
    try {
      const get = demoGet(demo);
      expect(demo.profile).toBe('seed');
      expect(parseChannelNow((await get('/channels/by-number/101/now')).json).channel?.number).toBe(101);
      const unknown = await get('/nope');
      expect(unknown.status).toBe(404);
      expect(readErrorEnvelope(unknown.json)?.code).toBe('not_found');
    } finally {
      await demo.close();
    }
  });
});

describe('demo profiles: airwave', () => {
  const clock = new ManualClock(START);
  let demo: DemoServer;
  let get: ReturnType<typeof demoGet>;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 6, channels: 10, viewers: 1, churn: 0, clock, profile: 'airwave' });
    get = demoGet(demo);
  });
  afterAll(() => demo.close());

  it('has no by-number/now route: a plain-text 404, unlike an unknown channel on a real route', async () => {
    const route = await get('/channels/by-number/101/now');
    expect(route.status).toBe(404);
    expect(route.contentType).toMatch(/^text\/plain/);
    expect(route.text).toBe('404 Not Found');
    const other = await get('/no/such/route');
    expect([other.status, other.text]).toEqual([404, '404 Not Found']);
    const channel = await get('/channels/by-number/999');
    expect(channel.status).toBe(404);
    expect(channel.contentType).toMatch(/^application\/json/);
    expect(readErrorEnvelope(channel.json)).toEqual({ code: 'not_found', message: 'Channel not found.' });
    // an admin key asking for an unknown id gets 200 and nulls on Airwave's router; a viewer's key a 404
    expect((await get('/channels/ch_nope/now')).json).toEqual({ current: null, next: null, endsAt: null });
    const hidden = await get('/channels/ch_nope/now', demo.viewerKey);
    expect(readErrorEnvelope(hidden.json)?.code).toBe('not_found');
  });

  it('answers /channels/by-number/{n}, /channels/{id}, /channels/{id}/now and /channels/{id}/schedule', async () => {
    const row = parseGuideNow((await get('/guide/now')).json).channels.find((c) => c.now)!;
    const record = (await get(`/channels/by-number/${row.number}`)).json;
    expect(parseChannels({ channels: [record] }).channels[0]).toMatchObject({ id: row.id, number: row.number, name: row.name });
    expect((await get(`/channels/${row.id}?include=definition`)).json).toMatchObject({ id: row.id, definition: expect.any(Object) });
    const nowAnswer = await get(`/channels/${row.id}/now`);
    const now = parseChannelNow(nowAnswer.json, row.number);
    expect(Object.keys(nowAnswer.json as object).sort()).toEqual(['current', 'endsAt', 'next']);
    expect(now.current).toMatchObject({ ratingKey: row.now!.ratingKey, startsAt: row.now!.startsAt, kind: expect.any(String) });
    // the answer's endsAt is when the prepared schedule runs out, days away; the slot's own is the programme's
    expect(Date.parse(now.endsAt!) - clock.now()).toBeGreaterThan(86_400_000);
    expect(Date.parse(now.current!.endsAt)).toBeLessThanOrEqual(Date.parse(row.now!.endsAt));
    const schedule = (await get(`/channels/${row.id}/schedule?hours=2`)).json as { channelId: string; serverTime: string; programs: { startsAt: string }[] };
    expect(schedule.channelId).toBe(row.id);
    expect(schedule.serverTime).toBe(new Date(clock.now()).toISOString());
    expect(Date.parse(schedule.programs.at(-1)!.startsAt)).toBeLessThan(clock.now() + 2 * 3_600_000);
    for (const bad of ['0', '25', 'x']) expect((await get(`/channels/${row.id}/schedule?hours=${bad}`)).status, bad).toBe(422);
  });

  it('describes itself with the full /status and an event stream', async () => {
    const status = parseStatus((await get('/status')).json);
    expect(status.version).not.toBe('0.9.0-demo');
    expect(status.counts).toEqual({ channels: 10, packages: 5, activeSessions: 1 });
    expect(parseCapabilities((await get('/capabilities')).json).sse.supported).toBe(true);
  });

  it('sends compact event payloads, and channel.tuned (not an end and a start) for a channel change', async () => {
    const stream = await openSse(`${demo.url}/api/public/v1/events`, { 'x-api-key': demo.key });
    try {
      await stream.waitFor((e) => e.event === 'hello');
      const started = demo.controls.startSession({ user: 'James', channelNumber: 101, deviceId: 'dev_lounge_tv', platform: 'Roku' });
      const frame = await stream.waitFor((e) => e.event === 'session.started');
      const envelope = parseEventEnvelope(JSON.parse(frame.data));
      const data = envelope.data as Record<string, unknown>;
      expect(Object.keys(data).sort()).toEqual(COMPACT_KEYS);
      const guideRow = parseGuideNow((await get('/guide/now')).json).channels.find((c) => c.number === 101)!;
      expect(data).toMatchObject({
        userId: expect.stringMatching(/^usr_/),
        deviceId: 'dev_lounge_tv',
        user: 'James',
        channel: { id: guideRow.id, number: 101, name: guideRow.name, callsign: guideRow.callsign },
        playbackState: 'playing',
        delaySeconds: expect.any(Number),
        progress: { positionSeconds: expect.any(Number), durationSeconds: expect.any(Number) },
      });
      const program = data.program as Record<string, unknown>;
      expect(Object.keys(program).sort()).toEqual(['episode', 'ratingKey', 'season', 'showTitle', 'title', 'year']);
      expect(program.ratingKey).toBe(guideRow.now?.ratingKey);
      for (const absent of ['id', 'state', 'artworkUrl', 'startedAt', 'device']) expect(data).not.toHaveProperty(absent);

      const before = stream.events.length;
      demo.controls.tune(started.id, 103);
      const tuned = await stream.waitFor((e) => e.event === 'channel.tuned');
      expect(JSON.parse(tuned.data).data).toMatchObject({ deviceId: 'dev_lounge_tv', channel: { number: 103 } });
      expect(stream.events.slice(before).map((e) => e.event)).toEqual(['channel.tuned']);
      const sessions = parseSessions((await get('/sessions')).json).sessions.filter((s) => s.user === 'James');
      expect(sessions.map((s) => [s.id, s.channel?.number])).toEqual([[started.id, 103]]);
    } finally {
      stream.close();
    }
  });
});

describe('demo profiles: legacy (Airwave 0.14)', () => {
  let demo: DemoServer;
  let get: ReturnType<typeof demoGet>;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 6, channels: 6, viewers: 1, churn: 0, profile: 'legacy' });
    get = demoGet(demo);
  });
  afterAll(() => demo.close());

  it('answers /status without uptimeSeconds and counts', async () => {
    const status = (await get('/status')).json as Record<string, unknown>;
    expect(Object.keys(status).sort()).toEqual(['instanceId', 'name', 'product', 'time', 'timezone', 'version']);
    expect(status).toMatchObject({ product: 'airwave', version: expect.stringMatching(/^0\.14\./) });
    // the app reads such a server tolerantly: the missing fields are unknown, not an error
    expect(parseStatus(status)).toMatchObject({ name: status.name, version: status.version, uptimeSeconds: null, counts: null });
  });

  it('says sse.supported:false and has no /events route at all', async () => {
    expect(parseCapabilities((await get('/capabilities')).json).sse.supported).toBe(false);
    const events = await get('/events');
    expect([events.status, events.text]).toEqual([404, '404 Not Found']);
    expect(() => demo.controls.setSse(true)).toThrow(/legacy profile has no event stream/);
  });

  it('behaves like airwave for lookups by number', async () => {
    expect((await get('/channels/by-number/101/now')).text).toBe('404 Not Found');
    expect(readErrorEnvelope((await get('/channels/by-number/999')).json)?.message).toBe('Channel not found.');
    const record = parseChannels({ channels: [(await get('/channels/by-number/101')).json] }).channels[0];
    expect(parseChannelNow((await get(`/channels/${record?.id}/now`)).json).channel).toBeUndefined();
  });
});

describe('demo artwork at the size asked for', () => {
  let demo: DemoServer;
  let path: string;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 9, channels: 4, churn: 0, profile: 'airwave' });
    const now = parseGuideNow((await demoGet(demo)('/guide/now')).json);
    path = now.channels.map((c) => c.now?.artworkUrl).find(Boolean)!.replace(/\?.*$/, '');
  });
  afterAll(() => demo.close());

  const fetchArt = async (query: string) => {
    const response = await fetch(`${demo.url}${path}?${query}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const png = response.headers.get('content-type') === 'image/png';
    return { response, size: png ? [bytes.readUInt32BE(16), bytes.readUInt32BE(20)] : null, bytes };
  };

  it('draws w × h, or keeps the kind’s aspect ratio with one of them, and may be cached for an hour', async () => {
    expect((await fetchArt('kind=poster&w=64&h=48')).size).toEqual([64, 48]);
    expect((await fetchArt('kind=poster&w=100')).size).toEqual([100, 150]);
    expect((await fetchArt('kind=background&h=90')).size).toEqual([160, 90]);
    expect((await fetchArt('w=16&h=2000')).size).toEqual([16, 2000]);
    const plain = await fetchArt('kind=poster');
    expect(plain.size).toEqual([200, 300]);
    expect(plain.response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers 422 with the envelope, naming the parameter, for sizes out of 16..2000', async () => {
    for (const [query, name] of [['w=15', 'w'], ['h=2001', 'h'], ['w=abc', 'w'], ['w=64&h=1.5', 'h'], ['w=-20', 'w']] as const) {
      const { response, bytes } = await fetchArt(`kind=thumb&${query}`);
      expect(response.status, query).toBe(422);
      const error = readErrorEnvelope(JSON.parse(bytes.toString()));
      expect(error?.code).toBe('invalid_request');
      expect(error?.message.startsWith(`${name} must be`), error?.message).toBe(true);
    }
  });
});

describe('npm run demo-server -- --profile', () => {
  it('prints the profile and both keys, and serves that profile', async () => {
    const cli = await startDemoCli(['--port', '0', '--channels', '6', '--profile', 'legacy']);
    try {
      const viewerKey = (await cli.line(/Viewer key: (\S+)/))[1]!;
      expect(cli.stdout()).toContain('Profile: legacy');
      expect(cli.stdout()).toContain('sees channels 101, 103, 105');
      const status = await fetch(`${cli.url}/api/public/v1/status`, { headers: { 'x-api-key': viewerKey } });
      expect(await status.json()).not.toHaveProperty('counts');
      expect(await cli.close('SIGTERM')).toBe(0);
    } finally {
      await cli.close();
    }
  });

  it('refuses an unknown profile with a message', async () => {
    const run = await runDemoCli(['--profile', 'newest']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--profile takes one of airwave, legacy, spec');
  });

  it('is Airwave 0.15.13 unless told (its /status says so, and it has the by-number now of 0.15.13), and the synthetic one as spec', async () => {
    const cli = await startDemoCli(['--port', '0', '--channels', '4']);
    try {
      const key = (await cli.line(/API key: (\S+)/))[1]!;
      expect(cli.stdout()).toContain(`Profile: airwave (Airwave ${NEWEST_SERVER_VERSION})`);
      const status = (await (await fetch(`${cli.url}/api/public/v1/status`, { headers: { 'x-api-key': key } })).json()) as { version: string };
      expect(status.version).toBe('0.15.13');
      // the newest stage has the by-number now route (0.15.12 had not)
      expect((await fetch(`${cli.url}/api/public/v1/channels/by-number/101/now`, { headers: { 'x-api-key': key } })).status).toBe(200);
    } finally {
      await cli.close('SIGKILL');
    }
    const spec = await startDemoCli(['--port', '0', '--channels', '4', '--profile', 'spec']);
    try {
      await spec.line(/Viewer key: \S+/);
      expect(spec.stdout()).toContain('Profile: spec (Airwave 0.9.0-demo)');
    } finally {
      await spec.close('SIGKILL');
    }
  });
});
