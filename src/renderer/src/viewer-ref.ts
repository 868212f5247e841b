import type { ViewerEntry } from '../../shared/bridge';
import { personKey } from '../../shared/viewer-identity';

/**
 * Who a viewer is in the popover: the person on a device, on a server, so that equal viewers on
 * two servers stay apart and a sheet kept open across a refetch still finds its viewer. Pure: the
 * page's state and the server list import it, never the other way round.
 */

/** A viewer: the person on a device, on a server (null when one server is followed, or not known). */
export interface ViewerRef {
  person: string;
  server: string | null;
}

export const viewerRef = (entry: ViewerEntry): ViewerRef => ({ person: personKey(entry.user, entry.device), server: entry.serverId ?? null });

/** Whether `entry` is the viewer `ref` names; a ref without a server matches the person on any server. */
export function isViewer(ref: ViewerRef, entry: ViewerEntry): boolean {
  return personKey(entry.user, entry.device) === ref.person && (ref.server === null || ref.server === (entry.serverId ?? null));
}

/** A key that tells equal viewers on two servers apart. */
export const viewerKey = (entry: ViewerEntry) => `${entry.serverId ?? ''}/${personKey(entry.user, entry.device)}`;
