import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_PREFIX } from '../../shared/airwave';
import type { KeyRing } from './auth';
import type { EventHub } from './event-hub';
import { decode, fail, rewriteAnswer, sendText, type AnswerHook } from './http';
import { ARTWORK_PATH, serveArtwork } from './routes/artwork';
import { channelRoutes } from './routes/channels';
import { guideRoutes } from './routes/guide';
import { answerKeyless } from './routes/keyless';
import type { Route, RouteContext } from './routes/route';
import { serverInfoRoutes } from './routes/server-info';
import { sessionRoutes } from './routes/sessions';
import type { WebhookBook } from './webhooks';

/**
 * How a request finds its answer: only GET/HEAD; identity, health and the OpenAPI document (where
 * the stage has them) and artwork without a key; everything else under /api/public/v1 after the
 * key check (a stage before the public API has none of it), `/events` to the event hub, the rest to the route table. A path no route knows is a
 * 404: the JSON envelope (seed), or plain text as Airwave's router does.
 */

export interface RouterParts extends RouteContext {
  keys: KeyRing;
  hub: EventHub;
  webhooks: WebhookBook;
  /** a test's rewrite of the API's JSON answers (DemoControls.setAnswerHook), when one is set */
  answerHook: () => AnswerHook | null;
}

export function createRouter(parts: RouterParts): (req: IncomingMessage, res: ServerResponse) => void {
  const { world, keys, hub, sse, profile } = parts;
  const routes: Route[] = [...serverInfoRoutes(parts, parts.webhooks), ...sessionRoutes(parts), ...guideRoutes(parts), ...channelRoutes(parts)];

  const noRoute = (res: ServerResponse) => {
    if (!profile.plainTextNotFound) return fail(res, 404, 'not_found', 'Not found.');
    sendText(res, 404, '404 Not Found');
  };

  return (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://demo.invalid');
    } catch {
      return fail(res, 400, 'invalid_request', 'Malformed request.');
    }
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    // a test's rewrite sees every JSON answer by its path ("/guide/now", "/openapi.json"; "/api/identity" outside the prefix)
    const hook = parts.answerHook();
    if (hook && readOnly) {
      const at = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
      rewriteAnswer(res, (body) => hook(at, body));
    }
    if (readOnly && answerKeyless(res, url.pathname, world, profile)) return;
    if (!url.pathname.startsWith(`${API_PREFIX}/`) || !profile.publicApi) return noRoute(res);
    if (!readOnly) {
      return fail(res, 405, 'method_not_allowed', 'This API is read-only: use GET.', { allow: 'GET, HEAD' });
    }
    const path = url.pathname.slice(API_PREFIX.length);

    const art = profile.artwork === 'url' ? ARTWORK_PATH.exec(path) : null;
    if (art) {
      const [channelId, ratingKey] = [decode(art[1]), decode(art[2])];
      if (channelId === null || ratingKey === null) return fail(res, 404, 'not_found', 'Artwork not found.');
      return serveArtwork(world, res, url, channelId, ratingKey, profile.realRouter); // tokenless: no key needed
    }

    const access = keys.check(req, url, path === '/events');
    if (access === 'missing') {
      return fail(res, 401, 'unauthorized', 'API key required. Send it in X-API-Key or Authorization: Bearer.');
    }
    if (access === 'invalid') return fail(res, 401, 'unauthorized', 'Invalid or revoked API key.');
    if (path === '/events') {
      if (!profile.eventStream || !sse()) return noRoute(res);
      return hub.open(req, res, url, access);
    }

    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = match.slice(1).map((p) => decode(p) ?? '');
      return route.handle(res, url, params, access);
    }
    noRoute(res);
  };
}
