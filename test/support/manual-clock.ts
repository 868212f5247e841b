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
 */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private pending: Pending[] = [];

  constructor(start: number | string = '2026-09-27T18:00:00.000Z') {
    this.time = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const entry: Pending = { id: this.nextId++, at: this.time + normaliseDelay(ms), fn };
    this.pending.push(entry);
    return { cancel: () => void (this.pending = this.pending.filter((p) => p !== entry)) };
  }

  /** Number of timers not yet fired or cancelled. */
  get timerCount(): number {
    return this.pending.length;
  }

  advance(ms: number, maxFires = 100_000): void {
    const target = this.time + ms;
    let fires = 0;
    for (;;) {
      const due = this.pending
        .filter((p) => p.at <= target)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      if (++fires > maxFires) throw new Error(`ManualClock: more than ${maxFires} timers fired in one advance`);
      this.pending = this.pending.filter((p) => p !== due);
      this.time = Math.max(this.time, due.at);
      due.fn();
    }
    this.time = target;
  }

  /** Sets the time without firing anything (e.g. to a schedule boundary for a consistency check). */
  set(time: number | string): void {
    this.time = typeof time === 'number' ? time : Date.parse(time);
  }
}
