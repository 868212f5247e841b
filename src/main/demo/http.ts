import type { ServerResponse } from 'node:http';

/**
 * The demo server's small HTTP helpers: JSON answers and Airwave's error envelope, query and path
 * parameter reading. Every route answers through these, so headers stay alike everywhere.
 */

/**
 * An answer hook (DemoControls.setAnswerHook): what a test makes of a route's JSON answer before
 * it is sent, e.g. one field made odd. Set per response by the router; only 2xx answers pass it.
 */
export type AnswerHook = (path: string, body: unknown) => unknown;
const rewrites = new WeakMap<ServerResponse, (body: unknown) => unknown>();

/** The JSON answer on `res` goes through `rewrite` first (see AnswerHook). */
export function rewriteAnswer(res: ServerResponse, rewrite: (body: unknown) => unknown): void {
  rewrites.set(res, rewrite);
}

/** Whether an answer hook waits to rewrite the JSON answer on `res` (a streamed answer is then sent whole). */
export const isRewritten = (res: ServerResponse): boolean => rewrites.has(res);

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const rewrite = status < 300 ? rewrites.get(res) : undefined;
  const text = JSON.stringify(rewrite ? rewrite(body) : body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Airwave's error envelope: `{ error: { code, message } }`. */
export function fail(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { code, message } }, headers);
}

/** A plain-text answer, as Airwave's web framework sends for an unknown route or a missing image. */
export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A path segment, percent-decoded; null when it is missing or not valid percent-encoding. */
export function decode(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A whole-number query parameter within bounds; a string is the 422 message naming it. */
export function intParam(url: URL, name: string, min: number, max: number, fallback: number): number | string {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const value = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    return `${name} must be a whole number from ${min} to ${max} (got "${raw.slice(0, 20)}").`;
  }
  return value;
}
