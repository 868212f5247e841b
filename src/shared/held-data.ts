/**
 * Owns "is what we hold current": one rule for the tray (its count and "as of" line), the server
 * switcher and the popover's views, so no surface calls data current that another marks old.
 * Current means the app is following the server now (live or polling, the computer awake; the
 * first try of a reconnect, seconds after a drop, still counts) and the last read of that resource
 * did not fail. Anything else held is old: shown dimmed with the server's time, "as of 9:01 AM".
 */
import type { ConnectionView } from './bridge-connection';

type Link = Pick<ConnectionView, 'state' | 'attempt' | 'suspended'>;

/** Following the server now: what it last sent is what it says. */
export function following(c: Link): boolean {
  if (c.suspended) return false;
  return c.state === 'live' || c.state === 'polling' || (c.state === 'connecting' && c.attempt === 0);
}

/** When a held resource was last current, if it is not now; null while it is (or nothing is held). */
export function heldSince(c: Link, resource: { updatedAt: number | null; error: string | null }): number | null {
  if (resource.updatedAt === null) return null;
  return following(c) && resource.error === null ? null : resource.updatedAt;
}
