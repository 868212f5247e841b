import type { Clock } from '../../src/main/common/clock';

/**
 * A clock that tells the time of `base` and counts, while `count.on` is set, the timers armed
 * through it and those that fired: what a closed app wakes for (test/integration/idle-timers.test.ts
 * on the fake clock, bench/idle.ts on the real one).
 */
export function countingClock(base: Clock): { clock: Clock; count: { on: boolean; armed: number; fired: number } } {
  const count = { on: false, armed: 0, fired: 0 };
  const clock: Clock = {
    now: () => base.now(),
    monotonic: () => base.monotonic(),
    setTimeout: (fn, ms) => {
      if (count.on) count.armed++;
      return base.setTimeout(() => {
        if (count.on) count.fired++;
        fn();
      }, ms);
    },
  };
  return { clock, count };
}
