import { signal } from '@preact/signals';
import { useEffect, useState } from 'preact/hooks';
import type { HistoryMoment, HistorySpan, HistoryView } from '../../../shared/bridge';
import { HISTORY_SPANS, SPAN_MS } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { now, snapshot } from '../state';
import { history as t } from '../strings/history';
import { whenLabel } from '../../../shared/format';
import { run } from '../features/actions';
import { HistoryChart } from './HistoryChart';
import './history.css';

/**
 * The History section of Activity (loaded with it, not with the first paint): the span, all
 * servers or one, the chart with who was watching at the cursor, the peak and hours, the people,
 * channels and shows, the same numbers as a table for screen readers, and Export CSV.
 */
export const historySpan = signal<HistorySpan>('24h');
/** null: every server together */
export const historyServer = signal<string | null>(null);

export default function History() {
  const s = snapshot.value!;
  const span = historySpan.value;
  const server = s.servers.length > 1 ? historyServer.value : null;
  const [view, setView] = useState<HistoryView | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [moment, setMoment] = useState<HistoryMoment | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const revision = s.history.revision;
  // a new answer at most once a minute while the record moves (a busy server changes it often)
  const minute = Math.floor(now.value / 60_000);
  useEffect(() => {
    let current = true;
    void run(() => bridge.getHistory(server ? { span, server } : { span })).then((value) => current && value && setView(value));
    return () => {
      current = false;
    };
  }, [span, server, revision, minute]);
  useEffect(() => {
    const column = cursor !== null ? view?.buckets[cursor] : undefined;
    if (!column) return setMoment(null);
    let current = true;
    // the column's busiest moment (its middle when nobody watched): who was watching then
    const at = column.at ?? Math.min(view!.to - 1, Math.round((column.from + column.to) / 2));
    void run(() => bridge.getHistoryMoment(server ? { at, server } : { at })).then((value) => current && value && setMoment(value));
    return () => {
      current = false;
    };
  }, [cursor, view]);
  const exportCsv = async () => {
    setStatus(null);
    const done = await run(() => bridge.exportHistory(server ? { span, server } : { span }));
    if (!done) return;
    if (done.csv !== null) {
      const url = URL.createObjectURL(new Blob([done.csv], { type: 'text/csv' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: done.filename });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus(t.downloaded(done.filename, done.rows));
    } else if (done.saved) setStatus(t.exported(done.filename, done.rows));
  };
  const at = now.value;
  return (
    <section class="history" aria-label={t.title}>
      <div class="history-controls">
        <div class="segments segments-small" role="group" aria-label={t.spans}>
          {HISTORY_SPANS.map((id) => (
            <button key={id} type="button" class="segment" aria-pressed={span === id} onClick={() => ((historySpan.value = id), setCursor(null))}>
              {t.span[id]}
            </button>
          ))}
        </div>
        {s.servers.length > 1 ? (
          <label class="log-user">
            <span class="visually-hidden">{t.scope}</span>
            <select value={server ?? ''} onChange={(event) => (historyServer.value = (event.currentTarget as HTMLSelectElement).value || null)}>
              <option value="">{t.allServers}</option>
              {s.servers.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {!view || view.span !== span ? (
        <p class="muted" role="status">
          {t.loading}
        </p>
      ) : (
        <HistoryBody view={view} at={at} cursor={cursor} setCursor={setCursor} moment={moment} />
      )}
      <div class="history-export">
        <button type="button" class="button button-quiet" onClick={() => void exportCsv()}>
          {t.export}
        </button>
        <span class="muted small" role="status">
          {status}
        </span>
      </div>
    </section>
  );
}

function HistoryBody({ view, at, cursor, setCursor, moment }: { view: HistoryView; at: number; cursor: number | null; setCursor: (c: number | null) => void; moment: HistoryMoment | null }) {
  return (
    <>
      <HistoryChart view={view} now={at} cursor={cursor} onCursor={setCursor} />
      <p class="history-moment small" aria-live="polite">
        {moment ? t.moment(moment.at, at, moment.followed, moment.viewers) : view.gaps.length > 0 ? <span class="muted">{t.notFollowedHint}</span> : <span class="muted">{t.chartHint}</span>}
      </p>
      <dl class="history-stats">
        <div>
          <dt>{t.peak}</dt>
          <dd>{t.peakValue(view.peak, at)}</dd>
        </div>
        <div>
          <dt>{t.hours}</dt>
          <dd>{t.hoursValue(view.hours)}</dd>
        </div>
        <div>
          <dt>{t.followed}</dt>
          <dd>{t.followedValue(view.followedMs, SPAN_MS[view.span])}</dd>
        </div>
      </dl>
      {view.followedMs === 0 ? (
        <p class="muted">{t.nothingFollowed}</p>
      ) : view.people.length === 0 ? (
        <p class="muted">{t.none}</p>
      ) : (
        <>
          <h3 class="history-heading">{t.people}</h3>
          <ul class="history-list">
            {view.people.map((p) => (
              <li key={`${p.name}-${p.server ?? ''}`}>
                <span class="history-name">
                  {p.name}
                  {p.server ? <span class="muted"> · {t.onServer(p.server)}</span> : null}
                </span>
                <span class="history-figure">{t.minutes(p.minutes)}</span>
                <span class="muted small history-seen">{t.lastSeen(p.lastSeen, at)}</span>
              </li>
            ))}
          </ul>
          <Tally title={t.channels} items={view.channels} />
          <Tally title={t.shows} items={view.shows} />
        </>
      )}
      <table class="visually-hidden">
        <caption>{t.tableCaption(view.span)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.tableTime}</th>
            <th scope="col">{t.tablePeak}</th>
            <th scope="col">{t.tableHours}</th>
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr key={row.from}>
              <th scope="row">{whenLabel(row.from, at)}</th>
              <td>{row.peak === null ? t.notFollowed : row.peak}</td>
              <td>{row.peak === null ? '—' : t.hoursValue(row.hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function Tally({ title, items }: { title: string; items: { name: string; minutes: number }[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3 class="history-heading">{title}</h3>
      <ul class="history-list">
        {items.map((item) => (
          <li key={item.name}>
            <span class="history-name">{item.name}</span>
            <span class="history-figure">{t.minutes(item.minutes)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
