/**
 * The e2e suite's start instant (test/support/e2e-start.ts): AIRWAVE_E2E_START is a local
 * date-time and wins; a seed picks the same instant on every run and mostly the hard cases.
 */
import { describe, expect, it } from 'vitest';
import { chooseStart, clockChangeDays, formatLocal, parseLocalStart, startFromSeed, type StartKind } from '../support/e2e-start';

describe('the e2e start instant', () => {
  it('reads AIRWAVE_E2E_START as a local date-time and refuses anything else', () => {
    expect(parseLocalStart('2026-12-31T23:58:40')).toBe(new Date(2026, 11, 31, 23, 58, 40).getTime());
    expect(parseLocalStart('2027-06-15T05:29')).toBe(new Date(2027, 5, 15, 5, 29).getTime());
    expect(formatLocal(parseLocalStart('2026-12-31T23:58:40'))).toBe('2026-12-31T23:58:40');
    for (const bad of ['2026-12-31', '2026-12-31 23:58:40', '2026-12-31T23:58:40Z', '2026-02-30T10:00:00', 'tomorrow']) {
      expect(() => parseLocalStart(bad), bad).toThrow(/AIRWAVE_E2E_START/);
    }
  });

  it('AIRWAVE_E2E_START wins over a seed; a given seed is used; else a fresh one', () => {
    expect(chooseStart({ AIRWAVE_E2E_START: '2027-03-28T00:59:30', AIRWAVE_E2E_SEED: '5' }, () => 1)).toEqual({ start: parseLocalStart('2027-03-28T00:59:30'), seed: null, kind: 'fixed' });
    expect(chooseStart({ AIRWAVE_E2E_SEED: '42' }, () => 1)).toEqual({ seed: 42, ...startFromSeed(42) });
    expect(chooseStart({}, () => 7).seed).toBe(7);
    expect(() => chooseStart({ AIRWAVE_E2E_SEED: 'abc' }, () => 1)).toThrow(/AIRWAVE_E2E_SEED/);
  });

  it('a seed gives the same instant every time, and seeds mostly pick the hard cases', () => {
    expect(startFromSeed(123)).toEqual(startFromSeed(123));
    const kinds = new Map<StartKind, number>();
    const starts = new Set<number>();
    for (let seed = 1; seed <= 2000; seed++) {
      const { start, kind } = startFromSeed(seed);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      starts.add(start);
      const d = new Date(start);
      expect(d.getFullYear()).toBeGreaterThanOrEqual(2026);
      if (kind === 'before midnight' || kind === 'month end') expect(d.getHours() * 60 + d.getMinutes()).toBeGreaterThanOrEqual(23 * 60 + 57);
      if (kind === 'before a half hour') expect([29, 59]).toContain(d.getMinutes());
    }
    expect(starts.size).toBeGreaterThan(1800);
    // every kind turns up; the hard ones three times in four
    for (const kind of ['any second', 'before midnight', 'before a half hour', 'clock change day', 'month end'] as const) expect(kinds.get(kind) ?? 0).toBeGreaterThan(150);
    expect(kinds.get('any second')!).toBeLessThan(600);
  });

  it('knows the days London and New York change their clocks', () => {
    const days = clockChangeDays(2027).map(({ month, day }) => `${month + 1}-${day}`);
    expect(days).toEqual(['3-28', '10-31', '3-14', '11-7']);
    expect(clockChangeDays(2026).map(({ month, day }) => `${month + 1}-${day}`)).toEqual(['3-29', '10-25', '3-8', '11-1']);
  });
});
