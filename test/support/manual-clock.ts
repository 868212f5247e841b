import { normaliseDelay, type Clock, type TimerHandle } from '../../src/main/common/clock';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * A clock that only moves when the test says so; delays mean what they mean to the real clock
 * (`normaliseDelay`: NaN and negative are 0, Infinity never fires). `advance(ms)` fires due timers in time order
 * (timers scheduled while advancing fire too if they fall inside the span). Bounded: a timer storm
 * that keeps rescheduling at the same instant stops after `maxFires` and throws.
 *
 * Like the system clock, it has a wall time that can be set (`jump`, `set`) and a monotonic time
 * that only `advance` moves; timers run on the monotonic one, as Node's do. `steady` is the same
 * clock seen by a machine whose clock was never set: hand it to a demo server that stands for a
 * real server, whose clock does not jump when the computer's does.
 */
export class ManualClock implements Clock {
  private time: number;
  private mono = 0;
  private nextId = 1;
  private pending: Pending[] = [];
  private readonly origin: number;

  constructor(start: number | string = '2026-09-27T18:00:00.000Z') {
    this.time = typeof start === 'number' ? start : Date.parse(start);
    this.origin = this.time;
  }

  now(): number {
    return this.time;
  }

  monotonic(): number {
    return this.mono;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const entry: Pending = { id: this.nextId++, at: this.mono + normaliseDelay(ms), fn };
    this.pending.push(entry);
    return { cancel: () => void (this.pending = this.pending.filter((p) => p !== entry)) };
  }

  /** This clock as a machine whose clock was never set sees it: wall time moves only with `advance`. */
  readonly steady: Clock = {
    now: () => this.origin + this.mono,
    monotonic: () => this.mono,
    setTimeout: (fn, ms) => this.setTimeout(fn, ms),
  };

  /** The system clock is set: wall time moves by `ms` (back when negative); no timer fires or moves. */
  jump(ms: number): void {
    this.time += ms;
  }

  /** Number of timers not yet fired or cancelled. */
  get timerCount(): number {
    return this.pending.length;
  }

  advance(ms: number, maxFires = 100_000): void {
    const target = this.mono + normaliseDelay(ms);
    let fires = 0;
    for (;;) {
      const due = this.pending
        .filter((p) => p.at <= target)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      if (++fires > maxFires) throw new Error(`ManualClock: more than ${maxFires} timers fired in one advance`);
      this.pending = this.pending.filter((p) => p !== due);
      if (due.at > this.mono) {
        this.time += due.at - this.mono;
        this.mono = due.at;
      }
      due.fn();
    }
    this.time += target - this.mono;
    this.mono = target;
  }

  /**
   * Moves to `time` without firing anything: the process was frozen or asleep, and the timers
   * that fell due meanwhile run late, at the next `advance` (forward, both clocks move). Back, only
   * the wall time moves (as `jump`): e.g. to a schedule boundary for a consistency check.
   */
  set(time: number | string): void {
    const target = typeof time === 'number' ? time : Date.parse(time);
    if (target > this.time) this.mono += target - this.time;
    this.time = target;
  }
}
