/**
 * Whether live events really work, for the probe's "Capabilities" step: `/capabilities` saying
 * `sse.supported` is only an offer, so the probe opens `/events` with the key and waits for the
 * server's `hello` frame, within HELLO_WITHIN_MS, then closes the stream. "live events: yes" is said
 * only after that frame; anything else is "offered but not reachable" with what happened instead.
 */
import { isApiError, type AirwaveClient } from '../client';
import { readEventStream } from '../sync/event-stream';
import { messages, t } from '../../../shared/i18n/messages';

/** How long the probe waits for the stream's hello frame (headers included). */
export const HELLO_WITHIN_MS = 5_000;

export type EventsCheck = { opened: true } | { opened: false; reason: string };

export async function eventsOpen(client: AirwaveClient, o: { signal?: AbortSignal; withinMs?: number }): Promise<EventsCheck> {
  const withinMs = o.withinMs ?? HELLO_WITHIN_MS;
  const stop = new AbortController();
  const deadline = AbortSignal.timeout(withinMs);
  const signal = AbortSignal.any([stop.signal, deadline, ...(o.signal ? [o.signal] : [])]);
  let body: Awaited<ReturnType<AirwaveClient['openEvents']>> | null = null;
  try {
    body = await client.openEvents({ signal });
    const opened = body;
    const hello = await new Promise<boolean>((resolve) => {
      const done = (said: boolean) => {
        signal.removeEventListener('abort', timedOut);
        resolve(said);
      };
      const timedOut = () => done(false);
      signal.addEventListener('abort', timedOut, { once: true });
      readEventStream(opened, { onActivity() {}, onHello: () => done(true), onEvent() {}, onGarbage() {} }).then(
        () => done(false),
        () => done(false),
      );
    });
    if (o.signal?.aborted) throw o.signal.reason;
    return hello ? { opened: true } : { opened: false, reason: t(messages().probe.found.noHello, { s: withinMs / 1000 }) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'cancelled' && o.signal?.aborted) throw error;
    if (deadline.aborted) return { opened: false, reason: t(messages().probe.found.noAnswer, { s: withinMs / 1000 }) };
    if (isApiError(error)) return { opened: false, reason: withoutStop(error.message) };
    throw error;
  } finally {
    stop.abort();
    body?.destroy();
  }
}

const withoutStop = (sentence: string): string => sentence.replace(/\.$/, '');
