/**
 * The one clock of an end-to-end test file: the demo server, the preview host (and the core in
 * it) and the page all read the same instant, the run's start, moving on at the pace of real time
 * from there (the tests wait for things that take real time: a new session's card, a reconnect, a
 * retry). The start moves from run to run (e2e-start.ts: AIRWAVE_E2E_START, or a printed seed), so
 * nothing the tests see may depend on the date, the hour, the half hour or midnight.
 */
import type { BrowserContext } from 'playwright-core';
import { systemClock, type Clock } from '../../src/main/common/clock';
import { DEFAULT_START_LOCAL, parseLocalStart } from './e2e-start';

/**
 * The run's start: what the e2e project's global set-up chose (AIRWAVE_E2E_START_MS), else
 * AIRWAVE_E2E_START, else 12:10 on 26 November 2026 (scripts and benches outside vitest).
 */
function runStart(env: NodeJS.ProcessEnv): number {
  const chosen = Number(env.AIRWAVE_E2E_START_MS);
  if (env.AIRWAVE_E2E_START_MS && Number.isFinite(chosen)) return chosen;
  return parseLocalStart(env.AIRWAVE_E2E_START?.trim() || DEFAULT_START_LOCAL);
}

/** The instant every e2e test file starts from (each file's clock starts here when it loads). */
export const E2E_START = runStart(process.env);

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
