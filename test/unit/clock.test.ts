import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_MS, normaliseDelay, systemClock } from '../../src/main/common/clock';

// The system clock against Node's timers (faked by vitest here, the one place the real timer
// functions are replaced): a delay Node cannot hold must not become a 1 ms delay.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 24 * 60 * 60_000;

describe('systemClock.setTimeout', () => {
  it('holds a delay longer than 2^31-1 ms (a programme ending in 2099) instead of firing at once', () => {
    const fired: number[] = [];
    const start = Date.now();
    const until2099 = Date.parse('2099-01-01T00:00:00Z') - start;
    systemClock.setTimeout(() => fired.push(Date.now()), until2099);
    vi.advanceTimersByTime(10);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(MAX_TIMER_MS + 5);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(until2099 - MAX_TIMER_MS - 20);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(10);
    expect(fired).toEqual([start + until2099]);
  });

  it('fires a delay of exactly the limit, and one just above it, on time', () => {
    const fired: string[] = [];
    systemClock.setTimeout(() => fired.push('limit'), MAX_TIMER_MS);
    systemClock.setTimeout(() => fired.push('above'), MAX_TIMER_MS + 1);
    vi.advanceTimersByTime(MAX_TIMER_MS - 1);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['limit']);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['limit', 'above']);
  });

  it('cancels a chained timer in any link of the chain', () => {
    let fired = 0;
    const handle = systemClock.setTimeout(() => fired++, 60 * DAY);
    vi.advanceTimersByTime(30 * DAY); // past the first link
    handle.cancel();
    vi.advanceTimersByTime(60 * DAY);
    expect(fired).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs negative and NaN delays as soon as possible, and never runs Infinity', () => {
    const fired: string[] = [];
    systemClock.setTimeout(() => fired.push('negative'), -5_000);
    systemClock.setTimeout(() => fired.push('nan'), Number.NaN);
    systemClock.setTimeout(() => fired.push('never'), Number.POSITIVE_INFINITY);
    vi.advanceTimersByTime(1);
    expect(fired.sort()).toEqual(['nan', 'negative']);
    vi.advanceTimersByTime(400 * DAY);
    expect(fired).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(1); // the Infinity chain holds one timer, no more
  });
});

describe('normaliseDelay', () => {
  it('maps garbage to 0 and keeps everything else', () => {
    expect(normaliseDelay(Number.NaN)).toBe(0);
    expect(normaliseDelay(-1)).toBe(0);
    expect(normaliseDelay(1234.5)).toBe(1234.5);
    expect(normaliseDelay(1e12)).toBe(1e12);
  });
});
