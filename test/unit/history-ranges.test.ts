import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HISTORY_SPANS, type HistoryRangeRequest } from '../../src/shared/bridge-history';
import { localCalendar, monthStartOf, nextDay, utcCalendar, weekStartOf, yearStartOf, type Calendar } from '../../src/main/core/history/calendar';
import { resolveRange, unitFor } from '../../src/main/core/history/ranges';

// The one rule for History's ranges and columns: every column starts on its boundary (a quarter
// hour, an hour, a midnight) in the calendar it counts in, the first one too; the span picks the
// width; a range reaching before the rows held is drawn by the day. Checked in UTC and in the
// zone the test runs in (whatever it is: the property reads the boundary through that zone).

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) });

/** Whether `ms` is a boundary of `unit` in `cal`. */
function onBoundary(cal: Calendar, ms: number, unit: 'quarter' | 'hour' | 'day'): boolean {
  const day = cal.dayStart(ms);
  if (unit === 'day') return ms === day;
  return (ms - day) % (unit === 'quarter' ? 15 * MIN : HOUR) === 0;
}

describe('History ranges', () => {
  it('picks the column width from the span: a quarter hour up to two days, an hour up to two weeks, a day beyond', () => {
    expect(unitFor(DAY)).toBe('quarter');
    expect(unitFor(2 * DAY)).toBe('quarter');
    expect(unitFor(2 * DAY + 1)).toBe('hour');
    expect(unitFor(7 * DAY)).toBe('hour');
    expect(unitFor(15 * DAY)).toBe('day');
    expect(unitFor(365 * DAY)).toBe('day');
  });

  for (const [name, cal] of [
    ['UTC', utcCalendar],
    ['the local zone', localCalendar],
  ] as const)
    it(`property (${name}): every column starts on its boundary, the columns tile the range, none crosses a midnight`, () => {
      const request = fc.oneof(
        fc.constantFrom(...HISTORY_SPANS.filter((s) => s !== 'custom')).map((span): HistoryRangeRequest => ({ span })),
        fc.tuple(fc.integer({ min: 1, max: 400 * DAY }), fc.integer({ min: HOUR, max: 400 * DAY })).map(([back, length]): HistoryRangeRequest => ({ span: 'custom', from: -back, to: -back + length })),
      );
      fc.assert(
        fc.property(instant, request, fc.integer({ min: 0, max: 60 }), (now, req, heldDays) => {
          const r = req.span === 'custom' ? { ...req, from: now + req.from!, to: now + req.to! } : req;
          // rows are held from a midnight on (History's first day held whole)
          const held = nextDay(cal, now - heldDays * DAY);
          const range = resolveRange(r, now, cal, held);
          expect(range.starts[0]).toBe(range.from);
          expect(range.to).toBeLessThanOrEqual(now + 1); // the first instant of a month or year is its range
          expect(range.from).toBeLessThan(range.to);
          for (const [i, start] of range.starts.entries()) {
            expect(onBoundary(cal, start, range.unit)).toBe(true);
            const end = range.starts[i + 1] ?? range.to;
            expect(end).toBeGreaterThan(start);
            // a column never crosses a midnight
            expect(cal.dayStart(end - 1)).toBe(cal.dayStart(start));
            if (range.unit !== 'day') expect(end - start).toBeLessThanOrEqual(range.unit === 'quarter' ? 15 * MIN : HOUR);
          }
          // a range reaching before the rows held is drawn by the day
          if (range.from < held) expect(range.unit).toBe('day');
        }),
        { numRuns: 300 },
      );
    });

  it('this month and this year start at their first midnight; a week on Monday', () => {
    const now = Date.UTC(2026, 10, 27, 21, 10);
    expect(resolveRange({ span: 'month' }, now, utcCalendar, 0).from).toBe(Date.UTC(2026, 10, 1));
    expect(resolveRange({ span: 'year' }, now, utcCalendar, 0).from).toBe(Date.UTC(2026, 0, 1));
    expect(monthStartOf(utcCalendar, now)).toBe(Date.UTC(2026, 10, 1));
    expect(yearStartOf(utcCalendar, now)).toBe(Date.UTC(2026, 0, 1));
    expect(weekStartOf(utcCalendar, now)).toBe(Date.UTC(2026, 10, 23)); // a Friday: the Monday before
    // 24 hours ago, from the quarter hour it falls in: 97 columns (the last one up to now)
    const day = resolveRange({ span: '24h' }, Date.UTC(2026, 10, 27, 21, 7), utcCalendar, 0);
    expect(day.from).toBe(Date.UTC(2026, 10, 26, 21, 0));
    expect(day.starts).toHaveLength(97);
  });
});
