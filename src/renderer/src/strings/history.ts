import type { HistoryAway, HistoryRetention, HistorySpan } from '../../../shared/bridge';
import { duration, listOf, since, when, whenLabel } from '../../../shared/format';
import { lang, messages, t } from '../../../shared/i18n/messages';

/** Words of the History view, its settings and the "while you were away" line, from the catalogue. */
const m = () => messages().history;


const RETENTION: Record<HistoryRetention, 'keep30' | 'keep90' | 'keep365' | 'keep730'> = { 30: 'keep30', 90: 'keep90', 365: 'keep365', 730: 'keep730' };

export const history = {
  get title() { return m().title; },
  get span(): Record<HistorySpan, string> { return m().span; },
  get spans() { return m().spans; },
  get scope() { return m().scope; },
  get allServers() { return m().allServers; },
  get loading() { return m().loading; },
  /** the chart's accessible name: the span and the peak */
  chartName: (span: HistorySpan, peak: { count: number; at: number } | null, now: number) =>
    peak === null ? t(m().chartNameNone, { span }) : t(m().chartName, { span, count: peak.count, when: when(peak.at, now) }),
  get chartHint() { return m().chartHint; },
  get peak() { return m().peak; },
  peakValue: (peak: { count: number; at: number } | null, now: number) => (peak === null ? '—' : t(m().peakValue, { count: peak.count, when: when(peak.at, now) })),
  get hours() { return m().hours; },
  hoursValue: (hours: number) => new Intl.NumberFormat(lang(), { maximumFractionDigits: 1 }).format(hours),
  get followed() { return m().followed; },
  followedValue: (ms: number, span: number) => new Intl.NumberFormat(lang(), { style: 'percent' }).format(Math.round((ms / span) * 100) / 100),
  get notFollowed() { return m().notFollowed; },
  get notFollowedHint() { return m().notFollowedHint; },
  get people() { return m().people; },
  get channels() { return m().channels; },
  get shows() { return m().shows; },
  get none() { return m().none; },
  get nothingFollowed() { return m().nothingFollowed; },
  minutes: (minutes: number) => (minutes < 1 ? m().underMinute : duration(minutes * 60_000)),
  lastSeen: (at: number | null, now: number) => (at === null ? m().watchingNow : t(m().lastSeen, { when: when(at, now) })),
  onServer: (server: string) => t(m().onServer, { server }),
  moment: (at: number, now: number, followed: boolean, viewers: { name: string; programme: string | null; channel: string | null; server: string | null }[]) => {
    const time = whenLabel(at, now);
    if (!followed) return t(m().momentNotFollowed, { time });
    if (viewers.length === 0) return t(m().momentNobody, { time });
    const who = viewers.map((v) => {
      let text = v.server ? t(m().viewerServer, { name: v.name, server: v.server }) : v.name;
      if (v.programme) text = t(m().viewerProgramme, { who: text, programme: v.programme });
      if (v.channel) text = t(m().viewerChannel, { who: text, channel: v.channel });
      return text;
    });
    return t(m().moment, { time, n: viewers.length, who: who.join(m().separator) });
  },
  sliderValue: (from: number, now: number, peak: number | null) => t(m().sliderValue, { when: whenLabel(from, now), state: peak === null ? 'none' : 'some', n: peak ?? 0 }),
  tableCaption: (span: HistorySpan) => t(span === '24h' ? m().tableCaptionHours : m().tableCaptionDays, { span }),
  get tableTime() { return m().tableTime; },
  get tablePeak() { return m().tablePeak; },
  get tableHours() { return m().tableHours; },
  get export() { return m().export; },
  exported: (name: string, rows: number) => t(m().exported, { name, rows }),
  downloaded: (name: string, rows: number) => t(m().downloaded, { name, rows }),
  // settings
  get settingsTitle() { return m().settingsTitle; },
  get retention() { return m().retention; },
  retentionChoice: (days: HistoryRetention) => m()[RETENTION[days]],
  get localOnly() { return m().localOnly; },
  get clear() { return m().clear; },
  get clearConfirm() { return m().clearConfirm; },
  get clearYes() { return m().clearYes; },
  get clearNo() { return m().clearNo; },
  get cleared() { return m().cleared; },
  // the line at the top of Watching
  away: (a: HistoryAway, now: number) => {
    const from = since(a.since, now);
    if (a.people === 0) return t(m().awayNobody, { since: from });
    if (!a.peak) return t(m().away, { since: from, people: a.people, programmes: a.programmes });
    return t(m().awayPeak, { since: from, people: a.people, programmes: a.programmes, count: a.peak.count, when: when(a.peak.at, now) });
  },
  get awayOpen() { return m().awayOpen; },
  list: (items: readonly string[]) => listOf(items),
};
