import type { HistoryAway, HistoryRetention, HistorySpan } from '../../../shared/bridge';
import { dayLabel, dayOffset, duration, listOf, localTime, plural } from '../../../shared/format';

/** "9:10 PM" today, "Thu 26 Nov 9:10 PM" another day (the locale's words). */
export function when(ms: number, now: number): string {
  return dayOffset(ms, now) === 0 ? localTime(ms) : `${dayLabel(ms, now)} ${localTime(ms)}`;
}

const SPAN_WORDS: Record<HistorySpan, string> = { '24h': 'the last 24 hours', '7d': 'the last 7 days', '30d': 'the last 30 days' };

/** Words of the History view, its settings and the "while you were away" line. */
export const history = {
  title: 'History',
  span: { '24h': '24 hours', '7d': '7 days', '30d': '30 days' } satisfies Record<HistorySpan, string>,
  spans: 'Span',
  scope: 'Servers shown',
  allServers: 'All servers',
  loading: 'Reading the history…',
  /** the chart's accessible name: the span and the peak */
  chartName: (span: HistorySpan, peak: { count: number; at: number } | null, now: number) =>
    peak === null ? `Viewers over ${SPAN_WORDS[span]}: nothing was followed` : `Viewers over ${SPAN_WORDS[span]}: peak ${peak.count} at ${when(peak.at, now)}`,
  chartHint: 'Arrow keys move along the chart; it reads who was watching then.',
  peak: 'Peak',
  peakValue: (peak: { count: number; at: number } | null, now: number) => (peak === null ? '—' : `${peak.count} at ${when(peak.at, now)}`),
  hours: 'Hours watched',
  hoursValue: (hours: number) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(hours),
  followed: 'Followed',
  followedValue: (ms: number, span: number) => `${Math.round((ms / span) * 100)}%`,
  notFollowed: 'not followed',
  notFollowedHint: 'Shaded: the app was not running, asleep or cut off from the server; nothing is known then.',
  people: 'People',
  channels: 'Top channels',
  shows: 'Top shows and films',
  none: 'Nobody watched in this span.',
  nothingFollowed: 'The app has not followed a server in this span yet.',
  minutes: (m: number) => (m < 1 ? 'under 1 min' : duration(m * 60_000)),
  lastSeen: (at: number | null, now: number) => (at === null ? 'watching now' : `last seen ${when(at, now)}`),
  onServer: (server: string) => `on ${server}`,
  moment: (at: number, now: number, followed: boolean, viewers: { name: string; programme: string | null; channel: string | null; server: string | null }[]) => {
    const time = when(at, now);
    if (!followed) return `${time}: not followed`;
    if (viewers.length === 0) return `${time}: nobody watching`;
    const who = viewers.map((v) => `${v.name}${v.server ? ` (${v.server})` : ''}${v.programme ? `, ${v.programme}` : ''}${v.channel ? ` on ${v.channel}` : ''}`);
    return `${time}: ${plural(viewers.length, { one: '1 watching', other: '{n} watching' })}: ${who.join('; ')}`;
  },
  sliderValue: (from: number, now: number, peak: number | null) => `${when(from, now)}: ${peak === null ? 'not followed' : plural(peak, { one: '1 watching', other: '{n} watching' })}`,
  tableCaption: (span: HistorySpan) => `Viewers over ${SPAN_WORDS[span]}, ${span === '24h' ? 'hour by hour' : 'day by day'}`,
  tableTime: 'From',
  tablePeak: 'Most at once',
  tableHours: 'Hours watched',
  export: 'Export CSV',
  exported: (name: string, rows: number) => `Saved ${name} (${plural(rows, { one: '1 viewing', other: '{n} viewings' })}).`,
  downloaded: (name: string, rows: number) => `Downloaded ${name} (${plural(rows, { one: '1 viewing', other: '{n} viewings' })}).`,
  // settings
  settingsTitle: 'History',
  retention: 'Keep history for',
  retentionChoice: (days: HistoryRetention) => (days === 30 ? '30 days' : days === 90 ? '3 months' : days === 365 ? '1 year' : '2 years'),
  localOnly: 'Kept only on this computer, never sent anywhere.',
  clear: 'Clear history…',
  clearConfirm: 'Delete every viewing recorded on this computer? This cannot be undone.',
  clearYes: 'Clear history',
  clearNo: 'Keep it',
  cleared: 'History cleared.',
  // the line at the top of Watching
  away: (a: HistoryAway, now: number) => {
    const since = `Since ${when(a.since, now)}`;
    if (a.people === 0) return `${since}: nobody watched`;
    const people = plural(a.people, { one: '1 person', other: '{n} people' });
    const what = plural(a.programmes, { one: '1 programme', other: '{n} programmes' });
    const peak = a.peak ? `; peak ${a.peak.count} at ${when(a.peak.at, now)}` : '';
    return `${since}: ${people} watched ${what}${peak}`;
  },
  awayOpen: 'Open History',
  list: listOf,
};
