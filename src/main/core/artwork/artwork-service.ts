import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalArtworkPath } from '../../../shared/artwork-url';
import { isApiError, type AirwaveClient } from '../client';

/**
 * Artwork for the popover: the renderer asks for a host-relative artwork path (through the
 * `airwave-art://` protocol or the preview host's `/art/` prefix) and gets the image from a bounded
 * on-disk LRU cache, filled by tokenless fetches from the configured server.
 *
 * Answers:
 * - 404 for anything that is not exactly an artwork path (no request is made), and when the server
 *   says the artwork does not exist;
 * - 503 when no server is configured (there is nothing to fetch from, and no cache to look in:
 *   entries belong to a server);
 * - 502 for every other upstream failure, with a fixed plain message (never the server's address,
 *   its error text or a key);
 * - 200 with the image otherwise.
 * A caller's signal only abandons its own wait: a fetch another caller shares, or that will fill
 * the cache, runs on (the client bounds it with its own deadlines).
 *
 * The server's `Cache-Control` is honoured: an image past its `max-age` (or sent with `no-cache`)
 * is asked for again on its next use, and its cached copy served only if that fails; an image sent
 * with `no-store` is served and never kept; without either, an image is kept until evicted.
 */

export interface ArtworkServiceOptions {
  cacheDir: string;
  /** total bytes of cache files on disk; default 50 MB */
  maxCacheBytes?: number;
  /** the client for a followed server (`server` null: the selected one), or null when there is none */
  client: (server: string | null) => AirwaveClient | null;
  now?: () => number;
}

export interface ArtworkAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** hit: from disk; miss: asked the server; stale: an expired copy, as the server could not be asked; none: answered without cache or server */
  cache: 'hit' | 'miss' | 'stale' | 'none';
}

export const DEFAULT_ARTWORK_CACHE_BYTES = 50 * 1024 * 1024;

/** The cache file name stem for an artwork path on a server: sha256 of root + canonical path. */
export function artworkCacheKey(serverRoot: string, canonicalPath: string): string {
  return createHash('sha256').update(`${serverRoot}${canonicalPath}`).digest('hex');
}

const FILE_SUFFIX = '.art';
const ENTRY_FILE = /^[0-9a-f]{64}\.art$/;
const TEMP_FILE = /\.tmp$/;
// A cache file is one header line, then the image: "AWART2 <content type> <byte count> <expires>\n",
// where expires is the epoch ms after which the server wants it asked for again, or "-" for never.
// A file with any other header is not a cache file: it is not served and is replaced when asked for.
const MAGIC = 'AWART2';
const HEADER = /^AWART2 (image\/[a-z0-9][a-z0-9.+-]*) (\d+) (\d{1,16}|-)$/;
const MAX_HEADER = 200;
// Active content: an SVG opened as a document in the art origin could run script.
const REFUSED_TYPES = new Set(['image/svg+xml']);

const text = (status: number, message: string, cache: ArtworkAnswer['cache']): ArtworkAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body: Buffer.from(message, 'utf8'),
  cache,
});

interface Entry {
  size: number;
  lastUsed: number;
}

export class ArtworkService {
  readonly #dir: string;
  readonly #max: number;
  readonly #client: (server: string | null) => AirwaveClient | null;
  readonly #now: () => number;
  /** cache files by name, least recently used first (Map order is the LRU order) */
  readonly #entries = new Map<string, Entry>();
  #total = 0;
  #ready: Promise<void> | null = null;
  /** every change to the cache folder runs here, one at a time, so the accounting stays exact */
  #queue: Promise<unknown> = Promise.resolve();
  /** loads in progress by cache key: concurrent requests for one image share one */
  readonly #loads = new Map<string, Promise<ArtworkAnswer>>();
  #tempCounter = 0;

  constructor(options: ArtworkServiceOptions) {
    this.#dir = options.cacheDir;
    this.#max = Math.max(0, options.maxCacheBytes ?? DEFAULT_ARTWORK_CACHE_BYTES);
    this.#client = options.client;
    this.#now = options.now ?? Date.now;
  }

  /** Bytes of cache files currently accounted for (after the first request has read the folder). */
  get cachedBytes(): number {
    return this.#total;
  }

  /** One image, for the server `server` names (null or left out: the selected server). */
  async serve(path: string, signal?: AbortSignal, server: string | null = null): Promise<ArtworkAnswer> {
    signal?.throwIfAborted();
    const canonical = canonicalArtworkPath(path);
    if (canonical === null) return text(404, 'Not found', 'none');
    const client = this.#client(server);
    if (!client) return text(503, 'No Airwave server is configured.', 'none');
    const key = artworkCacheKey(client.server.root, canonical);
    let load = this.#loads.get(key);
    if (!load) {
      load = this.#load(client, canonical, key).finally(() => this.#loads.delete(key));
      this.#loads.set(key, load);
    }
    return signal ? abandonable(load, signal) : load;
  }

  async #load(client: AirwaveClient, path: string, key: string): Promise<ArtworkAnswer> {
    await this.#init();
    const name = `${key}${FILE_SUFFIX}`;
    const entry = this.#entries.get(name);
    let stale: { contentType: string; body: Buffer } | null = null;
    if (entry) {
      const cached = await this.#read(name);
      if (cached) {
        this.#touch(name, entry);
        const { expiresAt, ...image } = cached;
        if (expiresAt === null || this.#now() < expiresAt) return { status: 200, ...image, cache: 'hit' };
        stale = image; // past its max-age: ask the server again, and keep this in case it cannot answer
      } else {
        // damaged or deleted behind our back: drop it and fetch again
        await this.#enqueue(() => this.#drop(name, entry));
      }
    }

    let art: { contentType: string; bytes: Buffer; maxAgeMs?: number | null; noStore?: boolean };
    try {
      art = await client.artwork(path);
    } catch (error) {
      const failure = upstreamFailure(error);
      if (stale && failure.status !== 404) return { status: 200, ...stale, cache: 'stale' };
      if (stale) await this.#enqueue(() => this.#dropName(name)); // the server says it is gone
      return failure;
    }
    if (REFUSED_TYPES.has(art.contentType)) return text(502, 'Artwork unavailable: the server sent an unsupported image type.', 'miss');
    if (art.noStore) await this.#enqueue(() => this.#dropName(name));
    else {
      const expiresAt = art.maxAgeMs === undefined || art.maxAgeMs === null ? null : this.#now() + art.maxAgeMs;
      await this.#enqueue(() => this.#store(name, art.contentType, art.bytes, expiresAt));
    }
    return { status: 200, contentType: art.contentType, body: art.bytes, cache: 'miss' };
  }

  /** Reads the folder once: entries ordered by modification time, leftovers of a crash removed. */
  #init(): Promise<void> {
    this.#ready ??= this.#enqueue(async () => {
      await mkdir(this.#dir, { recursive: true });
      const found: [string, Entry][] = [];
      for (const name of await readdir(this.#dir)) {
        const file = join(this.#dir, name);
        if (TEMP_FILE.test(name)) {
          await unlink(file).catch(() => {});
          continue;
        }
        if (!ENTRY_FILE.test(name)) continue;
        const info = await stat(file).catch(() => null);
        if (info?.isFile()) found.push([name, { size: info.size, lastUsed: info.mtimeMs }]);
      }
      found.sort((a, b) => a[1].lastUsed - b[1].lastUsed);
      // The folder is the truth: after an earlier failed start, forget what was noted meanwhile.
      this.#entries.clear();
      this.#total = 0;
      for (const [name, entry] of found) {
        this.#entries.set(name, entry);
        this.#total += entry.size;
      }
      await this.#evictUntil(0); // the limit may have shrunk since these were written
    }).catch(() => {
      // An unusable folder: serve without a cache now, and try again on the next request.
      this.#ready = null;
    });
    return this.#ready;
  }

  /** The stored image, or null when the file is missing or not a whole cache file. */
  async #read(name: string): Promise<{ contentType: string; body: Buffer; expiresAt: number | null } | null> {
    let data: Buffer;
    try {
      data = await readFile(join(this.#dir, name));
    } catch {
      return null;
    }
    const end = data.subarray(0, MAX_HEADER).indexOf(0x0a);
    if (end < 0) return null;
    const header = HEADER.exec(data.subarray(0, end).toString('latin1'));
    const body = data.subarray(end + 1);
    if (!header || Number(header[2]) !== body.length || body.length === 0) return null;
    const expires = header[3]!;
    return { contentType: header[1]!, body, expiresAt: expires === '-' ? null : Number(expires) };
  }

  #touch(name: string, entry: Entry): void {
    if (this.#entries.get(name) !== entry) return; // evicted while it was being read
    entry.lastUsed = this.#now();
    this.#entries.delete(name);
    this.#entries.set(name, entry);
    // The file time carries the order over a restart; losing it only makes the next start less exact.
    const seconds = entry.lastUsed / 1000;
    void utimes(join(this.#dir, name), seconds, seconds).catch(() => {});
  }

  async #store(name: string, contentType: string, bytes: Buffer, expiresAt: number | null): Promise<void> {
    const header = `${MAGIC} ${contentType} ${bytes.length} ${expiresAt === null ? '-' : Math.max(0, Math.floor(expiresAt))}`;
    const data = Buffer.concat([Buffer.from(`${header}\n`, 'latin1'), bytes]);
    if (!HEADER.test(header) || data.length > this.#max) return; // served, not kept
    const old = this.#entries.get(name);
    if (old) await this.#drop(name, old);
    await this.#evictUntil(data.length);
    const temp = join(this.#dir, `${name}.${process.pid}.${++this.#tempCounter}.tmp`);
    try {
      await mkdir(this.#dir, { recursive: true });
      // write aside, then rename: a crash never leaves a half file under an entry's name
      await writeFile(temp, data);
      await rename(temp, join(this.#dir, name));
    } catch {
      await unlink(temp).catch(() => {});
      return; // a full or read-only disk costs the cache, not the image
    }
    const now = this.#now();
    await utimes(join(this.#dir, name), now / 1000, now / 1000).catch(() => {});
    this.#entries.set(name, { size: data.length, lastUsed: now });
    this.#total += data.length;
  }

  /** Removes least recently used entries until `incoming` more bytes fit. */
  async #evictUntil(incoming: number): Promise<void> {
    for (const [name, entry] of this.#entries) {
      if (this.#total + incoming <= this.#max) return;
      await this.#drop(name, entry);
    }
  }

  async #dropName(name: string): Promise<void> {
    const entry = this.#entries.get(name);
    if (entry) await this.#drop(name, entry);
  }

  async #drop(name: string, entry: Entry): Promise<void> {
    if (this.#entries.get(name) !== entry) return; // already gone or replaced
    this.#entries.delete(name);
    this.#total -= entry.size;
    await unlink(join(this.#dir, name)).catch(() => {});
  }

  /** Resolves once no image is loading and no cache file is being written (before the folder goes). */
  async settled(): Promise<void> {
    for (let i = 0; i < 3 && this.#loads.size > 0; i++) await Promise.allSettled([...this.#loads.values()]);
    await this.#queue;
  }

  #enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => {});
    return run;
  }
}

/** Maps a failed fetch to an answer that names no address, key or server message. */
function upstreamFailure(error: unknown): ArtworkAnswer {
  if (!isApiError(error)) return text(502, 'Artwork unavailable.', 'miss');
  switch (error.kind) {
    case 'not-found':
      return text(404, 'Not found', 'miss');
    case 'unreachable':
      return text(502, 'Artwork unavailable: the server could not be reached.', 'miss');
    case 'timeout':
      return text(502, 'Artwork unavailable: the server did not answer in time.', 'miss');
    case 'bad-response':
      return text(502, 'Artwork unavailable: the server did not send a usable image.', 'miss');
    default:
      return text(502, 'Artwork unavailable: the server refused or failed the request.', 'miss');
  }
}

/** Resolves with `work`, or rejects with the signal's reason as soon as it aborts; `work` runs on. */
function abandonable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
