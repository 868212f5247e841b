import { describe, expect, it } from 'vitest';
import { delta, sleep, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';
import { startHostileServer, type HostileServer } from '../support/hostile-server';
import { LIMITS } from '../../src/main/core/sync/schedules';
import { DEFAULT_TUNING } from '../../src/main/core/sync/config';

// Issue 14 items 1 and 3 through the whole core: the core follows the demo through a hostile proxy
// on one manual clock, and the requests are counted at the demo per simulated minute or hour.
// Every schedule keeps its floor and ceiling; one 401 no longer stops everything for good.

const core = useCoreHarness();
let h: CoreHarness | null = null;
let hostile: HostileServer | null = null;

const MIN = 60_000;
const state = () => h!.app.store.state;

async function setUp(options: { sse?: boolean; pollSeconds?: number } = {}) {
  h = await core.start({ demo: { sse: options.sse ?? true, viewers: 2 }, pollSeconds: options.pollSeconds });
  hostile = core.closeAfter(await startHostileServer(h.demo, { now: () => h!.clock.now() }));
  await h.connect(hostile.url);
  expect(state().nowPlaying.data).toHaveLength(2);
}

/** Requests the demo served during `run`, by path. */
async function counted(run: () => Promise<void>): Promise<Record<string, number>> {
  const before = h!.apiRequests();
  await run();
  return delta(h!.apiRequests(), before);
}

describe('one unreadable programme time', () => {
  it('costs only that programme: On now stays current for every other channel, and the log says once what was left out', async () => {
    const lines: string[] = [];
    h = await core.start({ demo: { sse: false, viewers: 2 }, app: { log: (line) => lines.push(line) } });
    hostile = core.closeAfter(await startHostileServer(h.demo, { now: () => h!.clock.now() }));
    await h.connect(hostile.url);
    await hostile.setMode('bad-time', /\/guide\/now$/);
    const before = state().onNow.updatedAt;
    await h.app.handlers.refresh({});
    await h.until(() => state().onNow.updatedAt !== before, { stepMs: 1_000, maxSteps: 120, what: 'On now read again' });
    const onNow = state().onNow;
    expect(onNow.error).toBeNull();
    const rows = onNow.data!.channels;
    expect(rows).toHaveLength(h.demo.controls.listChannels().length);
    expect(rows[0]!.now).toBeNull(); // the unreadable programme, and only it
    expect(rows.slice(1).filter((row) => row.now !== null).length).toBeGreaterThan(0);
    expect(onNow.data!.unreadable).toMatchObject({ count: 1 });
    // later answers with the same damage are not logged again
    const updated = state().onNow.updatedAt;
    await h.step(10_000);
    await h.app.handlers.refresh({});
    await h.until(() => state().onNow.updatedAt !== updated, { stepMs: 1_000, maxSteps: 120, what: 'On now read once more' });
    expect(lines.filter((line) => line.includes('could not be read')).length).toBe(1);
    expect(lines.find((line) => line.includes('could not be read'))).toMatch(/GET \/guide\/now: 1 value could not be read \(left out, or read as unknown\): channels\[0\]\.now: startsAt: expected an ISO-8601 time/);
  });
});

describe('every schedule has a floor and a ceiling', () => {
  // (polling: with the clock moving a minute at a time the event stream's silence watchdog would
  // reconnect, and every reconnect rightly reads /guide/now again)
  it('a programme ending in 2099: /guide/now is still asked every 30 minutes, not never and not in a loop', async () => {
    await setUp({ sse: false });
    await hostile!.setMode('ends-2099', /\/guide\/now$/);
    h!.app.setPopoverOpen(true);
    await h!.step(1_000);
    const requests = await counted(() => h!.runFor(3 * 60 * MIN, MIN));
    console.log(`programme ending in 2099, 3 simulated hours: /guide/now ${requests['/guide/now'] ?? 0}`);
    expect(requests['/guide/now']).toBeGreaterThanOrEqual(5);
    expect(requests['/guide/now']).toBeLessThanOrEqual(7);
  });

  it('a server whose programmes always end at once: /guide/now once a minute while open (it was every 5 s, the floor)', async () => {
    await setUp({ sse: false });
    await hostile!.setMode('ends-soon', /\/guide\/now$/);
    await h!.step(31_000); // the popover opening on a guide this old reads it again
    h!.app.setPopoverOpen(true);
    await h!.step(1_000);
    const requests = await counted(() => h!.runFor(5 * MIN, 1_000));
    const perMinute = (requests['/guide/now'] ?? 0) / 5;
    console.log(`programmes ending 100 ms after each answer: /guide/now ${perMinute} a minute`);
    // every channel runs past what it holds at once: asked again once per open interval, not at the 5 s floor
    expect(perMinute).toBeLessThanOrEqual(MIN / DEFAULT_TUNING.guideNowOpenMs + 0.2);
    expect(perMinute).toBeGreaterThanOrEqual(MIN / DEFAULT_TUNING.guideNowOpenMs - 0.2); // still followed
  });

  it("a refused stream's Retry-After of 30 minutes is honoured through the client (not cut to 5), and 100000000 s waits at most an hour", async () => {
    await setUp();
    const from = h!.clock.now();
    await hostile!.setMode('retry-after-30m', /\/events/);
    const streams = () => hostile!.requests['/events'] ?? 0;
    // the open stream is dropped and its reconnect refused at once; then the server's 30 minutes hold
    await h!.runFor(2 * MIN, 5_000);
    const asked = streams();
    await h!.runFor(26 * MIN, 30_000);
    expect(streams()).toBe(asked); // the client used to cut the server's 30 minutes to 5
    await h!.until(() => streams() > asked, { what: 'the stream tried again', stepMs: 30_000, maxSteps: 10 });
    expect(h!.clock.now() - from).toBeGreaterThanOrEqual(30 * MIN);
    expect(h!.clock.now() - from).toBeLessThanOrEqual(31 * MIN);

    await hostile!.setMode('retry-after-huge', /\/events/);
    await h!.runFor(2 * MIN, 5_000);
    const hugeAt = h!.clock.now();
    const before = streams();
    await h!.until(() => streams() > before, { what: 'the stream tried again within the hour', stepMs: 60_000, maxSteps: 62 });
    expect(h!.clock.now() - hugeAt).toBeLessThanOrEqual(LIMITS.streamRetry.max);
  });

  it('Retry-After: 100000000 through the whole core waits at most 5 minutes', async () => {
    await setUp();
    await hostile!.setMode('retry-after-huge');
    await h!.app.handlers.refresh({});
    await h!.until(() => state().connection.state === 'offline', { what: 'offline', stepMs: 200, maxSteps: 60 });
    const wait = state().connection.nextRetryAt! - h!.clock.now();
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(5 * MIN);
    await hostile!.setMode('ok');
    await h!.until(() => state().connection.state === 'live', { what: 'live again', stepMs: 10_000, maxSteps: 32 });
  });

  it('a poll interval set to 0 is held back: at most 20 counts in any simulated minute', async () => {
    await setUp({ sse: false, pollSeconds: 5 });
    h!.app.engine.setPollSeconds(0);
    // half-second steps, each given just enough real time for loopback answers (the harness's
    // settle would wait out every held request)
    const perMinute: number[] = [];
    for (let minute = 0; minute < 3; minute++) {
      const requests = await counted(async () => {
        for (let i = 0; i < 120; i++) {
          h!.clock.advance(500);
          await sleep(10); // enough for a loopback answer on a loaded 2-core machine, so none lands in the next minute
        }
      });
      perMinute.push(requests['/sessions/count'] ?? 0);
    }
    console.log(`poll interval 0: /sessions/count per simulated minute ${perMinute.join(', ')}`);
    // counted where they land: one started in the last moment of a minute may land in the next,
    // so a minute may show 21 but three minutes together never more than 3 × 20 (+ that one)
    expect(Math.max(...perMinute)).toBeLessThanOrEqual(21);
    expect(perMinute.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(61);
    expect(Math.min(...perMinute)).toBeGreaterThanOrEqual(15); // held to the budget, not stopped
  });
});

describe('Refresh', () => {
  it("is the user's own action for the governor; the schedules' requests are background", async () => {
    await setUp({ sse: false, pollSeconds: 5 });
    const client = h!.app.engine.client!;
    const seen: { path: string; user: boolean }[] = [];
    const original = client.sessionCount;
    client.sessionCount = (options) => {
      seen.push({ path: '/sessions/count', user: options?.user === true });
      return original(options);
    };
    await h!.step(5_000); // a scheduled poll
    await h!.app.handlers.refresh({});
    await h!.step(10);
    expect(seen).toEqual([
      { path: '/sessions/count', user: false },
      { path: '/sessions/count', user: true },
    ]);
  });
});

describe('a 401', () => {
  it("a proxy's HTML 401 is the way there in trouble: backs off, retries, says so, recovers", async () => {
    await setUp();
    await hostile!.setMode('proxy-401');
    await h!.app.handlers.refresh({});
    await h!.until(() => state().connection.state === 'offline', { what: 'offline', stepMs: 200, maxSteps: 60 });
    expect(state().connection.message).toMatch(/proxy or login page, not Airwave itself.*HTTP 401; trying again/);
    expect(state().connection.nextRetryAt).not.toBeNull();
    // it keeps trying, with backoff (the proxy answers, so the attempts are counted, not the demo's requests)
    const attemptBefore = state().connection.attempt;
    await h!.runFor(10 * MIN, 5_000);
    expect(state().connection.state).toBe('offline');
    expect(state().connection.attempt - attemptBefore).toBeGreaterThanOrEqual(3);
    expect(state().connection.attempt - attemptBefore).toBeLessThanOrEqual(10);
    await hostile!.setMode('ok');
    await h!.until(() => state().connection.state === 'live', { what: 'live again', stepMs: 10_000, maxSteps: 32 });
  });

  it('a real rejection stops normal traffic, re-checks every 10 minutes with one count, and recovers by itself', async () => {
    await setUp();
    h!.demo.controls.revokeKey();
    await h!.app.handlers.refresh({});
    await h!.until(() => state().connection.state === 'unauthorized', { what: 'unauthorized', stepMs: 200, maxSteps: 60 });
    // the key had worked in this run: refused now, with when it last worked, never "wrong key" (issue 33)
    expect(state().connection.message).toMatch(/^The API key worked until [^ ]+( [AP]M)? and is refused now: it was regenerated, revoked or limited by the server\./);
    // the alert reads the same rule from this (features-health.test.ts pins its words)
    expect(state().connection.keyWorked?.until).toEqual(expect.any(Number));
    expect(state().connection.message).not.toMatch(/wrong|rejected/i);
    expect(state().connection.message).toMatch(/paste it in Settings \(Fix the key\)/);
    expect(h!.app.engine.pendingJobs).toEqual(['key-recheck']);
    // the tray does not show the old count as current
    expect(h!.app.trayView.tooltip).toMatch(/2 watching as of .* \(not current\)/);
    expect(h!.app.trayView.icon).toBe('key-problem');
    const requests = await counted(() => h!.runFor(3 * 60 * MIN, MIN));
    console.log(`rejected key, 3 simulated hours: ${JSON.stringify(requests)}`);
    // one count every 10 minutes, nothing else
    expect(requests).toEqual({ '/sessions/count': 18 });
    // the network comes back: one check at once
    const online = await counted(async () => {
      h!.app.networkOnline();
      await h!.step(100);
    });
    expect(online).toEqual({ '/sessions/count': 1 });
    // and on wake: one check, not a reconnect
    h!.app.suspend();
    await h!.step(60 * MIN);
    const wake = await counted(async () => {
      h!.app.resume();
      await h!.step(100);
    });
    expect(wake).toEqual({ '/sessions/count': 1 });
    expect(state().connection.state).toBe('unauthorized');
    // the key works again in Airwave: back within one check, without the user
    h!.demo.controls.restoreKey();
    await h!.until(() => state().connection.state === 'live', { what: 'live again', stepMs: MIN, maxSteps: 11 });
    expect(h!.app.trayView.tooltip).not.toMatch(/not current/);
  });

  it('a key that never worked is told apart from one that stopped working', async () => {
    await setUp();
    h!.app.engine.start({ server: hostile!.url, apiKey: 'airwave_never_worked_0000', authStyle: 'x-api-key', pollSeconds: 15 });
    await h!.until(() => state().connection.state === 'unauthorized', { what: 'unauthorized', stepMs: 200, maxSteps: 60 });
    expect(state().connection.message).toMatch(/^The server rejected the API key\. Copy it from Airwave under “Settings → API Keys”/);
    expect(state().connection.message).not.toMatch(/regenerated/);
  });
});
