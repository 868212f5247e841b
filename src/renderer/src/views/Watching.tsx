import { LoaderCircle, Pause } from 'lucide-preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { channelLabel, duration, episodeShow, localTime } from '../../../shared/format';
import { deviceLabel } from '../../../shared/viewer-identity';
import { inQuietHoursNow } from '../notify-state';
import { rovingStep } from '../components/a11y';
import { Artwork, Empty, POSTER_SIZE, Progress, StaleNote } from '../components/bits';
import { useVirtualRows } from '../components/virtual';
import { density, focusedViewer, isStale, now, snapshot, viewerDetail, watchingOrder, type WatchingOrder } from '../state';
import { isViewer, serverList, serverOf, severalServers, viewerKey, viewerRef, type ViewerRef } from '../server-state';
import { watching as t } from '../strings/watching';
import { common } from '../strings/common';
import { servers as ts } from '../strings/servers';
import { nothingOn, onBumper, startedAt, type ViewerEntry } from './viewer-extras';
import './Watching.css';

/**
 * The Watching view: one card per viewer from /now-playing, newest first. Every card has the same
 * fixed layout per density (comfortable: poster, who, what, channel, one full-width bar with the
 * end time and the time left; compact: one line with a mini bar and the end time), so the list is
 * virtualised with fixed rows and stays fast with thousands of viewers. One tab stop: the arrow
 * keys, Home and End move between cards (scrolling a card into view first), and the focused card
 * stays rendered wherever the list scrolls. With several servers the list merges them: each card
 * names its server, and a server whose data is not current marks its own cards stale.
 */

/** Row heights (card plus the gap above it), CSS pixels: Watching.css lays the cards out to these. */
export const CARD_GAP = 6;
export const COMFORTABLE_ROW = 106 + CARD_GAP;
export const COMPACT_ROW = 40 + 2;
const COMPACT_POSTER = { width: 24, height: 36 };

/**
 * Newest first by start time; viewers with no known start (a server without `/sessions`) after
 * them. Viewers who started in the same millisecond go by who they are (server, user, device), not
 * by where the server happened to list them, so a refresh does not swap them. A new array once per
 * list the snapshot brings (memoised by it): O(n log n) per change, nothing per render.
 */
export function newestFirst(entries: readonly ViewerEntry[]): ViewerEntry[] {
  const keyed = entries.map((entry, i) => ({ entry, i, at: startedAt(entry) ?? -Infinity, who: viewerKey(entry) }));
  keyed.sort((a, b) => (a.at !== b.at ? b.at - a.at : a.who !== b.who ? (a.who < b.who ? -1 : 1) : a.i - b.i));
  return keyed.map((k) => k.entry);
}

/**
 * By channel: channel number, then newest first within a channel; viewers with no channel last.
 * Built on the newest-first order, and the sort is stable, so ties keep that order.
 */
export function byChannel(entries: readonly ViewerEntry[]): ViewerEntry[] {
  return newestFirst(entries).sort((a, b) => (a.channelNumber ?? Number.POSITIVE_INFINITY) - (b.channelNumber ?? Number.POSITIVE_INFINITY));
}

const NO_ROWS = { rows: [] as ViewerEntry[], keys: [] as string[] };
/** The last list ordered, by the snapshot's array and the order chosen: a tab switch or a re-render does not sort again. */
let lastOrdered: { entries: readonly ViewerEntry[]; order: WatchingOrder; rows: ViewerEntry[]; keys: string[] } | null = null;

/** The list in order, with a key per viewer that survives a new order (the same person on two alike devices gets #2). */
function ordered(entries: readonly ViewerEntry[], order: WatchingOrder): { rows: ViewerEntry[]; keys: string[] } {
  if (lastOrdered?.entries === entries && lastOrdered.order === order) return lastOrdered;
  const rows = order === 'channel' ? byChannel(entries) : newestFirst(entries);
  const seen = new Map<string, number>();
  const keys = rows.map((entry) => {
    const key = viewerKey(entry);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${key}#${n}`;
  });
  lastOrdered = { entries, order, rows, keys };
  return lastOrdered;
}

export function Watching() {
  const s = snapshot.value!;
  const entries: ViewerEntry[] | null = s.nowPlaying.data;
  const order = watchingOrder.value;
  const { rows, keys } = entries ? ordered(entries, order) : NO_ROWS;
  const compact = density.value === 'compact';
  const rowHeight = compact ? COMPACT_ROW : COMFORTABLE_ROW;
  const focus = focusedViewer.value;
  const [active, setActive] = useState(0);
  const index = Math.min(active, Math.max(0, rows.length - 1));
  const { scrollRef, items, totalSize, scrollToIndex } = useVirtualRows(rows.length, rowHeight, 4, rows.length ? index : null);
  const focusRow = (i: number) => requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"] .card-button`)?.focus());
  // a notification click names a viewer: scroll to its card and focus it, once per click (the
  // viewer may arrive in a later snapshot than the click)
  const handled = useRef<ViewerRef | null>(null);
  useEffect(() => {
    if (focus === null || handled.current === focus) return;
    const found = rows.findIndex((entry) => isViewer(focus, entry));
    if (found < 0) return;
    handled.current = focus;
    setActive(found);
    scrollToIndex(found, 'auto');
    focusRow(found);
  }, [focus, rows]);
  // the density changes every row's height: keep the focused card in view
  const lastHeight = useRef(rowHeight);
  useEffect(() => {
    if (lastHeight.current === rowHeight) return;
    lastHeight.current = rowHeight;
    if (rows.length) scrollToIndex(index, 'auto');
  }, [rowHeight]);

  if (!entries) {
    // a version without a viewer list: the trouble line above already says which and what to do
    if (s.nowPlaying.lacking) return <Empty title={common.notInThisVersion}>{s.connection.message === s.nowPlaying.error ? null : s.nowPlaying.error}</Empty>;
    return <Empty title={s.nowPlaying.error ? t.failed : t.loading}>{s.nowPlaying.error}</Empty>;
  }
  // several servers: each one's staleness is its own (below), not the shown server's connection
  const stale = severalServers.value ? false : isStale(s.nowPlaying);
  if (rows.length === 0) {
    return (
      <div class={`watching${stale ? ' stale' : ''}`}>
        {stale ? <StaleNote at={s.nowPlaying.updatedAt!} /> : null}
        <Empty title={t.nobody}>{notificationPromise()}</Empty>
      </div>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const next = rovingStep(event.key, index, rows.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    scrollToIndex(next, 'auto');
    focusRow(next);
  };
  const at = now.value;
  return (
    <div class={`watching${stale ? ' stale' : ''}`}>
      <div class="watching-bar">
        {stale ? <StaleNote at={s.nowPlaying.updatedAt!} /> : <StaleServers entries={rows} />}
        <span class="watching-choices">
          <button type="button" class={`toggle-chip${order === 'channel' ? ' toggle-chip-on' : ''}`} aria-pressed={order === 'channel'} title={t.byChannelHint} onClick={() => (watchingOrder.value = order === 'channel' ? 'newest' : 'channel')}>
            {t.byChannel}
          </button>
          <button type="button" class={`toggle-chip${compact ? ' toggle-chip-on' : ''}`} aria-pressed={compact} title={t.densityHint} onClick={() => (density.value = compact ? 'comfortable' : 'compact')}>
            {t.density}
          </button>
        </span>
      </div>
      <div ref={scrollRef} class="cards-scroll">
        <ul class={`cards${compact ? ' cards-compact' : ''}`} aria-label={t.list(rows.length)} onKeyDown={onKeyDown} style={{ height: `${totalSize + CARD_GAP}px` }}>
          {items.map((item) => {
            const entry = rows[item.index]!;
            return (
              <ViewerCard
                key={keys[item.index]}
                entry={entry}
                at={at}
                index={item.index}
                count={rows.length}
                top={item.start + (compact ? 2 : CARD_GAP)}
                height={rowHeight - (compact ? 2 : CARD_GAP)}
                focused={focus !== null && isViewer(focus, entry)}
                tabbable={item.index === index}
                onFocus={() => setActive(item.index)}
                compact={compact}
              />
            );
          })}
        </ul>
      </div>
    </div>
  );
}

/** "Home: as of 18:02" for each server whose viewers shown are not current (several servers). */
function StaleServers({ entries }: { entries: readonly ViewerEntry[] }) {
  if (!severalServers.value) return <span />;
  const stale = serverList.value.filter((server) => server.staleSince !== null && entries.some((entry) => entry.serverId === server.id));
  if (stale.length === 0) return <span />;
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

/** "S2 E5", "S2" or "E5": the card's short form of where an episode sits. */
function seasonEpisode(season: number | null, episode: number | null): string | null {
  const parts = [season !== null ? `S${season}` : '', episode !== null ? `E${episode}` : ''].filter(Boolean);
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

/** The words a card and the viewer sheet share. */
export function describeViewer(entry: ViewerEntry, at: number) {
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
    endsAt: left === null ? null : at + left,
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
  at: number;
  index: number;
  count: number;
  top: number;
  height: number;
  focused: boolean;
  tabbable: boolean;
  onFocus: () => void;
  compact: boolean;
}

function ViewerCard({ entry, at, index, count, top, height, focused, tabbable, onFocus, compact }: CardProps) {
  const d = describeViewer(entry, at);
  const open = () => (viewerDetail.value = viewerRef(entry));
  const server = severalServers.value ? serverOf(entry) : null;
  const serverName = server?.name ?? (severalServers.value ? (entry.serverName ?? null) : null);
  const stale = server?.staleSince != null;
  const fraction = d.progress ? d.progress.positionSeconds / d.progress.durationSeconds : 0;
  const ends = d.endsAt !== null ? t.ends(localTime(d.endsAt)) : null;
  const chip = serverName ? (
    <span class={`server-chip${stale ? ' server-chip-stale' : ''}`} title={stale ? ts.staleOn(serverName, server!.staleSince!) : ts.onServer(serverName)}>
      <span class="visually-hidden">{ts.onPrefix}</span>
      <span class="server-chip-name">{serverName}</span>
    </span>
  ) : null;
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
            <span class="card-user-name" title={entry.user}>
              {entry.user}
            </span>
            <span class={`card-title${d.bumper ? ' bumper' : ''}`} title={[d.line, d.channel].filter(Boolean).join(' · ')}>
              {d.line}
            </span>
            {chip}
            {d.state ? <PlaybackState state={d.state} compact /> : null}
            <span class="card-end" title={[ends, d.left !== null ? t.left(duration(d.left)) : null].filter(Boolean).join(' · ') || undefined}>
              <Progress value={fraction} label={t.progressOf(d.what)} />
              <span class="card-end-time">{ends ? localTime(d.endsAt!) : ''}</span>
            </span>
          </div>
        ) : (
          <div class="card-body">
            <p class="card-user">
              <span class="card-user-name" title={entry.user}>
                {entry.user}
              </span>
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
              <span class="card-ends">{ends ?? (d.since !== null ? t.since(d.since) : '')}</span>
              <span class="time-left">{d.left !== null ? t.left(duration(d.left)) : ''}</span>
            </p>
          </div>
        )}
      </div>
    </li>
  );
}
