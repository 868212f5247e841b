/**
 * The Watching tab's count: the number of viewers, struck through and "as of" when the list may be
 * out of date; with several servers, the viewers the app can vouch for, as the tray counts them.
 */
import { isStale, snapshot } from './state';
import { common as t } from './strings/common';
import { serverList, severalServers } from './server-state';

/**
 * The tab badge: the count, struck through and "as of" when the list may be out of date. With
 * several servers it counts the merged list (the tray's badge may count one server only), and it
 * is out of date from the oldest server whose data is not current.
 */
export function WatchingBadge() {
  const s = snapshot.value!;
  if (severalServers.value) return <MergedBadge />;
  const count = s.watching;
  if (count <= 0) return <span class="count count-empty" aria-hidden="true" />;
  const staleFrom = isStale(s.nowPlaying) ? s.nowPlaying.updatedAt : null;
  const label = staleFrom !== null ? t.watchingCountStale(count, staleFrom) : t.watchingCount(count);
  return (
    <span class={`count${staleFrom !== null ? ' count-stale' : ''}`} aria-label={label} title={label}>
      {badgeText(count)}
    </span>
  );
}

/**
 * Several servers: the viewers the app can vouch for, as the tray's badge counts them. A server
 * in trouble is left out and the count marked "1+"; when every server with viewers is in trouble,
 * the held count is shown struck through, "as of" the oldest.
 */
function MergedBadge() {
  const s = snapshot.value!;
  const troubled = new Set(serverList.value.filter((server) => server.staleSince !== null).map((server) => server.id));
  const viewers = s.nowPlaying.data ?? [];
  const current = viewers.filter((entry) => !troubled.has(entry.serverId ?? '')).length;
  const allHeld = current === 0 && viewers.length > 0 && troubled.size > 0;
  const count = allHeld ? viewers.length : current;
  if (count <= 0) return <span class="count count-empty" aria-hidden="true" />;
  const staleFrom = allHeld ? oldest(serverList.value.map((server) => server.staleSince)) : null;
  const leftOut = !allHeld && troubled.size > 0;
  const label = staleFrom !== null ? t.watchingCountStale(count, staleFrom) : leftOut ? t.watchingCountPartial(count) : t.watchingCount(count);
  const text = badgeText(count);
  return (
    <span class={`count${staleFrom !== null ? ' count-stale' : ''}`} aria-label={label} title={label}>
      {leftOut && !text.endsWith('+') ? `${text}+` : text}
    </span>
  );
}

/** What fits the badge's slot (three characters): the number up to 999, then "1k+" (the label and tooltip give the number). */
export const badgeText = (count: number) => (count > 999 ? '1k+' : String(count));

const oldest = (times: (number | null)[]) => times.reduce<number | null>((min, at) => (at !== null && (min === null || at < min) ? at : min), null);
