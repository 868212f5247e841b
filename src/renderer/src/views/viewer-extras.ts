import type { GuideNow, NowPlayingEntry } from '../../../shared/airwave';
import { airing } from '../../../shared/format';

/**
 * What a viewer card can show beyond `/now-playing`. `/sessions` has these fields, but the
 * snapshot does not carry them yet: each is read when present and left out honestly when not.
 */
export interface ViewerExtras {
  playbackState?: 'playing' | 'paused' | 'buffering' | 'idle' | null;
  season?: number | null;
  episode?: number | null;
  year?: number | null;
  /** ISO time the session started */
  startedAt?: string | null;
  hdr?: boolean | null;
  osVersion?: string | null;
  /** the session's state is `bumper` */
  onBumper?: boolean;
}

export type ViewerEntry = NowPlayingEntry & ViewerExtras;

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
