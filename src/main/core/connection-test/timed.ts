/**
 * How the connection probe times one request: its round trip in milliseconds, with the server's
 * failure (an ApiError) as a value beside it rather than thrown. Anything else thrown is a bug of
 * ours and surfaces.
 */
import { isApiError, type ApiError } from '../client';

export type Timed<T> = { ms: number } & ({ value: T; error?: undefined } | { error: ApiError });

const elapsed = (since: number) => Math.round(performance.now() - since);

export async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const started = performance.now();
  try {
    return { value: await work(), ms: elapsed(started) };
  } catch (error) {
    if (isApiError(error)) return { error, ms: elapsed(started) };
    throw error; // a bug of ours, not the server's: let it surface
  }
}
