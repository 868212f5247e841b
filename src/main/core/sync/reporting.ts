import type { ConnectionState, ConnectionView, Resource } from '../../../shared/bridge';
import { isApiError, type ApiError } from '../client';
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
  return `Something in front of the server (a proxy or login page, not Airwave itself) refused ${error.endpoint} with HTTP 401; trying again.`;
}

/** What a rejected key means, depending on whether it had worked before. */
export function keyRejectedMessage(keyWorked: boolean, recheckMs: number): string {
  const again = `The app checks again every ${Math.round(recheckMs / 60_000)} minutes.`;
  if (keyWorked) {
    return `The server no longer accepts the API key: it was probably regenerated or revoked in Airwave under Settings → API Keys. Copy the new key there and paste it in Settings (Fix the key). ${again}`;
  }
  return `The server rejected the API key. Copy it from Airwave under Settings → API Keys and paste it in Settings (Fix the key). ${again}`;
}

/** Keeps a resource's data and says why its last refresh failed. */
export function markResourceError(deps: SyncDeps, resource: keyof AppState, message: string, lacking = false): void {
  deps.store.update((state) => {
    const { lacking: _was, ...current } = state[resource] as Resource<unknown>;
    return { [resource]: { ...current, error: message, ...(lacking ? { lacking: true } : {}) } } as Partial<AppState>;
  });
}

/** A failure in one sentence for the user (an ApiError already is one; anything else is ours). */
export function describe(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Something went wrong inside the app; it will try again.';
}

/** Resources whose bad answers are reported on the resource without taking the connection down. */
const SOFT_RESOURCES = new Set<keyof AppState>(['onNow', 'guide']);

/** A malformed answer from an endpoint that must not take the badge down with it. */
export function isSoftFailure(error: unknown, resource: keyof AppState | null): boolean {
  return resource !== null && SOFT_RESOURCES.has(resource) && isApiError(error) && isContentError(error);
}

function isContentError(error: ApiError): boolean {
  return error.kind === 'bad-response' || error.kind === 'not-found' || error.kind === 'invalid-request';
}
