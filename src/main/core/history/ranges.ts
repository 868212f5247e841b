/**
 * The one rule for a range of History and its columns: what "24 hours", "this month" or a chosen
 * from–to cover, and the column width the span picks (a quarter hour up to two days, an hour up to
 * two weeks, a day beyond; a range reaching back past the rows held in memory is drawn by the day,
 * from the day summaries). Every column starts on its boundary in the local calendar (a quarter
 * hour, an hour, a midnight), the first one too: a range starts on its first column's start.
 */
import type { HistoryRangeRequest, HistoryUnit } from '../../../shared/bridge-history';
import { monthStartOf, nextDay, yearStartOf, type Calendar } from './calendar';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Fixed column widths (a day's is the calendar's). */
export const UNIT_MS: Record<Exclude<HistoryUnit, 'day'>, number> = { quarter: 15 * MIN, hour: HOUR };

/** Spans up to this long are drawn by the quarter hour, up to the next by the hour, longer by the day. */
export const QUARTER_SPAN_MAX = 2 * DAY;
export const HOUR_SPAN_MAX = 14 * DAY;

/** A range as History computes it: [from, to), its columns' unit and their starts. */
export interface ResolvedRange {
  from: number;
  to: number;
  unit: HistoryUnit;
  /** each column's start (the first is `from`); the last ends at `to` */
  starts: number[];
}

/** The column width a span picks. */
export function unitFor(spanMs: number): HistoryUnit {
  return spanMs <= QUARTER_SPAN_MAX ? 'quarter' : spanMs <= HOUR_SPAN_MAX ? 'hour' : 'day';
}

/** The start of the column `ms` falls in. */
export function alignDown(cal: Calendar, ms: number, unit: HistoryUnit): number {
  const day = cal.dayStart(ms);
  if (unit === 'day') return day;
  const step = UNIT_MS[unit];
  return day + Math.floor((ms - day) / step) * step;
}

/** The start of the column after the one starting at `start` (a column never crosses a midnight). */
export function nextStart(cal: Calendar, start: number, unit: HistoryUnit): number {
  const midnight = nextDay(cal, start);
  return unit === 'day' ? midnight : Math.min(start + UNIT_MS[unit], midnight);
}

/** The columns of [from, to) in `unit` (from already on a boundary). */
export function columnStarts(cal: Calendar, from: number, to: number, unit: HistoryUnit): number[] {
  const starts: number[] = [];
  for (let at = from; at < to && starts.length < 2_000; at = nextStart(cal, at, unit)) starts.push(at);
  return starts.length > 0 ? starts : [from];
}

/**
 * What a request covers at `now`. `heldFrom`: the earliest time whose rows are in memory; a range
 * reaching before it is drawn by the day (the day summaries), whatever its span.
 */
export function resolveRange(request: HistoryRangeRequest, now: number, cal: Calendar, heldFrom: number): ResolvedRange {
  let from: number;
  let to = now;
  switch (request.span) {
    case '24h':
      from = now - DAY;
      break;
    case '7d':
      from = now - 7 * DAY;
      break;
    case '30d':
      from = now - 30 * DAY;
      break;
    case 'month':
      from = monthStartOf(cal, now);
      break;
    case 'year':
      from = yearStartOf(cal, now);
      break;
    case 'custom':
      from = Math.min(request.from ?? now, now);
      to = Math.max(from + 1, Math.min(request.to ?? now, now));
      break;
  }
  // at the very first instant of a month or a year, its range is that instant
  to = Math.max(to, from + 1);
  let unit = unitFor(to - from);
  if (from < heldFrom) unit = 'day';
  from = alignDown(cal, from, unit);
  return { from, to, unit, starts: columnStarts(cal, from, to, unit) };
}
