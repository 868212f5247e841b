/**
 * Every way an API call can fail, as a small closed set the UI and the sync engine can act on, and
 * the one place keys are kept out of messages: an ApiError scrubs every key a live client holds
 * (plain, base64 and URL-encoded) from its message, server message, location and cause, so no
 * error can carry a key whatever a server echoes back or wherever the error was built.
 */
export type ApiErrorKind =
  | 'unauthorized'
  | 'not-found'
  | 'invalid-request'
  | 'server-error'
  | 'unreachable'
  | 'timeout'
  | 'bad-response'
  /** refused here, never sent: more was asked of this server at once than the app allows */
  | 'busy'
  | 'cancelled';

export interface ApiErrorDetails {
  /** e.g. "GET /guide/now" */
  endpoint: string;
  status?: number;
  /** the server's `error.code` when it sent an envelope */
  serverCode?: string;
  /** the server's `error.message` (keys are scrubbed and it is cut to SERVER_MESSAGE_CHARS here) */
  serverMessage?: string;
  /** from Retry-After on 429/503 */
  retryAfterMs?: number;
  /** where a refused redirect pointed */
  location?: string;
  cause?: unknown;
}

/** How much of a server's own message an error keeps. */
export const SERVER_MESSAGE_CHARS = 300;
/** Keys shorter than this are not scrubbed: replacing every "abc" in a message would garble it. */
const MIN_SECRET_CHARS = 6;

/** key → how many live clients hold it */
const secrets = new Map<string, number>();
const released = new FinalizationRegistry<string>((secret) => releaseSecret(secret));

function releaseSecret(secret: string): void {
  const left = (secrets.get(secret) ?? 1) - 1;
  if (left > 0) secrets.set(secret, left);
  else secrets.delete(secret);
}

/**
 * Registers `secret` (an API key) for scrubbing from every ApiError for as long as `holder` (the
 * client using it) is alive.
 */
export function protectSecret(secret: string, holder: object): void {
  if (secret.length < MIN_SECRET_CHARS) return;
  secrets.set(secret, (secrets.get(secret) ?? 0) + 1);
  released.register(holder, secret);
}

const formsOf = (secret: string): string[] => {
  const base64 = Buffer.from(secret, 'utf8').toString('base64');
  return [...new Set([secret, base64, base64.replace(/=+$/, ''), Buffer.from(secret, 'utf8').toString('base64url'), encodeURIComponent(secret)])];
};

/** `text` with every protected key (and `extra`) replaced by "[redacted]". */
export function scrubSecrets(text: string, extra?: string): string {
  let out = text;
  const all = extra && extra.length >= MIN_SECRET_CHARS ? [extra, ...secrets.keys()] : [...secrets.keys()];
  for (const secret of all) for (const form of formsOf(secret)) out = out.split(form).join('[redacted]');
  return out;
}

/** A server's own message as an error quotes it: keys scrubbed first, then cut to SERVER_MESSAGE_CHARS. */
export function quoteServer(text: string): string {
  return scrubSecrets(text).slice(0, SERVER_MESSAGE_CHARS);
}

/** A cause whose message carried a key is replaced by a plain Error with the key scrubbed. */
function scrubCause(cause: unknown): unknown {
  if (!(cause instanceof Error)) return cause;
  const message = scrubSecrets(cause.message);
  if (message === cause.message) return cause;
  const copy = new Error(message);
  copy.name = cause.name;
  const code = (cause as { code?: unknown }).code;
  if (code !== undefined) (copy as { code?: unknown }).code = code;
  return copy;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly endpoint: string;
  readonly status?: number;
  readonly serverCode?: string;
  readonly serverMessage?: string;
  readonly retryAfterMs?: number;
  readonly location?: string;

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails,
  ) {
    super(scrubSecrets(message), details.cause === undefined ? undefined : { cause: scrubCause(details.cause) });
    this.endpoint = scrubSecrets(details.endpoint);
    this.status = details.status;
    this.serverCode = details.serverCode === undefined ? undefined : scrubSecrets(details.serverCode);
    this.serverMessage = details.serverMessage === undefined ? undefined : quoteServer(details.serverMessage);
    this.retryAfterMs = details.retryAfterMs;
    this.location = details.location === undefined ? undefined : scrubSecrets(details.location);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Replaces every occurrence of `secret` (and every protected key) in `text`. */
export function redact(text: string, secret: string | undefined): string {
  return scrubSecrets(text, secret);
}
