import { useEffect, useState } from 'preact/hooks';
import type { ActivityEntry, ActivityPage, ActivitySection } from '../../../shared/bridge';
import { deviceName } from '../../../shared/device-label';
import { channelLabel, localTime, programmeTitle } from '../../../shared/format';
import { bridge } from '../bridge';
import { Empty } from '../components/bits';
import { lazyView } from '../components/lazy-view';
import { now, snapshot } from '../state';
import { features as t } from '../strings/features';
import { servers } from '../strings/servers';
import { severalServers } from '../server-state';
import { cancelReminder, featureError, run, when } from './actions';
import { activitySection, logDay, logUser } from './activity-state';
import { ComingUp } from './ComingUp';
import { useRoving } from './roving';
import { newestFirst } from '../views/watching-order';
import './features.css';
import { common as commonText } from '../strings/common';

/**
 * The Activity tab: the log of viewers today and yesterday first, then upcoming reminders (with
 * cancel) and "Coming up" for followed titles. One section at a time, chosen by a row of toggles.
 */
const SECTIONS: ActivitySection[] = ['log', 'history', 'reminders', 'comingUp'];

export function Activity() {
  useEffect(() => void (featureError.value = null), []); // an old failure (from Settings, say) is not news here
  const section = activitySection.value;
  const s = snapshot.value!;
  const counts: Record<ActivitySection, number | null> = { reminders: s.reminders.length, comingUp: s.watchlist.comingUp.length, log: null, history: null };
  return (
    <div class="activity">
      <div class="segments" role="group" aria-label={t.sections}>
        {SECTIONS.map((id) => (
          <button key={id} type="button" class="segment" aria-pressed={section === id} onClick={() => (activitySection.value = id)}>
            {t.section[id]}
            {counts[id] ? <span class="segment-count">{counts[id]}</span> : null}
          </button>
        ))}
      </div>
      {featureError.value ? (
        <p class="inline-error feature-error" role="alert">
          {featureError.value}
        </p>
      ) : null}
      <div class="activity-body scroll-plain">{section === 'reminders' ? <Reminders /> : section === 'comingUp' ? <ComingUp /> : section === 'history' ? <LazyHistory /> : <Log />}</div>
    </div>
  );
}

/** History is loaded when first shown (its chart and lists stay out of the first paint's JS). */
const LazyHistory = lazyView(() => import('../history/History').then((module) => module.default), () => t.loadingHistory);

function Reminders() {
  const s = snapshot.value!;
  const list = s.reminders;
  const roving = useRoving(list.length);
  const at = now.value;
  if (list.length === 0) return <Empty title={t.noReminders}>{t.noRemindersHint}</Empty>;
  return (
    <section aria-label={t.reminderList(list.length)}>
      <p class="hint">{t.leadHint(s.featureSettings.reminderLeadMinutes)}</p>
      <ul class="feature-list" onKeyDown={roving.onKeyDown}>
        {list.map((reminder, i) => {
          const start = Date.parse(reminder.startsAt);
          const what = programmeTitle(reminder);
          return (
            <li key={reminder.id} class="feature-item">
              <span class="feature-time">{when(start, at)}</span>
              <span class="feature-main">
                <span class="feature-title" title={what}>
                  {what}
                </span>
                <span class="muted small">
                  {channelLabel(reminder.channelNumber, reminder.channelName)}
                  {reminder.from === 'watchlist' ? ` · ${t.fromWatchlist}` : ''}
                  {reminder.serverName && severalServers.value ? ` · ${servers.onServer(reminder.serverName)}` : ''}
                </span>
              </span>
              <button type="button" class="button button-quiet chip" aria-label={t.cancelReminderOf(what, start)} onClick={() => void cancelReminder(reminder.id)} {...roving.item(i)}>
                {t.cancel}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Log() {
  const s = snapshot.value!;
  const day = logDay.value;
  const user = logUser.value;
  const [page, setPage] = useState<ActivityPage | null>(null);
  const revision = s.activity.revision;
  useEffect(() => {
    let current = true;
    void run(() => bridge.getActivity(user ? { day, user } : { day })).then((value) => current && value && setPage(value));
    return () => {
      current = false;
    };
  }, [day, user, revision, s.settings.selectedServer]);
  const dayName = day === 'today' ? t.today : t.yesterday;
  // the filter keeps a chosen name even on a day it has no entries, so it can be cleared
  const users = page ? [...new Set([...page.users, ...(user ? [user] : [])])].sort((a, b) => a.localeCompare(b)) : [];
  return (
    <section aria-label={commonText.labelled(t.section.log, dayName)}>
      <div class="log-filters">
        <div class="segments segments-small" role="group" aria-label={t.day}>
          {(['today', 'yesterday'] as const).map((d) => (
            <button key={d} type="button" class="segment" aria-pressed={day === d} onClick={() => (logDay.value = d)}>
              {d === 'today' ? t.today : t.yesterday}
            </button>
          ))}
        </div>
        <label class="log-user">
          <span class="visually-hidden">{t.viewer}</span>
          <select value={user} onChange={(event) => (logUser.value = (event.currentTarget as HTMLSelectElement).value)}>
            <option value="">{t.everyone}</option>
            {users.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!page ? (
        <p class="muted" role="status">
          {t.loadingLog}
        </p>
      ) : page.entries.length === 0 ? (
        <Empty title={t.emptyLog(dayName)}>{day === 'today' && !user ? <WatchingNow /> : t.emptyLogHint}</Empty>
      ) : (
        <ol class="feature-list log" aria-label={t.logList(page.entries.length)}>
          {page.entries.map((entry, i) => (
            <LogLine key={`${entry.at}-${i}`} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * Nothing logged today, yet people may be watching (they started before the app did, or before
 * the log was on): who is watching now, so Activity never reads as if nobody is.
 */
function WatchingNow() {
  const viewers = snapshot.value?.nowPlaying.data ?? [];
  if (viewers.length === 0) return <>{t.emptyLogHint}</>;
  const names = [...new Set(newestFirst(viewers).map((entry) => entry.user))];
  return <>{t.watchingNow(names)}</>;
}

/** Stands for the name while a log line is worded, so the name can be shown bold inside the sentence. */
const NAME_MARK = '\u2063';

/** The words before and after the name in a worded log line. */
function splitAtName(text: string): [string, string] {
  const at = text.indexOf(NAME_MARK);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + NAME_MARK.length)];
}

function LogLine({ entry }: { entry: ActivityEntry }) {
  const where = channelLabel(entry.channelNumber, entry.channelName) ?? '';
  // the sentence is whole; the name is marked where the language put it
  const [before, after] = splitAtName(
    entry.kind === 'started'
      ? t.started(NAME_MARK, where)
      : entry.kind === 'stopped'
        ? t.stopped(NAME_MARK, where)
        : t.changed(NAME_MARK, channelLabel(entry.fromChannelNumber, entry.fromChannelName) ?? '?', where),
  );
  return (
    <li class={`feature-item log-line log-${entry.kind}`}>
      <span class="feature-time">{localTime(entry.at)}</span>
      <span class="feature-main">
        <span class="feature-title">
          {before}
          <strong>{entry.user}</strong>
          {after}
        </span>
        {entry.watching || entry.device || entry.server ? (
          <span class="muted small">{[entry.watching, deviceName(entry.device), entry.server ? servers.onServer(entry.server) : null].filter(Boolean).join(' · ')}</span>
        ) : null}
      </span>
      {entry.whileAway ? (
        <span class="tag-away" title={t.whileAwayHint}>
          {t.whileAway}
        </span>
      ) : null}
    </li>
  );
}
