import type { HistoryRetention, HistorySpan, HistoryUnit } from '../../../shared/bridge';
import { dayLabel, listOf, localTime, when } from '../../../shared/format';
import { lengthParams, momentIn, momentLabel, rangeLength, watchedTime } from '../../../shared/history-figures';
import { lang, messages, t } from '../../../shared/i18n/messages';

/**
 * Words of the History view, a person's page and Settings → History, from the catalogue's
 * `historyView` section (loaded with the view: i18n/load.ts `loadLazyWords`; only those views
 * import this module). A moment is said through History's one rule (shared/history-figures.ts:
 * its day too in a range longer than a day) and a column is named by `column`: the chart's
 * keyboard reading, the line under it and the table read the same instant through it. A message
 * that names the range takes it whole (`spanParams`: a `select` on the span, a chosen range's
 * first and last day or moment as labels). The away line's words are strings/away.ts's.
 */
const m = () => messages().historyView;

/** What a range is, for naming what is in it. */
export interface RangeShape {
  span: HistorySpan;
  unit: HistoryUnit;
  from: number;
  to: number;
}

/** A column by its start, as the chart's reading, the line under it and the table all name it: its day, or its moment. */
export function column(start: number, range: RangeShape, now: number): string {
  return range.unit === 'day' ? dayLabel(start, now) : momentLabel(start, range, now);
}

/** The range as a message names it: its preset, or a chosen range by its first and last day ("Sat 1 Nov", "Today") or, within a day, its moments. */
function spanParams(range: RangeShape, now: number): { span: HistorySpan; from: string; to: string } {
  if (range.span !== 'custom') return { span: range.span, from: '', to: '' };
  const whole = range.from === new Date(range.from).setHours(0, 0, 0, 0) && (range.to === now || range.to === new Date(range.to).setHours(0, 0, 0, 0));
  return whole
    ? { span: 'custom', from: dayLabel(range.from, now), to: dayLabel(Math.max(range.from, range.to - 1), now) }
    : { span: 'custom', from: momentLabel(range.from, range, now), to: momentLabel(range.to, range, now) };
}

const RETENTION: Record<HistoryRetention, 'keep30' | 'keep90' | 'keep365' | 'keep730'> = { 30: 'keep30', 90: 'keep90', 365: 'keep365', 730: 'keep730' };

/** One viewer in the line under the chart, as the catalogue's `viewer` says them. */
interface MomentViewer {
  name: string;
  programme: string | null;
  channel: string | null;
  server: string | null;
  minutes: number;
}

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
    peak === null ? t(m().chartNameNone, spanParams(range, now)) : t(m().chartName, { ...spanParams(range, now), count: peak.count, when: momentIn(peak.at, range, now) }),
  personChartName: (name: string, range: RangeShape, now: number) => t(m().personTime, { name, ...spanParams(range, now) }),
  get chartHint() { return m().chartHint; },
  get peak() { return m().peak; },
  peakValue: (peak: { count: number; at: number } | null, range: RangeShape, now: number) => (peak === null ? '—' : t(m().peakValue, { count: peak.count, when: momentIn(peak.at, range, now) })),
  get watched() { return m().watched; },
  time: watchedTime,
  get followed() { return m().followed; },
  /** "5 min of 24 h", "4.9 days of 7 days", each at the scale of the range */
  followedValue: (followedMs: number, range: Pick<RangeShape, 'from' | 'to'>) => t(m().followedValue, { followed: rangeLength(followedMs), ...lengthParams(range.to - range.from) }),
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
  minutes: (minutes: number) => watchedTime(minutes * 60_000),
  lastSeen: (seen: number | null, range: Pick<RangeShape, 'from' | 'to'>, now: number) => (seen === null ? m().watchingNow : t(m().lastSeen, { when: momentIn(seen, range, now) })),
  onServer: (server: string) => t(m().onServer, { server }),
  /** the line under the chart: who watched in the column the cursor is on (each viewer one `viewer`, the rest counted) */
  moment: (start: number, range: RangeShape, now: number, moment: { followed: boolean; peak: number; more: number; viewers: MomentViewer[] }, person?: string) => {
    const time = column(start, range, now);
    if (!moment.followed) return t(m().momentNotFollowed, { time });
    if (moment.viewers.length === 0) return person ? t(m().momentPersonNone, { time, name: person }) : t(m().momentNobody, { time });
    // a day's column says how long each watched; a quarter hour's or an hour's who was there
    const timed = range.unit === 'day';
    const who = moment.viewers.map((v) =>
      t(m().viewer, {
        name: v.name,
        withServer: v.server ? 'yes' : 'no',
        server: v.server ?? '',
        withProgramme: v.programme ? 'yes' : 'no',
        programme: v.programme ?? '',
        withChannel: v.channel ? 'yes' : 'no',
        channel: v.channel ?? '',
        withTime: timed ? 'yes' : 'no',
        time: watchedTime(v.minutes * 60_000),
      }),
    );
    return t(m().moment, { time, n: Math.max(moment.peak, 1), who: who.join(m().separator), more: moment.more });
  },
  /** the chart's value to assistive technology: the column and how many at once (or, on a person's page, the time watched) */
  sliderValue: (start: number, range: RangeShape, now: number, peak: number | null, watchedMs: number | null) =>
    t(m().sliderValue, { when: column(start, range, now), state: peak === null ? 'none' : watchedMs !== null ? 'watched' : 'some', n: peak ?? 0, time: watchedTime(watchedMs ?? 0) }),
  tableCaption: (range: RangeShape, now: number) =>
    t(range.unit === 'quarter' ? m().tableCaptionQuarter : range.unit === 'hour' ? m().tableCaptionHours : m().tableCaptionDays, spanParams(range, now)),
  personTable: (name: string, range: RangeShape, now: number) => t(m().personTime, { name, ...spanParams(range, now) }),
  get tableTime() { return m().tableTime; },
  get tablePeak() { return m().tablePeak; },
  get tableWatched() { return m().tableWatched; },
  get export() { return m().export; },
  exported: (name: string, rows: number) => t(m().exported, { name, rows }),
  downloaded: (name: string, rows: number) => t(m().downloaded, { name, rows }),
  // a person's page
  get personBack() { return m().personBack; },
  personOn: (name: string, server: string) => t(m().personOn, { name, server }),
  /** a People row's way to the person's page (the server named where People lists several) */
  personOpen: (name: string, server: string | null) => (server ? t(m().personOpenOn, { name, server }) : t(messages().history.personOpen, { name })),
  seen: (first: number | null, last: number | null, now: number) => {
    if (first === null) return m().notSeen;
    // the record's first and last moments may be days apart: each says its day, today too
    const said = (ms: number) => when(ms, now, { nameToday: true });
    return last === null ? t(m().firstWatching, { first: said(first) }) : t(m().firstLast, { first: said(first), last: said(last) });
  },
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
  list: (items: readonly string[]) => listOf(items),
};
