import { createParser } from 'eventsource-parser';
import { parseEventEnvelope, type EventEnvelope } from '../../../shared/airwave';
import { messages, t } from '../../common/words';

/**
 * Reads an open `/events` body: frames are split by eventsource-parser, `hello` and `keepalive`
 * only count as signs of life, every other frame's JSON envelope is checked against the contract.
 * A garbage frame is skipped (and counted; its reason, never shown, stays English); an endless line
 * without a frame end ends the stream (said in the language in use: it becomes the connection's line).
 */

/** The most one frame may buffer before the stream is treated as broken. */
export const MAX_FRAME_BYTES = 1024 * 1024;

export interface StreamHandlers {
  /** any bytes arrived (keepalives included): the stream is alive */
  onActivity(): void;
  onHello(): void;
  onEvent(envelope: EventEnvelope): void;
  /** a frame that could not be read; the stream carries on */
  onGarbage(reason: string): void;
}

export class BrokenStreamError extends Error {
  override readonly name = 'BrokenStreamError';
}

/** Resolves when the server ends the stream; rejects when it breaks or sends an unbounded frame. */
export async function readEventStream(body: AsyncIterable<unknown>, handlers: StreamHandlers): Promise<void> {
  let broken: BrokenStreamError | null = null;
  const parser = createParser({
    maxBufferSize: MAX_FRAME_BYTES,
    onEvent(message) {
      const type = message.event ?? 'message';
      if (type === 'hello') return handlers.onHello();
      if (type === 'keepalive' || type === 'ping') return;
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return handlers.onGarbage(`a ${type} frame whose data is not JSON`);
      }
      try {
        handlers.onEvent(parseEventEnvelope(json));
      } catch (error) {
        handlers.onGarbage(error instanceof Error ? error.message : String(error));
      }
    },
    onError(error) {
      if (error.type === 'max-buffer-size-exceeded') {
        broken = new BrokenStreamError(t(messages().reading.frameTooLarge, { size: `${MAX_FRAME_BYTES / 1024 / 1024} MB` }));
      }
      // unknown fields and bad retry values are harmless: ignore them
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of body) {
    handlers.onActivity();
    parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    if (broken) throw broken;
  }
}
