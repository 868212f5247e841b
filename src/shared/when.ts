/**
 * The one rule for saying *when* something happened or will, written once: a time of day alone
 * today, else with "yesterday", "tomorrow", its weekday within a week, or its date, as a whole
 * phrase each language words itself (the catalogue's `time.when`, `time.whenLabel`: a `select` on
 * the day, with Spanish's article a `plural` on the hour). No message puts "at", "um", "à" or
 * "a las" before a day-and-time it cannot agree with: it takes the phrase whole ("peak 5 {when}").
 *
 * - `clock(ms)`: a time of day as a message takes it, `time` and the `hour` it shows (13 for
 *   13:05, 1 for 1:05 PM), so "a la 1:05" and "a las 13:05" are the message's own plural.
 * - `when(ms, now)`: the phrase in a sentence ("at 21:10", "yesterday at 21:10",
 *   "on Thursday at 21:10", "on 26 November at 21:10").
 * - `since(ms, now)`: "since 21:10", "since yesterday at 21:10".
 * - `whenLabel(ms, now)`: the same instant as a label ("21:10", "Yesterday, 21:10",
 *   "Thu 26 Nov, 21:10"), where a list, a table or a chart names a moment.
 *
 * `format.ts` re-exports these; every view and the core say a day-and-time through them.
 */
import { lang, messages, t } from './i18n/messages';

/** How far a time is from today, as the phrase chooses its words. */
export type DayKind = 'today' | 'yesterday' | 'tomorrow' | 'week' | 'other';

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockFormat(locale: string): Intl.DateTimeFormat {
  let format = clocks.get(locale);
  if (!format) clocks.set(locale, (format = new Intl.DateTimeFormat(locale, { timeStyle: 'short' })));
  return format;
}

/**
 * The one clock format: a time of day as the locale writes it, its own pattern and hour cycle
 * ("6:02 PM" en-US, "08:05" en-GB and de-DE), in the language in use (its system region kept:
 * i18n/messages.ts). Every view, the tray, notifications and reminders use it; nothing else
 * writes a time of day (a unit test looks for hand-made ones).
 */
export function localTime(ms: number, locale: string = lang()): string {
  return clockFormat(locale).format(ms);
}

/** The hour `localTime` shows for `ms` (1 for "1:05 PM", 13 for "13:05", 0 for "00:30"). */
export function shownHour(ms: number, locale: string = lang()): number {
  const hour = clockFormat(locale).formatToParts(ms).find((part) => part.type === 'hour');
  return hour ? Number(hour.value) : new Date(ms).getHours();
}

/**
 * A time of day as a message takes it: `{ time, hour }` ("13:05", 13), or under another name
 * (`clock(ms, 'since')`: `{ since, sinceHour }`). A translation may agree with the hour; English
 * never needs to (test/unit/i18n-catalogue.test.ts allows exactly these companions).
 */
export function clock(ms: number, name: string = 'time', locale: string = lang()): Record<string, string | number> {
  return { [name]: localTime(ms, locale), [name === 'time' ? 'hour' : `${name}Hour`]: shownHour(ms, locale) };
}

/** Whole local days from `now`'s day to `ms`'s day (0 today, 1 tomorrow, -1 yesterday). */
export function dayOffset(ms: number, now: number): number {
  const a = new Date(now);
  const b = new Date(ms);
  const start = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((start(b) - start(a)) / 86_400_000);
}

/** Which words the phrase for `ms` takes, seen from `now`. */
export function dayKind(ms: number, now: number): DayKind {
  const offset = dayOffset(ms, now);
  if (offset === 0) return 'today';
  if (offset === -1) return 'yesterday';
  if (offset === 1) return 'tomorrow';
  return Math.abs(offset) < 7 ? 'week' : 'other';
}

/** Everything a `time.when…` message may name: the day's kind, the weekday, the date, the time and its hour. */
export function whenParams(ms: number, now: number, locale: string = lang()): Record<string, string | number> {
  return {
    day: dayKind(ms, now),
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(ms),
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' }).format(ms),
    short: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms),
    ...clock(ms, 'time', locale),
  };
}

/** When `ms` is, as a phrase inside a sentence: "at 21:10", "yesterday at 21:10", "on Thursday at 21:10". */
export function when(ms: number, now: number): string {
  return t(messages().time.when, whenParams(ms, now));
}

/** Since when, inside a sentence: "since 21:10", "since yesterday at 21:10" (its own words: "since" does not take "at"). */
export function since(ms: number, now: number): string {
  return t(messages().time.since, whenParams(ms, now));
}

/** When `ms` is, as a label on its own: "21:10", "Yesterday, 21:10", "Thu 26 Nov, 21:10". */
export function whenLabel(ms: number, now: number): string {
  return t(messages().time.whenLabel, whenParams(ms, now));
}
