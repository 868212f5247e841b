import type { ConnectionView } from './bridge';

/**
 * Pure formatting for the popover (and anything else that shows time to people). Times are ms
 * since the epoch; `now` is always passed in, so the output is testable.
 */

/** "just now", "12 s ago", "4 min ago", "2 h ago", "3 d ago". */
export function ago(then: number, now: number): string {
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 5) return 'just now';
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}

/** "in 30 s", "in 4 min", "in 2 h". */
export function inTime(then: number, now: number): string {
  const s = Math.max(0, Math.round((then - now) / 1000));
  if (s < 60) return `in ${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `in ${m} min`;
  return `in ${Math.round(m / 60)} h`;
}

/** "1 h 5 min", "12 min", "40 s" for a length of time. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
}

/** Share (0..1) of a programme that has aired at `now`. */
export function fraction(startsAt: string, endsAt: string, now: number): number {
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  if (!(end > start)) return 0;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}

/** The footer's words for the connection: "Live", "Polling", "Offline, retrying in 30 s", "Key rejected". */
export function connectionLabel(connection: ConnectionView, now: number): string {
  if (connection.suspended) return 'Paused while asleep';
  switch (connection.state) {
    case 'unconfigured':
      return 'Not set up';
    case 'connecting':
      return connection.nextRetryAt ? `Reconnecting ${inTime(connection.nextRetryAt, now)}` : 'Connecting…';
    case 'live':
      return 'Live';
    case 'polling':
      return 'Polling';
    case 'offline':
      return connection.nextRetryAt ? `Offline, retrying ${inTime(connection.nextRetryAt, now)}` : 'Offline';
    case 'unauthorized':
      return 'Key rejected';
    case 'incompatible':
      return 'Not supported';
  }
}

/** "S2 · E5", "S2", or "" for a programme's season and episode. */
export function episodeLabel(season: number | null, episode: number | null): string {
  if (season !== null && episode !== null) return `S${season} · E${episode}`;
  if (season !== null) return `S${season}`;
  if (episode !== null) return `E${episode}`;
  return '';
}

/** The programme airing at `at` among a row's now/next (moving on to `next` once `now` has ended). */
export function airing<P extends { startsAt: string; endsAt: string }>(programs: readonly (P | null)[], at: number): P | null {
  for (const program of programs) {
    if (program && Date.parse(program.startsAt) <= at && at < Date.parse(program.endsAt)) return program;
  }
  return null;
}

/** The first of `programs` that starts after `at`. */
export function upcoming<P extends { startsAt: string }>(programs: readonly (P | null)[], at: number): P | null {
  for (const program of programs) if (program && Date.parse(program.startsAt) > at) return program;
  return null;
}

export type PauseChoice = '1h' | 'tomorrow' | 'resume';

/** When a pause chosen at `now` ends (local time): an hour from now, or 08:00 the next day. */
export function pauseUntil(choice: PauseChoice, now: number): number | null {
  if (choice === 'resume') return null;
  if (choice === '1h') return now + 60 * 60_000;
  const date = new Date(now);
  date.setDate(date.getDate() + 1);
  date.setHours(8, 0, 0, 0);
  return date.getTime();
}

/** "Friends: The One with the Cake" for an episode of a show, the title alone otherwise. */
export function programmeTitle(program: { title: string; showTitle: string | null }): string {
  const show = episodeShow(program);
  return show ? `${show}: ${program.title}` : program.title;
}

/**
 * What a programme's full name adds to the words already shown for it ("Homecoming" when
 * "Flatmates" shows of "Flatmates: Homecoming"; the full name when the shown words are something
 * else; null when they say it all), so a screen reader hears "Flatmates: Homecoming" once.
 */
export function titleRest(program: { title: string; showTitle: string | null }, shown: string): string | null {
  const full = programmeTitle(program);
  if (full === shown) return null;
  return full.startsWith(`${shown}: `) ? full.slice(shown.length + 2) : full;
}

/** The show an episode belongs to, when it names more than the title does ("Friends" for "The One…"); null otherwise. */
export function episodeShow(program: { title: string | null; showTitle: string | null }): string | null {
  return program.showTitle && program.showTitle !== program.title ? program.showTitle : null;
}

/** "101 90s Sitcoms", whichever of the two is known, or null when neither is. */
export function channelLabel(number: number | null, name: string | null): string | null {
  const parts = [number === null ? '' : String(number), name ?? ''].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : null;
}

// ---------------------------------------------------------------- locale-aware (the popover)
// The popover follows the system locale through Intl: 12- or 24-hour clocks, day names and
// plurals as the locale has them. `locale` is injectable for tests; undefined means the system's.

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The one clock format: a time of day as the locale writes it, its own pattern and hour cycle
 * ("6:02 PM" en-US, "08:05" en-GB and de-DE). Every view, the tray, notifications and reminders
 * use it; nothing else writes a time of day (a unit test looks for hand-made ones).
 */
export function localTime(ms: number, locale?: string): string {
  const key = locale ?? '';
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    timeFormats.set(key, format);
  }
  return format.format(ms);
}

/** Whole local days from `now`'s day to `ms`'s day (0 today, 1 tomorrow, -1 yesterday). */
export function dayOffset(ms: number, now: number): number {
  const a = new Date(now);
  const b = new Date(ms);
  const start = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((start(b) - start(a)) / 86_400_000);
}

/** "Today", "Tomorrow", "Yesterday" or a weekday and date, in the locale's words, capitalised. */
export function dayLabel(ms: number, now: number, locale?: string): string {
  const offset = dayOffset(ms, now);
  const text =
    Math.abs(offset) <= 1
      ? new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(offset, 'day')
      : new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(ms);
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** Picks the plural form for `count` through Intl.PluralRules; `other` is the fallback. */
export function plural(count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }, locale?: string): string {
  const rule = new Intl.PluralRules(locale).select(count);
  return (forms[rule] ?? forms.other).replace('{n}', new Intl.NumberFormat(locale).format(count));
}

/** "dave, erin and frank", as the locale joins a list. */
export function listOf(items: readonly string[], locale?: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}
