/**
 * The connection probe's look at a server before any key is sent ("Reachable"): Airwave's
 * `/api/identity` names the server (name, version, instanceId); a server without that route is
 * asked a keyless `/status`, which Airwave refuses with a 401 in its own error format. Here too:
 * the one rule for "this refusal is Airwave's own", whether Airwave answers at another address
 * (for the near-miss offers), and what a test says when the server named itself.
 */
import { identityWords, type ServerIdentity } from '../../../shared/airwave';
import { parseServerUrl } from '../../../shared/server-url';
import { AirwaveClient, isApiError, type ApiError, type Timeouts } from '../client';
import { timed } from './timed';
import { messages, t } from '../../../shared/i18n/messages';

type Call = { signal?: AbortSignal };

/** What the keyless look found: the server answered (named or not), or it was not reached as Airwave. */
export type KeylessLook =
  | { reached: true; identity: ServerIdentity | null; outcome: 'ok' | 'warn'; detail: string; fix?: string; ms: number }
  | { reached: false; error: ApiError; ms: number };

/** A 401 in Airwave's own error format: the server is Airwave, whatever else is unknown. */
export const isAirwaveRefusal = (error: ApiError | undefined): boolean => error?.kind === 'unauthorized' && error.serverCode === 'unauthorized';

/** What a test says when the server named itself and the key is missing or rejected. */
export const foundNeedsKey = (identity: ServerIdentity) => t(messages().probe.summaries.foundNeedsKey, { server: identityWords(identity) });
export const foundKeyRejected = (identity: ServerIdentity) => t(messages().probe.summaries.foundKeyRejected, { server: identityWords(identity) });
/** A rejected key where nothing says the server is Airwave. */
export const somethingRejectedKey = (): string => messages().probe.summaries.somethingRejected;

/**
 * Asks `keyless` (a client with no key) who is there: `/api/identity`, else `/status`, where
 * anything but an answer or a 401 says what is at that address instead. Throws a cancellation.
 */
export async function lookWithoutKey(keyless: AirwaveClient, call: Call): Promise<KeylessLook> {
  const named = await timed(() => keyless.identity(call));
  if (named.error?.kind === 'cancelled') throw named.error;
  if (!named.error) return { reached: true, identity: named.value, outcome: 'ok', detail: t(messages().probe.found.namedWithoutKey, { server: identityWords(named.value) }), ms: named.ms };
  // nothing there at all; a slow or dripping identity (an optional route, client/optional.ts) is not "unreachable": /status is asked
  if (named.error.kind === 'unreachable') return { reached: false, error: named.error, ms: named.ms };

  const reach = await timed(() => keyless.status(call));
  if (reach.error?.kind === 'cancelled') throw reach.error;
  const answered = { reached: true, identity: null, ms: reach.ms } as const;
  if (!reach.error) return { ...answered, outcome: 'ok', detail: messages().probe.found.openStatus };
  if (isAirwaveRefusal(reach.error)) return { ...answered, outcome: 'ok', detail: messages().probe.found.asksForKey };
  if (reach.error.kind === 'unauthorized') {
    return {
      ...answered,
      outcome: 'warn',
      detail: messages().probe.found.foreign401,
      fix: messages().probe.fixes.proxyLogin,
    };
  }
  return { reached: false, error: reach.error, ms: reach.ms };
}

/** Does Airwave answer at `address` (keyless `/status`: an answer, or its own 401)? */
export async function answersAsAirwave(address: string, timeouts: Partial<Timeouts> | undefined, call: Call): Promise<boolean> {
  const parsed = parseServerUrl(address);
  if (!parsed.ok) return false;
  const client = new AirwaveClient({ server: parsed.address, apiKey: '', timeouts });
  try {
    await client.status(call);
    return true;
  } catch (error) {
    return isApiError(error) && isAirwaveRefusal(error);
  } finally {
    await client.close();
  }
}
