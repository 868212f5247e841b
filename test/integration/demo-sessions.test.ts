import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseNowPlaying, parseSessionCount, parseSessions } from '../../src/shared/airwave';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { demoGet } from '../support/demo-client';
import { ManualClock } from '../support/manual-clock';
import { openSse, type SseReader } from '../support/sse';

// Real-server session semantics in the airwave (and legacy) profile, on a manual clock: one
// session per (user, device); /sessions, /sessions/count and /now-playing list a session for 30 s
// after its last heartbeat; session.ended comes only after 60 s of silence.

const START = '2026-09-27T17:40:00.000Z';

describe('demo sessions as real servers keep them', () => {
  let clock: ManualClock;
  let demo: DemoServer;
  let get: ReturnType<typeof demoGet>;
  let stream: SseReader;
  beforeEach(async () => {
    clock = new ManualClock(START);
    demo = await startDemoServer({ port: 0, seed: 12, channels: 6, viewers: 0, churn: 0, clock, profile: 'airwave' });
    get = demoGet(demo);
    stream = await openSse(`${demo.url}/api/public/v1/events?types=session.started,session.ended,playback.stopped,playback.paused,channel.tuned`, {
      'x-api-key': demo.key,
    });
    await stream.waitFor((e) => e.event === 'hello');
  });
  afterEach(async () => {
    stream.close();
    await demo.close();
  });

  /** Whom /sessions, /sessions/count and /now-playing list (they must agree). */
  async function listed(): Promise<string[]> {
    const sessions = parseSessions((await get('/sessions')).json).sessions;
    expect(parseSessionCount((await get('/sessions/count')).json).count).toBe(sessions.length);
    expect(parseNowPlaying((await get('/now-playing')).json).nowPlaying.map((p) => p.user).sort()).toEqual(sessions.map((s) => s.user).sort());
    return sessions.map((s) => s.user).sort();
  }

  /** The stream's events so far, after making sure everything emitted up to now has arrived. */
  async function eventsSoFar(name: string): Promise<string[]> {
    const marker = `marker ${name}`;
    const other = demo.controls.startSession({ user: marker, channelNumber: 102, deviceId: `dev_${name}` });
    demo.controls.setPaused(other.id, true);
    const userOf = (data: string) => (JSON.parse(data) as { data?: { user?: string } }).data?.user;
    await stream.waitFor((e) => e.event === 'playback.paused' && userOf(e.data) === marker);
    return stream.events
      .filter((e) => e.event !== 'hello' && e.event !== 'keepalive' && !userOf(e.data)?.startsWith('marker '))
      .map((e) => e.event ?? 'message');
  }

  it('a device that drops out for 40 s stays one session: listed for 30 s, then not, then back, with no events', async () => {
    const james = demo.controls.startSession({ user: 'James', channelNumber: 101, deviceId: 'dev_tv', platform: 'Roku' });
    await stream.waitFor((e) => e.event === 'session.started');
    expect(demo.controls.dropOut(james.id, 40)).toBe(true);
    clock.advance(30_000);
    expect(await listed()).toEqual(['James']);
    clock.advance(1);
    expect(await listed()).toEqual([]);
    clock.advance(10_000);
    expect(await listed()).toEqual(['James']);
    expect(parseSessions((await get('/sessions')).json).sessions[0]?.id).toBe(james.id);
    clock.advance(120_000);
    expect(await eventsSoFar('marker')).toEqual(['session.started']);
  });

  it('a device silent for more than 60 s ends (session.ended at 60 s) and comes back as a new session', async () => {
    const james = demo.controls.startSession({ user: 'James', channelNumber: 101, deviceId: 'dev_tv', platform: 'Roku' });
    demo.controls.dropOut(james.id, 90);
    clock.advance(59_999);
    expect(await eventsSoFar('early')).toEqual(['session.started']);
    clock.advance(1);
    await stream.waitFor((e) => e.event === 'session.ended');
    expect(demo.controls.listSessions({ includeSilent: true }).map((s) => s.user)).toEqual(['marker early']);
    clock.advance(30_000);
    expect(await eventsSoFar('late')).toEqual(['session.started', 'session.ended', 'session.started']);
    const sessions = parseSessions((await get('/sessions')).json).sessions.filter((s) => s.user === 'James');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ deviceId: 'dev_tv', channel: { number: 101 } });
    expect(sessions[0]?.id).not.toBe(james.id);
  });

  it('a viewer who stops: playback.stopped at once, listed for 30 s, session.ended at 60 s', async () => {
    const james = demo.controls.startSession({ user: 'James', channelNumber: 101, deviceId: 'dev_tv', platform: 'Roku' });
    expect(demo.controls.endSession(james.id)).toBe(true);
    await stream.waitFor((e) => e.event === 'playback.stopped');
    expect(parseSessions((await get('/sessions')).json).sessions[0]).toMatchObject({ id: james.id, playbackState: 'idle' });
    clock.advance(30_001);
    expect(await listed()).toEqual([]);
    expect(await eventsSoFar('m1')).toEqual(['session.started', 'playback.stopped']);
    clock.advance(29_999);
    await stream.waitFor((e) => e.event === 'session.ended');
    expect(demo.controls.endSession(james.id)).toBe(false);
  });

  it('one session per (user, device): starting again continues it, a new channel is channel.tuned', async () => {
    const first = demo.controls.startSession({ user: 'James', channelNumber: 101, deviceId: 'dev_tv', platform: 'Roku' });
    const again = demo.controls.startSession({ user: 'James', channelNumber: 103, deviceId: 'dev_tv', platform: 'Roku' });
    const phone = demo.controls.startSession({ user: 'James', channelNumber: 101, deviceId: 'dev_phone' });
    expect(again.id).toBe(first.id);
    expect(again.channel?.number).toBe(103);
    expect(phone.id).not.toBe(first.id);
    expect(await eventsSoFar('m2')).toEqual(['session.started', 'channel.tuned', 'session.started']);
    expect(await listed()).toEqual(['James', 'James', 'marker m2']);
  });

  it('closing the demo cancels a pending return, even of a session already reaped', async () => {
    const james = demo.controls.startSession({ user: 'James', channelNumber: 101, deviceId: 'dev_tv', platform: 'Roku' });
    demo.controls.dropOut(james.id, 300);
    clock.advance(61_000);
    await stream.waitFor((e) => e.event === 'session.ended');
    stream.close();
    await demo.close();
    expect(clock.timerCount).toBe(0);
  });

  it('the legacy profile keeps the same semantics; the seed profile has no drop-outs', async () => {
    const legacy = await startDemoServer({ port: 0, seed: 12, channels: 3, viewers: 0, churn: 0, clock, profile: 'legacy' });
    const seed = await startDemoServer({ port: 0, seed: 12, channels: 3, viewers: 1, churn: 0, clock });
    try {
      const olu = legacy.controls.startSession({ user: 'Olu', channelNumber: 101 });
      legacy.controls.dropOut(olu.id, 45);
      clock.advance(35_000);
      expect(legacy.controls.listSessions()).toEqual([]);
      expect(parseSessionCount((await demoGet(legacy)('/sessions/count')).json).count).toBe(0);
      clock.advance(10_000);
      expect(legacy.controls.listSessions().map((s) => s.id)).toEqual([olu.id]);
      const [viewer] = seed.controls.listSessions();
      expect(() => seed.controls.dropOut(viewer!.id, 10)).toThrow(/airwave or legacy profile/);
    } finally {
      await Promise.all([legacy.close(), seed.close()]);
    }
  });
});

describe('demo viewers with churn on the airwave profile', () => {
  it('come, change channel, drop out and come back, and go, on the clock', async () => {
    const clock = new ManualClock(START);
    const demo = await startDemoServer({ port: 0, seed: 2, channels: 10, viewers: 2, churn: 12, clock, profile: 'airwave' });
    const stream = await openSse(`${demo.url}/api/public/v1/events`, { 'x-api-key': demo.key });
    try {
      await stream.waitFor((e) => e.event === 'hello');
      let droppedOut = 0;
      for (let step = 0; step < 6 * 180; step++) {
        clock.advance(20_000, 1_000);
        // silent but not stopped: a device that dropped out (a viewer who stopped is idle)
        const listed = new Set(demo.controls.listSessions().map((s) => s.id));
        droppedOut += demo.controls.listSessions({ includeSilent: true }).filter((s) => !listed.has(s.id) && s.playbackState !== 'idle').length;
      }
      demo.controls.startSession({ user: 'Marker', channelNumber: 101 });
      await stream.waitFor((e) => e.event === 'session.started' && e.data.includes('Marker'));
      const count = (type: string) => stream.events.filter((e) => e.event === type).length;
      expect(count('session.started')).toBeGreaterThan(30);
      expect(count('session.ended')).toBeGreaterThan(20);
      expect(count('channel.tuned')).toBeGreaterThan(5);
      expect(droppedOut).toBeGreaterThan(0);
    } finally {
      stream.close();
      await demo.close();
    }
    expect(clock.timerCount).toBe(0);
  });
});
