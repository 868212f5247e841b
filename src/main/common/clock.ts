/**
 * Time as the core and the demo server see it. Production uses the system clock; tests inject a
 * manual clock (test/support/manual-clock.ts) so hours of behaviour run in milliseconds.
 */
export interface TimerHandle {
  cancel(): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms`; the handle cancels it. Timers never keep the process alive. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref?.();
    return { cancel: () => clearTimeout(timer) };
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
