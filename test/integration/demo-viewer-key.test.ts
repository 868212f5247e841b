import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseChannels,
  parseEventEnvelope,
  parseGuide,
  parseGuideNow,
  parseNowPlaying,
  parsePackages,
  parseSessionCount,
  parseSessions,
  parseStatus,
  readErrorEnvelope,
} from '../../src/shared/airwave';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { demoGet } from '../support/demo-client';
import { ManualClock } from '../support/manual-clock';
import { openSse } from '../support/sse';

// The viewer-scoped key: every REST answer holds only the channels it may see (and the viewers on
// them), while the airwave profile's event stream still tells it about everyone, as real servers do.

const START = '2026-09-27T17:40:00.000Z';

describe('demo viewer key: REST answers are filtered to its channels', () => {
  const clock = new ManualClock(START);
  let demo: DemoServer;
  let get: ReturnType<typeof demoGet>;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 14, channels: 8, viewers: 0, churn: 0, clock, profile: 'airwave' });
    get = demoGet(demo);
    demo.controls.startSession({ user: 'Seen Sam', channelNumber: 101 });
    demo.controls.startSession({ user: 'Hidden Hana', channelNumber: 102 });
  });
  afterAll(() => demo.close());

  it('sees every other channel by default, and the admin key sees all', async () => {
    expect(demo.viewerKey).not.toBe(demo.key);
    expect(demo.controls.viewerChannels()).toEqual([101, 103, 105, 107]);
    const numbers = async (key: string) => ({
      now: parseGuideNow((await get('/guide/now', key)).json).channels.map((c) => c.number),
      guide: parseGuide((await get('/guide?forwardMinutes=60', key)).json).channels.map((c) => c.number),
      channels: parseChannels((await get('/channels', key)).json).channels.map((c) => c.number),
    });
    const all = [101, 102, 103, 104, 105, 106, 107, 108];
    expect(await numbers(demo.key)).toEqual({ now: all, guide: all, channels: all });
    const seen = [101, 103, 105, 107];
    expect(await numbers(demo.viewerKey)).toEqual({ now: seen, guide: seen, channels: seen });
  });

  it('lists and counts only viewers on its channels, in /sessions, /sessions/count, /now-playing and /status', async () => {
    const users = async (key: string) => ({
      sessions: parseSessions((await get('/sessions', key)).json).sessions.map((s) => s.user),
      count: parseSessionCount((await get('/sessions/count', key)).json).count,
      playing: parseNowPlaying((await get('/now-playing', key)).json).nowPlaying.map((p) => p.user),
    });
    expect(await users(demo.key)).toEqual({ sessions: ['Seen Sam', 'Hidden Hana'], count: 2, playing: ['Seen Sam', 'Hidden Hana'] });
    expect(await users(demo.viewerKey)).toEqual({ sessions: ['Seen Sam'], count: 1, playing: ['Seen Sam'] });
    const status = parseStatus((await get('/status', demo.viewerKey)).json);
    const packages = parsePackages((await get('/packages', demo.viewerKey)).json).packages;
    expect(status.counts).toEqual({ channels: 4, packages: packages.length, activeSessions: 1 });
    expect(packages.length).toBeLessThan(parsePackages((await get('/packages')).json).packages.length);
  });

  it('answers a hidden channel with the JSON 404, on every channel route', async () => {
    const hidden = demo.controls.listChannels().find((c) => c.number === 102)!;
    for (const path of ['/channels/by-number/102', `/channels/${hidden.id}`, `/channels/${hidden.id}/now`, `/channels/${hidden.id}/schedule`]) {
      const answer = await get(path, demo.viewerKey);
      expect(answer.status, path).toBe(404);
      expect(readErrorEnvelope(answer.json), path).toEqual({ code: 'not_found', message: 'Channel not found.' });
      expect((await get(path)).status, path).toBe(200);
    }
    expect((await get('/channels/by-number/103', demo.viewerKey)).status).toBe(200);
  });

  it('follows a changed channel set at once', async () => {
    demo.controls.setViewerChannels([102]);
    try {
      expect(parseGuideNow((await get('/guide/now', demo.viewerKey)).json).channels.map((c) => c.number)).toEqual([102]);
      expect(parseSessions((await get('/sessions', demo.viewerKey)).json).sessions.map((s) => s.user)).toEqual(['Hidden Hana']);
      expect((await get('/channels/by-number/101', demo.viewerKey)).status).toBe(404);
    } finally {
      demo.controls.setViewerChannels([101, 103, 105, 107]);
    }
  });

  it('can be regenerated or revoked on its own, as in Settings → API Keys', async () => {
    const old = demo.viewerKey;
    const fresh = demo.controls.regenerateKey('viewer');
    expect(fresh).not.toBe(old);
    expect(demo.viewerKey).toBe(fresh);
    const rejected = await get('/status', old);
    expect(rejected.status).toBe(401);
    expect(readErrorEnvelope(rejected.json)?.message).toBe('Invalid or revoked API key.');
    expect((await get('/status', fresh)).status).toBe(200);
    expect((await get('/status')).status).toBe(200);
    demo.controls.revokeKey('admin');
    try {
      expect((await get('/status')).status).toBe(401);
      expect((await get('/status', fresh)).status).toBe(200);
    } finally {
      demo.controls.restoreKey();
    }
  });
});

describe('demo viewer key: events about hidden channels', () => {
  async function watch(profile: 'seed' | 'airwave'): Promise<string[]> {
    const demo = await startDemoServer({ port: 0, seed: 15, channels: 6, viewers: 0, churn: 0, profile });
    const stream = await openSse(`${demo.url}/api/public/v1/events?api_key=${demo.viewerKey}`);
    try {
      await stream.waitFor((e) => e.event === 'hello');
      demo.controls.startSession({ user: 'Hidden Hana', channelNumber: 102 });
      const seen = demo.controls.startSession({ user: 'Seen Sam', channelNumber: 101, platform: 'Roku' });
      demo.controls.tune(seen.id, 104); // from a channel it sees to one it does not
      demo.controls.startSession({ user: 'Last Lou', channelNumber: 103 });
      await stream.waitFor((e) => e.event === 'playback.started' && e.data.includes('Last Lou'));
      return stream.events
        .filter((e) => (e.event === 'session.started' || e.event === 'channel.tuned') && !e.data.includes('Last Lou'))
        .map((e) => `${e.event} ${(parseEventEnvelope(JSON.parse(e.data)).data as { user: string }).user}`);
    } finally {
      stream.close();
      await demo.close();
    }
  }

  it('airwave: the stream is not filtered by the key, so it carries viewers on hidden channels', async () => {
    expect(await watch('airwave')).toEqual(['session.started Hidden Hana', 'session.started Seen Sam', 'channel.tuned Seen Sam']);
  });

  it('seed: the stream carries only events about channels the key sees (a tune away still counts)', async () => {
    expect(await watch('seed')).toEqual(['session.started Seen Sam', 'channel.tuned Seen Sam']);
  });
});
