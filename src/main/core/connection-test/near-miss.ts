/**
 * The connection probe's near misses: when the address as typed does not answer as Airwave, the
 * two slips people make are tried once each, without a key: https:// to Airwave's own plain-HTTP
 * port (the handshake fails; that is no certificate's fault), and the address of a page of
 * Airwave's web app (…/web/index.html) instead of the server's. Where Airwave answers, that
 * address is offered, with the words that say why.
 */
import type { ServerAddress } from '../../../shared/server-url';
import type { ApiError, Timeouts } from '../client';
import { answersAsAirwave } from './keyless-identity';

export interface NearMiss {
  /** the address to offer in one click */
  address: string;
  /** the failed step's detail */
  detail: string;
  fix: string;
  /** the test's summary */
  summary: string;
}

/** Airwave one step away from `server`, which failed with `error`; null when neither slip explains it. */
export async function nearbyAirwave(
  error: ApiError,
  server: ServerAddress,
  timeouts: Partial<Timeouts> | undefined,
  call: { signal?: AbortSignal },
): Promise<NearMiss | null> {
  const url = new URL(server.root);
  if (url.protocol === 'https:' && (error.kind === 'unreachable' || error.kind === 'timeout')) {
    url.protocol = 'http:';
    const plain = url.href.replace(/\/$/, '');
    if (await answersAsAirwave(plain, timeouts, call)) {
      return {
        address: plain,
        detail: `port ${url.port || 443} answers plain HTTP, not HTTPS`,
        fix: `Use ${plain}: Airwave itself speaks plain HTTP (HTTPS needs a proxy in front of it).`,
        summary: 'This port answers plain HTTP, not HTTPS.',
      };
    }
  }
  if (server.root !== server.origin && (error.kind === 'not-found' || error.kind === 'bad-response')) {
    if (await answersAsAirwave(server.origin, timeouts, call)) {
      return {
        address: server.origin,
        detail: `${server.display} is a page, not the server's address; Airwave answers at ${server.origin}`,
        fix: `Use ${server.origin}.`,
        summary: "That is the address of a web page; Airwave answers at the server's own address.",
      };
    }
  }
  return null;
}
