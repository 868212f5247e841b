import type { ConnectionView } from './bridge';
import { lang, messages, t } from './i18n/messages';

/**
 * Pure formatting for the popover (and anything else that shows time to people). Times are ms
 * since the epoch; `now` is always passed in, so the output is testable.
 */

/**
 * How long ago, as a message takes it: `unit` ("now", "s", "min", "h", "d") and the number `n`,
 * so a sentence words it whole ("updated 4 min ago", "vor 4 min aktualisiert", "4 分前に更新").
 */
export function agoParams(then: number, now: number): { unit: 'now' | 's' | 'min' | 'h' | 'd'; n: number } {
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 5) return { unit: 'now', n: 0 };
  if (s < 60) return { unit: 's', n: s };
  const m = Math.floor(s / 60);
  if (m < 60) return { unit: 'min', n: m };
  const h = Math.floor(m / 60);
  if (h < 48) return { unit: 'h', n: h };
  return { unit: 'd', n: Math.floor(h / 24) };
}

/** "just now", "12 s ago", "4 min ago", "2 h ago", "3 d ago" (in the language in use), on its own. */
export function ago(then: number, now: number): string {
  const w = messages().time;
  const { unit, n } = agoParams(then, now);
  if (unit === 'now') return w.justNow;
  return t(unit === 's' ? w.secondsAgo : unit === 'min' ? w.minutesAgo : unit === 'h' ? w.hoursAgo : w.daysAgo, { n });
}

/** "in 30 s", "in 4 min", "in 2 h". */
export function inTime(then: number, now: number): string {
  const w = messages().time;
  const s = Math.max(0, Math.round((then - now) / 1000));
  if (s < 60) return t(w.inSeconds, { n: s });
  const m = Math.round(s / 60);
  if (m < 60) return t(w.inMinutes, { n: m });
  return t(w.inHours, { n: Math.round(m / 60) });
}

/** "1 h 5 min", "12 min", "40 s" for a length of time. */
export function duration(ms: number): string {
  const w = messages().time;
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t(w.seconds, { n: s });
  const m = Math.round(s / 60);
  if (m < 60) return t(w.minutes, { n: m });
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? t(w.hours, { n: h }) : t(w.hoursMinutes, { h, m: m % 60 });
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
  const w = messages().connection;
  if (connection.suspended) return w.suspended;
  switch (connection.state) {
    case 'unconfigured':
      return w.unconfigured;
    case 'connecting':
      return connection.nextRetryAt ? t(w.reconnecting, { when: inTime(connection.nextRetryAt, now) }) : w.connecting;
    case 'live':
      return w.live;
    case 'polling':
      return w.polling;
    case 'offline':
      return connection.nextRetryAt ? t(w.offlineRetrying, { when: inTime(connection.nextRetryAt, now) }) : w.offline;
    case 'unauthorized':
      return w.unauthorized;
    case 'incompatible':
      return w.incompatible;
  }
}

/** "S2 · E5", "S2", or "" for a programme's season and episode. */
export function episodeLabel(season: number | null, episode: number | null): string {
  const w = messages().time;
  if (season !== null && episode !== null) return t(w.seasonEpisode, { season, episode });
  if (season !== null) return t(w.season, { season });
  if (episode !== null) return t(w.episode, { episode });
  return '';
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

/**
 * "Friends: The One with the Cake" for an episode of a show, the title alone otherwise: the
 * catalogue's label and value (`common.labelled`: French "Friends : …", Japanese "Friends：…").
 */
export function programmeTitle(program: { title: string; showTitle: string | null }): string {
  const show = episodeShow(program);
  return show ? t(messages().common.labelled, { label: show, value: program.title }) : program.title;
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
// Times, days, numbers and lists follow the language in use (i18n/messages.ts) through Intl: 12- or
// 24-hour clocks, day names and plurals as that locale has them. `locale` is injectable for tests.

// The clock, the day and the "when" phrase (a time that may not be today, short for a row, too): one rule, in when.ts.
export { clock, dayClock, dayKind, dayLabel, dayOffset, localTime, shortDay, shownHour, since, when, whenLabel, whenParams, whenShort, type WhenOptions } from './when';

/** Picks the plural form for `count` through Intl.PluralRules; `other` is the fallback. */
export function plural(count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }, locale: string = lang()): string {
  const rule = new Intl.PluralRules(locale).select(count);
  return (forms[rule] ?? forms.other).replace('{n}', new Intl.NumberFormat(locale).format(count));
}

/** "dave, erin and frank" (one rule, in list-format.ts: a leaf the tolerant reader imports too). */
export { listOf } from './list-format';
