import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '../../shared/airwave';
import type { KeyRing } from './auth';
import type { EventHub } from './event-hub';
import { decode, fail } from './http';
import { ARTWORK_PATH, serveArtwork } from './routes/artwork';
import { channelRoutes } from './routes/channels';
import { guideRoutes } from './routes/guide';
import type { Route, RouteContext } from './routes/route';
import { serverInfoRoutes } from './routes/server-info';
import { sessionRoutes } from './routes/sessions';

/**
 * How a request finds its answer: only GET/HEAD under /api/public/v1; artwork without a key;
 * everything else after the key check, `/events` to the event hub, the rest to the route table.
 */

export interface RouterParts extends RouteContext {
  keys: KeyRing;
  hub: EventHub;
}

export function createRouter(parts: RouterParts): (req: IncomingMessage, res: ServerResponse) => void {
  const { world, keys, hub, sse } = parts;
  const routes: Route[] = [...serverInfoRoutes(parts), ...sessionRoutes(parts), ...guideRoutes(parts), ...channelRoutes(parts)];

  return (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://demo.invalid');
    } catch {
      return fail(res, 400, 'invalid_request', 'Malformed request.');
    }
    if (!url.pathname.startsWith(`${API_PREFIX}/`)) return fail(res, 404, 'not_found', 'Not found.');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return fail(res, 405, 'method_not_allowed', 'This API is read-only: use GET.', { allow: 'GET, HEAD' });
    }
    const path = url.pathname.slice(API_PREFIX.length);

    const art = ARTWORK_PATH.exec(path);
    if (art) {
      const [channelId, ratingKey] = [decode(art[1]), decode(art[2])];
      if (channelId === null || ratingKey === null) return fail(res, 404, 'not_found', 'Artwork not found.');
      return serveArtwork(world, res, url, channelId, ratingKey); // tokenless: no key needed
    }

    const auth = keys.check(req, url, path === '/events');
    if (auth === 'missing') {
      return fail(res, 401, 'unauthorized', 'API key required. Send it in X-API-Key or Authorization: Bearer.');
    }
    if (auth === 'invalid') return fail(res, 401, 'unauthorized', 'Invalid or revoked API key.');
    if (path === '/events') {
      if (!sse()) return fail(res, 404, 'not_found', 'Not found.');
      return hub.open(req, res, url);
    }

    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = match.slice(1).map((p) => decode(p) ?? '');
      return route.handle(res, url, params);
    }
    fail(res, 404, 'not_found', 'Not found.');
  };
}
