import { useEffect, useRef, useState } from 'preact/hooks';
import { inQuietHours, minuteOfDay, pauseRunning } from '../../../shared/notification-hold';
import { rovingStep } from '../components/a11y';
import { Empty, StaleNote } from '../components/bits';
import { useVirtualRows } from '../components/virtual';
import { density, focusedViewer, isStale, now, snapshot, watchingOrder, type WatchingOrder } from '../state';
import { serverList, severalServers } from '../server-state';
import { isViewer, type ViewerRef } from '../viewer-ref';
import { watching as t } from '../strings/watching';
import { common } from '../strings/common';
import { servers as ts } from '../strings/servers';
import type { ViewerEntry } from './viewer-extras';
import { arrange, type WatchingList } from './watching-order';
import { ChannelHeading, ViewerCard } from './ViewerCard';
import { AwayLine } from '../history/AwayLine';
import './Watching.css';

/**
 * The Watching view: one card per viewer from /now-playing, newest first. Every card has the same
 * fixed layout per density (comfortable: poster, who, what, channel, one full-width bar with the
 * end time and the time left; compact: two short lines with the channel, a mini bar and the end
 * time; By channel: compact rows under a heading per channel), so the list is virtualised with
 * fixed rows and stays fast with thousands of viewers. One tab stop: the arrow
 * keys, Home and End move between cards (scrolling a card into view first), and the focused card
 * stays rendered wherever the list scrolls. With several servers the list merges them: each card
 * names its server, and a server whose data is not current marks its own cards stale and puts
 * them last. Cards and their order: ViewerCard.tsx, watching-order.ts.
 */

/** Row heights (card plus the gap above it), CSS pixels: Watching.css lays the cards out to these. */
export const CARD_GAP = 6;
export const COMFORTABLE_ROW = 106 + CARD_GAP;
export const COMPACT_ROW = 40 + 2;

const NO_LIST: WatchingList = { rows: [], viewers: [], at: [] };
/** The last list arranged, by the snapshot's array, the order and the servers away: a tab switch or a re-render does not sort again. */
let last: { entries: readonly ViewerEntry[]; order: WatchingOrder; away: string; list: WatchingList } | null = null;

function arranged(entries: readonly ViewerEntry[], order: WatchingOrder, away: ReadonlySet<string>): WatchingList {
  const awayKey = [...away].sort().join(',');
  if (last?.entries === entries && last.order === order && last.away === awayKey) return last.list;
  last = { entries, order, away: awayKey, list: arrange(entries, order, away) };
  return last.list;
}

export function Watching() {
  const s = snapshot.value!;
  const entries: ViewerEntry[] | null = s.nowPlaying.data;
  const order = watchingOrder.value;
  // several servers: the cards of a server that is away go last, and each card's time is its server's
  const awayServers = severalServers.value ? serverList.value.filter((server) => server.staleSince !== null) : [];
  const away = new Set(awayServers.map((server) => server.id));
  const { rows, viewers, at: placeOf } = entries ? arranged(entries, order, away) : NO_LIST;
  // By channel: compact rows under a heading per channel
  const grouped = order === 'channel';
  const compact = density.value === 'compact' || grouped;
  const rowHeight = compact ? COMPACT_ROW : COMFORTABLE_ROW;
  const focus = focusedViewer.value;
  const [active, setActive] = useState(0);
  const index = Math.min(active, Math.max(0, viewers.length - 1));
  const { scrollRef, items, totalSize, scrollToIndex } = useVirtualRows(rows.length, rowHeight, 4, viewers.length ? (placeOf[index] ?? null) : null);
  const focusRow = (i: number) => requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${i}"] .card-button`)?.focus());
  const show = (i: number) => {
    setActive(i);
    scrollToIndex(placeOf[i] ?? 0, 'auto');
    focusRow(i);
  };
  // a notification click names a viewer: scroll to its card and focus it, once per click (the
  // viewer may arrive in a later snapshot than the click)
  const handled = useRef<ViewerRef | null>(null);
  useEffect(() => {
    if (focus === null || handled.current === focus) return;
    const found = viewers.findIndex((entry) => isViewer(focus, entry));
    if (found < 0) return;
    handled.current = focus;
    show(found);
  }, [focus, viewers]);
  // the density changes every row's height: keep the focused card in view
  const lastHeight = useRef(rowHeight);
  useEffect(() => {
    if (lastHeight.current === rowHeight) return;
    lastHeight.current = rowHeight;
    if (viewers.length) scrollToIndex(placeOf[index] ?? 0, 'auto');
  }, [rowHeight]);

  if (!entries) {
    // a version without a viewer list: says which and what to do (no banner repeats it on every tab)
    if (s.nowPlaying.lacking) return <Empty title={common.notInThisVersion}>{s.nowPlaying.error}</Empty>;
    return <Empty title={s.nowPlaying.error ? t.failed : t.loading}>{s.nowPlaying.error}</Empty>;
  }
  // several servers: each one's staleness is its own (below), not the shown server's connection
  const stale = severalServers.value ? false : isStale(s.nowPlaying);
  // the server's count and its lists disagree: the count with that sentence, never a badge of 3 over "Nobody is watching" (issue 48)
  const differs = s.nowPlaying.differs;
  if (viewers.length === 0) {
    return (
      <div class={`watching${stale ? ' stale' : ''}`}>
        <AwayLine />
        {stale ? <StaleNote at={s.nowPlaying.updatedAt!} /> : null}
        <Empty title={differs ? common.countDiffers(differs.counted, differs.listed) : t.nobody}>{notificationPromise()}</Empty>
      </div>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const next = rovingStep(event.key, index, viewers.length);
    if (next === null) return;
    event.preventDefault();
    show(next);
  };
  const at = now.value;
  // when each card's data was read: a server away, when it was last current; else the list's time
  const readAt = (entry: ViewerEntry) => awayServers.find((server) => server.id === entry.serverId)?.staleSince ?? (away.size === 0 ? (s.nowPlaying.updatedAt ?? at) : at);
  return (
    <div class={`watching${stale ? ' stale' : ''}`}>
      <AwayLine />
      <div class="watching-bar">
        {stale ? <StaleNote at={s.nowPlaying.updatedAt!} /> : <StaleServers entries={viewers} />}
        <span class="watching-choices">
          <button type="button" class={`toggle-chip${grouped ? ' toggle-chip-on' : ''}`} aria-pressed={grouped} title={t.byChannelHint} onClick={() => (watchingOrder.value = grouped ? 'newest' : 'channel')}>
            {t.byChannel}
          </button>
          <button type="button" class={`toggle-chip${compact ? ' toggle-chip-on' : ''}`} aria-pressed={compact} disabled={grouped} title={grouped ? t.densityGrouped : t.densityHint} onClick={() => (density.value = compact ? 'comfortable' : 'compact')}>
            {t.density}
          </button>
        </span>
      </div>
      {differs ? (
        <p class="inline-warning watching-differs" role="note">
          {common.countDiffers(differs.counted, differs.listed)}
        </p>
      ) : null}
      <div ref={scrollRef} class="cards-scroll">
        <ul class={`cards${compact ? ' cards-compact' : ''}`} aria-label={t.list(viewers.length)} onKeyDown={onKeyDown} style={{ height: `${totalSize + CARD_GAP}px` }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            const top = item.start + (compact ? 2 : CARD_GAP);
            const height = rowHeight - (compact ? 2 : CARD_GAP);
            if (row.kind === 'channel') return <ChannelHeading key={row.key} label={row.label} count={row.count} top={top} height={height} />;
            const place = placeOf.indexOf(item.index);
            return (
              <ViewerCard
                key={row.key}
                entry={row.entry}
                device={row.device}
                at={at}
                readAt={stale ? s.nowPlaying.updatedAt! : readAt(row.entry)}
                stale={stale}
                index={place}
                count={viewers.length}
                top={top}
                height={height}
                focused={focus !== null && isViewer(focus, row.entry)}
                tabbable={place === index}
                onFocus={() => setActive(place)}
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
  const pause = pauseRunning(n.pausedUntil, now.value);
  if (pause !== null) return t.notifyPaused(pause);
  if (n.quietHours && inQuietHours(n.quietHours, minuteOfDay(now.value))) return t.notifyQuiet(n.quietHours.start, n.quietHours.end);
  return t.notifyOn;
}

