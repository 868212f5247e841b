import type { HistoryAway, HistoryRetention, HistorySpan, HistoryUnit } from '../../../shared/bridge';
import { dayAndTime, dayLabel, duration, listOf, localTime } from '../../../shared/format';
import { lang, messages, t } from '../../../shared/i18n/messages';

/**
 * Words of the History view, a person's page, its settings and the "while you were away" line,
 * from the catalogue. One rule names a moment (`at`: its day too in a range longer than a day) and
 * one names a column (`column`): the chart's keyboard reading, the line under it and the table
 * read the same instant through it.
 */
const m = () => messages().history;
const DAY = 86_400_000;

/** What a range is, for naming what is in it. */
export interface RangeShape {
  span: HistorySpan;
  unit: HistoryUnit;
  from: number;
  to: number;
}

/**
 * A moment in a range: "9:10 PM" today in a day's range, "Today 9:10 PM" / "Sat 21 Nov 9:10 PM" in a
 * longer one ("the last 24 hours" starts on the quarter hour before, so it may be up to 15 minutes
 * longer than a day, and is still a day's range).
 */
export function at(ms: number, range: Pick<RangeShape, 'from' | 'to'>, now: number): string {
  return dayAndTime(ms, now, { day: range.to - range.from > DAY + 15 * 60_000 });
}

/** A column by its start, as the chart's reading, the line under it and the table all name it. */
export function column(start: number, range: RangeShape, now: number): string {
  return range.unit === 'day' ? dayLabel(start, now) : at(start, range, now);
}

/** "the last 7 days", "this month", "Sat 1 Nov – Today"; a chosen range within a day by its times ("6:00 PM – 9:30 PM"). */
function spanWords(range: RangeShape, now: number): string {
  const words = m().spanWords;
  if (range.span !== 'custom') return words[range.span];
  const whole = range.from === new Date(range.from).setHours(0, 0, 0, 0) && (range.to === now || range.to === new Date(range.to).setHours(0, 0, 0, 0));
  return whole ? t(words.custom, { from: dayLabel(range.from, now), to: dayLabel(Math.max(range.from, range.to - 1), now) }) : t(words.custom, { from: at(range.from, range, now), to: at(range.to, range, now) });
}

const RETENTION: Record<HistoryRetention, 'keep30' | 'keep90' | 'keep365' | 'keep730'> = { 30: 'keep30', 90: 'keep90', 365: 'keep365', 730: 'keep730' };

/** Time as people read it: "20 min", "5 h 10 min", "under 1 min" for a fraction of a minute (never "0 min"). */
const time = (ms: number) => (ms > 0 && ms < 60_000 ? m().underMinute : duration(ms));

/** A length at the scale of its range: as `time` up to 10 hours, whole hours up to two days, days (to a tenth) beyond. */
const length = (ms: number) => {
  if (ms < 10 * 3_600_000) return time(ms);
  if (ms < 2 * DAY) return duration(Math.round(ms / 3_600_000) * 3_600_000);
  return t(m().days, { n: Math.round((ms / DAY) * 10) / 10 });
};

export const history = {
  get title() { return m().title; },
  get span(): Record<HistorySpan, string> { return m().span; },
  get spans() { return m().spans; },
  get rangeFrom() { return m().rangeFrom; },
  get rangeTo() { return m().rangeTo; },
  get scope() { return m().scope; },
  get allServers() { return m().allServers; },
  get loading() { return m().loading; },
  /** the chart's accessible name: the range and the peak */
  chartName: (range: RangeShape, peak: { count: number; at: number } | null, now: number) =>
    peak === null ? t(m().chartNameNone, { span: spanWords(range, now) }) : t(m().chartName, { span: spanWords(range, now), count: peak.count, when: at(peak.at, range, now) }),
  personChartName: (name: string, range: RangeShape, now: number) => t(m().personChartName, { name, span: spanWords(range, now) }),
  get chartHint() { return m().chartHint; },
  get peak() { return m().peak; },
  peakValue: (peak: { count: number; at: number } | null, range: RangeShape, now: number) => (peak === null ? '—' : t(m().peakValue, { count: peak.count, when: at(peak.at, range, now) })),
  get watched() { return m().watched; },
  time,
  get followed() { return m().followed; },
  /** "5 min of 24 h", "101 h of 7 days", each at the scale of the range */
  followedValue: (followedMs: number, range: Pick<RangeShape, 'from' | 'to'>) => t(m().followedValue, { followed: length(followedMs), span: length(range.to - range.from) }),
  get notFollowed() { return m().notFollowed; },
  get notFollowedHint() { return m().notFollowedHint; },
  get people() { return m().people; },
  peopleCount: (n: number) => t(m().peopleCount, { n }),
  more: (n: number) => t(m().more, { n }),
  get channels() { return m().channels; },
  get shows() { return m().shows; },
  get devices() { return m().devices; },
  get none() { return m().none; },
  get nothingFollowed() { return m().nothingFollowed; },
  minutes: (minutes: number) => time(minutes * 60_000),
  lastSeen: (seen: number | null, range: Pick<RangeShape, 'from' | 'to'>, now: number) => (seen === null ? m().watchingNow : t(m().lastSeen, { when: at(seen, range, now) })),
  onServer: (server: string) => t(m().onServer, { server }),
  /** the line under the chart: who watched in the column the cursor is on */
  moment: (
    start: number,
    range: RangeShape,
    now: number,
    moment: { followed: boolean; peak: number; more: number; viewers: { name: string; programme: string | null; channel: string | null; server: string | null; minutes: number }[] },
    person?: string,
  ) => {
    const when = column(start, range, now);
    if (!moment.followed) return t(m().momentNotFollowed, { time: when });
    if (moment.viewers.length === 0) return person ? t(m().momentPersonNone, { time: when, name: person }) : t(m().momentNobody, { time: when });
    const who = moment.viewers.map((v) => {
      let text = v.server ? t(m().viewerServer, { name: v.name, server: v.server }) : v.name;
      if (v.programme) text = t(m().viewerProgramme, { who: text, programme: v.programme });
      if (v.channel) text = t(m().viewerChannel, { who: text, channel: v.channel });
      // a day's column says how long each watched; a quarter hour's or an hour's who was there
      return range.unit === 'day' ? t(m().viewerMinutes, { who: text, time: time(v.minutes * 60_000) }) : text;
    });
    if (moment.more > 0) who.push(t(m().moreViewers, { n: moment.more }));
    return t(m().moment, { time: when, n: Math.max(moment.peak, 1), who: who.join(m().separator) });
  },
  /** the chart's value to assistive technology: the column and how many at once (or, on a person's page, the time watched) */
  sliderValue: (start: number, range: RangeShape, now: number, peak: number | null, watchedMs: number | null) =>
    t(m().sliderValue, { when: column(start, range, now), state: peak === null ? m().notFollowed : watchedMs !== null ? time(watchedMs) : t(m().watching, { n: peak }) }),
  tableCaption: (range: RangeShape, now: number) =>
    t(range.unit === 'quarter' ? m().tableCaptionQuarter : range.unit === 'hour' ? m().tableCaptionHours : m().tableCaptionDays, { span: spanWords(range, now) }),
  personTable: (name: string, range: RangeShape, now: number) => t(m().personTable, { name, span: spanWords(range, now) }),
  get tableTime() { return m().tableTime; },
  get tablePeak() { return m().tablePeak; },
  get tableWatched() { return m().tableWatched; },
  get export() { return m().export; },
  exported: (name: string, rows: number) => t(m().exported, { name, rows }),
  downloaded: (name: string, rows: number) => t(m().downloaded, { name, rows }),
  // a person's page
  get personBack() { return m().personBack; },
  personOpen: (name: string) => t(m().personOpen, { name }),
  personOn: (name: string, server: string) => t(m().personOn, { name, server }),
  seen: (first: number | null, last: number | null, now: number) =>
    first === null ? m().notSeen : last === null ? t(m().firstWatching, { first: dayAndTime(first, now, { day: true }) }) : t(m().firstLast, { first: dayAndTime(first, now, { day: true }), last: dayAndTime(last, now, { day: true }) }),
  get recent() { return m().recent; },
  personNone: (name: string) => t(m().personNone, { name }),
  get demoNote() { return m().demoNote; },
  // settings
  get settingsTitle() { return m().settingsTitle; },
  get retention() { return m().retention; },
  retentionChoice: (days: HistoryRetention) => m()[RETENTION[days]],
  get localOnly() { return m().localOnly; },
  get digestToggle() { return m().digestToggle; },
  get digestWhen() { return m().digestWhen; },
  get digestDay() { return m().digestDay; },
  get digestHour() { return m().digestHour; },
  get digestHint() { return m().digestHint; },
  /** a weekday's name (0 = Sunday), in the language in use */
  weekday: (day: number) => new Intl.DateTimeFormat(lang(), { weekday: 'long' }).format(new Date(2026, 10, 1 + day)),
  /** an hour of the day as the locale writes a time ("9:00 AM", "09:00") */
  hourOfDay: (hour: number) => localTime(new Date(2026, 10, 1, hour).getTime()),
  get clear() { return m().clear; },
  get clearConfirm() { return m().clearConfirm; },
  get clearYes() { return m().clearYes; },
  get clearNo() { return m().clearNo; },
  get cleared() { return m().cleared; },
  // the line at the top of Watching
  away: (a: HistoryAway, now: number) => {
    const range = { from: a.since, to: a.to };
    const since = t(m().awaySince, { when: at(a.since, range, now) });
    if (a.people === 0) return t(m().awayNobody, { since });
    const peak = a.peak ? t(m().awayPeak, { count: a.peak.count, when: at(a.peak.at, range, now) }) : '';
    return t(m().away, { since, people: a.people, programmes: a.programmes, peak });
  },
  get awayOpen() { return m().awayOpen; },
  list: (items: readonly string[]) => listOf(items),
};
