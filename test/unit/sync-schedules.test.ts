import { describe, expect, it } from 'vitest';
import type { GuideNow } from '../../src/shared/airwave';
import { initialState, type AppState } from '../../src/main/core/state';
import { DEFAULT_TUNING } from '../../src/main/core/sync/config';
import {
  failureRetryDelay,
  incompatibleRetryDelay,
  onNowDelay,
  pollDelay,
  slowResyncDelay,
  streamLossDelay,
  keyRecheckDelay,
  streamRefusedDelay,
} from '../../src/main/core/sync/schedules';

/** Each schedule's delay, computed in one function: the numbers docs/compatibility.md promises. */

const NOW = Date.parse('2026-09-27T18:00:00.000Z');
const MIN = 60_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();
const half = () => 0.5;

/** On now with programmes ending at the given offsets (ms from NOW); `fetchedAgo` sets its age. */
function onNowState(ends: (number | null)[], fetchedAgo = 0): AppState {
  const program = (end: number) => ({ title: 'P', startsAt: at(end - 30 * MIN), endsAt: at(end) });
  const channels = ends.map((end, i) => ({ channel: { number: 101 + i }, now: end === null ? null : program(end), next: null }));
  return { ...initialState(NOW), onNow: { data: { channels } as unknown as GuideNow, updatedAt: NOW - fetchedAgo, error: null } };
}

describe('schedule delays', () => {
  it('polls at the user interval and checks status every 5 minutes', () => {
    expect(pollDelay({ server: 'x', apiKey: 'k', authStyle: 'x-api-key', pollSeconds: 15 })).toBe(15_000);
    expect(pollDelay({ server: 'x', apiKey: 'k', authStyle: 'x-api-key', pollSeconds: 300 })).toBe(300_000);
    expect(slowResyncDelay(DEFAULT_TUNING)).toBe(5 * MIN);
  });

  it('refetches /guide/now when the first channel runs past what it holds, plus jitter, while the popover is open', () => {
    const state = onNowState([20 * MIN, 7 * MIN, null]);
    expect(onNowDelay(state, NOW, true, DEFAULT_TUNING, () => 0)).toBe(7 * MIN);
    expect(onNowDelay(state, NOW, true, DEFAULT_TUNING, half)).toBe(7 * MIN + 1_000);
  });

  it('open, also when a channel is about to lose its "next" (it becomes now with nothing after it); closed, not', () => {
    // channel 101: now ends in 4 minutes, next after it until 34; 102 runs out at 20
    const program = (from: number, to: number) => ({ title: 'P', startsAt: at(from), endsAt: at(to) });
    const channels = [
      { channel: { number: 101 }, now: program(-26 * MIN, 4 * MIN), next: program(4 * MIN, 34 * MIN) },
      { channel: { number: 102 }, now: program(-10 * MIN, 20 * MIN), next: null },
    ];
    const state: AppState = { ...initialState(NOW), onNow: { data: { channels } as unknown as GuideNow, updatedAt: NOW - 5 * MIN, error: null } };
    expect(onNowDelay(state, NOW, true, DEFAULT_TUNING, () => 0)).toBe(4 * MIN);
    expect(onNowDelay(state, NOW, false, DEFAULT_TUNING, () => 0)).toBe(20 * MIN);
    // in a break, the row loses its next when that one begins
    const inBreak = { ...state, onNow: { ...state.onNow, data: { channels: [{ channel: { number: 103 }, now: null, next: program(3 * MIN, 33 * MIN) }] } as unknown as GuideNow } };
    expect(onNowDelay(inBreak, NOW, true, DEFAULT_TUNING, () => 0)).toBe(3 * MIN);
    // still within the refetch interval after the last answer: that interval, not sooner
    // (6 s before 101's change, 10 s after the last answer: 50 s on)
    const fresh = { ...state, onNow: { ...state.onNow, updatedAt: NOW + 4 * MIN - 16_000 } };
    expect(onNowDelay(fresh, NOW + 4 * MIN - 6_000, true, DEFAULT_TUNING, () => 0)).toBe(50_000);
  });

  it('open, no sooner than a minute after the last answer (programme ends in between come from what is held)', () => {
    expect(DEFAULT_TUNING.guideNowOpenMs).toBe(MIN);
    expect(onNowDelay(onNowState([100]), NOW, true, DEFAULT_TUNING, () => 0)).toBe(MIN);
    expect(onNowDelay(onNowState([100], 45_000), NOW, true, DEFAULT_TUNING, () => 0)).toBe(15_000);
    expect(onNowDelay(onNowState([100], 90_000), NOW, true, DEFAULT_TUNING, () => 0)).toBe(1_000);
  });

  it('closed, no sooner than 10 minutes after the last fetch; never sooner than 5 s after it; 30 minutes without a boundary', () => {
    expect(onNowDelay(onNowState([2 * MIN]), NOW, false, DEFAULT_TUNING, () => 0)).toBe(10 * MIN);
    expect(onNowDelay(onNowState([2 * MIN], 9 * MIN), NOW, false, DEFAULT_TUNING, () => 0)).toBe(2 * MIN);
    const floor = { ...DEFAULT_TUNING, guideNowOpenMs: 0 };
    expect(onNowDelay(onNowState([100]), NOW, true, floor, () => 0)).toBe(5_000);
    expect(onNowDelay(onNowState([100], 60_000), NOW, true, floor, () => 0)).toBe(1_000);
    expect(onNowDelay(onNowState([]), NOW, true, DEFAULT_TUNING, () => 0)).toBe(30 * MIN);
  });

  it('backs off from 2 s to the 5 minute cap, honouring a longer Retry-After within the cap', () => {
    expect([1, 2, 3, 9].map((attempt) => failureRetryDelay(attempt, half, DEFAULT_TUNING, 0))).toEqual([2_000, 4_000, 8_000, 300_000]);
    expect(failureRetryDelay(1, half, DEFAULT_TUNING, 7_000)).toBe(7_000);
    expect(failureRetryDelay(1, half, DEFAULT_TUNING, 60 * MIN)).toBe(5 * MIN);
    expect(streamLossDelay(2, half, DEFAULT_TUNING)).toBe(4_000);
    expect(incompatibleRetryDelay(DEFAULT_TUNING)).toBe(5 * MIN);
  });

  it('tries a refused stream again after 5 minutes, later if the server asks, at most after an hour', () => {
    expect(streamRefusedDelay(DEFAULT_TUNING, 0)).toBe(5 * MIN);
    expect(streamRefusedDelay(DEFAULT_TUNING, 20 * MIN)).toBe(20 * MIN);
    expect(streamRefusedDelay(DEFAULT_TUNING, 5 * 60 * MIN)).toBe(60 * MIN);
  });

  it('every schedule keeps its floor and ceiling whatever the tuning and the server say', () => {
    const zero = { ...DEFAULT_TUNING, slowResyncMs: 0, backoffBaseMs: 0, backoffCapMs: 0, guideNowClosedMs: 0, streamRetryMs: 0, keyRecheckMs: 0 };
    const huge = { ...DEFAULT_TUNING, slowResyncMs: 1e12, backoffBaseMs: 1e12, backoffCapMs: 1e12, streamRetryMs: 1e12, keyRecheckMs: 1e12 };
    expect(slowResyncDelay(zero)).toBe(30_000);
    expect(slowResyncDelay(huge)).toBe(30 * MIN);
    expect(failureRetryDelay(1, half, zero, 0)).toBe(1_000);
    // Retry-After: 100000000 (seconds) through the whole schedule: the 5 minute cap
    expect(failureRetryDelay(1, half, huge, 100_000_000_000)).toBe(5 * MIN);
    expect(streamLossDelay(1, half, zero)).toBe(1_000);
    expect(streamLossDelay(30, half, huge)).toBe(5 * MIN);
    expect(incompatibleRetryDelay(zero)).toBe(1_000);
    expect(incompatibleRetryDelay(huge)).toBe(30 * MIN);
    expect(streamRefusedDelay(zero, 0)).toBe(30_000);
    expect(streamRefusedDelay(zero, 100_000_000_000)).toBe(60 * MIN);
    expect(keyRecheckDelay(DEFAULT_TUNING)).toBe(10 * MIN);
    expect(keyRecheckDelay(zero)).toBe(MIN);
    expect(slowResyncDelay({ ...DEFAULT_TUNING, slowResyncMs: Number.NaN })).toBe(30_000);
  });

  it('/guide/now: a programme ending in 2099 waits at most 30 minutes, a boundary in the past is no loop', () => {
    const far = Date.parse('2099-01-01T00:00:00.000Z') - NOW;
    expect(onNowDelay(onNowState([far]), NOW, true, DEFAULT_TUNING, half)).toBe(30 * MIN);
    // a row already past what it holds is due at once, held to the open interval
    expect(onNowDelay(onNowState([-5 * MIN]), NOW, true, { ...DEFAULT_TUNING, guideNowClosedMs: 0 }, () => 0)).toBe(MIN);
    expect(onNowDelay(onNowState([1]), NOW, false, { ...DEFAULT_TUNING, guideNowClosedMs: 0 }, () => 0)).toBe(5_000);
  });
});
