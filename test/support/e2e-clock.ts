/**
 * The one clock of an end-to-end test file: the demo server, the preview host (and the core in
 * it) and the page all read the same instant, 12:10 local time on a fixed day, moving on at the
 * pace of real time from there (the tests wait for things that take real time: a new session's
 * card, a reconnect, a retry). Nothing the tests see depends on the machine's time of day: not the
 * hour, not the half hour, not midnight. Run the suite under `faketime` to check.
 */
import type { BrowserContext } from 'playwright-core';
import { systemClock, type Clock } from '../../src/main/common/clock';

/** 12:10:00 on 26 November 2026, in the machine's time zone: far from a half hour and from midnight. */
export const E2E_START = new Date(2026, 10, 26, 12, 10, 0, 0).getTime();

/** A clock whose wall time starts at `start` now and then moves with real time; its timers are real. */
export function pinnedClock(start: number = E2E_START): Clock {
  const origin = performance.now();
  return {
    now: () => start + Math.floor(performance.now() - origin),
    monotonic: () => performance.now(),
    setTimeout: (fn, ms) => systemClock.setTimeout(fn, ms),
  };
}

/** This test file's clock (each file is its own module instance, so each starts at E2E_START). */
export const e2eClock: Clock = pinnedClock();

/**
 * Sets the page's clock (Date, timers, requestAnimationFrame) to this file's clock: the same
 * instant now, flowing with real time from there. Call before the page loads.
 */
export async function pinPageClock(context: BrowserContext, clock: Clock = e2eClock): Promise<void> {
  await context.clock.install({ time: clock.now() });
}
