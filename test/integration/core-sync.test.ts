import { afterEach, describe, expect, it } from 'vitest';
import { GATHER_MS } from '../../src/main/core/notifications/storms';
import { DEFAULT_TUNING } from '../../src/main/core/sync/config';
import { changedChannels, nextChange } from '../../src/main/core/sync/on-now';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { delta, onAirChannel, startCoreHarness, total, type CoreHarness } from '../support/core-harness';

/**
 * The core following the demo server over real HTTP on loopback, with one fake clock for both.
 * Every wait steps the fake clock a bounded number of times.
 */

let h: CoreHarness | null = null;
const extra: DemoServer[] = [];
afterEach(async () => {
  await h?.close();
  h = null;
  await Promise.all(extra.splice(0).map((demo) => demo.close()));
});

const badge = () => h!.app.trayView.badge;
const state = () => h!.app.store.state;
describe.each([
  { mode: 'event stream', sse: true, connection: 'live' },
  { mode: 'polling', sse: false, connection: 'polling' },
])('following the demo server ($mode)', ({ sse, connection }) => {
  it('moves the badge 2 → 3 → 2 and announces the new viewer exactly once', async () => {
    h = await startCoreHarness({ demo: { sse } });
    await h.connect();
    expect(state().connection.state).toBe(connection);
    expect(badge()).toBe(2);
    expect(h.notifications).toEqual([]); // the viewers already watching at start-up are the baseline

    const session = h.demo.controls.startSession({ user: 'James', channelNumber: onAirChannel(h.demo), platform: 'tvOS', model: 'Apple TV 4K' });
    await h.until(() => badge() === 3, { what: 'badge 3', stepMs: 100 });
    await h.runFor(30_000);
    expect(h.notifications).toHaveLength(1);
    expect(h.notifications[0]!.title).toMatch(/^James started watching /);
    expect(h.notifications[0]!.body).toContain('Apple TV 4K');
    expect(h.notifications[0]!.target).toEqual({ view: 'watching', viewer: `session:${session.id}` });

    h.demo.controls.endSession(session.id);
    await h.until(() => badge() === 2, { what: 'badge back to 2', stepMs: 100 });
    await h.runFor(30_000);
    expect(h.notifications).toHaveLength(1);
  });

  it('turns a burst of five new viewers into one summary', async () => {
    h = await startCoreHarness({ demo: { sse } });
    await h.connect();
    for (let i = 0; i < 5; i++) h.demo.controls.startSession({ user: `Guest ${i}`, channelNumber: onAirChannel(h.demo, i % 3) });
    await h.until(() => badge() === 7, { what: 'badge 7', stepMs: 200 });
    await h.runFor(20_000);
    expect(h.notifications).toHaveLength(1);
    expect(h.notifications[0]!.title).toBe('Guest 0, Guest 1 and 3 others started watching');
  });
});

describe('the sync engine', () => {
  it('takes the first state after a forced reconnect as a baseline, not news', async () => {
    h = await startCoreHarness();
    await h.connect();
    const epoch = state().viewerEpoch;
    // The stream is cut and a viewer starts while we are away.
    h.demo.controls.setSse(false);
    h.demo.controls.startSession({ user: 'Hannah', channelNumber: onAirChannel(h.demo) });
    await h.until(() => state().viewerEpoch > epoch && badge() === 3, { what: 'resync after the cut', stepMs: 500 });
    expect(state().connection.state).toBe('polling');
    expect(h.notifications).toEqual([]);
    // Someone starting after the reconnect is news again.
    h.demo.controls.startSession({ user: 'Olu', channelNumber: onAirChannel(h.demo) });
    await h.until(() => badge() === 4, { what: 'badge 4', stepMs: 1_000 });
    const olu = [expect.stringMatching(/^Olu started watching/)];
    expect(h.notifications.map((n) => n.title)).toEqual(olu); // told as soon as the app knows
    await h.runFor(GATHER_MS); // and nothing follows when the window it opened ends (notifications/storms.ts)
    expect(h.notifications.map((n) => n.title)).toEqual(olu);
  });

  it('catches up within one status check (5 min) when a live event was lost', async () => {
    h = await startCoreHarness();
    await h.connect();
    h.demo.controls.dropEvents(true);
    h.demo.controls.startSession({ user: 'Missed', channelNumber: onAirChannel(h.demo) });
    await h.runFor(60_000, 5_000);
    expect(badge()).toBe(2); // the event never arrived
    await h.until(() => badge() === 3, { what: 'the status check to notice', stepMs: 5_000, maxSteps: 60 });
    expect(state().connection.state).toBe('live');
    const missed = [expect.stringMatching(/^Missed started watching/)];
    expect(h.notifications.map((n) => n.title)).toEqual(missed); // told at the check that found them
    await h.runFor(GATHER_MS); // and nothing follows when the window it opened ends (notifications/storms.ts)
    expect(h.notifications.map((n) => n.title)).toEqual(missed);
  });

  it('costs two requests for a start while live (events are signals: /now-playing and /sessions hold the records), one for an end, and nothing more at the next status check', async () => {
    h = await startCoreHarness();
    await h.connect();
    const before = h.apiRequests();
    const session = h.demo.controls.startSession({ user: 'Kai', channelNumber: onAirChannel(h.demo) });
    await h.until(() => badge() === 3, { what: 'badge 3', stepMs: 100 });
    h.demo.controls.endSession(session.id);
    await h.until(() => badge() === 2, { what: 'badge 2', stepMs: 100 });
    await h.runFor(6 * 60_000, 5_000); // past the next status check
    const spent = delta(h.apiRequests(), before);
    expect(spent['/now-playing']).toBe(2);
    expect(spent['/sessions']).toBe(1); // the end is placed by its session id: only /now-playing
    expect(spent['/sessions/count'] ?? 0).toBe(0);
  });

  it('a programme that ends shows the held next at once, with no request', async () => {
    h = await startCoreHarness();
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(DEFAULT_TUNING.guideNowOpenMs, 5_000); // past the open interval: only programme ends can cause a fetch now
    const held = state().onNow.data!;
    const boundary = nextChange(held, h.clock.now())!;
    const ending = held.channels.find((row) => row.now && Date.parse(row.now.endsAt) === boundary && row.next)!;
    expect(ending).toBeDefined();
    const before = h.apiRequests()['/guide/now'] ?? 0;
    await h.runFor(boundary - h.clock.now() + 500, 1_000);
    const row = state().onNow.data!.channels.find((r) => r.id === ending.id)!;
    expect(row.now?.startsAt).toBe(ending.next!.startsAt); // next became now…
    expect(h.apiRequests()['/guide/now'] ?? 0).toBe(before); // …without asking the server, unless a channel ran out
  });

  it('open, the server is asked once when the first channel would lose its "next" or run past what it holds, never before; no past programme is shown meanwhile', async () => {
    h = await startCoreHarness();
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(DEFAULT_TUNING.guideNowOpenMs, 5_000);
    const held = state().onNow.data!;
    const lastEnd = (r: (typeof held.channels)[number]) => Date.parse((r.next ?? r.now)!.endsAt);
    // the first row to lose its next (its now ends) or to run out (the end of its last held programme)
    const moves = (r: (typeof held.channels)[number]) => (r.next ? (r.now ? Date.parse(r.now.endsAt) : Date.parse(r.next.startsAt)) : lastEnd(r));
    const first = held.channels.filter((r) => r.now || r.next).reduce((a, r) => (moves(r) < moves(a) ? r : a));
    const due = Math.max(moves(first), state().onNow.updatedAt! + DEFAULT_TUNING.guideNowOpenMs);
    const before = h.apiRequests()['/guide/now'] ?? 0;
    // up to just before it is due: not asked, and no row shows a programme that has ended
    while (h.clock.now() < due - 1_500) {
      await h.step(Math.min(5_000, due - 1_500 - h.clock.now()));
      for (const row of state().onNow.data!.channels) expect(row.now === null || Date.parse(row.now.endsAt) > h.clock.now()).toBe(true);
    }
    expect((h.apiRequests()['/guide/now'] ?? 0) - before).toBe(0);
    // then one /guide/now (within the jitter) brings the row its next again
    await h.runFor(1_500 + DEFAULT_TUNING.guideNowJitterMs + 1_000, 500);
    expect((h.apiRequests()['/guide/now'] ?? 0) - before).toBe(1);
    const fresh = state().onNow.data!.channels.find((r) => r.id === first.id)!;
    expect(fresh.now === null || Date.parse(fresh.now.endsAt) > h.clock.now()).toBe(true);
    expect(fresh.next).not.toBeNull();
  });

  it('a burst of programme ends across 600 channels costs at most one /guide/now a minute while open, and the viewers only when theirs changed', async () => {
    h = await startCoreHarness({ demo: { channels: 600, viewers: 2 } });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(DEFAULT_TUNING.guideNowOpenMs, 5_000);
    const before = h.apiRequests();
    let ends = 0;
    let last = state().onNow.data;
    const minutes = 60;
    for (let i = 0; i < minutes * 4; i++) {
      await h.step(15_000);
      const rows = state().onNow.data!;
      if (rows !== last) ends += changedChannels(last, rows).size;
      last = rows;
    }
    const spent = delta(h.apiRequests(), before);
    console.log(`600 channels, ${minutes} simulated minutes open: ${ends} programmes on now changed, /guide/now ${spent['/guide/now'] ?? 0}, /now-playing ${spent['/now-playing'] ?? 0}`);
    expect(ends).toBeGreaterThan(100); // programmes really ended all the time
    expect(spent['/guide/now'] ?? 0).toBeLessThanOrEqual(minutes + 1);
    expect(spent['/guide/now'] ?? 0).toBeGreaterThanOrEqual(1); // still followed when channels run out
    // two viewers on two channels: far fewer viewer refreshes than programme ends
    expect(spent['/now-playing'] ?? 0).toBeLessThanOrEqual(2 * minutes);
  });

  it('backs off while the server is down and is live again once it returns', async () => {
    h = await startCoreHarness();
    await h.connect();
    // A stream that lived a while and then ends is retried at once (one that dies young backs off).
    await h.runFor(60_000, 5_000);
    const port = h.demo.port;
    await h.demo.close();
    const delays: number[] = [];
    // The stream ends; the reconnects fail and each waits about twice as long as the one before.
    for (let attempt = 1; attempt <= 9; attempt++) {
      await h.until(() => state().connection.state === 'offline' && state().connection.attempt === attempt, {
        what: `attempt ${attempt}`,
        stepMs: 50,
        maxSteps: 40,
      });
      const { nextRetryAt, message } = state().connection;
      expect(message).toMatch(/reach|connect|refused/i);
      delays.push(nextRetryAt! - h.clock.now());
      await h.step(nextRetryAt! - h.clock.now());
    }
    // random() is 0.5 here, so the jitter factor is exactly 1: 2 s doubling to the 5 min cap.
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000]);
    expect(state().nowPlaying.data).toHaveLength(2); // the last good data stays
    const lastGood = state().nowPlaying.updatedAt!;
    expect(lastGood).toBeLessThan(h.clock.now() - 10 * 60_000); // ...and its age says it is stale

    const back = await startDemoServer({ port, seed: 21, channels: 8, viewers: 2, churn: 0, clock: h.clock });
    extra.push(back);
    await h.step(state().connection.nextRetryAt! - h.clock.now());
    await h.until(() => state().connection.state === 'live', { what: 'live again', maxSteps: 40 });
    expect(state().connection.attempt).toBe(0);
    expect(state().nowPlaying.updatedAt).toBeGreaterThan(lastGood);
    expect(state().nowPlaying.error).toBeNull();
    // nobody is announced; only the health alerts speak: unreachable for 5 minutes, then back
    expect(h.notifications.map((n) => n.id.replace(/(-[^-]+){2}$/, ''))).toEqual(['health-unreachable', 'health-back']);
  });

  it('stops normal traffic when the key is rejected: one count every 10 minutes checks whether it works again', async () => {
    h = await startCoreHarness({ demo: { sse: false } });
    await h.connect();
    h.demo.controls.revokeKey();
    await h.until(() => state().connection.state === 'unauthorized', { what: 'unauthorized', stepMs: 1_000, maxSteps: 30 });
    expect(h.app.engine.pendingJobs).toEqual(['key-recheck']);
    const before = h.apiRequests();
    await h.runFor(60 * 60_000, 60_000);
    const requests = delta(h.apiRequests(), before);
    expect(Object.keys(requests)).toEqual(['/sessions/count']);
    expect(requests['/sessions/count']).toBeGreaterThanOrEqual(5);
    expect(requests['/sessions/count']).toBeLessThanOrEqual(6);
    expect(h.app.trayView.icon).toBe('key-problem');
  });

  it('goes quiet on suspend and resynchronises on resume', async () => {
    h = await startCoreHarness();
    await h.connect();
    h.app.suspend();
    await h.step(10);
    expect(h.app.engine.pendingJobs).toEqual([]);
    expect(h.app.engine.streamOpen).toBe(false);
    expect(state().connection.suspended).toBe(true);
    h.demo.controls.startSession({ user: 'Ava', channelNumber: onAirChannel(h.demo) });
    const before = h.apiRequests();
    await h.runFor(2 * 60 * 60_000, 60_000);
    expect(delta(h.apiRequests(), before)).toEqual({});
    const epoch = state().viewerEpoch;
    h.app.resume();
    await h.until(() => state().connection.state === 'live' && state().viewerEpoch > epoch, { what: 'live after resume' });
    expect(badge()).toBe(3);
    // who started while we slept is announced once, as a while-away summary (the others are baseline)
    expect(h.notifications.map((n) => n.title)).toEqual([expect.stringMatching(/^While you were away, Ava started watching/)]);
    await h.runFor(60_000, 5_000);
    expect(h.notifications).toHaveLength(1);
    expect(new Set(h.app.engine.pendingJobs).size).toBe(h.app.engine.pendingJobs.length);
  });
});

describe('requests per simulated hour (idle, popover closed)', () => {
  it.each([
    { mode: 'event stream', sse: true, limit: 24 },
    { mode: 'polling every 20 s (the default)', sse: false, limit: 200 },
  ])('$mode', async ({ mode, sse, limit }) => {
    h = await startCoreHarness({ demo: { sse } });
    await h.connect();
    const before = h.apiRequests();
    await h.runFor(60 * 60_000, 5_000);
    const hour = delta(h.apiRequests(), before);
    console.log(`requests per hour, ${mode}: ${total(hour)} ${JSON.stringify(hour)}`);
    expect(total(hour)).toBeLessThanOrEqual(limit);
    // Live, nothing polls: /status every 5 min is the safety net. Polling, the count every 20 s:
    // with the rest, fewer than Home Assistant's 240 requests an hour.
    if (sse) expect(hour['/sessions/count'] ?? 0).toBe(0);
    else expect(hour['/sessions/count']).toBeGreaterThanOrEqual(179);
    expect(hour['/status']).toBeLessThanOrEqual(13);
    // Nobody started or stopped: the viewer list is not refetched.
    expect(hour['/now-playing'] ?? 0).toBe(0);
  });
});
