import { useEffect, useRef, useState } from 'preact/hooks';
import { channelLabel, duration, episodeLabel } from '../../../shared/format';
import { deviceLabel } from '../../../shared/viewer-identity';
import { inQuietHoursNow } from '../notify-state';
import { rovingStep } from '../components/a11y';
import { Artwork, Empty, POSTER_SIZE, Progress, StaleNote } from '../components/bits';
import { density, focusedViewer, isStale, now, snapshot, viewerDetail } from '../state';
import { isViewer, onSelectedServer, serverList, serverOf, severalServers, viewerKey, viewerRef } from '../server-state';
import { watching as t } from '../strings/watching';
import { servers as ts } from '../strings/servers';
import { onBumper, startedAt, type ViewerEntry } from './viewer-extras';
import './Watching.css';

/**
 * One card per viewer from /now-playing: poster, who, what, where, on which device, how far in.
 * With several servers the list merges them: each card names its server, and a server whose data
 * is not current marks its own cards stale (the others stay live).
 */
export function Watching() {
  const s = snapshot.value!;
  const entries: ViewerEntry[] | null = s.nowPlaying.data;
  const focus = focusedViewer.value;
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  if (!entries) {
    return <Empty title={s.nowPlaying.error ? t.failed : t.loading}>{s.nowPlaying.error}</Empty>;
  }
  // several servers: each one's staleness is its own (below), not the shown server's connection
  const stale = severalServers.value ? false : isStale(s.nowPlaying);
  if (entries.length === 0) {
    return (
      <div class={`watching${stale ? ' stale' : ''}`}>
        {stale ? <StaleNote at={s.nowPlaying.updatedAt!} /> : null}
        <Empty title={t.nobody}>{notificationPromise()}</Empty>
      </div>
    );
  }
  const index = Math.min(active, entries.length - 1);
  const compact = density.value === 'compact';
  const onKeyDown = (event: KeyboardEvent) => {
    const next = rovingStep(event.key, index, entries.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    list.current?.querySelectorAll<HTMLElement>('.card-button')[next]?.focus();
  };
  return (
    <div class={`watching${stale ? ' stale' : ''}`}>
      <div class="watching-bar">
        {stale ? <StaleNote at={s.nowPlaying.updatedAt!} /> : <StaleServers entries={entries} />}
        <button type="button" class={`toggle-chip${compact ? " toggle-chip-on" : ""}`} aria-pressed={compact} title={t.densityHint} onClick={() => (density.value = compact ? 'comfortable' : 'compact')}>
          {t.density}
        </button>
      </div>
      <ul ref={list} class={`cards${compact ? ' cards-compact' : ''}`} aria-label={t.list(entries.length)} onKeyDown={onKeyDown}>
        {entries.map((entry, i) => (
          <ViewerCard key={`${viewerKey(entry)}#${i}`} entry={entry} focused={focus !== null && isViewer(focus, entry)} tabbable={i === index} onFocus={() => setActive(i)} compact={compact} />
        ))}
      </ul>
    </div>
  );
}

/** "Home: as of 18:02" for each server whose viewers shown are not current (several servers). */
function StaleServers({ entries }: { entries: readonly ViewerEntry[] }) {
  const stale = serverList.value.filter((server) => server.staleSince !== null && entries.some((entry) => entry.serverId === server.id));
  if (!severalServers.value || stale.length === 0) return <span />;
  return (
    <p class="stale-note" role="note">
      {stale.map((server) => ts.staleOn(server.name, server.staleSince!)).join(' · ')}
    </p>
  );
}

/** What the empty state may promise: only what the notification settings will really do. */
function notificationPromise(): string {
  const n = snapshot.value!.settings.notifications;
  if (!n.enabled) return t.notifyOff;
  if (n.pausedUntil !== null && n.pausedUntil > now.value) return t.notifyPaused(n.pausedUntil);
  if (n.quietHours && inQuietHoursNow(n.quietHours, new Date(now.value))) return t.notifyQuiet(n.quietHours.start, n.quietHours.end);
  return t.notifyOn;
}

/** The words a card and the viewer sheet share. */
export function describeViewer(entry: ViewerEntry, at: number) {
  const s = snapshot.value!;
  // On now is the shown server's: it says nothing about a channel of another server
  const bumper = onBumper(entry, onSelectedServer(entry) ? s.onNow.data : null, at);
  const show = entry.showTitle && entry.showTitle !== entry.title ? entry.showTitle : null;
  const channel = channelLabel(entry.channelNumber, entry.channelName);
  const what = bumper ? `${t.stationBreak}${channel ? ` · ${channel}` : ''}` : (entry.title ?? show ?? t.something);
  const episode = episodeLabel(entry.season ?? null, entry.episode ?? null);
  const state = entry.playbackState && entry.playbackState !== 'playing' ? (t.state[entry.playbackState] ?? null) : null;
  const progress = entry.progress && entry.progress.durationSeconds > 0 ? entry.progress : null;
  const left = progress ? Math.max(0, progress.durationSeconds - progress.positionSeconds) * 1000 : null;
  return { bumper, show: bumper ? null : show, channel, what, episode, state, progress, left, device: deviceLabel(entry.device), since: startedAt(entry) };
}

function ViewerCard({ entry, focused, tabbable, onFocus, compact }: { entry: ViewerEntry; focused: boolean; tabbable: boolean; onFocus: () => void; compact: boolean }) {
  const ref = useRef<HTMLLIElement>(null);
  const focusTarget = () => ref.current?.querySelector<HTMLElement>('.card-button');
  useEffect(() => {
    if (focused) {
      ref.current?.scrollIntoView({ block: 'nearest' });
      focusTarget()?.focus();
    }
  }, [focused]);
  const d = describeViewer(entry, now.value);
  const open = () => (viewerDetail.value = viewerRef(entry));
  const titleLine = [d.what, d.episode].filter(Boolean).join(' · ');
  const server = severalServers.value ? serverOf(entry) : null;
  const serverName = server?.name ?? (severalServers.value ? (entry.serverName ?? null) : null);
  const stale = server?.staleSince != null;
  return (
    <li ref={ref} class={`card${focused ? ' card-focused' : ''}${d.state ? ` card-${entry.playbackState}` : ''}${stale ? ' stale' : ''}`}>
      <div
        class="card-button"
        tabIndex={tabbable ? 0 : -1}
        role="button"
        aria-haspopup="dialog"
        onFocus={onFocus}
        onClick={open}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            open();
          }
        }}
      >
      <Artwork path={d.bumper ? null : entry.artworkUrl} alt={t.posterOf(d.show ?? d.what)} class="poster" size={POSTER_SIZE} server={entry.serverId} />
      <div class="card-body">
        <p class="card-user" title={entry.user}>
          <span class="card-user-name">{entry.user}</span>
          {d.state ? <span class={`badge badge-${entry.playbackState}`}>{d.state}</span> : null}
          {entry.hdr ? <span class="badge">{t.hdr}</span> : null}
          {serverName ? (
            <span class={`server-chip${stale ? ' server-chip-stale' : ''}`} title={stale ? ts.staleOn(serverName, server!.staleSince!) : ts.onServer(serverName)}>
              <span class="visually-hidden">{ts.onPrefix}</span>
              <span class="server-chip-name">{serverName}</span>
            </span>
          ) : null}
        </p>
        {d.show && !compact ? (
          <p class="card-show" title={d.show}>
            {d.show}
          </p>
        ) : null}
        <p class={`card-title${d.bumper ? ' bumper' : ''}`} title={compact && d.show ? `${d.show}: ${titleLine}` : titleLine}>
          {compact && d.show ? `${d.show}: ` : ''}
          {titleLine}
        </p>
        <p class="card-meta">
          {d.channel && !d.bumper ? (
            <span class="card-channel" title={d.channel}>
              {d.channel}
            </span>
          ) : null}
          {d.device ? (
            <span class="card-device" title={d.device}>
              {d.device}
            </span>
          ) : null}
        </p>
        {d.since !== null && !compact ? <p class="card-since">{t.since(d.since)}</p> : null}
        {d.progress ? (
          <div class="card-progress">
            <Progress value={d.progress.positionSeconds / d.progress.durationSeconds} label={t.progressOf(d.what)} />
            <span class="time-left">{t.left(duration(d.left!))}</span>
          </div>
        ) : null}
      </div>
      </div>
    </li>
  );
}
