/**
 * Every way an API call can fail, as a small closed set the UI and the sync engine can act on.
 * Messages are meant for people; they may quote the server's own `error.message`, but never the key.
 */
export type ApiErrorKind =
  | 'unauthorized'
  | 'not-found'
  | 'invalid-request'
  | 'server-error'
  | 'unreachable'
  | 'timeout'
  | 'bad-response'
  | 'cancelled';

export interface ApiErrorDetails {
  /** e.g. "GET /guide/now" */
  endpoint: string;
  status?: number;
  /** the server's `error.code` when it sent an envelope */
  serverCode?: string;
  /** the server's `error.message`, with the key redacted */
  serverMessage?: string;
  /** from Retry-After on 429/503 */
  retryAfterMs?: number;
  /** where a refused redirect pointed */
  location?: string;
  cause?: unknown;
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
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.serverCode = details.serverCode;
    this.serverMessage = details.serverMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.location = details.location;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Replaces every occurrence of `secret` in `text` (a hostile server may echo the key back). */
export function redact(text: string, secret: string | undefined): string {
  if (!secret) return text;
  return text.split(secret).join('[redacted]');
}
