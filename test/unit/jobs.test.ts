import { describe, expect, it } from 'vitest';
import { backoffDelay, Jobs } from '../../src/main/core/sync/jobs';
import { ManualClock } from '../support/manual-clock';

describe('Jobs', () => {
  it('keeps at most one timer per job: scheduling again replaces it', () => {
    const clock = new ManualClock();
    const jobs = new Jobs(clock);
    const runs: string[] = [];
    jobs.schedule('poll', 1_000, () => runs.push('first'));
    jobs.schedule('poll', 3_000, () => runs.push('second'));
    jobs.schedule('slow', 2_000, () => runs.push('slow'));
    expect(jobs.pending).toEqual(['poll', 'slow']);
    expect(clock.timerCount).toBe(2);
    clock.advance(2_500);
    expect(runs).toEqual(['slow']);
    clock.advance(1_000);
    expect(runs).toEqual(['slow', 'second']);
    expect(jobs.pending).toEqual([]);
  });

  it('cancels one job or all of them, leaving no timer behind', () => {
    const clock = new ManualClock();
    const jobs = new Jobs(clock);
    let ran = 0;
    jobs.schedule('a', 10, () => ran++);
    jobs.schedule('b', 10, () => ran++);
    jobs.cancel('a');
    expect(jobs.has('a')).toBe(false);
    jobs.cancelAll();
    expect(clock.timerCount).toBe(0);
    clock.advance(100);
    expect(ran).toBe(0);
  });

  it('lets a job reschedule itself from inside its run', () => {
    const clock = new ManualClock();
    const jobs = new Jobs(clock);
    let ticks = 0;
    const tick = () => {
      ticks++;
      if (ticks < 5) jobs.schedule('tick', 1_000, tick);
    };
    jobs.schedule('tick', 1_000, tick);
    clock.advance(60_000);
    expect(ticks).toBe(5);
    expect(jobs.pending).toEqual([]);
  });
});

describe('backoffDelay', () => {
  it('doubles from 2 s to the 5 min cap, with ±25 % jitter that never passes the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 30].map((n) => backoffDelay(n, 0.5))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000,
    ]);
    expect(backoffDelay(1, 0)).toBe(1_500);
    expect(backoffDelay(1, 0.999_999)).toBe(2_500);
    expect(backoffDelay(9, 0.999_999)).toBe(300_000);
    expect(backoffDelay(0, 0.5)).toBe(2_000);
  });
});
