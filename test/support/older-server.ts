import { startLocalServer, type LocalServer } from './local-server';

/**
 * A proxy in front of a demo server that answers the way older or differently built Airwave
 * servers do (see ../shared/airwave-api.md, *Versions differ*): Airwave's router has no
 * `/channels/by-number/{n}/now` and answers unknown routes with a plain-text 404; 0.14 servers send
 * `/status` without `uptimeSeconds` and `counts`, and have no event stream. Everything else is the
 * demo's own answer, passed through with the caller's auth headers (whole answers only: the demo's
 * event stream is not passed on).
 */
export interface OlderServerOptions {
  /** `/channels/by-number/{n}/now` is an unknown route (plain-text 404) */
  noByNumberNow?: boolean;
  /** `/status` without `uptimeSeconds` and `counts` */
  legacyStatus?: boolean;
  /** `sse.supported: false` and no `/events` route */
  noEvents?: boolean;
  /** `/packages` is an unknown route (plain-text 404) and the OpenAPI document does not list it */
  noPackages?: boolean;
  /** while this says so, `/sessions` answers with a malformed body (HTTP 200) */
  malformedSessions?: () => boolean;
}

const API = '/api/public/v1';

export async function startOlderServer(upstream: string, options: OlderServerOptions): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '';
    const unknownRoute =
      (options.noByNumberNow && /^\/api\/public\/v1\/channels\/by-number\/[^/]+\/now$/.test(path)) ||
      (options.noEvents && path === `${API}/events`) ||
      (options.noPackages && path === `${API}/packages`);
    if (path === `${API}/sessions` && options.malformedSessions?.()) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ sessions: 'not a list' }));
      return;
    }
    if (unknownRoute) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('404 Not Found');
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['x-api-key', 'authorization', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (path === `${API}/events`) {
      // the event stream passes through as it comes (a proxy that buffers it never delivers the hello)
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      fetch(`${upstream}${url}`, { headers, signal: abort.signal })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
          if (!answer.body) return void res.end();
          for await (const chunk of answer.body) res.write(chunk);
          res.end();
        })
        .catch(() => res.destroy());
      return;
    }
    fetch(`${upstream}${url}`, { headers, signal: AbortSignal.timeout(10_000) })
      .then(async (answer) => {
        let body = Buffer.from(await answer.arrayBuffer());
        const type = answer.headers.get('content-type') ?? 'application/octet-stream';
        if (answer.ok && options.noPackages && path === `${API}/openapi.json`) {
          const json = JSON.parse(body.toString('utf8')) as { paths: Record<string, unknown> };
          delete json.paths['/packages'];
          body = Buffer.from(JSON.stringify(json));
        }
        if (answer.ok && (path === `${API}/status` || path === `${API}/capabilities`)) {
          const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          if (path === `${API}/status` && options.legacyStatus) {
            delete json.uptimeSeconds;
            delete json.counts;
          }
          if (path === `${API}/capabilities` && options.noEvents) json.sse = { supported: false };
          body = Buffer.from(JSON.stringify(json));
        }
        const extra: Record<string, string> = {};
        const cacheControl = answer.headers.get('cache-control');
        if (cacheControl) extra['cache-control'] = cacheControl;
        res.writeHead(answer.status, { 'content-type': type, ...extra });
        res.end(body);
      })
      .catch(() => res.destroy());
  });
}
