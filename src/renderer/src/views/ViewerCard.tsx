import { messages, t as format } from '../../../shared/i18n/messages';
import { LoaderCircle, Pause } from 'lucide-preact';
import { channelLabel, duration, episodeShow, localTime } from '../../../shared/format';
import { deviceLabel } from '../../../shared/device-label';
import { Artwork, POSTER_SIZE, Progress } from '../components/bits';
import { viewerDetail } from '../state';
import { serverOf, severalServers, shortServerName } from '../server-state';
import { viewerRef } from '../viewer-ref';
import { watching as t } from '../strings/watching';
import { servers as ts } from '../strings/servers';
import { nothingOn, onBumper, startedAt, type ViewerEntry } from './viewer-extras';

/**
 * One viewer's card in Watching (comfortable: poster, who, what, channel, a bar with the end time
 * and the time left; compact: two short lines, who and when it ends over the channel, what and a
 * mini bar), a channel's heading row (By channel), and the words a card and the viewer sheet share.
 * Times are the server's: the end is when the data was read plus the time left then, and once it
 * has passed a card says "may have ended"; a card of a server that is away shows no time left.
 */

const COMPACT_POSTER = { width: 24, height: 36 };

/** "S2 E5", "S2" or "E5": the card's short form of where an episode sits. */
function seasonEpisode(season: number | null, episode: number | null): string | null {
  const w = messages().time;
  const parts = [season !== null ? format(w.season, { season }) : '', episode !== null ? format(w.episode, { episode }) : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

/**
 * The one title line, the same order for every viewer: a series as "Show · S2 E5 · Episode", a
 * film (or anything without a show) as "Title (year)", a station break as such.
 */
function titleLine(entry: ViewerEntry, show: string | null, bumper: boolean): string {
  if (bumper) return t.stationBreak;
  const title = entry.title ?? null;
  if (show) return [show, seasonEpisode(entry.season ?? null, entry.episode ?? null), title].filter(Boolean).join(' · ');
  if (!title) return t.something;
  const episode = seasonEpisode(entry.season ?? null, entry.episode ?? null);
  if (episode) return `${title} · ${episode}`;
  return entry.year ? `${title} (${entry.year})` : title;
}

/**
 * The words a card and the viewer sheet share. `readAt` is when the server said it (the data's
 * time): the end is then plus the time left then, so it stays put between answers and while the
 * server is away, instead of moving on with the clock.
 */
export function describeViewer(entry: ViewerEntry, at: number, readAt: number = at) {
  // the core marks a viewer on a break from their own server's session or On now
  const bumper = onBumper(entry);
  const show = episodeShow(entry);
  const channel = channelLabel(entry.channelNumber, entry.channelName);
  const idle = nothingOn(entry);
  const what = idle ? t.nothingOn(channel) : bumper ? `${t.stationBreak}${channel ? ` · ${channel}` : ''}` : (entry.title ?? show ?? t.something);
  const episode = seasonEpisode(entry.season ?? null, entry.episode ?? null);
  const state = entry.playbackState === 'paused' || entry.playbackState === 'buffering' ? entry.playbackState : null;
  const progress = entry.progress && entry.progress.durationSeconds > 0 ? entry.progress : null;
  const left = progress ? Math.max(0, progress.durationSeconds - progress.positionSeconds) * 1000 : null;
  return {
    bumper,
    show: bumper ? null : show,
    channel,
    what,
    line: idle ? t.nothingOn(channel) : titleLine(entry, bumper ? null : show, bumper),
    episode,
    state,
    progress,
    left,
    // the end every view says where the core placed the programme (shared/programme-times.ts), else as read then
    endsAt: entry.endsAt ? Date.parse(entry.endsAt) : left === null ? null : readAt + left,
    device: deviceLabel(entry.device),
    since: startedAt(entry),
  };
}

/** Paused or buffering: an icon, and its word beside it (compact: for a screen reader and on hover). */
function PlaybackState({ state, compact }: { state: 'paused' | 'buffering'; compact: boolean }) {
  const Icon = state === 'paused' ? Pause : LoaderCircle;
  return (
    <span class={`card-state card-state-${state}`} title={compact ? t.state[state] : undefined}>
      <Icon size={12} aria-hidden={true} />
      <span class={compact ? 'visually-hidden' : 'card-state-label'}>{t.state[state]}</span>
    </span>
  );
}

interface CardProps {
  entry: ViewerEntry;
  /** the device, where the person watches on two or more */
  device: string | null;
  at: number;
  /** when the card's data was read (see describeViewer) */
  readAt: number;
  /** the data is held from before the server went away (one server; several: its summary says) */
  stale: boolean;
  index: number;
  count: number;
  top: number;
  height: number;
  focused: boolean;
  tabbable: boolean;
  onFocus: () => void;
  compact: boolean;
}

export function ViewerCard({ entry, device, at, readAt, stale: heldOnly, index, count, top, height, focused, tabbable, onFocus, compact }: CardProps) {
  const d = describeViewer(entry, at, readAt);
  const open = () => (viewerDetail.value = viewerRef(entry));
  const server = severalServers.value ? serverOf(entry) : null;
  const serverName = server?.name ?? (severalServers.value ? (entry.serverName ?? null) : null);
  const stale = heldOnly || server?.staleSince != null;
  const fraction = d.progress ? d.progress.positionSeconds / d.progress.durationSeconds : 0;
  // the end as the server gave it; once passed, "may have ended"; held data counts no minutes down
  const ended = d.endsAt !== null && d.endsAt <= at;
  const ends = d.endsAt === null ? null : ended ? t.mayHaveEnded : t.ends(d.endsAt);
  const left = d.endsAt === null || ended || stale ? null : t.left(duration(d.endsAt - at));
  const chip = serverName ? (
    <span class={`server-chip${stale ? ' server-chip-stale' : ''}`} title={stale && server?.staleSince != null ? ts.staleOn(serverName, server.staleSince) : ts.onServer(serverName)}>
      {/* heard in full ("on Airwave Demo (127.0.0.1:36021)"); seen short where names clash (the host) */}
      <span class="visually-hidden">
        {ts.onPrefix}
        {serverName}
      </span>
      <span class="server-chip-name" aria-hidden="true">
        {server ? shortServerName(server) : serverName}
      </span>
    </span>
  ) : null;
  const who = (
    <>
      <span class="card-user-name" title={entry.user}>
        {entry.user}
      </span>
      {device ? (
        <span class="card-device" title={device}>
          <span class="visually-hidden">{t.onDevicePrefix}</span>
          {device}
        </span>
      ) : null}
    </>
  );
  return (
    <li
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      class={`card${focused ? ' card-focused' : ''}${d.state ? ` card-${d.state}` : ''}${stale ? ' stale' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: `${height}px` }}
    >
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
        <Artwork path={d.bumper ? null : entry.artworkUrl} alt={t.posterOf(d.show ?? d.what)} class="poster" size={compact ? COMPACT_POSTER : POSTER_SIZE} server={entry.serverId} />
        {compact ? (
          <div class="card-line">
            <span class="card-line-top">
              {who}
              {chip}
              {d.state ? <PlaybackState state={d.state} compact /> : null}
              <span class={`card-end-time${ended ? ' card-ended' : ''}`} title={[ends, left].filter(Boolean).join(' · ') || undefined}>
                {d.endsAt === null ? '' : ended ? t.mayHaveEnded : localTime(d.endsAt)}
              </span>
            </span>
            <span class="card-line-bottom">
              {d.channel ? (
                <span class="card-line-channel" title={d.channel}>
                  {entry.channelNumber ?? d.channel}
                  <span class="visually-hidden">, </span>
                </span>
              ) : null}
              <span class={`card-title${d.bumper ? ' bumper' : ''}`} title={[d.line, d.channel].filter(Boolean).join(' · ')}>
                {d.line}
              </span>
              <Progress value={fraction} label={t.progressOf(d.what)} />
            </span>
          </div>
        ) : (
          <div class="card-body">
            <p class="card-user">
              {who}
              {d.state ? <PlaybackState state={d.state} compact={false} /> : null}
              {chip}
            </p>
            <p class={`card-title${d.bumper ? ' bumper' : ''}`} title={d.line}>
              {d.line}
            </p>
            <p class="card-channel" title={d.channel ?? undefined}>
              {d.channel ?? t.unknownChannel}
            </p>
            <Progress value={fraction} label={t.progressOf(d.what)} />
            <p class="card-times">
              <span class={`card-ends${ended ? ' card-ended' : ''}`}>{ends ?? (d.since !== null ? t.since(d.since) : '')}</span>
              <span class="time-left">{left ?? ''}</span>
            </p>
          </div>
        )}
      </div>
    </li>
  );
}

/** By channel: the heading of a channel's group, a row of the list like the cards under it. */
export function ChannelHeading({ label, count, top, height }: { label: string; count: number; top: number; height: number }) {
  return (
    <li class="card-heading" style={{ transform: `translateY(${top}px)`, height: `${height}px` }}>
      <span class="card-heading-name">{label || t.unknownChannel}</span>
      <span class="visually-hidden">, </span>
      <span class="card-heading-count">{t.list(count)}</span>
    </li>
  );
}
