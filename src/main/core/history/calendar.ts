/**
 * The calendar History counts in: where a day, a month and a year start. The app uses the
 * computer's own zone (`localCalendar`); tests pass `utcCalendar` so nothing they check depends on
 * the zone they run in. Every boundary History draws (a column, a day of a range, the digest's
 * week) is found here.
 */

export interface Calendar {
  /** the start of the day `ms` falls in */
  dayStart(ms: number): number;
  /**
   * the start of day `day` (1 = the first) of month `month` (0 = January) of `year`, or the hour
   * `hour` of it by the clock (on the day the clocks change that is not midnight + `hour` hours;
   * an hour the clocks skip is the one after it); out-of-range parts roll over
   */
  date(year: number, month: number, day: number, hour?: number): number;
  /** the year, month (0 = January), day of the month and weekday (0 = Sunday) `ms` falls on */
  parts(ms: number): { year: number; month: number; day: number; weekday: number };
}

export const localCalendar: Calendar = {
  dayStart: (ms) => new Date(ms).setHours(0, 0, 0, 0),
  date: (year, month, day, hour = 0) => new Date(year, month, day, hour).getTime(),
  parts: (ms) => {
    const d = new Date(ms);
    return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), weekday: d.getDay() };
  },
};

export const utcCalendar: Calendar = {
  dayStart: (ms) => ms - (((ms % 86_400_000) + 86_400_000) % 86_400_000),
  date: (year, month, day, hour = 0) => Date.UTC(year, month, day, hour),
  parts: (ms) => {
    const d = new Date(ms);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), weekday: d.getUTCDay() };
  },
};

const HOUR = 3_600_000;

/** The start of the day after the one `ms` falls in (a day may be 23 or 25 hours long). */
export function nextDay(cal: Calendar, ms: number): number {
  const start = cal.dayStart(ms);
  // 26 hours on is inside the next day whatever its length
  return cal.dayStart(start + 26 * HOUR);
}

/** The start of the month `ms` falls in. */
export function monthStartOf(cal: Calendar, ms: number): number {
  const p = cal.parts(ms);
  return cal.date(p.year, p.month, 1);
}

/** The start of the year `ms` falls in. */
export function yearStartOf(cal: Calendar, ms: number): number {
  return cal.date(cal.parts(ms).year, 0, 1);
}

/** The start of the week `ms` falls in (Monday). */
export function weekStartOf(cal: Calendar, ms: number): number {
  const p = cal.parts(ms);
  return cal.date(p.year, p.month, p.day - ((p.weekday + 6) % 7));
}

/** "2026-11-27": a day as the calendar names it. */
export function dayKey(cal: Calendar, ms: number): string {
  const p = cal.parts(ms);
  return `${p.year}-${String(p.month + 1).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
