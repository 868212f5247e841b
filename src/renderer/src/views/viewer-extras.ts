import type { GuideNow } from '../../../shared/airwave';
import type { ViewerEntry } from '../../../shared/bridge';
import { airing } from '../../../shared/format';

/**
 * What a viewer card can show beyond `/now-playing`: the core joins these from `/sessions` (see
 * ViewerExtras in the bridge); each is read when present and left out honestly when not (a server
 * without `/sessions`).
 */
export type { ViewerEntry, ViewerExtras } from '../../../shared/bridge';

/** Is the viewer on a station break? From the session when known, else from the held On now rows. */
export function onBumper(entry: ViewerEntry, onNow: GuideNow | null, at: number): boolean {
  if (entry.onBumper !== undefined) return entry.onBumper;
  if (entry.channelNumber === null || !onNow) return false;
  const row = onNow.channels.find((channel) => channel.number === entry.channelNumber);
  const current = row ? airing([row.now, row.next], at) : null;
  return current !== null && current.ratingKey === null && (entry.title === null || entry.title === current.title);
}

export function startedAt(entry: ViewerEntry): number | null {
  const ms = entry.startedAt ? Date.parse(entry.startedAt) : NaN;
  return Number.isFinite(ms) ? ms : null;
}
