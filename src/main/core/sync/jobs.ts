import type { Clock, TimerHandle } from '../../common/clock';

/**
 * Named timers on the injected clock. Scheduling a job replaces its pending timer, so the same
 * job can never have two timers; `cancelAll` leaves nothing behind.
 */
export class Jobs {
  readonly #timers = new Map<string, TimerHandle>();

  constructor(private readonly clock: Clock) {}

  schedule(name: string, ms: number, run: () => void): void {
    this.cancel(name);
    const handle = this.clock.setTimeout(() => {
      if (this.#timers.get(name) !== handle) return;
      this.#timers.delete(name);
      run();
    }, Math.max(0, ms));
    this.#timers.set(name, handle);
  }

  has(name: string): boolean {
    return this.#timers.has(name);
  }

  cancel(name: string): void {
    this.#timers.get(name)?.cancel();
    this.#timers.delete(name);
  }

  cancelAll(): void {
    for (const handle of this.#timers.values()) handle.cancel();
    this.#timers.clear();
  }

  /** Pending job names, sorted (for tests and diagnostics). */
  get pending(): string[] {
    return [...this.#timers.keys()].sort();
  }
}

/** Exponential backoff with jitter: ~2 s, 4 s, 8 s … up to the cap; `random` in [0, 1). */
export function backoffDelay(attempt: number, random: number, baseMs = 2_000, capMs = 300_000): number {
  const exponential = baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 20);
  const jittered = Math.min(capMs, exponential) * (0.75 + 0.5 * random);
  return Math.round(Math.min(capMs, jittered));
}
