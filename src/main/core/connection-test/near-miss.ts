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
import { messages, t } from '../../../shared/i18n/messages';

/** The probe's words, in the language in use. */
const w = () => messages().probe;

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
        detail: t(w().found.plainHttp, { port: url.port || '443' }),
        fix: t(w().fixes.usePlain, { address: plain }),
        summary: w().summaries.plainHttp,
      };
    }
  }
  if (server.root !== server.origin && (error.kind === 'not-found' || error.kind === 'bad-response')) {
    if (await answersAsAirwave(server.origin, timeouts, call)) {
      return {
        address: server.origin,
        detail: t(w().found.webPage, { page: server.display, origin: server.origin }),
        fix: t(w().fixes.useOrigin, { address: server.origin }),
        summary: w().summaries.webPage,
      };
    }
  }
  return null;
}
