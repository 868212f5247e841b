import { useEffect, useState } from 'preact/hooks';
import type { HistoryList, HistoryMoment, HistoryRangeRequest, HistoryRequest, HistorySpan, HistoryTally, HistoryView } from '../../../shared/bridge';
import { HISTORY_SPANS } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { run } from '../features/actions';
import { column, history as t } from '../strings/history';
import { HistoryChart } from './HistoryChart';
import { historyRange } from './history-state';

/**
 * The parts History's overview and a person's page share: the range picker (chips, and from–to
 * dates), the chart with the line under it that reads who watched in the column under the cursor,
 * the lists with "and N more", the table for screen readers, and Export CSV.
 */

const DAY = 86_400_000;
/** "2026-11-27" for a date input, in the local calendar. */
const dateText = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** A date input's value as its local midnight (null when it does not read). */
const dateOf = (text: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : null;
};

/** The chips, and the from–to dates when "Dates…" is chosen (a day each, the last one whole). */
export function RangePicker({ now }: { now: number }) {
  const range = historyRange.value;
  const choose = (span: HistorySpan) => {
    if (span !== 'custom') return void (historyRange.value = { span });
    const to = new Date(now).setHours(0, 0, 0, 0);
    historyRange.value = { span, from: new Date(to - 6 * DAY).setHours(0, 0, 0, 0), to: now };
  };
  const setDates = (from: number | null, last: number | null) => {
    if (from === null || last === null) return;
    const [a, b] = from <= last ? [from, last] : [last, from];
    const end = new Date(b + 26 * 3_600_000).setHours(0, 0, 0, 0); // the day after the last one, at its midnight
    historyRange.value = { span: 'custom', from: a, to: Math.min(end, now) };
  };
  return (
    <>
      <div class="segments segments-small history-spans" role="group" aria-label={t.spans}>
        {HISTORY_SPANS.map((id) => (
          <button key={id} type="button" class="segment" aria-pressed={range.span === id} onClick={() => choose(id)}>
            {t.span[id]}
          </button>
        ))}
      </div>
      {range.span === 'custom' && range.from !== undefined && range.to !== undefined ? (
        <div class="history-dates">
          <label>
            <span>{t.rangeFrom}</span>
            <input type="date" value={dateText(range.from)} max={dateText(now)} onChange={(event) => setDates(dateOf((event.currentTarget as HTMLInputElement).value), Math.max(range.from!, range.to! - 1))} />
          </label>
          <label>
            <span>{t.rangeTo}</span>
            <input type="date" value={dateText(Math.max(range.from, range.to - 1))} max={dateText(now)} onChange={(event) => setDates(range.from!, dateOf((event.currentTarget as HTMLInputElement).value))} />
          </label>
        </div>
      ) : null}
    </>
  );
}

/** The request a range and a scope make (the range as chosen, one server or all, one person or everyone). */
export function requestOf(range: HistoryRangeRequest, server: string | null, person: HistoryRequest['person'] | null): HistoryRequest {
  return { ...range, ...(server ? { server } : {}), ...(person ? { person } : {}) };
}

/** The chart and, under it, who watched in the column the cursor is on (the same column name as the chart's reading and the table). */
export function ChartWithReading({ view, now, mode, name, scope }: { view: HistoryView; now: number; mode: 'peak' | 'watched'; name: string; scope: Omit<HistoryRequest, 'span'> }) {
  const [cursor, setCursor] = useState<number | null>(null);
  const [moment, setMoment] = useState<HistoryMoment | null>(null);
  useEffect(() => setCursor(null), [view.from, view.unit]);
  useEffect(() => {
    const b = cursor !== null ? view.buckets[cursor] : undefined;
    if (!b) return setMoment(null);
    let current = true;
    const request = { from: b.from, to: b.to, ...(scope.server ? { server: scope.server } : {}), ...(scope.person ? { person: scope.person } : {}) };
    void run(() => bridge.getHistoryMoment(request)).then((value) => current && value && setMoment(value));
    return () => {
      current = false;
    };
  }, [cursor, view]);
  const shown = cursor !== null ? view.buckets[cursor] : undefined;
  return (
    <>
      <HistoryChart view={view} now={now} cursor={cursor} onCursor={setCursor} mode={mode} name={name} />
      <p class="history-moment small" aria-live="polite">
        {shown && moment && moment.from === shown.from ? t.moment(shown.from, view, now, moment, scope.person?.name) : view.gaps.length > 0 ? <span class="muted">{t.notFollowedHint}</span> : <span class="muted">{t.chartHint}</span>}
      </p>
    </>
  );
}

/** Time watched and followed time, each with its unit (two of the stats; the overview puts the peak above them). */
export function TimeStats({ view }: { view: HistoryView }) {
  return (
    <>
      <div>
        <dt>{t.watched}</dt>
        <dd>{view.followedMs === 0 ? '—' : t.time(view.watchedMs)}</dd>
      </div>
      <div>
        <dt>{t.followed}</dt>
        <dd>{t.followedValue(view.followedMs, view)}</dd>
      </div>
    </>
  );
}

/** The demo's made-up week says so. */
export function DemoNote({ view }: { view: HistoryView }) {
  return view.demo ? <p class="muted small history-demo">{t.demoNote}</p> : null;
}

/** A list with its heading; "and N more" under it when it holds fewer than there are. */
export function Tally({ title, list, count }: { title: string; list: HistoryList<HistoryTally>; count?: string }) {
  if (list.top.length === 0) return null;
  return (
    <>
      <h3 class="history-heading">
        {title}
        {count ? <span class="muted"> · {count}</span> : null}
      </h3>
      <ul class="history-list">
        {list.top.map((item) => (
          <li key={item.name}>
            <span class="history-name">{item.name}</span>
            <span class="history-figure">{t.minutes(item.minutes)}</span>
          </li>
        ))}
      </ul>
      <More list={list} />
    </>
  );
}

/** "and 3 more": said under a list that holds fewer than its count. */
export function More({ list }: { list: HistoryList<unknown> }) {
  const left = list.count - list.top.length;
  return left > 0 ? <p class="muted small history-more">{t.more(left)}</p> : null;
}

/** The same numbers as a table, for screen readers: one row per column of the chart, named as the chart names it. */
export function HistoryTable({ view, now, caption, watchedOnly }: { view: HistoryView; now: number; caption: string; watchedOnly?: boolean }) {
  return (
    <table class="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.tableTime}</th>
          {watchedOnly ? null : <th scope="col">{t.tablePeak}</th>}
          <th scope="col">{t.tableWatched}</th>
        </tr>
      </thead>
      <tbody>
        {view.buckets.map((b) => (
          <tr key={b.from}>
            <th scope="row">{column(b.from, view, now)}</th>
            {watchedOnly ? null : <td>{b.peak === null ? t.notFollowed : b.peak}</td>}
            <td>{b.peak === null ? t.notFollowed : t.time(b.watchedMs)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Export CSV of what is shown (a save dialog in the app; a download in the preview). */
export function ExportButton({ request }: { request: HistoryRequest }) {
  const [status, setStatus] = useState<string | null>(null);
  const exportCsv = async () => {
    setStatus(null);
    const done = await run(() => bridge.exportHistory(request));
    if (!done) return;
    if (done.csv !== null) {
      const url = URL.createObjectURL(new Blob([done.csv], { type: 'text/csv' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: done.filename });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus(t.downloaded(done.filename, done.rows));
    } else if (done.saved) setStatus(t.exported(done.filename, done.rows));
  };
  return (
    <div class="history-export">
      <button type="button" class="button button-quiet" onClick={() => void exportCsv()}>
        {t.export}
      </button>
      <span class="muted small" role="status">
        {status}
      </span>
    </div>
  );
}
