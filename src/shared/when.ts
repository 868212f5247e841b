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
 * - `whenShort(ms, now)` and, as a message takes it, `dayClock(ms, now)`: a time that may not be
 *   today, short enough for a row a view cuts at its end (issue 48): the time alone today, with
 *   its weekday within a week ("Mon 21:10", yesterday and tomorrow too), with its date further off
 *   ("27 Jul, 21:10"), and its year only when that is not this year's ("31 Dec 2025, 20:05").
 *   The phrase is `time.whenShort`; a message that takes it also gets its `day` (`today`, `week`,
 *   `other`), so it can agree ("datos de las 21:10", "datos del lun, 21:10"). Every view that
 *   shows a time a server or the past may have put on another day (Nothing on since, as of, stale
 *   since, a card's end, the tray's not-current lines, the guide's gap, the key that worked until)
 *   says it through these, never through `localTime` alone.
 * - `{ nameToday: true }` (for `when` and `whenLabel`): today is named too ("today at 21:10",
 *   "Today, 21:10"), where a bare time would not say which day: a moment in a range longer than
 *   a day (History's peak, its columns and the away line's peak), a person's first and last seen.
 * - `dayLabel(ms, now)`: a day on its own, no time ("Today", "Yesterday", "Thu 26 Nov"): the
 *   guide's and search's day headings, History's columns a day wide.
 *
 * `format.ts` re-exports these; every view and the core say a day-and-time through them.
 */
import { lang, messages, t } from './i18n/messages';

/** How far a time is from today, as the phrase chooses its words. */
export type DayKind = 'today' | 'yesterday' | 'tomorrow' | 'week' | 'other';

/** How a phrase names its day: `nameToday` says "today" too, where a bare time would not say which day. */
export interface WhenOptions {
  nameToday?: boolean;
}

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

/**
 * Everything a `time.when…` message may name: the day's kind (`todayNamed` for today said as a
 * day: `options.nameToday`), the weekday, the date, the time and its hour.
 */
export function whenParams(ms: number, now: number, locale: string = lang(), options: WhenOptions = {}): Record<string, string | number> {
  const kind = dayKind(ms, now);
  return {
    day: kind === 'today' && options.nameToday ? 'todayNamed' : kind,
    weekday: new Intl.DateTimeFormat(locale, { weekday: 'long' }).format(ms),
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long' }).format(ms),
    short: new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms),
    ...clock(ms, 'time', locale),
  };
}

/** When `ms` is, as a phrase inside a sentence: "at 21:10", "yesterday at 21:10", "on Thursday at 21:10" ("today at 21:10" with `nameToday`). */
export function when(ms: number, now: number, options: WhenOptions = {}): string {
  return t(messages().time.when, whenParams(ms, now, lang(), options));
}

/** Since when, inside a sentence: "since 21:10", "since yesterday at 21:10" (its own words: "since" does not take "at"). */
export function since(ms: number, now: number): string {
  return t(messages().time.since, whenParams(ms, now));
}

/** When `ms` is, as a label on its own: "21:10", "Yesterday, 21:10", "Thu 26 Nov, 21:10" ("Today, 21:10" with `nameToday`). */
export function whenLabel(ms: number, now: number, options: WhenOptions = {}): string {
  return t(messages().time.whenLabel, whenParams(ms, now, lang(), options));
}

/**
 * A day on its own, as a heading or a column names it: "Today", "Tomorrow", "Yesterday", else
 * the weekday and date ("Thu 26 Nov", the `short` a `whenLabel` shows), in the locale's words
 * (Intl's), capitalised.
 */
export function dayLabel(ms: number, now: number, locale: string = lang()): string {
  const offset = dayOffset(ms, now);
  const text =
    Math.abs(offset) <= 1
      ? new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day')
      : new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms);
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** The short form's day: today, within a week either way (yesterday and tomorrow by their weekday), or further. */
export type ShortDay = 'today' | 'week' | 'other';

/** Which words the short form for `ms` takes, seen from `now`: dayKind's, with yesterday and tomorrow named by their weekday. */
export function shortDay(ms: number, now: number): ShortDay {
  const kind = dayKind(ms, now);
  return kind === 'today' || kind === 'other' ? kind : 'week';
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();
function shortFormat(locale: string, part: 'weekday' | 'date' | 'year'): Intl.DateTimeFormat {
  const key = `${locale}|${part}`;
  let format = shortFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = part === 'weekday' ? { weekday: 'short', day: 'numeric' } : { day: 'numeric', month: 'short', ...(part === 'year' ? { year: 'numeric' } : {}) };
    shortFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  }
  return format;
}

/** Everything `time.whenShort` may name: the short day, the weekday, the date (its year when not this year's), the time and its hour. */
export function whenShortParams(ms: number, now: number, locale: string = lang()): Record<string, string | number> {
  const day = shortDay(ms, now);
  const year = new Date(ms).getFullYear() !== new Date(now).getFullYear();
  return {
    day,
    // the weekday as the locale abbreviates it beside a date ("Mo.", "lun."), as `whenParams`' short does
    ...(day === 'week' ? { weekday: shortFormat(locale, 'weekday').formatToParts(ms).find((part) => part.type === 'weekday')?.value ?? '' } : {}),
    ...(day === 'other' ? { date: shortFormat(locale, year ? 'year' : 'date').format(ms) } : {}),
    ...clock(ms, 'time', locale),
  };
}

/** A time that may not be today, as a short label: "21:10", "Mon 21:10", "27 Jul, 21:10", "31 Dec 2025, 20:05". */
export function whenShort(ms: number, now: number, locale: string = lang()): string {
  return t(messages().time.whenShort, whenShortParams(ms, now, locale));
}

/**
 * `whenShort` as a message takes it: `{ time, hour, day }` ("Mon 21:10", 21, "week"), or under
 * another name (`dayClock(ms, now, 'since')`: `{ since, sinceHour, sinceDay }`), so a translation
 * may agree with the day and the hour (test/unit/i18n-catalogue.test.ts allows these companions).
 */
export function dayClock(ms: number, now: number, name: string = 'time', locale: string = lang()): Record<string, string | number> {
  const hour = name === 'time' ? 'hour' : `${name}Hour`;
  const day = name === 'time' ? 'day' : `${name}Day`;
  return { [name]: whenShort(ms, now, locale), [hour]: shownHour(ms, locale), [day]: shortDay(ms, now) };
}
