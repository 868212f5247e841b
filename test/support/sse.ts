import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseReader {
  status: number;
  events: EventSourceMessage[];
  /** Resolves with the first event (already received or coming) that matches; rejects after `ms`. */
  waitFor(match: (event: EventSourceMessage) => boolean, ms?: number): Promise<EventSourceMessage>;
  close(): void;
}

/**
 * Opens an event stream on loopback and collects its frames. Bounded: every wait has a deadline,
 * and close() aborts the request (tests call it in `finally`).
 */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: EventSourceMessage[] = [];
  const waiters = new Set<() => void>();
  const parser = createParser({
    onEvent(event) {
      events.push(event);
      for (const wake of [...waiters]) wake();
    },
  });
  if (response.ok && response.body) {
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
      } catch {
        // aborted by close()
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    events,
    waitFor(match, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; got: ${events.map((e) => e.event).join(', ')}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
