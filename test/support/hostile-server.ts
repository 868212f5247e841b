import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { request } from 'undici';
import type { DemoServer } from '../../src/main/demo';

/**
 * A server that misbehaves on request: a proxy on 127.0.0.1 in front of a demo server. In mode
 * `ok` it passes everything through (event stream included); in any other mode the API requests
 * that `paths` matches (all by default) get that misbehaviour instead. Every stall is released
 * when the mode changes or the server closes, so nothing outlives a test.
 */
export type HostileMode =
  | 'ok'
  | 'refuse' // nothing listens on the port
  | 'hang' // accepts, never answers
  | 'stall-body' // headers, then silence
  | '500'
  | '502'
  | '503-retry-after'
  | 'html' // an HTML error page with status 200
  | 'empty' // 200 with no body
  | 'invalid-json'
  | 'truncated-json'
  | 'huge' // a 50 MB body
  | 'wrong-shape' // valid JSON, wrong fields
  | 'revoked' // 401, as for a key revoked mid-session
  | 'proxy-401' // 401 as an HTML page (a proxy's login), not Airwave's JSON envelope
  | 'retry-after-huge' // 503 with Retry-After: 100000000
  | 'retry-after-30m' // 503 with Retry-After: 1800
  | 'ends-2099' // the demo's answer, every programme end moved to 2099
  | 'ends-soon' // the demo's answer, every programme ending 100 ms after the test clock's now
  | 'bad-time' // the demo's answer, its first programme starting at 2026-02-30T25:61:00Z (no such time)
  | 'redirect' // 302 to another origin
  | 'sse-garbage' // event stream frames that are not JSON envelopes
  | 'sse-silent' // event stream that never sends a keepalive
  | 'sse-flap' // event stream that closes soon after it opens
  | 'route-404' // a plain-text 404, as for a route the server does not have
  | 'rewrite' // the demo's answer passed through `rewrite` (path under the API, body text) first
  | 'drip'; // the demo's answer, one byte every `dripMs` (1,000 by default)

export interface HostileServer {
  url: string;
  port: number;
  mode: HostileMode;
  setMode(mode: HostileMode, paths?: RegExp): Promise<void>;
  /** the most bytes one `huge` answer got out before the client stopped reading */
  hugeMostSent: number;
  /** requests that reached this proxy, by path under the API (misbehaved or passed through) */
  requests: Record<string, number>;
  /** writes one keepalive comment to every event stream held open (`sse-silent`, `sse-garbage`); how many */
  keepalive(): number;
  /** when (`options.now`) the last misbehaving event stream was opened, once one was */
  streamOpenedAt: number | null;
  /** for `rewrite`: the answer's new text (default: unchanged) */
  rewrite: (path: string, body: string) => string;
  /** for `drip`: the wait between bytes */
  dripMs: number;
  /** answers held open right now (`hang`, `stall-body`, `drip`), by path under the API */
  pending(path: string): number;
  close(): Promise<void>;
}

const API = '/api/public/v1';
const HUGE = 50 * 1024 * 1024;

/** Every `"endsAt":"…"` in a JSON answer set to `endsAt`. */
const moveEnds = (body: string, endsAt: string) => body.replace(/"endsAt":"[^"]*"/g, `"endsAt":"${endsAt}"`);

export async function startHostileServer(demo: DemoServer, options: { redirectTo?: string; now?: () => number } = {}): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const stalled = new Set<ServerResponse>();
  const heldPath = new WeakMap<ServerResponse, string>();
  const streams = new Set<ServerResponse>();
  let paths: RegExp = /./;
  let server: Server | null = null;
  let port = 0;

  const passThrough = async (req: IncomingMessage, res: ServerResponse) => {
    const upstream = await request(`${demo.url}${req.url}`, {
      method: 'GET',
      headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'connection')) as Record<string, string>,
    }).catch(() => null);
    if (!upstream) return void res.destroy();
    const headers = Object.fromEntries(Object.entries(upstream.headers).filter(([name]) => !['connection', 'transfer-encoding', 'keep-alive'].includes(name)));
    res.writeHead(upstream.statusCode, headers as Record<string, string>);
    res.on('close', () => upstream.body.destroy());
    upstream.body.on('error', () => res.destroy());
    upstream.body.pipe(res);
  };

  const misbehave = (req: IncomingMessage, res: ServerResponse, mode: HostileMode) => {
    heldPath.set(res, (req.url ?? '/').split('?')[0]!.replace(API, ''));
    const json = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };
    switch (mode) {
      case 'hang':
        stalled.add(res);
        return;
      case 'stall-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write('{"count":');
        stalled.add(res);
        return;
      case '500':
        return json(500, JSON.stringify({ error: { code: 'internal', message: 'Database on fire.' } }));
      case '502':
        res.writeHead(502, { 'content-type': 'text/html' });
        return void res.end('<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>');
      case '503-retry-after':
        return json(503, JSON.stringify({ error: { code: 'unavailable', message: 'Busy.' } }), { 'retry-after': '7' });
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<!doctype html><title>Router login</title><form>Password: <input></form>');
      case 'empty':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
        return void res.end();
      case 'invalid-json':
        return json(200, '{"count": 3,, "oops"');
      case 'truncated-json':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"nowPlaying":[{"user":"Ann"');
        return void res.destroy();
      case 'huge': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let sent = 0;
        res.write('{"pad":"');
        const pump = () => {
          while (sent < HUGE && !res.destroyed) {
            sent += chunk.length;
            hostile.hugeMostSent = Math.max(hostile.hugeMostSent, sent);
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end('"}');
        };
        pump();
        return;
      }
      case 'wrong-shape':
        return json(200, JSON.stringify({ data: { items: [1, 2, 3] }, ok: true }));
      case 'revoked':
        return json(401, JSON.stringify({ error: { code: 'unauthorized', message: 'API key revoked.' } }));
      case 'proxy-401':
        res.writeHead(401, { 'content-type': 'text/html', 'www-authenticate': 'Basic realm="proxy"' });
        return void res.end('<!doctype html><title>401 Authorization Required</title><h1>401 Authorization Required</h1><hr>nginx');
      case 'retry-after-huge':
        return json(503, JSON.stringify({ error: { code: 'unavailable', message: 'Busy.' } }), { 'retry-after': '100000000' });
      case 'retry-after-30m':
        return json(503, JSON.stringify({ error: { code: 'unavailable', message: 'Too many event streams.' } }), { 'retry-after': '1800' });
      case 'ends-2099':
      case 'ends-soon': {
        const endsAt = mode === 'ends-2099' ? '2099-12-31T23:00:00.000Z' : new Date((options.now?.() ?? Date.now()) + 100).toISOString();
        void request(`${demo.url}${req.url}`, { headers: { 'x-api-key': String(req.headers['x-api-key'] ?? '') } })
          .then(async (upstream) => json(upstream.statusCode, moveEnds(await upstream.body.text(), endsAt)))
          .catch(() => res.destroy());
        return;
      }
      case 'bad-time': {
        void request(`${demo.url}${req.url}`, { headers: { 'x-api-key': String(req.headers['x-api-key'] ?? '') } })
          .then(async (upstream) => json(upstream.statusCode, (await upstream.body.text()).replace(/"startsAt":"[^"]*"/, '"startsAt":"2026-02-30T25:61:00Z"')))
          .catch(() => res.destroy());
        return;
      }
      case 'route-404':
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return void res.end('404 Not Found');
      case 'rewrite':
      case 'drip': {
        const path = (req.url ?? '/').split('?')[0]!.replace(API, '');
        const auth = Object.fromEntries(['x-api-key', 'authorization'].filter((name) => typeof req.headers[name] === 'string').map((name) => [name, String(req.headers[name])]));
        void request(`${demo.url}${req.url}`, { headers: auth })
          .then(async (upstream) => {
            const text = await upstream.body.text();
            if (mode === 'rewrite') return json(upstream.statusCode, hostile.rewrite(path, text));
            // one byte at a time, stopped when the answer is out or the client leaves (released on a mode change)
            const bytes = Buffer.from(text);
            res.writeHead(upstream.statusCode, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
            stalled.add(res);
            let at = 0;
            const drip = () => {
              if (res.destroyed || at >= bytes.length) return void res.end();
              res.write(bytes.subarray(at, ++at));
              setTimeout(drip, hostile.dripMs).unref();
            };
            drip();
          })
          .catch(() => res.destroy());
        return;
      }
      case 'redirect':
        res.writeHead(302, { location: `${options.redirectTo ?? 'http://127.0.0.1:9'}${req.url}` });
        return void res.end();
      default:
        return passThrough(req, res);
    }
  };

  const sseMisbehave = (res: ServerResponse, mode: HostileMode) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write('event: hello\ndata: {}\n\n');
    hostile.streamOpenedAt = options.now?.() ?? null;
    if (mode === 'sse-garbage') {
      res.write('event: session.started\ndata: {not json at all\n\n');
      res.write('event: session.started\ndata: {"no":"envelope"}\n\n');
      res.write('data: \u0000\u0001 binary-ish\n\n');
      res.write(`: keepalive\n\n`);
    }
    if (mode === 'sse-flap') {
      // closes almost at once, again and again (the engine's clock is the test's, so "soon" is 50 ms)
      const timer = setTimeout(() => res.end(), 50);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    stalled.add(res); // silent (or garbage, then silent): held open until released
    streams.add(res);
    res.on('close', () => streams.delete(res));
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith(API)) hostile.requests[path.slice(API.length)] = (hostile.requests[path.slice(API.length)] ?? 0) + 1;
    const mode = hostile.mode;
    // keyless /api/identity (outside the API prefix) misbehaves only when `paths` names it
    const covered = path.startsWith(API) || (path === '/api/identity' && paths.source.includes('identity'));
    const applies = covered && paths.test(path) && mode !== 'ok';
    if (path === `${API}/events` && applies && mode.startsWith('sse-')) return sseMisbehave(res, mode);
    if (!applies || mode.startsWith('sse-')) return void passThrough(req, res);
    misbehave(req, res, mode);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(handler);
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (!current) return resolve();
      current.close(() => resolve());
    });
  const release = () => {
    for (const res of stalled) res.destroy();
    stalled.clear();
  };

  await listen();
  const hostile: HostileServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    mode: 'ok',
    hugeMostSent: 0,
    requests: {},
    streamOpenedAt: null,
    rewrite: (_path, body) => body,
    dripMs: 1_000,
    pending: (path) => [...stalled].filter((res) => !res.destroyed && !res.writableEnded && heldPath.get(res) === path).length,
    keepalive() {
      for (const res of streams) res.write(': keepalive\n\n');
      return streams.size;
    },
    async setMode(mode, only = /./) {
      release();
      paths = only;
      const wasRefusing = hostile.mode === 'refuse';
      hostile.mode = mode;
      if (mode === 'refuse' && !wasRefusing) await stopListening();
      if (mode !== 'refuse' && wasRefusing) await listen();
      // drop kept-alive connections (and open event streams) so the new mode applies at once
      if (mode !== 'refuse') for (const socket of sockets) socket.destroy();
    },
    async close() {
      release();
      await stopListening();
    },
  };
  return hostile;
}
