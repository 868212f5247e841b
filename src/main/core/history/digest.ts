/**
 * The weekly digest: when it is due and what it says. It covers the calendar week (Monday to
 * Sunday, local) before the one it is sent in, at the day and hour chosen in Settings → History;
 * one notification, "Last week on Home: 23 h watched by 4 people, busiest on Saturday at 21:10 (4
 * at once), most watched Friends. Followed 5.3 days of 7 days.", whose click opens History on that
 * week.
 * Never for a week the app did not follow (nothing is known then), and it always says how much of
 * the week it followed. Its words are the main process's (alerts.ts); its moment and lengths are
 * said as History says them (shared/history-figures.ts, the one "when").
 */
import type { HistoryDigest, HistoryView } from '../../../shared/bridge-history';
import { when } from '../../../shared/format';
import { lengthParams, rangeLength, watchedTime } from '../../../shared/history-figures';
import { messages, t } from '../../common/words';
import type { NotificationRequest } from '../viewers/notify-policy';
import { nextDay, weekStartOf, type Calendar } from './calendar';

/** The week a digest sent at `now` covers: the calendar week before the one `now` is in. */
export function digestWeek(cal: Calendar, now: number): { from: number; to: number } {
  const to = weekStartOf(cal, now);
  return { from: weekStartOf(cal, to - 1), to };
}

/** When the digest is next due at or after `now` (the chosen weekday and hour by the clock, local). */
export function nextDigestAt(cal: Calendar, now: number, digest: HistoryDigest): number {
  let day = cal.dayStart(now);
  for (let i = 0; i < 8; i++, day = nextDay(cal, day)) {
    if (cal.parts(day).weekday !== digest.weekday) continue;
    const p = cal.parts(day);
    // the hour on the clock: the day the clocks change, midnight + 20 hours is 19:00 or 21:00
    const at = cal.date(p.year, p.month, p.day, digest.hour);
    if (at >= now) return at;
  }
  return now + 7 * 24 * 3_600_000; // not reached: a week holds every weekday
}

/** When this week's digest was due (at or before `now`), or null when its moment is still to come this week. */
export function dueThisWeek(cal: Calendar, now: number, digest: HistoryDigest): number | null {
  const at = nextDigestAt(cal, weekStartOf(cal, now), digest);
  return at <= now ? at : null;
}

/** The digest of a week's view (every server's); null when the app did not follow any of it. */
export function digestRequest(view: HistoryView, serverName: string | null, now: number): NotificationRequest | null {
  if (view.followedMs === 0) return null;
  const w = messages().alerts;
  const title = serverName ? t(w.digestTitle, { server: serverName }) : w.digestTitleAll;
  const show = view.shows.top[0]?.name ?? null;
  const values = {
    watched: watchedTime(view.watchedMs),
    people: view.people.count,
    // a moment of last week: its day said (History's own reading of a week's peak)
    when: view.peak ? when(view.peak.at, now, { nameToday: true }) : '',
    count: view.peak?.count ?? 0,
    show: show ?? '',
    // as History says followed time over that week ("5.3 days of 7 days")
    followed: rangeLength(view.followedMs),
    ...lengthParams(view.to - view.from),
  };
  const body = view.people.count === 0 ? t(w.digestNobody, values) : t(show ? w.digestBody : w.digestBodyNoShow, values);
  return {
    id: `${now.toString(36)}-digest-${view.from.toString(36)}`,
    title,
    body,
    artworkUrl: null,
    target: { view: 'activity', section: 'history', range: { span: 'custom', from: view.from, to: view.to } },
    at: now,
    subject: { kind: 'digest' },
  };
}
