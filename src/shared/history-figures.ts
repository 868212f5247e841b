/**
 * How History says its figures, written once for the History view, a person's page, the away line
 * on Watching and the weekly digest:
 *
 * - a moment in a range: its time alone in a day's range, its day too in a longer one ("peak 4 at
 *   21:10" over the last 24 hours, "peak 4 today at 21:10" over 7 days), through the one "when"
 *   (when.ts); "the last 24 hours" start on the quarter hour before, so a range up to 15 minutes
 *   longer than a day is still a day's;
 * - time watched ("20 min", "5 h 10 min", "under 1 min" for a fraction of a minute, never "0 min");
 * - a length at the scale of its range (followed time and the range it is of: "5 min of 24 h",
 *   "26 h of 30 h", "4.9 days of 7 days"); the range's length is given to a message as its parts
 *   (`lengthParams`), so a language whose "of" governs a case words the days itself ("von 7 Tagen").
 *
 * The lengths' words are the `historyView` section's (loaded with the History view in the popover,
 * always held in the main process); the moments' are `time.when`'s.
 */
import { duration, when, whenLabel } from './format';
import { messages, t } from './i18n/messages';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What a moment is said within: a range's first and last instant. */
export interface Span {
  from: number;
  to: number;
}

/** Whether a range is longer than a day, so a moment in it names its day even today. */
export const namesDays = (range: Span): boolean => range.to - range.from > DAY + 15 * 60_000;

/** A moment in a range, inside a sentence: "at 21:10" in a day's range, "today at 21:10" or "on Saturday at 21:10" in a longer one. */
export function momentIn(ms: number, range: Span, now: number): string {
  return when(ms, now, { nameToday: namesDays(range) });
}

/** The same moment as a label: "21:10" in a day's range, "Today, 21:10" or "Sat 21 Nov, 21:10" in a longer one. */
export function momentLabel(ms: number, range: Span, now: number): string {
  return whenLabel(ms, now, { nameToday: namesDays(range) });
}

/** Time watched as people read it: "20 min", "5 h 10 min", "under 1 min" for a fraction of a minute (never "0 min"). */
export function watchedTime(ms: number): string {
  return ms > 0 && ms < 60_000 ? messages().historyView.underMinute : duration(ms);
}

/** Days to a tenth, for a length of two days or more (null below: said in hours and minutes). */
const daysOf = (ms: number): number | null => (ms < 2 * DAY ? null : Math.round((ms / DAY) * 10) / 10);

/** A length at the scale of its range: as `watchedTime` up to 10 hours, whole hours up to two days, days (to a tenth) beyond. */
export function rangeLength(ms: number): string {
  const days = daysOf(ms);
  if (days !== null) return t(messages().historyView.days, { n: days });
  return ms < 10 * HOUR ? watchedTime(ms) : duration(Math.round(ms / HOUR) * HOUR);
}

/** The same length as a message takes it after "of": in days (`lengthUnit: 'days'`, `lengthDays`), else `length` written out. */
export function lengthParams(ms: number): { length: string; lengthUnit: 'days' | 'time'; lengthDays: number } {
  const days = daysOf(ms);
  return days === null ? { length: rangeLength(ms), lengthUnit: 'time', lengthDays: 0 } : { length: '', lengthUnit: 'days', lengthDays: days };
}
