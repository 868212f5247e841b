import { useEffect, useRef, useState } from 'preact/hooks';
import type { ActivityEntry, HistoryPersonView, PersonRef } from '../../../shared/bridge';
import { channelLabel, whenLabel } from '../../../shared/format';
import { bridge } from '../bridge';
import { run } from '../features/actions';
import { now, snapshot } from '../state';
import { features as tf } from '../strings/features';
import { history as t } from '../strings/history';
import { historyPerson, historyRange } from './history-state';
import { ChartWithReading, DemoNote, ExportButton, HistoryTable, RangePicker, requestOf, Tally, TimeStats } from './HistoryParts';

/**
 * One person's page (Tautulli's user page): when the record first and last saw them, their time
 * watched by column over the range, their channels, shows and devices, what the activity log says
 * of them today and yesterday, and their viewings as CSV. Opened from their card, a People row, a
 * log line or a notification; "Back to History" returns to the overview on the same range.
 */
export function PersonPage({ person }: { person: PersonRef }) {
  const s = snapshot.value!;
  const range = historyRange.value;
  const [view, setView] = useState<HistoryPersonView | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const revision = s.history.revision;
  const minute = Math.floor(now.value / 60_000);
  const request = { ...requestOf(range, null, person), person };
  useEffect(() => {
    let current = true;
    void run(() => bridge.getHistoryPerson(request)).then((value) => current && value && setView(value));
    return () => {
      current = false;
    };
  }, [JSON.stringify(request), revision, minute, s.history.ready]);
  // the page opens with focus on its heading (a screen reader hears whose page it is)
  useEffect(() => heading.current?.focus(), [person.server, person.name]);
  const at = now.value;
  const several = s.servers.length > 1;
  const title = view && several ? t.personOn(view.name, view.serverName) : person.name;
  return (
    <section class="history history-person-page" aria-labelledby="history-person-title">
      <button type="button" class="button button-quiet history-back" onClick={() => (historyPerson.value = null)}>
        ‹ {t.personBack}
      </button>
      <h2 id="history-person-title" class="history-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {view ? <p class="muted small">{t.seen(view.firstSeen, view.lastSeen, at)}</p> : null}
      <div class="history-controls">
        <RangePicker now={at} />
      </div>
      {!view || !s.history.ready || view.span !== range.span ? (
        <p class="muted" role="status">
          {t.loading}
        </p>
      ) : (
        <>
          <DemoNote view={view} />
          <ChartWithReading view={view} now={at} mode="watched" name={t.personChartName(person.name, view, at)} scope={{ person }} />
          <dl class="history-stats">
            <TimeStats view={view} />
          </dl>
          {view.followedMs === 0 ? <p class="muted">{t.nothingFollowed}</p> : view.watchedMs === 0 ? <p class="muted">{t.personNone(person.name)}</p> : null}
          <Tally title={t.channels} list={view.channels} />
          <Tally title={t.shows} list={view.shows} />
          <Tally title={t.devices} list={view.devices} />
          <HistoryTable view={view} now={at} caption={t.personTable(person.name, view, at)} watchedOnly />
        </>
      )}
      <RecentActivity person={person} serverName={view?.serverName ?? null} several={several} />
      <ExportButton request={request} />
    </section>
  );
}

/** What the activity log says of them today and yesterday (started, stopped, changed), newest first. */
function RecentActivity({ person, serverName, several }: { person: PersonRef; serverName: string | null; several: boolean }) {
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const revision = snapshot.value!.activity.revision;
  useEffect(() => {
    let current = true;
    void Promise.all([run(() => bridge.getActivity({ day: 'today', user: person.name })), run(() => bridge.getActivity({ day: 'yesterday', user: person.name }))]).then(([today, yesterday]) => {
      if (!current) return;
      const all = [...(today?.entries ?? []), ...(yesterday?.entries ?? [])];
      // with several servers the log names each line's server: only theirs
      setEntries(all.filter((e) => (e.serverId ? e.serverId === person.server : !several || !e.server || e.server === serverName)).slice(0, 10));
    });
    return () => {
      current = false;
    };
  }, [person.server, person.name, revision, serverName]);
  if (!entries || entries.length === 0) return null;
  return (
    <>
      <h3 class="history-heading">{t.recent}</h3>
      <ol class="history-list history-log">
        {entries.map((entry, i) => {
          const where = channelLabel(entry.channelNumber, entry.channelName) ?? '';
          const text = entry.kind === 'started' ? tf.started(entry.user, where) : entry.kind === 'stopped' ? tf.stopped(entry.user, where) : tf.changed(entry.user, channelLabel(entry.fromChannelNumber, entry.fromChannelName) ?? '?', where);
          return (
            <li key={`${entry.at}-${i}`}>
              <span class="history-name">
                {text}
                {entry.watching ? <span class="muted"> · {entry.watching}</span> : null}
              </span>
              <span class="history-figure muted small">{whenLabel(entry.at, now.value)}</span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
