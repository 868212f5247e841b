/**
 * Reading one HTTP answer of an Airwave server: a status outside 2xx as an ApiError (with the
 * server's error envelope and Retry-After), a JSON body taken and let go of, and the parts of
 * Cache-Control the image cache acts on. client.ts sends the requests; this reads what comes back.
 */
import { readErrorEnvelope } from '../../../shared/airwave';
import { ApiError, isApiError, quoteServer } from './errors';
import type { RawResponse } from './http';
import { messages, t } from '../../common/words';

const EMPTY = Buffer.alloc(0);

/** An answer outside 2xx as an ApiError: what the status and the server's error envelope say. */
export function statusError(endpoint: string, response: RawResponse, now: number): ApiError {
  const { status } = response;
  let envelope: ReturnType<typeof readErrorEnvelope> = null;
  try {
    envelope = readErrorEnvelope(JSON.parse(response.body.toString('utf8')));
  } catch {
    // HTML error pages and empty bodies from proxies: a plain HTTP error with its status.
  }
  const serverMessage = envelope?.message ? quoteServer(envelope.message) : undefined;
  const details = {
    endpoint,
    status,
    serverCode: envelope?.code,
    serverMessage,
    retryAfterMs: retryAfter(response.headers['retry-after'], now),
  };
  const words = messages().client;
  // the server's own words are quoted as they came, after the app's sentence
  const said = (sentence: string) => (serverMessage ? t(words.said, { sentence, message: serverMessage }) : sentence);
  const code = envelope?.code;
  if (status === 401 || code === 'unauthorized') {
    return new ApiError('unauthorized', said(words.rejectedKey), details);
  }
  if (status === 404 && !envelope) {
    // No JSON error envelope: the router itself does not know the path (Airwave answers a plain
    // "404 Not Found"), as opposed to a known route whose resource is missing.
    return new ApiError('not-found', t(words.noRoute, { endpoint }), details);
  }
  if (status === 404 || code === 'not_found') {
    return new ApiError('not-found', said(t(words.notFound, { endpoint })), details);
  }
  if (status === 400 || status === 422 || code === 'invalid_request') {
    return new ApiError('invalid-request', said(t(words.refused, { endpoint })), details);
  }
  return new ApiError('server-error', said(t(status >= 500 ? words.serverProblem : words.serverUnexpected, { status: String(status) })), details);
}

/**
 * A 404 without the JSON error envelope: the server has no such route at all (older versions,
 * Airwave's own router for `/channels/by-number/{n}/now`, or a proxy that does not pass it on).
 */
export const isMissingRoute = (error: unknown): error is ApiError =>
  isApiError(error) && error.kind === 'not-found' && error.status === 404 && error.serverCode === undefined;

/** A 404 in the server's own error envelope: the route exists, the thing asked for does not. */
export const isMissingResource = (error: unknown): error is ApiError =>
  isApiError(error) && error.kind === 'not-found' && error.serverCode !== undefined;

/** The parts of a `Cache-Control` header an image cache acts on. */
export function cachePolicy(header: string | string[] | undefined): { maxAgeMs: number | null; noStore: boolean } {
  const directives = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase().split(',').map((d) => d.trim());
  const noStore = directives.includes('no-store');
  if (directives.includes('no-cache')) return { maxAgeMs: 0, noStore };
  const maxAge = directives.map((d) => /^max-age\s*=\s*"?(\d{1,10})"?$/.exec(d)?.[1]).find((n) => n !== undefined);
  return { maxAgeMs: maxAge === undefined ? null : Number(maxAge) * 1000, noStore };
}

/**
 * Parses a JSON body and lets go of it: the response no longer holds the bytes, and the text is
 * gone when this returns, so a large answer is not held as bytes, text and tree at once.
 */
export function takeJson(response: RawResponse): unknown {
  return JSON.parse(takeText(response));
}

function takeText(response: RawResponse): string {
  const bytes = response.body;
  response.body = EMPTY;
  return bytes.toString('utf8');
}

/**
 * Retry-After in seconds or as a date, as the server says it (never negative). The client reports
 * it; each schedule that honours it bounds it to its own ceiling (sync/schedules.ts LIMITS: a
 * failed request waits at most 5 minutes, a refused stream at most an hour), so one layer owns each cap.
 */
export function retryAfter(header: string | string[] | undefined, now: number): number | undefined {
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const secs = Number(header);
  let ms: number;
  if (Number.isFinite(secs) && secs >= 0) ms = secs * 1000;
  else {
    const at = Date.parse(header);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}
