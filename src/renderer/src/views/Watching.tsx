import { useEffect, useRef, useState } from 'preact/hooks';
import { channelLabel, duration, episodeLabel } from '../../../shared/format';
import { deviceLabel, personKey } from '../../../shared/viewer-identity';
import { inQuietHoursNow } from '../notify-state';
import { rovingStep } from '../components/a11y';
import { Artwork, Empty, POSTER_SIZE, Progress, StaleNote } from '../components/bits';
import { density, focusedViewer, isStale, now, snapshot, viewerDetail } from '../state';
import { watching as t } from '../strings/watching';
import { onBumper, startedAt, type ViewerEntry } from './viewer-extras';
import './Watching.css';

/** One card per viewer from /now-playing: poster, who, what, where, on which device, how far in. */
export function Watching() {
  const s = snapshot.value!;
  const entries: ViewerEntry[] | null = s.nowPlaying.data;
  const focus = focusedViewer.value;
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  if (!entries) {
    return <Empty title={s.nowPlaying.error ? t.failed : t.loading}>{s.nowPlaying.error}</Empty>;
  }
  const stale = isStale(s.nowPlaying);
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
        {stale ? <StaleNote at={s.nowPlaying.updatedAt!} /> : <span />}
        <button type="button" class={`toggle-chip${compact ? " toggle-chip-on" : ""}`} aria-pressed={compact} title={t.densityHint} onClick={() => (density.value = compact ? 'comfortable' : 'compact')}>
          {t.density}
        </button>
      </div>
      <ul ref={list} class={`cards${compact ? ' cards-compact' : ''}`} aria-label={t.list(entries.length)} onKeyDown={onKeyDown}>
        {entries.map((entry, i) => {
          const person = personKey(entry.user, entry.device);
          return <ViewerCard key={`${person}#${i}`} entry={entry} focused={focus === person} tabbable={i === index} onFocus={() => setActive(i)} compact={compact} />;
        })}
      </ul>
    </div>
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
  const bumper = onBumper(entry, s.onNow.data, at);
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
  const open = () => (viewerDetail.value = { person: personKey(entry.user, entry.device) });
  const titleLine = [d.what, d.episode].filter(Boolean).join(' · ');
  return (
    <li ref={ref} class={`card${focused ? ' card-focused' : ''}${d.state ? ` card-${entry.playbackState}` : ''}`}>
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
      <Artwork path={d.bumper ? null : entry.artworkUrl} alt={t.posterOf(d.show ?? d.what)} class="poster" size={POSTER_SIZE} />
      <div class="card-body">
        <p class="card-user" title={entry.user}>
          <span class="card-user-name">{entry.user}</span>
          {d.state ? <span class={`badge badge-${entry.playbackState}`}>{d.state}</span> : null}
          {entry.hdr ? <span class="badge">{t.hdr}</span> : null}
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
