import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, expect, it } from 'vitest';
import { inQuietHours } from '../../src/main/core/viewers/notify-policy';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { startHostileServer, type HostileServer } from '../support/hostile-server';

/**
 * Soak: 24 simulated hours of demo churn on the manual clock, with the server restarting twice,
 * the network dropping once and one suspend/resume. Every viewer who started while the app was
 * following (and outside quiet hours) is announced exactly once; nobody else is. Timers and
 * sockets come back to their steady numbers, and the heap does not grow.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const STEP = 10_000;
const QUIET = { start: '02:00', end: '06:00' };

// a GC on demand, for heap figures that mean something
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let h: CoreHarness | null = null;
let hostile: HostileServer | null = null;
const demos: DemoServer[] = [];
afterAll(async () => {
  await hostile?.close();
  await h?.close();
  for (const demo of demos) await demo.close();
});

const utcMinute = (ms: number) => Math.floor((ms % (24 * HOUR)) / MIN);
const sockets = () => process.getActiveResourcesInfo().filter((kind) => kind === 'TCPSocketWrap').length;

it('follows 24 hours of churn, restarts, a network drop and a suspend without a duplicate or a miss', { timeout: 300_000 }, async () => {
  const demoOptions = { seed: 99, channels: 16, viewers: 3, churn: 10 };
  h = await startCoreHarness({ demo: demoOptions, app: { minuteOfDay: utcMinute } });
  h.settings.update({ notifications: { quietHours: QUIET } }, h.clock.now());
  hostile = await startHostileServer(h.demo);
  await h.connect(hostile.url);
  const port = h.demo.port;
  const key = h.demo.key; // a restarted server keeps its key
  let demo = h.demo;
  const begin = h.clock.now();

  // What really happened on the server, and when the app could have known.
  const seen = new Set<string>(demo.controls.listSessions().map((s) => s.id)); // watching at start: baseline
  const expected = new Map<string, number>(); // session id → started at
  // starts right after a reconnect or at a quiet-hours edge may go either way (baseline timing)
  const either = new Set<string>();
  let following = true; // false while the server is down, the network is out, or the computer sleeps
  const followingSince = { at: begin };

  // What the app announced: the viewers each notification says it is about (a start is said at
  // once, or in the follow-up up to 10 s after the update that brought it).
  const announced: string[] = [];
  h.app.onNotification((request) => {
    if (request.subject?.kind === 'viewers') announced.push(...request.subject.keys.map((key) => key.replace(/^session:/, '')));
  });

  const observe = () => {
    for (const session of demo.controls.listSessions()) {
      if (seen.has(session.id)) continue;
      seen.add(session.id);
      // a start counts when the app was following, had settled back in (a resync after a
      // reconnect takes it as a baseline) and it was outside quiet hours
      const now = h!.clock.now();
      const settled = now - followingSince.at > 2 * MIN;
      const quiet = inQuietHours(QUIET, utcMinute(now));
      const nearQuietEdge = quiet !== inQuietHours(QUIET, utcMinute(now - MIN)) || quiet !== inQuietHours(QUIET, utcMinute(now + MIN));
      // a viewer on a channel with nothing on is watching too (issue 33): counted and announced like any other
      if (!following) continue;
      if (!settled || nearQuietEdge) either.add(session.id);
      else if (!quiet) expected.set(session.id, now);
    }
  };
  // started while the app was not looking: they may be announced once, in a while-away summary
  const gapStarts = () => {
    for (const session of demo.controls.listSessions()) {
      if (seen.has(session.id)) continue;
      seen.add(session.id);
      either.add(session.id);
    }
  };
  const outage = async (what: string, start: () => Promise<void>, end: () => Promise<void>, length: number) => {
    following = false;
    await start();
    for (let t = 0; t < length; t += STEP) {
      await h!.step(STEP);
      gapStarts();
    }
    await end();
    await h!.until(() => ['live', 'polling'].includes(h!.app.store.state.connection.state), { what: `back after ${what}`, stepMs: 5_000, maxSteps: 120 });
    // the new baseline, except who started during the gap (a restarted server's viewers too): at most one summary
    gapStarts();
    following = true;
    followingSince.at = h!.clock.now();
  };

  let steady: { timers: number; sockets: number; heap: number } | null = null;
  const restart = (what: string, seed: number, length: number) =>
    outage(
      what,
      () => demo.close(),
      async () => {
        demo = await startDemoServer({ ...demoOptions, seed, apiKey: key, port, clock: h!.clock });
        demos.push(demo);
      },
      length,
    );
  const disturbances = [
    { at: 6 * HOUR, run: () => restart('a server restart', 100, 3 * MIN) },
    { at: 11 * HOUR, run: () => outage('a network drop', () => hostile!.setMode('refuse'), () => hostile!.setMode('ok'), 12 * MIN) },
    { at: 15 * HOUR, run: () => restart('a second restart', 101, 5 * MIN) },
    {
      at: 20 * HOUR,
      run: () =>
        outage(
          'sleep',
          async () => h!.app.suspend(),
          async () => h!.app.resume(),
          45 * MIN,
        ),
    },
  ];

  while (h.clock.now() - begin < 24 * HOUR) {
    const elapsed = h.clock.now() - begin;
    const next = disturbances[0];
    if (next && elapsed >= next.at) {
      disturbances.shift();
      await next.run();
      continue;
    }
    await h.step(STEP);
    observe();
    if (!steady && elapsed >= HOUR) {
      gc();
      steady = { timers: h.clock.timerCount, sockets: sockets(), heap: process.memoryUsage().heapUsed };
    }
  }
  await h.step(STEP); // let the last events land
  gc();
  const end = { timers: h.clock.timerCount, sockets: sockets(), heap: process.memoryUsage().heapUsed };

  // Every real start announced once; nothing else announced.
  const duplicates = announced.filter((id, i) => announced.indexOf(id) !== i);
  expect(duplicates).toEqual([]);
  const missed = [...expected.keys()].filter((id) => !announced.includes(id));
  expect(missed).toEqual([]);
  const unexpected = announced.filter((id) => !expected.has(id) && !either.has(id));
  expect(unexpected).toEqual([]);
  expect(expected.size).toBeGreaterThan(100); // the day really had churn in it

  // Back to steady: the same timers (one per job), the same sockets, no heap growth.
  expect(end.timers).toBeLessThanOrEqual(steady!.timers + 1);
  expect(end.sockets).toBeLessThanOrEqual(steady!.sockets + 1);
  expect(end.heap - steady!.heap).toBeLessThan(5 * 1024 * 1024);
  expect(new Set(h.app.engine.pendingJobs).size).toBe(h.app.engine.pendingJobs.length);
  console.log(
    `soak: ${expected.size} starts announced once each, heap ${((end.heap - steady!.heap) / 1024 / 1024).toFixed(2)} MB after the first hour, ` +
      `timers ${steady!.timers} → ${end.timers}, sockets ${steady!.sockets} → ${end.sockets}`,
  );
});
