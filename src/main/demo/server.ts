import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  API_PREFIX,
  ArtworkKinds,
  EventTypes,
  GUIDE_FORWARD_MINUTES,
  type ArtworkKind,
  type Capabilities,
  type Channel,
  type ChannelNow,
  type Guide,
  type GuideNow,
  type NowPlaying,
  type NowSlot,
  type Session,
  type Status,
} from '../../shared/airwave';
import { every, systemClock, type Clock, type TimerHandle } from '../common/clock';
import { renderArtwork } from './artwork';
import { isKnownRatingKey } from './catalog';
import { generateChannels, PACKAGES, type DemoChannel } from './channels';
import { hash } from './rng';
import { Schedules, type Slot } from './schedule';
import { SessionPool, type DemoEventType, type StartInput } from './sessions';

/**
 * The demo Airwave server: the public API of airwave-api.md on node:http, with generated channels,
 * schedules, viewers and artwork, and the /events stream. Used by the tests, `npm run demo-server`
 * and the app's "Try the demo". Everything follows from the seed and the injected clock.
 */

export interface DemoOptions {
  /** 0 (default) picks a free port */
  port?: number;
  host?: string;
  seed?: number | string;
  channels?: number;
  /** viewers watching at start */
  viewers?: number;
  /** average new viewers per hour; 0 keeps the viewers fixed */
  churn?: number;
  clock?: Clock;
  /** offer the /events stream (capabilities.sse.supported) */
  sse?: boolean;
  apiKey?: string;
  /** open event streams allowed at once; more get 503 */
  maxStreams?: number;
  name?: string;
}

export interface DemoControls {
  /** emits session.started and playback.started */
  startSession(input?: StartInput): Session;
  /** emits playback.stopped and session.ended */
  endSession(id: string): boolean;
  /** emits channel.tuned */
  tune(id: string, channelNumber: number): Session | null;
  /** emits playback.paused / playback.resumed */
  setPaused(id: string, paused: boolean): Session | null;
  listSessions(): Session[];
  listChannels(): { id: string; number: number; name: string; empty: boolean }[];
  /** turning it off also closes the open streams */
  setSse(supported: boolean): void;
  /** drops every event while on, as a lossy network would (clients must still catch up) */
  dropEvents(on: boolean): void;
  revokeKey(): void;
  restoreKey(): void;
  openStreams(): number;
  /** requests served so far, by path without the query (e.g. "/api/public/v1/sessions/count") */
  requestCounts(): Record<string, number>;
  /** bytes the server has sent and received on all its connections so far, headers included */
  traffic(): { sent: number; received: number };
}

export interface DemoServer {
  /** http://host:port, no trailing slash */
  url: string;
  port: number;
  key: string;
  controls: DemoControls;
  close(): Promise<void>;
}

export const DEMO_VERSION = '0.9.0-demo';
const KEEPALIVE_MS = 15_000;

interface Stream {
  res: ServerResponse;
  types: Set<string> | null;
  keepalive: TimerHandle;
}

export function demoKey(seed: number | string): string {
  return `airwave_demo_${hash(seed, 'key').toString(36)}${hash(seed, 'key', 2).toString(36)}`;
}

export async function startDemoServer(options: DemoOptions = {}): Promise<DemoServer> {
  const seed = options.seed ?? 1;
  const clock = options.clock ?? systemClock;
  const key = options.apiKey ?? demoKey(seed);
  const name = options.name ?? 'Airwave Demo';
  const maxStreams = options.maxStreams ?? 8;
  const channels = generateChannels(seed, Math.max(0, Math.floor(options.channels ?? 24)));
  const byNumber = new Map(channels.map((c) => [c.record.number, c]));
  const byId = new Map(channels.map((c) => [c.record.id, c]));
  const schedules = new Schedules(seed);
  const startedAt = clock.now();
  const instanceId = `inst_${hash(seed, 'instance').toString(16)}`;
  let sse = options.sse ?? true;
  let keyValid = true;
  let eventId = 0;
  const streams = new Set<Stream>();

  const write = (stream: Stream, frame: string) => {
    if (!stream.res.destroyed) stream.res.write(frame);
  };
  let dropEvents = false;
  const emit = (type: DemoEventType, session: Session) => {
    const id = String(++eventId);
    if (dropEvents) return; // delivery is best effort: a lost event is still numbered
    const envelope = { id, type, timestamp: new Date(clock.now()).toISOString(), data: session };
    const frame = `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(envelope)}\n\n`;
    for (const stream of streams) if (!stream.types || stream.types.has(type)) write(stream, frame);
  };
  const endStream = (stream: Stream) => {
    stream.keepalive.cancel();
    streams.delete(stream);
    if (!stream.res.destroyed) stream.res.end();
  };

  const pool = new SessionPool(seed, clock, channels, schedules, emit, Math.max(0, options.churn ?? 4));
  pool.begin(Math.max(0, Math.floor(options.viewers ?? 3)));

  const nowIso = () => new Date(clock.now()).toISOString();
  const header = (c: DemoChannel) => {
    const { id, number, name: channelName, callsign, icon, tint, package: pkg } = c.record;
    return { id, number, name: channelName, callsign, icon, tint, package: pkg };
  };
  const channelRecord = (c: DemoChannel, withDefinition = false): Channel =>
    withDefinition ? { ...c.record, definition: c.definition } : { ...c.record };
  const slotOf = (slot: Slot | null, t: number, current: boolean): NowSlot | null => {
    if (!slot) return null;
    const base = { ...slot.program, kind: slot.bumper ? ('bumper' as const) : ('program' as const) };
    return current ? { ...base, offsetSeconds: Math.floor((t - slot.start) / 1000) } : base;
  };
  const channelNow = (c: DemoChannel): ChannelNow => {
    const t = clock.now();
    const { current, next } = schedules.at(c, t);
    return {
      current: slotOf(current, t, true),
      next: slotOf(next, t, false),
      endsAt: current?.program.endsAt ?? null,
      channel: channelRecord(c),
    };
  };

  const routes: { pattern: RegExp; handle: (res: ServerResponse, url: URL, params: string[]) => void }[] = [
    {
      pattern: /^\/status$/,
      handle: (res) => {
        const body: Status = {
          product: 'airwave',
          version: DEMO_VERSION,
          instanceId,
          name,
          time: nowIso(),
          timezone: 'Europe/London',
          uptimeSeconds: Math.max(0, Math.floor((clock.now() - startedAt) / 1000)),
          counts: { channels: channels.length, packages: PACKAGES.length, activeSessions: pool.list().length },
        };
        sendJson(res, 200, body);
      },
    },
    {
      pattern: /^\/capabilities$/,
      handle: (res) => {
        const body: Capabilities = {
          apiVersion: 'v1',
          serverVersion: DEMO_VERSION,
          features: { workflowEngine: true, scopedKeys: true, demo: true },
          webhooks: { supported: true, eventTypes: EventTypes.filter((t) => t !== 'ping') },
          sse: { supported: sse },
        };
        sendJson(res, 200, body);
      },
    },
    { pattern: /^\/sessions\/count$/, handle: (res) => sendJson(res, 200, { count: pool.list().length }) },
    { pattern: /^\/sessions$/, handle: (res) => sendJson(res, 200, { sessions: pool.list() }) },
    {
      pattern: /^\/now-playing$/,
      handle: (res) => {
        const body: NowPlaying = {
          nowPlaying: pool
            .list()
            .filter((s) => s.state !== 'off')
            .map((s) => ({
              user: s.user,
              channelNumber: s.channel?.number ?? null,
              channelName: s.channel?.name ?? null,
              title: s.title,
              showTitle: s.showTitle,
              artworkUrl: s.artworkUrl,
              progress: s.progress,
              device: s.device ? { model: s.device.model, platform: s.device.platform } : null,
            })),
        };
        sendJson(res, 200, body);
      },
    },
    { pattern: /^\/packages$/, handle: (res) => sendJson(res, 200, { packages: PACKAGES }) },
    {
      pattern: /^\/guide\/now$/,
      handle: (res) => {
        const t = clock.now();
        const body: GuideNow = {
          serverTime: new Date(t).toISOString(),
          channels: channels.map((c) => {
            const { current, next } = schedules.at(c, t);
            return { ...header(c), now: current?.program ?? null, next: next?.program ?? null };
          }),
        };
        sendJson(res, 200, body);
      },
    },
    {
      pattern: /^\/guide$/,
      handle: (res, url) => {
        const forward = intParam(url, 'forwardMinutes', GUIDE_FORWARD_MINUTES.min, GUIDE_FORWARD_MINUTES.max, GUIDE_FORWARD_MINUTES.default);
        const back = intParam(url, 'backMinutes', 0, 1440, 60);
        for (const p of [forward, back]) if (typeof p === 'string') return fail(res, 422, 'invalid_request', p);
        const t = clock.now();
        const from = t - (back as number) * 60_000;
        const to = t + (forward as number) * 60_000;
        const body: Guide = {
          serverTime: new Date(t).toISOString(),
          windowMinutes: forward as number,
          backMinutes: back as number,
          channels: channels.map((c) => ({ ...header(c), programs: schedules.between(c, from, to).map((s) => s.program) })),
        };
        sendJson(res, 200, body);
      },
    },
    {
      pattern: /^\/channels$/,
      handle: (res, url) => {
        const include = (url.searchParams.get('include') ?? '').split(',').map((s) => s.trim());
        sendJson(res, 200, { channels: channels.map((c) => channelRecord(c, include.includes('definition'))) });
      },
    },
    {
      pattern: /^\/channels\/by-number\/([^/]+)\/now$/,
      handle: (res, _url, [n]) => withNumber(res, n, (c) => sendJson(res, 200, channelNow(c))),
    },
    {
      pattern: /^\/channels\/by-number\/([^/]+)$/,
      handle: (res, url, [n]) =>
        withNumber(res, n, (c) => sendJson(res, 200, channelRecord(c, url.searchParams.get('include') === 'definition'))),
    },
    {
      pattern: /^\/channels\/([^/]+)\/now$/,
      handle: (res, _url, [id]) => withId(res, id, (c) => sendJson(res, 200, channelNow(c))),
    },
    {
      pattern: /^\/channels\/([^/]+)\/schedule$/,
      handle: (res, url, [id]) =>
        withId(res, id, (c) => {
          const hours = intParam(url, 'hours', 1, 24, 6);
          if (typeof hours === 'string') return fail(res, 422, 'invalid_request', hours);
          const t = clock.now();
          sendJson(res, 200, { channel: channelRecord(c), programs: schedules.between(c, t, t + hours * 3_600_000).map((s) => s.program) });
        }),
    },
    {
      pattern: /^\/channels\/([^/]+)$/,
      handle: (res, url, [id]) =>
        withId(res, id, (c) => sendJson(res, 200, channelRecord(c, url.searchParams.get('include') === 'definition'))),
    },
  ];

  function withNumber(res: ServerResponse, raw: string | undefined, then: (c: DemoChannel) => void) {
    if (!raw || !/^\d{1,9}$/.test(raw)) {
      return fail(res, 422, 'invalid_request', 'number must be a whole channel number, like 101.');
    }
    const channel = byNumber.get(Number(raw));
    if (!channel) return fail(res, 404, 'not_found', 'Channel not found.');
    then(channel);
  }

  function withId(res: ServerResponse, raw: string | undefined, then: (c: DemoChannel) => void) {
    const channel = raw === undefined ? undefined : byId.get(raw);
    if (!channel) return fail(res, 404, 'not_found', 'Channel not found.');
    then(channel);
  }

  function artwork(res: ServerResponse, url: URL, channelId: string, ratingKey: string) {
    const kind = url.searchParams.get('kind') ?? 'poster';
    if (!ArtworkKinds.includes(kind as ArtworkKind)) {
      return fail(res, 422, 'invalid_request', `kind must be one of ${ArtworkKinds.join(', ')}.`);
    }
    if (!byId.has(channelId) || !isKnownRatingKey(ratingKey)) return fail(res, 404, 'not_found', 'Artwork not found.');
    const bytes = renderArtwork(ratingKey, kind as ArtworkKind);
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-length': bytes.length,
      'cache-control': 'public, max-age=86400',
    });
    res.end(bytes);
  }

  function events(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (!sse) return fail(res, 404, 'not_found', 'Not found.');
    if (streams.size >= maxStreams) {
      return fail(res, 503, 'unavailable', 'Too many event streams are open.', { 'retry-after': '30' });
    }
    const wanted = url.searchParams.get('types');
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const stream: Stream = {
      res,
      types: wanted ? new Set(wanted.split(',').map((t) => t.trim()).filter(Boolean)) : null,
      keepalive: every(clock, KEEPALIVE_MS, () => write(stream, `event: keepalive\ndata: {"serverTime":"${nowIso()}"}\n\n`)),
    };
    streams.add(stream);
    write(stream, `event: hello\ndata: ${JSON.stringify({ serverTime: nowIso(), name, instanceId })}\n\n`);
    req.on('close', () => endStream(stream));
  }

  function authorised(req: IncomingMessage, url: URL, allowQueryKey: boolean): 'ok' | 'missing' | 'invalid' {
    const offered: string[] = [];
    const header = req.headers['x-api-key'];
    if (typeof header === 'string' && header.trim()) offered.push(header.trim());
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    if (bearer) offered.push(bearer);
    const query = allowQueryKey ? url.searchParams.get('api_key') : null;
    if (query) offered.push(query);
    if (offered.length === 0) return 'missing';
    return keyValid && offered.includes(key) ? 'ok' : 'invalid';
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
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

    const art = /^\/channels\/([^/]+)\/artwork\/([^/]+)$/.exec(path);
    if (art) {
      const [channelId, ratingKey] = [decode(art[1]), decode(art[2])];
      if (channelId === null || ratingKey === null) return fail(res, 404, 'not_found', 'Artwork not found.');
      return artwork(res, url, channelId, ratingKey); // tokenless: no key needed
    }

    const auth = authorised(req, url, path === '/events');
    if (auth === 'missing') {
      return fail(res, 401, 'unauthorized', 'API key required. Send it in X-API-Key or Authorization: Bearer.');
    }
    if (auth === 'invalid') return fail(res, 401, 'unauthorized', 'Invalid or revoked API key.');
    if (path === '/events') return events(req, res, url);

    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params = match.slice(1).map((p) => decode(p) ?? '');
      return route.handle(res, url, params);
    }
    fail(res, 404, 'not_found', 'Not found.');
  }

  const sockets = new Set<Socket>();
  const requests = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    try {
      handle(req, res);
    } catch (error) {
      if (!res.headersSent) fail(res, 500, 'internal', 'The demo server failed.');
      console.error('demo server:', error);
    }
  });
  // bytes on the wire (headers included), for the benchmarks' bytes per hour
  const traffic = { sent: 0, received: 0 };
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      traffic.sent += socket.bytesWritten;
      traffic.received += socket.bytesRead;
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  const controls: DemoControls = {
    startSession: (input) => pool.start(input),
    endSession: (id) => pool.end(id),
    tune: (id, number) => pool.tune(id, number),
    setPaused: (id, paused) => pool.setPaused(id, paused),
    listSessions: () => pool.list(),
    listChannels: () => channels.map((c) => ({ id: c.record.id, number: c.record.number, name: c.record.name, empty: c.empty })),
    setSse(supported) {
      sse = supported;
      if (!supported) for (const stream of [...streams]) endStream(stream);
    },
    dropEvents: (on) => void (dropEvents = on),
    revokeKey: () => void (keyValid = false),
    restoreKey: () => void (keyValid = true),
    openStreams: () => streams.size,
    requestCounts: () => Object.fromEntries(requests),
    traffic: () => {
      let sent = traffic.sent;
      let received = traffic.received;
      for (const socket of sockets) {
        sent += socket.bytesWritten;
        received += socket.bytesRead;
      }
      return { sent, received };
    },
  };

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}`,
    port,
    key,
    controls,
    close() {
      closing ??= new Promise<void>((resolve) => {
        pool.close();
        for (const stream of [...streams]) endStream(stream);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

function decode(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A whole-number query parameter within bounds; a string is the 422 message naming it. */
function intParam(url: URL, name: string, min: number, max: number, fallback: number): number | string {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const value = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    return `${name} must be a whole number from ${min} to ${max} (got "${raw.slice(0, 20)}").`;
  }
  return value;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

function fail(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { code, message } }, headers);
}
