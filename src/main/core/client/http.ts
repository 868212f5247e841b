import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'undici';
import { ApiError, causeCode as errorCode, withAdvice, type ApiErrorKind } from './errors';
import type { Params } from '../../../shared/i18n/message-format';
import { messages, t } from '../../common/words';

const words = () => messages().client;

/**
 * The transport under the API client: GET over one keep-alive undici Agent, with connect, headers
 * and whole-body deadlines, a response size cap, caller cancellation, and redirects followed only
 * within the one origin the client was configured for (so the key never reaches another origin).
 */

export interface Timeouts {
  connectMs: number;
  headersMs: number;
  /** the whole body must arrive within this, however slowly it trickles */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 10_000, bodyMs: 15_000 };

/** What one request needs: which endpoint (for messages), its headers, an optional cancel signal. */
export interface RequestSpec {
  endpoint: string;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

export interface GetOptions extends RequestSpec {
  /** cap on a successful body; error bodies are read up to ERROR_BODY_BYTES and cut there */
  maxBytes: number;
  /** redirects may only stay on this origin */
  origin: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface StreamResponse extends RawResponse {
  /** the open body of a 2xx answer; destroy it to close the stream */
  stream: (AsyncIterable<unknown> & { destroy(): void; destroyed: boolean }) | null;
}

const ERROR_BODY_BYTES = 64 * 1024;
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type Phase = 'headers' | 'body';

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Whether a redirect may be followed with the key: only to the configured origin, i.e. the same
 * scheme, host and port (an https → http downgrade or another port is another origin). Checked on
 * every hop, not only the first.
 */
export function sameOrigin(next: URL, origin: string): boolean {
  return next.origin === new URL(origin).origin;
}

export class HttpTransport {
  private readonly agent: Agent;

  constructor(private readonly timeouts: Timeouts = DEFAULT_TIMEOUTS) {
    this.agent = new Agent({
      connect: { timeout: timeouts.connectMs },
      keepAliveTimeout: 20_000,
      keepAliveMaxTimeout: 60_000,
      // Our own deadlines below are the ones that count; undici's are set as a backstop.
      headersTimeout: timeouts.headersMs + 1_000,
      bodyTimeout: timeouts.bodyMs + 1_000,
    });
  }

  async get(url: string, options: GetOptions): Promise<RawResponse> {
    let target = new URL(url);
    for (let hop = 0; ; hop++) {
      const response = await this.once(target, options);
      const next = redirectTarget(response, target, hop, options);
      if (!next) return response;
      target = next;
    }
  }

  /**
   * Sends a GET and waits for its headers under the headers deadline. The returned deadline can
   * abort the same request later with another phase (the body's own deadline).
   */
  private async sendForHeaders(url: URL, options: RequestSpec, extra: { bodyTimeout?: number; highWaterMark?: number } = {}) {
    const { endpoint } = options;
    if (options.signal?.aborted) throw cancelled(endpoint);
    const controller = new AbortController();
    const deadline = {
      expired: null as Phase | null,
      expire(phase: Phase) {
        deadline.expired = phase;
        controller.abort();
      },
      /** the ApiError for a failure of this request */
      explain: (error: unknown): ApiError => {
        if (deadline.expired) return this.timedOut(deadline.expired, endpoint, url);
        if (options.signal?.aborted) return cancelled(endpoint);
        return networkError(error, endpoint, url);
      },
    };
    const timer = setTimeout(() => deadline.expire('headers'), this.timeouts.headersMs);
    const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
    try {
      const response = await request(url, { dispatcher: this.agent, method: 'GET', headers: options.headers, signal, ...extra });
      return { response, deadline };
    } catch (error) {
      throw deadline.explain(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private async once(url: URL, options: GetOptions): Promise<RawResponse> {
    const { endpoint } = options;
    const { response, deadline } = await this.sendForHeaders(url, options);
    const timer = setTimeout(() => deadline.expire('body'), this.timeouts.bodyMs);
    const { statusCode: status, headers, body } = response;
    const ok = status >= 200 && status < 300;
    const cap = ok ? options.maxBytes : ERROR_BODY_BYTES;
    try {
      const declared = Number(headers['content-length']);
      if (ok && Number.isFinite(declared) && declared > cap) throw tooLarge(endpoint, cap);
      if (REDIRECT_STATUSES.has(status)) return { status, headers, body: Buffer.alloc(0) };
      return { status, headers, body: await readInto(body, cap, declared, ok ? () => tooLarge(endpoint, cap) : null) };
    } catch (error) {
      throw error instanceof ApiError ? error : deadline.explain(error);
    } finally {
      clearTimeout(timer);
      if (!body.destroyed) {
        // Destroying an unread undici body makes it emit an abort error; nobody is listening now.
        body.on('error', () => {});
        body.destroy();
      }
    }
  }

  /**
   * Opens a long-lived response (the event stream, the guide): the headers deadline applies, the
   * body has none (the caller watches for silence itself). With `origin`, redirects are followed
   * like `get` does (same origin only, at most MAX_REDIRECTS); without it they are not followed. A
   * non-2xx answer is returned with its body read up to ERROR_BODY_BYTES and `stream` null.
   */
  /** `readAheadBytes`: how much of the body may wait, read from the socket, for its reader (undici's default is 64 KB) */
  async stream(url: string, options: RequestSpec & { origin?: string; readAheadBytes?: number }): Promise<StreamResponse> {
    let target = new URL(url);
    for (let hop = 0; ; hop++) {
      const response = await this.streamOnce(target, options);
      const next = options.origin === undefined ? null : redirectTarget(response, target, hop, { ...options, origin: options.origin });
      if (!next) return response;
      target = next;
    }
  }

  private async streamOnce(url: URL, options: RequestSpec & { readAheadBytes?: number }): Promise<StreamResponse> {
    const { response } = await this.sendForHeaders(url, options, { bodyTimeout: 0, ...(options.readAheadBytes ? { highWaterMark: options.readAheadBytes } : {}) });
    const { statusCode: status, headers, body } = response;
    body.on('error', () => {}); // aborting a stream we no longer want is not an error to anyone
    if (status >= 200 && status < 300) return { status, headers, body: Buffer.alloc(0), stream: body };
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size >= ERROR_BODY_BYTES) break;
      }
    } catch {
      // a broken error body: the status alone will do
    } finally {
      body.destroy();
    }
    return { status, headers, body: Buffer.concat(chunks).subarray(0, ERROR_BODY_BYTES), stream: null };
  }

  private timedOut(phase: Phase, endpoint: string, url: URL): ApiError {
    const message =
      phase === 'headers'
        ? t(words().noAnswerWithin, { host: url.host, time: seconds(this.timeouts.headersMs) })
        : t(words().unfinishedWithin, { host: url.host, time: seconds(this.timeouts.bodyMs) });
    return new ApiError('timeout', message, { endpoint });
  }

  async close(): Promise<void> {
    await this.agent.destroy();
  }
}

/**
 * Reads a body up to `cap` bytes. With a declared length it goes straight into one buffer of that
 * size (never chunks plus their concatenation); without one, chunks are kept as they come and
 * joined once at the end (no copying while a possibly oversized body streams in). Past `cap` it
 * throws `overflow()`, or with no overflow (an error page) keeps the first `cap` bytes and stops.
 */
async function readInto(body: AsyncIterable<unknown>, cap: number, declared: number, overflow: (() => ApiError) | null): Promise<Buffer> {
  const known = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, cap) : -1;
  const into = known >= 0 ? Buffer.allocUnsafe(known) : null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    let bytes = chunk as Buffer;
    const over = size + bytes.length > cap;
    if (over && overflow) throw overflow();
    if (over) bytes = bytes.subarray(0, cap - size); // an error page only needs its start
    if (into && size + bytes.length <= into.length) bytes.copy(into, size);
    else if (into) throw new Error('The server sent more than it declared.');
    else chunks.push(bytes);
    size += bytes.length;
    if (over) break;
  }
  return into ? into.subarray(0, size) : Buffer.concat(chunks, size);
}

/**
 * Where a redirect answer points, if it is one: null for any other answer; an ApiError for a
 * redirect to another origin (the key stays home) or one hop too many.
 */
function redirectTarget(response: RawResponse, from: URL, hop: number, options: { endpoint: string; origin: string }): URL | null {
  const location = response.headers.location;
  if (!REDIRECT_STATUSES.has(response.status) || typeof location !== 'string') return null;
  const next = new URL(location, from);
  if (!sameOrigin(next, options.origin)) {
    const shown = `${next.origin}${next.pathname}`;
    throw new ApiError(
      'bad-response',
      t(words().redirectedAway, { location: shown }),
      { endpoint: options.endpoint, status: response.status, location: shown },
    );
  }
  if (hop >= MAX_REDIRECTS) {
    throw new ApiError('bad-response', words().tooManyRedirects, { endpoint: options.endpoint, status: response.status });
  }
  return next;
}

function cancelled(endpoint: string): ApiError {
  return new ApiError('cancelled', words().cancelled, { endpoint });
}

function tooLarge(endpoint: string, cap: number): ApiError {
  return new ApiError('bad-response', t(words().tooLarge, { size: megabytes(cap) }), {
    endpoint,
  });
}

function networkError(error: unknown, endpoint: string, url: URL): ApiError {
  const code = errorCode(error);
  const host = url.host;
  const details = { endpoint, cause: error };
  const advised = (kind: ApiErrorKind, message: string, params: Params) => {
    const said = withAdvice(message, params);
    return new ApiError(kind, said.message, { ...details, fact: said.fact });
  };
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return advised('timeout', words().connectTimeout, { host });
  }
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new ApiError('timeout', t(words().stoppedAnswering, { host }), details);
  }
  if (code === 'ECONNREFUSED') {
    return advised('unreachable', words().connectionRefused, { host });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
    return advised('unreachable', words().unknownHost, { host: url.hostname });
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EHOSTDOWN' || code === 'ENETDOWN') {
    return new ApiError('unreachable', t(words().noRouteToHost, { host }), details);
  }
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') {
    return new ApiError('unreachable', t(words().closedEarly, { host }), details);
  }
  if (/CERT|SELF_SIGNED/.test(code)) {
    return new ApiError('unreachable', t(words().untrusted, { host, code }), details);
  }
  if (/TLS|SSL|EPROTO/.test(code)) {
    // the handshake itself failed: most often a plain-HTTP port asked for HTTPS, which no certificate would fix
    return new ApiError('unreachable', t(words().notHttps, { host, code }), details);
  }
  return advised('unreachable', code ? words().connectionFailedCode : words().connectionFailed, { host, code });
}
