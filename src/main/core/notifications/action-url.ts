/**
 * The app's own URL for a notification's button, `airwave-tray://notification/<id>/<action>`:
 * what a Windows toast button (or its body) launches through the app's protocol, and how the app
 * reads it back. The URL arrives from outside (any program can open an airwave-tray: link), so it
 * is read strictly: this scheme and host only, no user, port, query or fragment, an id of the
 * characters notification ids are made of and an action the app knows; anything else is null.
 */
import { ACTION_IDS, type ActionId } from './kinds';

export const ACTION_SCHEME = 'airwave-tray';
const HOST = 'notification';
/** notification ids: base-36 times, hashes, kinds and server ids joined by - and : (no dot: a URL path reads "." and ".." as steps) */
const ID = /^[A-Za-z0-9:_-]{1,200}$/;
/** a URL longer than this is not one of ours */
const MAX_URL = 300;

export interface ActionRef {
  id: string;
  action: ActionId | 'click';
}

export function actionUrl(id: string, action: ActionId | 'click'): string {
  return `${ACTION_SCHEME}://${HOST}/${encodeURIComponent(id)}/${action}`;
}

/** The notification and button a URL names, or null when it is not exactly one of ours. */
export function parseActionUrl(text: unknown): ActionRef | null {
  if (typeof text !== 'string' || text.length > MAX_URL || !text.startsWith(`${ACTION_SCHEME}://`)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== `${ACTION_SCHEME}:` || url.hostname !== HOST || url.username || url.password || url.port || url.search || url.hash) return null;
  const parts = url.pathname.split('/');
  if (parts.length !== 3 || parts[0] !== '') return null;
  let id: string;
  try {
    id = decodeURIComponent(parts[1]!);
  } catch {
    return null;
  }
  const action = parts[2]!;
  if (!ID.test(id)) return null;
  if (action !== 'click' && !(ACTION_IDS as readonly string[]).includes(action)) return null;
  return { id, action: action as ActionRef['action'] };
}

/** The first argument in a command line that is one of our URLs (a second launch's argv on Windows). */
export function actionInArgv(argv: readonly unknown[]): ActionRef | null {
  for (const arg of argv.slice(0, 50)) {
    const ref = parseActionUrl(arg);
    if (ref) return ref;
  }
  return null;
}
