/**
 * Time as the core and the demo server see it. Production uses the system clock; tests inject a
 * manual clock (test/support/manual-clock.ts) so hours of behaviour run in milliseconds.
 *
 * Two kinds of time: `now()` is the wall clock, for what people read and for comparing with the
 * server's times; it jumps when the system clock is set (NTP stepping back after boot, a dual-boot
 * machine keeping local time, a restored VM snapshot). `monotonic()` only ever moves forward at
 * the pace of real time: every spacing, budget, backoff and "how long ago" the app keeps for
 * itself is measured with it, so a jump can neither freeze the app nor unleash it.
 */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch (wall time: it can jump). */
  now(): number;
  /** Milliseconds from an arbitrary origin that never goes back (for durations only). */
  monotonic(): number;
  /** Runs `fn` once after `ms`; the handle cancels it. Timers never keep the process alive. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
}

/** The longest delay Node's own timers hold; a longer one fires after 1 ms, so it is chained. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * What a requested delay means: negative or NaN (a time computed from garbage) is "as soon as
 * possible", like 0; Infinity is "never". Anything else is kept, however long.
 */
export function normaliseDelay(ms: number): number {
  return Number.isNaN(ms) ? 0 : Math.max(0, ms);
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimeout(fn, ms) {
    let remaining = normaliseDelay(ms);
    let timer: ReturnType<typeof setTimeout> | null = null;
    const arm = () => {
      const chunk = Math.min(remaining, MAX_TIMER_MS);
      remaining -= chunk;
      timer = setTimeout(() => (remaining > 0 ? arm() : fn()), chunk);
      timer.unref?.();
    };
    arm();
    return {
      cancel: () => {
        if (timer) clearTimeout(timer);
        timer = null;
        remaining = 0;
      },
    };
  },
};

/** Runs `fn` every `ms` on `clock` until the returned handle is cancelled. */
export function every(clock: Clock, ms: number, fn: () => void): TimerHandle {
  let current: TimerHandle | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    current = clock.setTimeout(() => {
      if (stopped) return;
      fn();
      tick();
    }, ms);
  };
  tick();
  return {
    cancel() {
      stopped = true;
      current?.cancel();
    },
  };
}
