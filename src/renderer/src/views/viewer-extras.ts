import type { ViewerEntry } from '../../../shared/bridge';

/**
 * What a viewer card can show beyond `/now-playing`: the core joins these from `/sessions` (see
 * ViewerExtras in the bridge); each is read when present and left out honestly when not (a server
 * without `/sessions`).
 */
export type { ViewerEntry, ViewerExtras } from '../../../shared/bridge';

/** Is the viewer on a station break? The core says so, from the session or from its held On now rows. */
export function onBumper(entry: ViewerEntry): boolean {
  return entry.onBumper === true;
}

/** Is the viewer on a channel with nothing on (watching, counted, nothing to show)? The core says so from the session. */
export function nothingOn(entry: ViewerEntry): boolean {
  return entry.nothingOn === true;
}

export function startedAt(entry: ViewerEntry): number | null {
  const ms = entry.startedAt ? Date.parse(entry.startedAt) : NaN;
  return Number.isFinite(ms) ? ms : null;
}
