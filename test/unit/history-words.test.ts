import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistorySpan } from '../../src/shared/bridge-history';
import { dayKind, dayLabel, localTime } from '../../src/shared/format';
import { column, history as t } from '../../src/renderer/src/strings/history';
import { localCalendar } from '../../src/main/core/history/calendar';
import { resolveRange } from '../../src/main/core/history/ranges';
import { HistoryIndex } from '../../src/main/core/history/history-index';
import { awaySummary, rangeView, type ViewContext } from '../../src/main/core/history/views';
import { summarizeDay } from '../../src/main/core/history/day-summary';
import { nextDay } from '../../src/main/core/history/calendar';

// History's figures add up (issue 44, point 6), as properties: a count and the list under it
// agree (or it says "and N more"), and the away line counts what History opened from it lists; a
// peak in a range longer than a day names its day; time watched and followed time read with
// their units and never "0 min"; the chart's keyboard reading, the line under it and the table
// name a column by the same instant. In the zone the test runs in, whatever it is.

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) });
const preset = fc.constantFrom<HistorySpan>('24h', '7d', '30d', 'month', 'year');

/** the words the one "when" names a day with (English): today, yesterday, a weekday within a week, else the date */
function dayWords(at: number, now: number): string {
  const kind = dayKind(at, now);
  if (kind === 'today' || kind === 'yesterday' || kind === 'tomorrow') return kind;
  return new Intl.DateTimeFormat('en', kind === 'week' ? { weekday: 'long' } : { day: 'numeric', month: 'long' }).format(at);
}

describe('History figures add up', () => {
  it('property: a range longer than a day names the day of its peak; the last 24 hours say only the time today', () => {
    fc.assert(
      fc.property(instant, preset, fc.double({ min: 0, max: 1, noNaN: true }), (now, span, where) => {
        const range = { ...resolveRange({ span }, now, localCalendar, 0), span };
        const at = Math.floor(range.from + where * (range.to - 1 - range.from));
        const text = t.peakValue({ count: 3, at }, range, now);
        expect(text).toContain(localTime(at));
        // longer than a day (more than "the last 24 hours" from the quarter hour before): its day is named, today too
        if (range.to - range.from > DAY + 15 * MIN) expect(text).toContain(dayWords(at, now));
        else if (dayKind(at, now) === 'today') expect(text).toBe(`3 at ${localTime(at)}`);
        else expect(text).toContain(dayWords(at, now));
      }),
      { numRuns: 300 },
    );
  });

  it('property: time watched and followed time read with their units, never as "0 min" or a bare number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * DAY }), fc.integer({ min: HOUR, max: 400 * DAY }), (ms, spanMs) => {
        const watched = t.time(ms);
        expect(watched).toMatch(/\b(min|h|s)\b|under 1 min/);
        expect(watched).not.toMatch(/^0 min$|^0$/);
        const followed = t.followedValue(Math.min(ms, spanMs), { from: 0, to: spanMs });
        expect(followed).toMatch(/^.+ of .*\b(h|min|days?)$/);
      }),
      { numRuns: 300 },
    );
    expect(t.time(20_000)).toBe('under 1 min');
    expect(t.time(20 * MIN)).toBe('20 min');
    expect(t.followedValue(5 * MIN, { from: 0, to: DAY })).toBe('5 min of 24 h');
    expect(t.followedValue(101 * HOUR + 11 * MIN, { from: 0, to: 7 * DAY + 59 * MIN })).toBe('4.2 days of 7 days');
    expect(t.followedValue(26 * HOUR + 20 * MIN, { from: 0, to: 30 * HOUR })).toBe('26 h of 30 h');
  });

  it('property: the keyboard reading, the line under the chart and the table name a column by the same instant', () => {
    fc.assert(
      fc.property(instant, preset, fc.nat(), fc.integer({ min: 0, max: 5 }), (now, span, pick, peak) => {
        const range = { ...resolveRange({ span }, now, localCalendar, 0), span };
        const start = range.starts[pick % range.starts.length]!;
        const name = column(start, range, now);
        // the chart's value to assistive technology
        expect(t.sliderValue(start, range, now, peak, null).startsWith(`${name}: `)).toBe(true);
        expect(t.sliderValue(start, range, now, peak, 20 * MIN).startsWith(`${name}: `)).toBe(true);
        // the line under the chart, whatever it says
        const viewers = [{ name: 'Ana', programme: 'Friends', channel: '101 Comedy', server: null, minutes: 20 }];
        for (const moment of [
          { followed: true, peak: Math.max(1, peak), more: 0, viewers },
          { followed: true, peak: 0, more: 0, viewers: [] },
          { followed: false, peak: 0, more: 0, viewers: [] },
        ])
          expect(t.moment(start, range, now, moment).startsWith(`${name}: `)).toBe(true);
        // the table's row header is `column` itself (HistoryTable); a day column is its day, a shorter one its time
        expect(name).toBe(range.unit === 'day' ? dayLabel(start, now) : name);
        if (range.unit !== 'day') expect(name).toContain(localTime(start));
      }),
      { numRuns: 300 },
    );
  });

  it('property: the people count matches the people listed (or "and N more"), and the away line counts what History lists for its range', () => {
    const viewing = fc.record({ person: fc.integer({ min: 0, max: 14 }), from: fc.integer({ min: 0, max: 5 * 24 * 4 - 1 }), length: fc.integer({ min: 1, max: 16 }) });
    fc.assert(
      fc.property(fc.array(viewing, { maxLength: 40 }), fc.integer({ min: 0, max: 4 * 24 * 4 }), (viewings, sinceQuarter) => {
        const T0 = Date.UTC(2026, 10, 20);
        const now = T0 + 5 * DAY;
        const index = new HistoryIndex();
        const server = index.server('home', 'Home');
        server.follows.push({ from: T0, to: null });
        for (const v of [...viewings].sort((a, b) => a.from - b.from)) {
          const row = index.addViewing({ start: T0 + v.from * 15 * MIN, server: server.index, person: index.names.id(`P${v.person}`), device: 0, channelNumber: 101, channel: 0, programme: index.names.id('Show') });
          index.viewings.close(row, Math.min(now, T0 + (v.from + v.length) * 15 * MIN));
        }
        const ctx: ViewContext = { index, cal: localCalendar, now, heldFrom: 0, day: (from) => summarizeDay(index, from, nextDay(localCalendar, from), now), days: () => [], stored: () => ({ channels: new Map(), shows: new Map(), devices: new Map() }), byPerson: () => new Map(), demo: new Set() };
        const distinct = new Set(viewings.map((v) => v.person)).size;
        const view = rangeView(ctx, { span: 'custom', from: T0, to: now });
        expect(view.people.count).toBe(distinct);
        expect(view.people.top.length).toBe(Math.min(distinct, 10));
        // the line and History opened from it (its own range)
        const away = awaySummary(ctx, T0 + sinceQuarter * 15 * MIN);
        const opened = rangeView(ctx, { span: 'custom', from: away.since, to: away.to });
        expect(away.people).toBe(opened.people.count);
        expect(away.peak?.count ?? 0).toBe(opened.peak?.count ?? 0);
      }),
      { numRuns: 150 },
    );
  });
});
