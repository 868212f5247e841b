import type { ConnectionState, ConnectionView, Resource } from '../../../shared/bridge';
import { isApiError, type ApiError } from '../client';
import { clock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';
import type { AppState } from '../state';
import type { SyncDeps } from './config';

/**
 * What the state says about following the server: the connection line (state, message, since,
 * next retry, attempt), a resource's last failure in words, and how errors are sorted into
 * "the server's trouble", "a bad answer from one endpoint" and "a bug of ours".
 */

/** Writes the connection line; `since` moves only when the state itself changes. */
export function showConnection(
  deps: SyncDeps,
  state: ConnectionState,
  message: string,
  context: { attempt: number; suspended: boolean },
  extra: Partial<ConnectionView> = {},
): void {
  const now = deps.clock.now();
  deps.store.update((current) => ({
    connection: {
      state,
      message,
      since: current.connection.state === state ? current.connection.since : now,
      nextRetryAt: null,
      attempt: context.attempt,
      suspended: context.suspended,
      busy: false,
      ...extra,
    },
  }));
}

export function patchConnection(deps: SyncDeps, patch: Partial<ConnectionView>): void {
  deps.store.update((current) => ({ connection: { ...current.connection, ...patch } }));
}

/** The server said it is busy: a 503 that asks to come back later (Retry-After) or says it is full (`unavailable`). */
export function isBusy(error: unknown): boolean {
  return isApiError(error) && error.status === 503 && (error.retryAfterMs !== undefined || error.serverCode === 'unavailable');
}

/** Airwave itself rejected the key: a 401 (or `unauthorized`) in its JSON error envelope. */
export function isKeyRejection(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'unauthorized' && error.serverCode !== undefined;
}

/** A 401 without Airwave's envelope: something in front of the server refused, not Airwave. */
export function proxyRefusalMessage(error: ApiError): string {
  return t(messages().sync.proxyRefused, { endpoint: error.endpoint });
}

/**
 * The one rule for a key that worked and now gets 401 (issue 33): it worked (until 9:12 PM, when
 * known) and is refused now: regenerated, revoked or limited by the server, never a wrong key.
 * The words are each language's whole sentence (a select on whether the time is known); this
 * gives what they need. The popover (keyRejectedMessage) and the alert both say it.
 */
export function keyRefusedParams(workedUntil: number | null): Record<string, string | number> {
  return workedUntil === null ? { known: 'no' } : { known: 'yes', ...clock(workedUntil) };
}

/** What a rejected key means, depending on whether it had worked before (see keyRefusedParams). */
export function keyRejectedMessage(keyWorked: boolean, recheckMs: number, workedUntil: number | null = null): string {
  const words = messages().key;
  const n = Math.round(recheckMs / 60_000);
  return keyWorked ? t(words.refusedMessage, { ...keyRefusedParams(workedUntil), n }) : t(words.rejectedMessage, { n });
}

/** Keeps a resource's data and says why its last refresh failed. */
export function markResourceError(deps: SyncDeps, resource: keyof AppState, message: string, lacking = false): void {
  deps.store.update((state) => {
    const { lacking: _was, ...current } = state[resource] as Resource<unknown>;
    return { [resource]: { ...current, error: message, ...(lacking ? { lacking: true } : {}) } } as Partial<AppState>;
  });
}

/**
 * A JSON answer the app could not read (issue 33: what it cannot do without was bad): the server is
 * up and answered, so this is never "offline" and never a reason to reconnect; only the view that
 * needs the answer says so. (An answer that is not JSON at all, a login page, is the way there in trouble.)
 */
export function isRefusedAnswer(error: unknown): error is ApiError {
  return isApiError(error) && error.kind === 'bad-response' && error.field !== undefined;
}

/** What a view says of an answer it could not read (the details go to the log). */
export const refusedAnswerMessage = (endpoint: string): string => t(messages().sync.unreadable, { endpoint });

/** The log's last word on each endpoint's unreadable answer, so the same one is written once, not at every poll. */
const refusedSaid = new WeakMap<SyncDeps, Map<string, string>>();

/** Logs why an answer could not be read (its field and problem), once while it stays the same. */
export function logRefusedOnce(deps: SyncDeps, error: ApiError): void {
  let said = refusedSaid.get(deps);
  if (!said) refusedSaid.set(deps, (said = new Map()));
  if (said.get(error.endpoint) === error.message) return;
  if (said.size >= 64) said.clear();
  said.set(error.endpoint, error.message);
  deps.log(error.message);
}

/** A failure in one sentence for the user (an ApiError already is one; anything else is ours). */
export function describe(error: unknown): string {
  if (isRefusedAnswer(error)) return refusedAnswerMessage(error.endpoint);
  if (isApiError(error)) return error.message;
  return messages().sync.ourBug;
}

/** Resources whose bad answers are reported on the resource without taking the connection down. */
const SOFT_RESOURCES = new Set<keyof AppState>(['onNow', 'guide']);

/**
 * A failure that stays on its resource and takes the connection nowhere: an answer the app could
 * not read, from any endpoint, or a guide's missing or refused route.
 */
export function isSoftFailure(error: unknown, resource: keyof AppState | null): boolean {
  if (resource === null || !isApiError(error)) return false;
  return isRefusedAnswer(error) || (SOFT_RESOURCES.has(resource) && isContentError(error));
}

function isContentError(error: ApiError): boolean {
  return error.kind === 'bad-response' || error.kind === 'not-found' || error.kind === 'invalid-request';
}
