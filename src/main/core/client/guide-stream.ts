import { Tokenizer, TokenParser, TokenType, type ParsedElementInfo, type ParsedTokenInfo } from '@streamparser/json';
import * as v from 'valibot';
import { ContractError, count, GUIDE_FORWARD_MINUTES, GuideChannelSchema, isoTime, parseWith, type GuideChannel } from '../../../shared/airwave';
import type { AirwaveClient, CallOptions } from './client';
import { ApiError } from './errors';

/**
 * Owns reading `GET /guide` as it arrives: the body goes through a streaming JSON parser, each
 * channel is checked against the contract and handed on the moment it is complete, and nothing
 * holds the whole answer (no body string, no JSON tree). Every limit is explicit: total bytes,
 * bytes of one channel entry, nesting, channels, programmes, a deadline and a stall timeout.
 */

export interface GuideStreamLimits {
  /** the whole body (the 24-hour guide of 3,000 channels is about 67 MB) */
  maxBytes: number;
  /** one channel entry, or the fields before the first one: real entries are tens of KB */
  maxEntryBytes: number;
  maxDepth: number;
  maxChannels: number;
  maxProgrammes: number;
  /** the whole body must arrive within this */
  deadlineMs: number;
  /** no byte for this long ends the read */
  stallMs: number;
}

export const GUIDE_STREAM_LIMITS: GuideStreamLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
  maxDepth: 16,
  maxChannels: 20_000,
  maxProgrammes: 2_000_000,
  deadlineMs: 120_000,
  stallMs: 20_000,
};

export interface GuideHeader {
  serverTime: string;
  windowMinutes: number;
  backMinutes: number;
}

/** Where the guide goes as it is read. */
export interface GuideSink {
  /** the window, once known; called again at the end if a field came after the channels */
  header(header: GuideHeader): void;
  /** one checked channel, in guide order */
  channel(channel: GuideChannel): void;
  /** a network chunk has been parsed (a good moment to tell listeners about new rows) */
  chunk?(receivedBytes: number): void;
}

export interface GuideStreamResult {
  bytes: number;
  channels: number;
  programmes: number;
}

const ENDPOINT = 'GET /guide';
const HeaderSchema = v.object({ serverTime: isoTime, windowMinutes: count, backMinutes: v.optional(count, 0) });
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const thousands = (n: number) => n.toLocaleString('en-US');

/** Reads `/guide` into `sink`; resolves when the whole answer was read and checked, else throws an ApiError. */
export async function streamGuide(
  client: AirwaveClient,
  request: { forwardMinutes: number; backMinutes?: number },
  sink: GuideSink,
  o: CallOptions & { limits?: Partial<GuideStreamLimits> } = {},
): Promise<GuideStreamResult> {
  const limits = { ...GUIDE_STREAM_LIMITS, ...o.limits };
  const { min, max } = GUIDE_FORWARD_MINUTES;
  if (!Number.isInteger(request.forwardMinutes) || request.forwardMinutes < min || request.forwardMinutes > max) {
    throw new ApiError('invalid-request', `The guide window must be a whole number of minutes from ${min} to ${max}.`, { endpoint: ENDPOINT });
  }
  const query = new URLSearchParams({ forwardMinutes: String(request.forwardMinutes) });
  if (request.backMinutes !== undefined) query.set('backMinutes', String(request.backMinutes));

  const controller = new AbortController();
  const signal = o.signal ? AbortSignal.any([o.signal, controller.signal]) : controller.signal;
  let expired: string | null = null;
  const expire = (why: string) => {
    expired ??= why;
    controller.abort();
  };
  const host = new URL(client.server.apiBase).host;
  const deadline = setTimeout(() => expire(`${host} did not finish sending the guide within ${limits.deadlineMs / 1000} s.`), limits.deadlineMs);
  let stall: ReturnType<typeof setTimeout> | undefined;
  const watchStall = () => {
    clearTimeout(stall);
    stall = setTimeout(() => expire(`${host} stopped sending the guide for ${limits.stallMs / 1000} s.`), limits.stallMs);
  };
  const opened = await client.openJson(`/guide?${query}`, ENDPOINT, { signal }).catch((error: unknown) => {
    clearTimeout(deadline);
    throw expired ? new ApiError('timeout', expired, { endpoint: ENDPOINT }) : error;
  });
  const { stream, headers, redact } = opened;
  const reader = new GuideReader(limits, sink, redact);
  let received = 0;
  try {
    const type = String(headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type && !type.includes('json')) {
      throw new ApiError('bad-response', `The server sent a guide that is not JSON (${type}). Is this the address of an Airwave server?`, { endpoint: ENDPOINT });
    }
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
    watchStall();
    for await (const chunk of stream) {
      watchStall();
      const bytes = chunk as Buffer;
      received += bytes.length;
      if (received > limits.maxBytes) throw tooLarge(limits.maxBytes);
      reader.write(bytes, received);
      sink.chunk?.(received);
    }
    if (received === 0) throw new ApiError('bad-response', 'The server sent an empty answer for the guide.', { endpoint: ENDPOINT });
    return reader.end(received);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (expired) throw new ApiError('timeout', expired, { endpoint: ENDPOINT });
    if (o.signal?.aborted) throw new ApiError('cancelled', 'The request was cancelled.', { endpoint: ENDPOINT });
    throw new ApiError('unreachable', `${host} closed the connection before the guide was complete (after ${mb(received)}). It may be restarting; the app will try again.`, {
      endpoint: ENDPOINT,
      cause: error,
    });
  } finally {
    clearTimeout(deadline);
    clearTimeout(stall);
    if (!stream.destroyed) stream.destroy();
  }
}

function tooLarge(cap: number): ApiError {
  return new ApiError('bad-response', `The guide is larger than ${mb(cap)}, so it was not read. Choose a shorter window.`, { endpoint: ENDPOINT });
}

function bad(message: string): ApiError {
  return new ApiError('bad-response', message, { endpoint: ENDPOINT });
}

/** The parser with the guide's shape and limits around it; throws ApiErrors. */
class GuideReader {
  // Buffered strings and numbers: about twice as fast as building them by concatenation.
  readonly #tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024, numberBufferSize: 64 });
  readonly #parser = new TokenParser({ paths: ['$.serverTime', '$.windowMinutes', '$.backMinutes', '$.channels.*'], keepStack: false });
  readonly #header: Record<string, unknown> = {};
  #sentHeader: GuideHeader | null = null;
  #depth = 0;
  #rootKey: string | null = null;
  #expectRootKey = false;
  #sawChannels = false;
  #channels = 0;
  #programmes = 0;
  /** where the last channel entry ended, in bytes from the start */
  #entryStart = 0;
  #offset = 0;
  /** the root object has closed */
  #done = false;

  constructor(
    private readonly limits: GuideStreamLimits,
    private readonly sink: GuideSink,
    private readonly redact: (text: string) => string,
  ) {
    this.#tokenizer.onToken = (token) => this.#token(token);
    this.#parser.onValue = (info) => this.#value(info);
    // Errors surface as exceptions from write(); the library rethrows them when no handler is set.
  }

  write(bytes: Buffer, received: number): void {
    try {
      this.#tokenizer.write(bytes);
    } catch (error) {
      throw this.#explain(error);
    }
    if (received - this.#entryStart > this.limits.maxEntryBytes) {
      throw bad(`The guide has an entry larger than ${mb(this.limits.maxEntryBytes)} (near channel ${thousands(this.#channels + 1)}), which no real guide has.`);
    }
  }

  end(received: number): GuideStreamResult {
    const truncated = `The guide ended before it was complete (after ${thousands(this.#channels)} channels, ${mb(received)}).`;
    try {
      this.#tokenizer.end();
      if (!this.#done) throw bad(truncated);
      if (!this.#sawChannels) throw bad('Unexpected response from GET /guide: channels: required field is missing');
      this.#sendHeader(true);
    } catch (error) {
      throw this.#explain(error, truncated);
    }
    return { bytes: received, channels: this.#channels, programmes: this.#programmes };
  }

  #explain(error: unknown, truncated?: string): ApiError {
    if (error instanceof ApiError) return error;
    if (error instanceof ContractError) return bad(this.redact(error.message));
    if (truncated) return bad(truncated);
    const detail = error instanceof Error ? error.message.slice(0, 120) : String(error);
    return bad(this.redact(`The server sent a guide that is not valid JSON (${detail}).`));
  }

  #token(info: ParsedTokenInfo): void {
    const { token } = info;
    this.#offset = info.offset;
    if (this.#done) throw bad('The guide goes on after its end.');
    if (this.#depth === 0 && token !== TokenType.LEFT_BRACE) throw bad('The server sent a guide that is not a JSON object. Is this the address of an Airwave server?');
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      if (this.#depth === 1) {
        if (this.#rootKey === 'channels') {
          if (token !== TokenType.LEFT_BRACKET) throw bad('Unexpected response from GET /guide: channels: expected Array');
          this.#sawChannels = true;
          this.#sendHeader(false);
        }
      }
      if (++this.#depth > this.limits.maxDepth) throw bad(`The guide is nested deeper than ${this.limits.maxDepth} levels, which no real guide is.`);
      if (this.#depth === 1) this.#expectRootKey = true;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) {
      if (--this.#depth === 0) this.#done = true;
    } else if (this.#depth === 1) {
      if (token === TokenType.COMMA) this.#expectRootKey = true;
      else if (token === TokenType.STRING && this.#expectRootKey) {
        this.#rootKey = info.value as string;
        this.#expectRootKey = false;
      }
    }
    this.#parser.write(info);
  }

  #value({ value, key, stack }: ParsedElementInfo): void {
    if (stack.length === 1) {
      this.#header[key as string] = value;
      return;
    }
    if (typeof key !== 'number') return; // `channels` as an object is refused when it opens
    if (++this.#channels > this.limits.maxChannels) {
      throw bad(`The guide lists more than ${thousands(this.limits.maxChannels)} channels, more than the app reads.`);
    }
    let channel: GuideChannel;
    try {
      channel = parseWith(GuideChannelSchema, ENDPOINT, value);
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      throw new ContractError(ENDPOINT, `channels[${key}]${error.field ? `.${error.field}` : ''}`, error.problem);
    }
    this.#programmes += channel.programs.length;
    if (this.#programmes > this.limits.maxProgrammes) {
      throw bad(`The guide holds more than ${thousands(this.limits.maxProgrammes)} programmes, more than the app reads. Choose a shorter window.`);
    }
    this.#entryStart = this.#offset;
    this.sink.channel(channel);
  }

  /** Tells the sink the window: when the channels start (if known by then) and, if anything changed, at the end. */
  #sendHeader(final: boolean): void {
    if (!final && (this.#header.serverTime === undefined || this.#header.windowMinutes === undefined)) return;
    const header = parseWith(HeaderSchema, ENDPOINT, this.#header);
    const sent = this.#sentHeader;
    if (sent && sent.serverTime === header.serverTime && sent.windowMinutes === header.windowMinutes && sent.backMinutes === header.backMinutes) return;
    this.#sentHeader = header;
    this.sink.header(header);
  }
}
