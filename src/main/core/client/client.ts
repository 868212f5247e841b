import {
  ContractError,
  GUIDE_FORWARD_MINUTES,
  parseArtworkPath,
  artworkPath,
  parseCapabilities,
  parseChannel,
  parseChannelNow,
  parseChannelNowById,
  parseChannels,
  parseGuide,
  parseGuideNow,
  parseIdentity,
  parseNowPlaying,
  parseOpenApi,
  IDENTITY_PATH,
  parsePackages,
  parseSessionCount,
  parseSessions,
  parseStatus,
  parseWebhooks,
  type ArtworkRef,
  type PlacedGuide,
  type Unreadable,
} from '../../../shared/airwave';
import { parseChannelSchedule } from '../../../shared/airwave/schedule';
import { USER_AGENT } from '../../../shared/app-info';
import { cleanServerText } from '../../../shared/text';
import { parseServerUrl, type ServerAddress } from '../../../shared/server-url';
import type { AuthStyle } from '../../../shared/shapes';
import { systemClock, type Clock } from '../../common/clock';
import { ApiError, withAdvice } from './errors';
import { messages, t } from '../../common/words';
import { OPTIONAL_DOCUMENT_BYTES, withinOptionalDeadline } from './optional';
import { cachePolicy, isMissingRoute, statusError, takeJson } from './answers';

export { cachePolicy, isMissingResource, isMissingRoute, retryAfter } from './answers';
import { keysInUse, redactInUse } from '../../common/redact';
import { RequestGovernor, type GovernorPolicy } from './governor';
import { DEFAULT_TIMEOUTS, HttpTransport, type StreamResponse, type Timeouts } from './http';
import { unreadableAnswerError } from './contract-words';
import { addressWords } from './address-words';

/** How the key is sent (one definition, in shapes.ts). */
export type { AuthStyle };

export interface Limits {
  jsonBytes: number;
  imageBytes: number;
}

export const DEFAULT_LIMITS: Limits = { jsonBytes: 20 * 1024 * 1024, imageBytes: 10 * 1024 * 1024 };

export interface ClientOptions {
  /** what the user typed (normalised here) or an already parsed address */
  server: string | ServerAddress;
  apiKey: string;
  authStyle?: AuthStyle;
  timeouts?: Partial<Timeouts>;
  limits?: Partial<Limits>;
  /** the core's injected clock: the request governor runs on it, and Retry-After dates are read against it */
  clock?: Clock;
  /** time source for reading a Retry-After date when no `clock` is given (the governor then uses the system clock) */
  now?: () => number;
  /** the request governor's limits (see governor.ts) */
  governor?: Partial<GovernorPolicy>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** asked for by the user just now (a lookup, Refresh, Test connection): not held to the background budget */
  user?: boolean;
}

/**
 * Artwork has a governor of its own, so slow or many images never hold the slots the API's
 * requests need: two images at a time, 120 background starts per minute (many small images).
 */
const ARTWORK_ENDPOINT = 'GET artwork';
const ARTWORK_GOVERNOR: Partial<GovernorPolicy> = { maxInFlight: 2, perMinute: 120 };

export interface Artwork {
  contentType: string;
  bytes: Buffer;
  /** how long the server lets the image be reused: `Cache-Control: max-age` in ms (0 for no-cache), null when it does not say */
  maxAgeMs: number | null;
  /** `Cache-Control: no-store`: show it, never keep it */
  noStore: boolean;
}

/**
 * The Airwave public API (`/api/public/v1`), one method per endpoint. Every answer is checked
 * against the shared contract; every failure is an ApiError. The key is sent only to the
 * configured origin, never on artwork requests, and never appears in an error.
 */
export class AirwaveClient {
  readonly server: ServerAddress;
  readonly authStyle: AuthStyle;
  readonly #key: string;
  readonly #transport: HttpTransport;
  readonly #limits: Limits;
  readonly #now: () => number;
  readonly #governor: RequestGovernor;
  readonly #artworkGovernor: RequestGovernor;
  /** takes the key off the list errors and logs are redacted against (on close) */
  readonly #forgetKey: () => void;

  constructor(options: ClientOptions) {
    if (typeof options.server === 'string') {
      const parsed = parseServerUrl(options.server);
      if (!parsed.ok) throw new ApiError('invalid-request', addressWords(parsed.problem), { endpoint: 'server address' });
      this.server = parsed.address;
    } else {
      this.server = options.server;
    }
    this.#key = options.apiKey.trim();
    this.authStyle = options.authStyle ?? 'x-api-key';
    this.#transport = new HttpTransport({ ...DEFAULT_TIMEOUTS, ...options.timeouts });
    this.#limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.#now = options.clock ? () => options.clock!.now() : (options.now ?? Date.now);
    this.#governor = new RequestGovernor(options.clock ?? systemClock, options.governor);
    this.#artworkGovernor = new RequestGovernor(options.clock ?? systemClock, { ...options.governor, ...ARTWORK_GOVERNOR });
    this.#forgetKey = keysInUse.register(this.#key);
  }

  /** The time on this client's clock (the core's injected clock): what stands in for a server time that cannot be read. */
  now(): number {
    return this.#now();
  }

  /** The governor in front of this server (its counters are read by tests and benchmarks). */
  get governor(): RequestGovernor {
    return this.#governor;
  }

  status = (o?: CallOptions) => this.#json('/status', parseStatus, o);
  capabilities = (o?: CallOptions) => this.#json('/capabilities', parseCapabilities, o);
  sessionCount = (o?: CallOptions) => this.#json('/sessions/count', parseSessionCount, o);
  nowPlaying = (o?: CallOptions) => this.#json('/now-playing', parseNowPlaying, o);
  guideNow = (o?: CallOptions) => this.#json('/guide/now', parseGuideNow, o);
  /** Beyond the documented interface: real servers offer it, some answer 404 (`not-found`). */
  sessions = (o?: CallOptions) => this.#json('/sessions', parseSessions, o);
  /** Beyond the documented interface: real servers offer it, some answer 404 (`not-found`). */
  packages = (o?: CallOptions) => this.#json('/packages', parsePackages, o);
  /** Admin keys only (403 for a viewer's key), Airwave 0.14.71 on: read, never changed. */
  webhooks = (o?: CallOptions) => this.#json('/webhooks', parseWebhooks, o);
  /** Beyond the documented interface: one channel's programmes for the next `hours` (1–24); some servers answer 404. */
  channelSchedule = (channelId: string, hours: number, o?: CallOptions) =>
    this.#json(`/channels/${encodeURIComponent(channelId)}/schedule?hours=${Math.min(24, Math.max(1, Math.round(hours)))}`, parseChannelSchedule, o, 'GET /channels/{id}/schedule');

  /**
   * `GET /api/identity`, outside the API prefix and sent without the key (it answers without one):
   * which Airwave server is at this address. A server without it answers 404 or something that is
   * not Airwave's identity (a `bad-response`).
   */
  identity = (o?: CallOptions) =>
    this.#governed(`GET ${IDENTITY_PATH}`, `GET ${IDENTITY_PATH}`, o, (signal) =>
      withinOptionalDeadline(signal, `GET ${IDENTITY_PATH}`, (s) => this.#fetchJson(`${this.server.root}${IDENTITY_PATH}`, parseIdentity, s, `GET ${IDENTITY_PATH}`, false, OPTIONAL_DOCUMENT_BYTES)),
    );

  /** `GET /openapi.json` of the public API, sent without the key: the routes this server has (optional.ts: capped, with its own deadline). */
  openApi = (o?: CallOptions) =>
    this.#governed('GET /openapi.json', 'GET /openapi.json', o, (signal) =>
      withinOptionalDeadline(signal, 'GET /openapi.json', (s) => this.#fetchJson(`${this.server.apiBase}/openapi.json`, parseOpenApi, s, 'GET /openapi.json', false, OPTIONAL_DOCUMENT_BYTES)),
    );

  guide(forwardMinutes: number = GUIDE_FORWARD_MINUTES.default, o?: CallOptions & { backMinutes?: number }) {
    const { min, max } = GUIDE_FORWARD_MINUTES;
    if (!Number.isInteger(forwardMinutes) || forwardMinutes < min || forwardMinutes > max) {
      return Promise.reject(
        new ApiError('invalid-request', t(messages().client.guideWindow, { min: String(min), max: String(max) }), {
          endpoint: 'GET /guide',
        }),
      );
    }
    const query = new URLSearchParams({ forwardMinutes: String(forwardMinutes) });
    if (o?.backMinutes !== undefined) query.set('backMinutes', String(o.backMinutes));
    // placed as the streamed reader places it (guide/reader.ts): the local clock, the window asked for
    return this.#json(`/guide?${query}`, (json): PlacedGuide => {
      const guide = parseGuide(json);
      return { ...guide, serverTime: guide.serverTime ?? new Date(this.#now()).toISOString(), windowMinutes: guide.windowMinutes ?? forwardMinutes };
    }, o, 'GET /guide');
  }

  channels(options: CallOptions & { definition?: boolean } = {}) {
    const path = options.definition ? '/channels?include=definition' : '/channels';
    return this.#json(path, parseChannels, options, 'GET /channels');
  }

  channelNowByNumber(number: number, o?: CallOptions) {
    const endpoint = `GET /channels/by-number/${number}/now`;
    if (!Number.isSafeInteger(number)) {
      return Promise.reject(new ApiError('invalid-request', messages().client.channelNumber, { endpoint }));
    }
    return this.#json(`/channels/by-number/${number}/now`, (json) => parseChannelNow(json, number), o, endpoint);
  }

  /**
   * `/channels/by-number/{n}`: one channel record (beyond the documented interface; Airwave's own
   * router has it). A 404 is a missing channel or, without the error envelope, a missing route.
   */
  channelByNumber(number: number, o?: CallOptions & { definition?: boolean }) {
    const endpoint = `GET /channels/by-number/${number}`;
    if (!Number.isSafeInteger(number)) {
      return Promise.reject(new ApiError('invalid-request', messages().client.channelNumber, { endpoint }));
    }
    const path = `/channels/by-number/${number}${o?.definition ? '?include=definition' : ''}`;
    return this.#json(path, (json) => parseChannel(json, number), o, endpoint);
  }

  /** `/channels/{id}/now`: what is on now and next on one channel, found by its id. */
  channelNow(channelId: string, o?: CallOptions) {
    const endpoint = `GET /channels/${channelId}/now`;
    if (channelId === '' || channelId === '.' || channelId === '..') {
      return Promise.reject(new ApiError('invalid-request', messages().client.notChannelId, { endpoint }));
    }
    return this.#json(`/channels/${encodeURIComponent(channelId)}/now`, (json) => parseChannelNowById(json, channelId), o, endpoint);
  }

  /**
   * Artwork from a server-given host-relative `artworkUrl`, or built from its parts. Sent with no
   * key at all (the path is tokenless); only the public interface's artwork path shape is fetched.
   */
  async artwork(target: string | ArtworkRef, o?: CallOptions): Promise<Artwork> {
    const endpoint = ARTWORK_ENDPOINT;
    let path: string | null = null;
    try {
      path = typeof target === 'string' ? target : artworkPath(target);
    } catch {
      // an id that cannot form an artwork address: refused below like any other bad path
    }
    if (path === null || !parseArtworkPath(path)) {
      throw new ApiError('invalid-request', messages().client.notArtwork, { endpoint });
    }
    // Many small images (one per viewer, per programme opened): their own slots and budget.
    const response = await this.#governed(`GET ${path}`, endpoint, o, (signal) =>
      this.#transport.get(`${this.server.root}${path}`, {
        endpoint,
        origin: this.server.origin,
        headers: { accept: 'image/*', 'user-agent': USER_AGENT },
        maxBytes: this.#limits.imageBytes,
        signal,
      }),
    );
    if (response.status < 200 || response.status >= 300) {
      const error = statusError(endpoint, response, this.#now());
      // Airwave answers an image its media server lacks with a plain-text 404: a missing image, not a missing route.
      if (isMissingRoute(error)) {
        throw new ApiError('not-found', messages().client.noImage, { endpoint, status: 404, serverCode: 'not_found' });
      }
      throw error;
    }
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!contentType.startsWith('image/')) {
      throw new ApiError('bad-response', t(messages().client.notImage, { type: contentType || messages().client.noContentType }), {
        endpoint,
        status: response.status,
      });
    }
    return { contentType, bytes: response.body, ...cachePolicy(response.headers['cache-control']) };
  }

  /**
   * Opens `GET /events` (Server-Sent Events) with the key in a header. Resolves once the server
   * has answered 2xx with the open body; any other answer is an ApiError (404/501/503 mean "poll").
   */
  async openEvents(o: CallOptions & { types?: readonly string[] } = {}): Promise<NonNullable<StreamResponse['stream']>> {
    const endpoint = 'GET /events';
    const query = o.types?.length ? `?${new URLSearchParams({ types: o.types.join(',') })}` : '';
    // Spaced and budgeted like any request, never shared; it holds an in-flight place only until its headers.
    const response = await this.#governed(`GET /events${query}`, endpoint, { ...o, coalesce: false }, (signal) =>
      this.#transport.stream(`${this.server.apiBase}/events${query}`, {
        endpoint,
        headers: { accept: 'text/event-stream', 'cache-control': 'no-cache', 'user-agent': USER_AGENT, ...this.#authHeaders },
        // open until the caller aborts (the governor aborts its own signal only when that caller leaves)
        signal: o.signal ? AbortSignal.any([o.signal, signal]) : signal,
      }),
    );
    if (!response.stream) throw statusError(endpoint, response, this.#now());
    const type = String(response.headers['content-type'] ?? '');
    if (!type.toLowerCase().startsWith('text/event-stream')) {
      response.stream.destroy();
      throw new ApiError('bad-response', t(messages().client.notEventStream, type ? { known: 'yes', type } : { known: 'no', type: '' }), {
        endpoint,
        status: response.status,
      });
    }
    return response.stream;
  }

  /**
   * Opens a JSON answer to read as it arrives (the guide: see guide-stream.ts). The key goes in a
   * header and the headers deadline applies; the body's deadline and size cap are the reader's.
   * Redirects are followed within the configured origin only, as for every JSON answer. `redact`
   * removes the key from any text quoting the body.
   */
  async openJson(path: string, endpoint: string, o?: CallOptions & { readAheadBytes?: number }) {
    // Governed like any request (spacing, budget, in-flight cap) but never shared: each reader gets its own body.
    const response = await this.#governed(`GET ${path}`, endpoint, { ...o, coalesce: false }, (signal) =>
      this.#transport.stream(`${this.server.apiBase}${path}`, {
        endpoint,
        origin: this.server.origin,
        headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...this.#authHeaders },
        signal: o?.signal ? AbortSignal.any([o.signal, signal]) : signal,
        readAheadBytes: o?.readAheadBytes,
      }),
    );
    if (!response.stream) throw statusError(endpoint, response, this.#now());
    return { stream: response.stream, headers: response.headers, status: response.status, redact: (text: string) => redactInUse(text, this.#key) };
  }

  /** Ends the keep-alive connections and refuses what was waiting. The client is unusable afterwards. */
  close(): Promise<void> {
    this.#governor.close();
    this.#artworkGovernor.close();
    this.#forgetKey();
    return this.#transport.close();
  }

  /** Every request goes through a governor (artwork through its own): one place for spacing, budgets, the in-flight cap and sharing. */
  #governed<T>(key: string, endpoint: string, o: (CallOptions & { coalesce?: boolean }) | undefined, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const governor = endpoint === ARTWORK_ENDPOINT ? this.#artworkGovernor : this.#governor;
    return governor.run({ key, endpoint, user: o?.user, coalesce: o?.coalesce, signal: o?.signal }, send);
  }

  get #authHeaders(): Record<string, string> {
    // With no key at all, send no auth header (the probe asks keyless first to see who answers).
    if (!this.#key) return {};
    return this.authStyle === 'bearer' ? { authorization: `Bearer ${this.#key}` } : { 'x-api-key': this.#key };
  }

  /** One JSON endpoint, governed as a whole (identical calls share the parsed answer: treat it as read-only). */
  #json<T>(path: string, parse: (json: unknown) => T, o?: CallOptions, endpoint = `GET ${path}`): Promise<T> {
    return this.#governed(`GET ${path}`, endpoint, o, (signal) => this.#fetchJson(`${this.server.apiBase}${path}`, parse, signal, endpoint));
  }

  /** A JSON answer from `url` on this server's origin; `withKey: false` sends no key (keyless routes). */
  async #fetchJson<T>(url: string, parse: (json: unknown) => T, signal: AbortSignal, endpoint: string, withKey = true, maxBytes = this.#limits.jsonBytes): Promise<T> {
    const response = await this.#transport.get(url, {
      endpoint,
      origin: this.server.origin,
      headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...(withKey ? this.#authHeaders : {}) },
      maxBytes: Math.min(maxBytes, this.#limits.jsonBytes),
      signal,
    });
    if (response.status < 200 || response.status >= 300) throw statusError(endpoint, response, this.#now());
    const { status, headers } = response;
    const empty = response.body.length === 0;
    let json: unknown;
    try {
      json = takeJson(response);
    } catch (cause) {
      const type = String(headers['content-type'] ?? messages().client.noContentType);
      const said = withAdvice(empty ? messages().client.emptyAnswer : messages().client.notJson, { type });
      throw new ApiError('bad-response', said.message, { endpoint, status, cause, fact: said.fact });
    }
    try {
      const value = parse(json);
      // what a tolerant reading left out quotes the server's values: never the key among them
      const unreadable = (value as { unreadable?: Unreadable } | null)?.unreadable;
      if (unreadable) unreadable.examples = unreadable.examples.map((example) => cleanServerText(redactInUse(example, this.#key)));
      return value;
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      // The field's value may be anything the server sent, the key included: ApiError scrubs it.
      throw unreadableAnswerError(error, status);
    }
  }
}
