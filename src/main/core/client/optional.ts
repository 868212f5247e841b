/**
 * The keyless documents a server may or may not have, `/api/identity` and `/openapi.json`: the app
 * works without either, so neither may cost much. Each is read under a small body cap (a larger
 * answer is refused from its declared length, or where the cap is passed, never parsed) and one
 * deadline for the whole read, headers and body together (a stalled or dripping document fails
 * fast as a `timeout`, and the caller goes on without it).
 */
import { ApiError } from './errors';
import { messages, t } from '../../common/words';

/** The most an optional document may be (Airwave's route list is tens of kilobytes). */
export const OPTIONAL_DOCUMENT_BYTES = 1024 * 1024;
/** The whole read of an optional document, headers to last byte. */
export const OPTIONAL_DOCUMENT_MS = 3_000;

/** Runs `read` under `signal` and the optional documents' deadline; passing the deadline is a `timeout` ApiError. */
export async function withinOptionalDeadline<T>(signal: AbortSignal, endpoint: string, read: (signal: AbortSignal) => Promise<T>, ms = OPTIONAL_DOCUMENT_MS): Promise<T> {
  const deadline = AbortSignal.timeout(ms);
  try {
    return await read(AbortSignal.any([signal, deadline]));
  } catch (error) {
    if (deadline.aborted && !signal.aborted) {
      throw new ApiError('timeout', t(messages().client.optionalTimeout, { seconds: String(ms / 1000) }), { endpoint });
    }
    throw error;
  }
}
