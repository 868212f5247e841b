import { useEffect, useState } from 'preact/hooks';
import type { HistoryPerson, HistoryView } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { now, snapshot } from '../state';
import { history as t } from '../strings/history';
import { run } from '../features/actions';
import { historyPerson, historyRange, historyServer } from './history-state';
import { ChartWithReading, DemoNote, ExportButton, HistoryTable, More, RangePicker, requestOf, Tally, TimeStats } from './HistoryParts';
import { PersonPage } from './PersonPage';
import './history.css';

/**
 * The History section of Activity (loaded with it, not with the first paint): the range, all
 * servers or one, the chart with who watched in the column under the cursor, the peak, time watched
 * and followed time with their units, the people (each opens their page), channels and shows, each
 * list saying how many more it holds, the same numbers as a table for screen readers, and Export
 * CSV. A person's page replaces it while one is open.
 */
export default function History() {
  if (historyPerson.value) return <PersonPage person={historyPerson.value} />;
  return <Overview />;
}

function Overview() {
  const s = snapshot.value!;
  const range = historyRange.value;
  const server = s.servers.length > 1 ? historyServer.value : null;
  const [view, setView] = useState<HistoryView | null>(null);
  const revision = s.history.revision;
  // a new answer at most once a minute while the record moves (a busy server changes it often)
  const minute = Math.floor(now.value / 60_000);
  const request = requestOf(range, server, null);
  useEffect(() => {
    let current = true;
    void run(() => bridge.getHistory(request)).then((value) => current && value && setView(value));
    return () => {
      current = false;
    };
  }, [JSON.stringify(request), revision, minute, s.history.ready]);
  const at = now.value;
  return (
    <section class="history" aria-label={t.title}>
      <div class="history-controls">
        <RangePicker now={at} />
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
      {!view || !s.history.ready || view.span !== range.span ? (
        <p class="muted" role="status">
          {t.loading}
        </p>
      ) : (
        <OverviewBody view={view} at={at} />
      )}
      <ExportButton request={request} />
    </section>
  );
}

function OverviewBody({ view, at }: { view: HistoryView; at: number }) {
  return (
    <>
      <DemoNote view={view} />
      <ChartWithReading view={view} now={at} mode="peak" name={t.chartName(view, view.peak, at)} scope={view.server ? { server: view.server } : {}} />
      <dl class="history-stats">
        <div class="history-stat-wide">
          <dt>{t.peak}</dt>
          <dd>{t.peakValue(view.peak, view, at)}</dd>
        </div>
        <TimeStats view={view} />
      </dl>
      {view.followedMs === 0 ? (
        <p class="muted">{t.nothingFollowed}</p>
      ) : view.people.count === 0 ? (
        <p class="muted">{t.none}</p>
      ) : (
        <>
          <h3 class="history-heading">
            {t.people}
            <span class="muted"> · {t.peopleCount(view.people.count)}</span>
          </h3>
          <ul class="history-list">
            {view.people.top.map((p) => (
              <PersonRow key={`${p.name}-${p.serverId}`} person={p} view={view} at={at} />
            ))}
          </ul>
          <More list={view.people} />
          <Tally title={t.channels} list={view.channels} />
          <Tally title={t.shows} list={view.shows} />
        </>
      )}
      <HistoryTable view={view} now={at} caption={t.tableCaption(view, at)} />
    </>
  );
}

/** A person in the list: their name opens their page. */
function PersonRow({ person, view, at }: { person: HistoryPerson; view: HistoryView; at: number }) {
  return (
    <li>
      <button type="button" class="history-name history-person" aria-label={t.personOpen(person.name, person.server)} onClick={() => (historyPerson.value = { server: person.serverId, name: person.name })}>
        {person.name}
        {person.server ? <span class="muted"> · {t.onServer(person.server)}</span> : null}
      </button>
      <span class="history-figure">{t.minutes(person.minutes)}</span>
      <span class="muted small history-seen">{t.lastSeen(person.lastSeen, view, at)}</span>
    </li>
  );
}
