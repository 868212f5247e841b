import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { artworkRequestFromPreview } from '../../shared/artwork-url';
import type { AddServerResult, Command, SnapshotUpdate } from '../../shared/bridge';
import { checkRequest, isCommand } from '../../shared/bridge-schema';
import { AppController, type AppOptions, type DemoHandle } from '../core/app';
import { ArtworkService } from '../core/artwork/artwork-service';
import { systemClock, type Clock } from '../common/clock';
import { fileInside } from '../common/inside';
import { openSettingsDir, plainSecretBox, SettingsService } from '../core/settings/settings';
import { startDemoServer, type DemoOptions, type DemoServer } from '../demo';

/**
 * The browser preview host: the real core in plain Node, the built renderer served over HTTP on
 * loopback, and an HTTP implementation of the same bridge (commands as `POST /__bridge/<command>`,
 * the snapshot as an event stream at `/__bridge/snapshot`). Artwork goes through the same
 * ArtworkService as in Electron, at `/art/<artwork path>`. For tests and developers it also shows
 * the core's tray view (`/__preview/tray`) and the notification requests raised so far
 * (`/__preview/notifications`). There is no keychain here: a key saved in the preview is stored
 * base64 only, and the settings say so.
 */

export interface PreviewOptions {
  /** the built renderer (out/renderer) */
  rendererDir: string;
  /** 0 (default): any free port */
  port?: number;
  /** settings and artwork cache; a fresh temp directory (removed on close) when omitted */
  dataDir?: string;
  /** start the built-in demo server and connect to it */
  demo?: boolean;
  /** how the built-in demo server is made, at start-up or by "Try the demo" */
  demoOptions?: DemoOptions;
  /** the demo comes with its household's past week in History (default); false: with none (tests of a record of their own) */
  demoPast?: boolean;
  /** add these servers at start-up, in this order, each with its key, without any UI step */
  servers?: { url: string; apiKey: string }[];
  /** one server to add at start-up (with `apiKey`): the same as `servers` with one entry */
  server?: string;
  apiKey?: string;
  clock?: Clock;
  /** the "system" languages (most wanted first; `pseudo` for the pseudo-locale); default none: English, so tests never follow the machine */
  languages?: readonly string[];
  /** extra AppController options (tests: tuning, random, probe) */
  app?: Partial<AppOptions>;
  log?: (line: string) => void;
}

export interface PreviewHost {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  app: AppController;
  dataDir: string;
  /** URLs the app asked to open in a browser (there is none to open here) */
  opened: string[];
  /** the built-in demo server the app is following, when it runs one (tests drive its controls) */
  readonly demo: DemoServer | null;
  /** snapshot streams open now, and how many were dropped for falling behind */
  readonly readers: { open: number; dropped: number };
  close(): Promise<void>;
}

/**
 * What one snapshot reader may have waiting unread before the next update: beyond it the reader
 * has fallen behind and is dropped (its EventSource reconnects and gets a fresh full snapshot), so
 * a page that stops reading holds at most this plus one update, not every update since.
 */
export const MAX_QUEUED_SNAPSHOT_BYTES = 8 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

const MAX_BODY = 64 * 1024;

export async function startPreviewHost(options: PreviewOptions): Promise<PreviewHost> {
  const log = options.log ?? (() => {});
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'airwave-preview-'));
  const opened = openSettingsDir(dataDir);
  const languages = options.languages ?? [];
  const settings = new SettingsService(opened.backend, plainSecretBox, () => languages);
  const clock = options.clock ?? systemClock;
  const demoOptions = options.demoOptions ?? {};
  const openedUrls: string[] = [];
  let demo: DemoServer | null = null;

  const app = new AppController({
    clock,
    settings,
    dataDir,
    notices: opened.notices,
    log,
    launchDemo: async (): Promise<DemoHandle> => {
      const server = await startDemoServer({ port: 0, host: '127.0.0.1', ...demoOptions, clock });
      demo = server;
      return {
        url: server.url,
        key: server.key,
        ...(options.demoPast === false ? {} : { past: (now: number) => server.past(now) }),
        close: async () => {
          if (demo === server) demo = null;
          await server.close();
        },
      };
    },
    host: {
      showPopover: () => {},
      hidePopover: () => log('the page asked to hide the popover (a window only the desktop app has)'),
      openExternal: async (url) => {
        openedUrls.push(url);
        log(`would open ${url} in a browser`);
      },
      quit: () => log('quit is not available in the preview'),
    },
    ...options.app,
  });
  const artwork = new ArtworkService({ cacheDir: join(dataDir, 'artwork'), client: (server) => (server ? app.clientOf(server) : app.client) });

  // The page counts as an open popover while at least one browser is subscribed.
  const subscribers = new Set<ServerResponse>();
  let droppedReaders = 0;
  const rendererDir = resolve(options.rendererDir);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`preview: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Something went wrong in the preview host.');
      else res.destroy();
    });
  });

  let origin = '';
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Loopback only, and only pages of this origin: no DNS rebinding, no cross-site posts.
    if (req.headers.host !== new URL(origin).host) return send(res, 421, 'text/plain', 'Wrong host');
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (req.method === 'POST' && path.startsWith('/__bridge/')) {
      if (req.headers.origin !== undefined && req.headers.origin !== origin) return send(res, 403, 'text/plain', 'Forbidden');
      return command(path.slice('/__bridge/'.length), req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed');
    if (path === '/__bridge/snapshot') return snapshotStream(req, res);
    if (path.startsWith('/__bridge/')) return send(res, 405, 'text/plain', 'Commands are POST requests');
    if (path === '/__preview/tray') {
      const view = app.trayView;
      return json(res, 200, { title: view.title, tooltip: view.tooltip, badge: view.badge, icon: view.icon, menu: view.menu });
    }
    if (path === '/__preview/notifications') {
      return json(res, 200, app.notifications.map((n) => ({ id: n.id, title: n.title, body: n.body, at: n.at, target: n.target })));
    }
    if (path === '/__preview/opened') return json(res, 200, openedUrls);
    if (path.startsWith('/art/')) {
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const art = artworkRequestFromPreview(`${path}${url.search}`);
      if (!art) return send(res, 404, 'text/plain', 'Not found');
      let answer;
      try {
        answer = await artwork.serve(art.path, abort.signal, art.server);
      } catch {
        return; // the browser went away while the image was on its way
      }
      res.writeHead(answer.status, {
        'content-type': answer.contentType,
        // a failure is not remembered: the image may be there once the server is back
        'cache-control': answer.status === 200 ? 'private, max-age=3600' : 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(answer.body);
      return;
    }
    return staticFile(path, res);
  }

  async function command(name: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isCommand(name)) return json(res, 404, { error: `Unknown command "${name}".` });
    let body: unknown;
    try {
      const text = await readBody(req);
      body = text.trim() === '' ? {} : JSON.parse(text);
    } catch (error) {
      if (error instanceof BodyTooLarge) return json(res, 413, { error: error.message });
      return json(res, 400, { error: error instanceof Error ? error.message : 'Unreadable request.' });
    }
    const checked = checkRequest(name, body);
    if (!checked.ok) return json(res, 400, { error: checked.reason });
    const handler = app.handlers[name as Command] as (request: unknown) => Promise<unknown>;
    json(res, 200, await handler(checked.request));
  }

  function snapshotStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    let behind = false;
    const write = (text: string) => {
      if (behind || res.destroyed) return;
      if (res.writableLength > MAX_QUEUED_SNAPSHOT_BYTES) {
        behind = true;
        droppedReaders++;
        log(`preview: a snapshot reader fell behind (${Math.round(res.writableLength / 1024 / 1024)} MB unread); dropped it, it reconnects for a fresh snapshot`);
        res.destroy();
        return;
      }
      res.write(text);
    };
    res.write('retry: 1000\n\n'); // reconnect after a second when dropped
    const unsubscribe = app.subscribe((update: SnapshotUpdate) => write(encode(update)));
    subscribers.add(res);
    app.setPopoverOpen(true);
    const keepalive = setInterval(() => write(': keepalive\n\n'), 15_000);
    let closed = false;
    const cleanup = () => {
      if (closed) return;
      closed = true;
      clearInterval(keepalive);
      unsubscribe();
      subscribers.delete(res);
      if (subscribers.size === 0) app.setPopoverOpen(false);
    };
    req.on('close', cleanup);
    res.on('close', cleanup);
  }

  /** One update is encoded once, however many readers it goes to. */
  const encoded = new WeakMap<SnapshotUpdate, string>();
  function encode(update: SnapshotUpdate): string {
    let text = encoded.get(update);
    if (text === undefined) {
      text = `event: snapshot\ndata: ${JSON.stringify(update)}\n\n`;
      encoded.set(update, text);
    }
    return text;
  }

  function staticFile(path: string, res: ServerResponse): void {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return send(res, 400, 'text/plain', 'Bad path');
    }
    const file = fileInside(rendererDir, decoded);
    if (!file) return send(res, 404, 'text/plain', 'Not found');
    try {
      if (!statSync(file).isFile()) return send(res, 404, 'text/plain', 'Not found');
    } catch {
      return send(res, 404, 'text/plain', 'Not found');
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' });
    res.end(readFileSync(file));
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  // Follow what the settings say (saved servers or the demo), then add what the command line asked
  // for, in its order, as "Add server" would (each is followed as it is added).
  const startServers = options.servers ?? (options.server ? [{ url: options.server, apiKey: options.apiKey ?? '' }] : []);
  if (options.demo) {
    const outcome = await app.handlers.startDemo({});
    if (!outcome.ok) log(`demo: ${outcome.error.message}`);
  } else {
    await app.start();
    for (const { url, apiKey } of startServers) {
      const result = await app.handlers.addServer({ server: url, apiKey, authStyle: 'x-api-key' });
      if (result.kind !== 'added') log(notAdded(url, result));
    }
  }

  return {
    url: origin,
    port,
    app,
    dataDir,
    opened: openedUrls,
    get demo() {
      return demo;
    },
    get readers() {
      return { open: subscribers.size, dropped: droppedReaders };
    },
    async close() {
      for (const res of subscribers) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await app.close();
      // an image that was on its way is written to the cache first (it would land in a removed folder)
      await artwork.settled();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** Why a start-up server was not added, in one line for the log. */
function notAdded(url: string, result: Exclude<AddServerResult, { kind: 'added' }>): string {
  switch (result.kind) {
    case 'same-server':
      return `${url} reaches "${result.name}", already listed under another address: not added twice`;
    case 'already-listed':
      return `${url} is already listed as "${result.name}"`;
    case 'full':
    case 'failed':
      return `could not add ${url}: ${result.probe.summary}`;
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'x-content-type-options': 'nosniff' });
  res.end(body);
}

function json(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

class BodyTooLarge extends Error {}

/** Reads a small request body; a larger one is drained (up to 1 MB, then cut off) and refused. */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
      else if (size > 16 * MAX_BODY) req.destroy();
    });
    req.on('end', () => (size > MAX_BODY ? reject(new BodyTooLarge('Request too large.')) : resolveBody(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}
