/**
 * Every way an API call can fail, as a small closed set the UI and the sync engine can act on, and
 * where keys are kept out of messages: an ApiError redacts every key a live client holds
 * (common/redact.ts: every form of it) from its message, server message, location and cause, so
 * no error can carry a key whatever a server echoes back or wherever the error was built.
 */
import { cleanServerText } from '../../../shared/text';
import { redactInUse } from '../../common/redact';
import { t } from '../../common/words';
import type { Params } from '../../../shared/i18n/message-format';

/** Text built from what a server sent: keys scrubbed, then cleaned like every server string (shared/text.ts). */
const scrubbed = (text: string) => cleanServerText(redactInUse(text));

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
  /** a JSON answer the app could not read (a `bad-response`): the field that refused it ("" for the top level) */
  field?: string;
  /**
   * what exactly could not be read, in the validator's words ("Unexpected response from GET /guide:
   * serverTime: …"): for the log only. The message, which views show, says it plainly (issue 48).
   */
  detail?: string;
  /**
   * The message without its advice (the same catalogue message, its `advice` select on "no"):
   * what the connection test shows beside a fix of its own, so the advice is never said twice.
   */
  fact?: string;
  cause?: unknown;
}

/** How much of a server's own message an error keeps. */
export const SERVER_MESSAGE_CHARS = 300;
/** A server's own message as an error quotes it: keys scrubbed and cleaned first, then cut to SERVER_MESSAGE_CHARS. */
export function quoteServer(text: string): string {
  return scrubbed(text).slice(0, SERVER_MESSAGE_CHARS);
}

/** A cause whose message carried a key is replaced by a plain Error with the key scrubbed. */
function scrubCause(cause: unknown): unknown {
  if (!(cause instanceof Error)) return cause;
  const message = scrubbed(cause.message);
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
  readonly field?: string;
  readonly detail?: string;
  /** the message without its advice (ApiErrorDetails.fact); the message itself where it has none */
  readonly fact: string;

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails,
  ) {
    super(scrubbed(message), details.cause === undefined ? undefined : { cause: scrubCause(details.cause) });
    this.endpoint = scrubbed(details.endpoint);
    this.status = details.status;
    this.serverCode = details.serverCode === undefined ? undefined : scrubbed(details.serverCode);
    this.serverMessage = details.serverMessage === undefined ? undefined : quoteServer(details.serverMessage);
    this.retryAfterMs = details.retryAfterMs;
    this.location = details.location === undefined ? undefined : scrubbed(details.location);
    this.field = details.field === undefined ? undefined : scrubbed(details.field);
    this.detail = details.detail === undefined ? undefined : scrubbed(details.detail);
    this.fact = details.fact === undefined ? this.message : scrubbed(details.fact);
  }

  /** What the log says of this failure: the validator's words where there are some, else the message. */
  get logText(): string {
    return this.detail ?? this.message;
  }
}

/** The system's code for a failure (ECONNREFUSED, ENOTFOUND, CERT_…), from the error or its causes: what code branches on, never the words. */
export function causeCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return '';
}

/**
 * A message that ends with advice ("… Check that the server is running …") as the error's message
 * and its fact alone: the catalogue message has an `advice` select, so both are one message.
 */
export function withAdvice(message: string, params: Params): { message: string; fact: string } {
  return { message: t(message, { ...params, advice: 'yes' }), fact: t(message, { ...params, advice: 'no' }) };
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
