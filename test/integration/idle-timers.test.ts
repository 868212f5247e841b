/**
 * A closed app costs the same whatever the size of the server (issue 40): with the popover closed,
 * the core following a demo server arms about as many timers at 3,000 channels as at 50, live and
 * polling. Before, the held On now rows moved on at every programme end with the popover closed
 * too: one timer per programme end, about one a second at 3,000 channels. Timers are counted
 * through the core's clock (the demo server's own timers are not counted).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/main/common/clock';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { ManualClock } from '../support/manual-clock';

/** Simulated time counted, after a minute to settle in. */
const WINDOW_MS = 60 * 60_000;
const STEP_MS = 10_000;

let h: CoreHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Timers the core arms in WINDOW_MS of a closed app following `channels` channels. */
async function closedApp(channels: number, sse: boolean): Promise<{ armed: number; onNowChanges: number }> {
  const manual = new ManualClock();
  let counting = false;
  let armed = 0;
  const counted: Clock = {
    now: () => manual.now(),
    monotonic: () => manual.monotonic(),
    setTimeout: (fn, ms) => {
      if (counting) armed++;
      return manual.setTimeout(fn, ms);
    },
  };
  h = await startCoreHarness({ clock: manual, demo: { channels, viewers: 3, churn: 0, sse }, app: { clock: counted } });
  await h.connect();
  expect(h.app.store.state.connection.state).toBe(sse ? 'live' : 'polling');
  await h.runFor(60_000, STEP_MS);
  expect(h.app.store.state.onNow.data?.channels.length).toBe(channels);
  let onNowChanges = 0;
  const off = h.app.store.subscribe((_state, changed) => void (changed.has('onNow') && counting && onNowChanges++));
  counting = true;
  await h.runFor(WINDOW_MS, STEP_MS);
  counting = false;
  off();
  await h.close();
  h = null;
  return { armed, onNowChanges };
}

describe('a closed app', () => {
  for (const sse of [true, false]) {
    it(`arms as many timers at 3,000 channels as at 50 (${sse ? 'live' : 'polling'})`, { timeout: 240_000 }, async () => {
      const small = await closedApp(50, sse);
      const large = await closedApp(3000, sse);
      console.log(`${sse ? 'live' : 'polling'}, ${WINDOW_MS / 60_000} simulated minutes: timers armed ${small.armed} at 50 channels, ${large.armed} at 3,000; On now changed ${small.onNowChanges} and ${large.onNowChanges} times`);
      // Following each programme end (the demo's fall on a 30 s grid: every 30 s somewhere among
      // 3,000 channels) armed ~35 more an hour at 3,000 than at 50; now the difference is the
      // tray's few rows, whose programmes end at other moments.
      expect(large.armed).toBeLessThanOrEqual(small.armed + 6);
      // the schedules themselves: status, /guide/now, the tray's rows, the count poll (polling), the stream watchdog (live)
      expect(large.armed).toBeLessThanOrEqual(360);
      // closed, the held rows change only with a new /guide/now (every 10 minutes), not at programme ends
      expect(large.onNowChanges).toBeLessThanOrEqual(small.onNowChanges + 1);
      expect(large.onNowChanges).toBeLessThanOrEqual(7);
    });
  }
});
