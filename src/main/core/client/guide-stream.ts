import { GUIDE_FORWARD_MINUTES, type GuideChannel, type Unreadable } from '../../../shared/airwave';
import { GuideReader, GuideReadError, type GuideHeader } from '../guide/reader';
import type { AirwaveClient, CallOptions } from './client';
import { ApiError } from './errors';
import { messages, t } from '../../common/words';

/**
 * Owns reading `GET /guide` as it arrives: the request, its limits and its failures in words.
 * The body goes chunk by chunk to the guide reader (core/guide/reader.ts), which hands on each
 * checked channel the moment it is complete; nothing holds the whole answer (no body string, no
 * JSON tree). Every limit is explicit: total bytes, bytes of one channel entry, nesting, channels,
 * programmes, a deadline, a stall timeout and a minimum throughput.
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
  /**
   * Once bytes flow, fewer than `minBytesPerWindow` in any `throughputWindowMs` ends the read: a
   * server that drips a byte at a time never stalls, but would keep the guide "loading" for the
   * whole deadline. The floor is far below any real link (a slow VPN sends more in a second).
   */
  throughputWindowMs: number;
  minBytesPerWindow: number;
  /**
   * How much of the body may wait, read from the socket, while the reader parses. With undici's
   * 64 KB the server is held up whenever the reader is busy, and on a loaded machine the two take
   * turns instead of working at once; a few MB lets the server send on. Bounded all the same.
   */
  readAheadBytes: number;
}

export const GUIDE_STREAM_LIMITS: GuideStreamLimits = {
  maxBytes: 256 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
  maxDepth: 16,
  maxChannels: 20_000,
  maxProgrammes: 2_000_000,
  deadlineMs: 120_000,
  stallMs: 20_000,
  throughputWindowMs: 10_000,
  minBytesPerWindow: 16 * 1024,
  readAheadBytes: 4 * 1024 * 1024,
};

export type { GuideHeader };

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
  /** programmes left out because they could not be read */
  unreadable: Unreadable | null;
}

const ENDPOINT = 'GET /guide';
const words = () => messages().client;
/**
 * Parsing longer than this without a pause gives the event loop a turn. Over a fast link the
 * socket holds megabytes by the time the reader looks, and Node reads up to 32 chunks of it in
 * one go: parsed as it comes, that is 100–500 ms during which nothing else in the process runs
 * (the page's own row queries for the first screen wait behind the rest of the guide).
 */
const SLICE_MS = 10;
/** A chunk is parsed in pieces of at most this, so the slice is checked often whatever the chunk's size. */
const PIECE_BYTES = 128 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

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
    throw new ApiError('invalid-request', t(words().guideWindow, { min: String(min), max: String(max) }), { endpoint: ENDPOINT });
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
  const deadline = setTimeout(() => expire(t(words().guideDeadline, { host, seconds: String(limits.deadlineMs / 1000) })), limits.deadlineMs);
  let stall: ReturnType<typeof setTimeout> | undefined;
  const watchStall = () => {
    clearTimeout(stall);
    stall = setTimeout(() => expire(t(words().guideStalled, { host, seconds: String(limits.stallMs / 1000) })), limits.stallMs);
  };
  let throughput: ReturnType<typeof setInterval> | undefined;
  let windowBytes = 0;
  const watchThroughput = () => {
    throughput = setInterval(() => {
      if (windowBytes < limits.minBytesPerWindow) {
        const seconds = limits.throughputWindowMs / 1000;
        // the byte count is written as the language in use writes numbers
        expire(t(words().guideSlow, { host, bytes: windowBytes, seconds: String(seconds) }));
      }
      windowBytes = 0;
    }, limits.throughputWindowMs);
  };
  const opened = await client.openJson(`/guide?${query}`, ENDPOINT, { signal, user: o.user, readAheadBytes: limits.readAheadBytes }).catch((error: unknown) => {
    clearTimeout(deadline);
    throw expired ? new ApiError('timeout', expired, { endpoint: ENDPOINT }) : error;
  });
  const { stream, headers, redact } = opened;
  // a serverTime that cannot be read is the local clock's, a window that cannot be read the one asked for (issue 48)
  const reader = new GuideReader(limits, sink, redact, { now: () => client.now(), windowMinutes: request.forwardMinutes });
  let received = 0;
  try {
    const type = String(headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type && !type.includes('json')) {
      throw new ApiError('bad-response', t(words().guideNotJson, { type }), { endpoint: ENDPOINT });
    }
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
    watchStall();
    let sliceStart = performance.now();
    for await (const chunk of stream) {
      watchStall();
      const bytes = chunk as Buffer;
      if (received === 0) watchThroughput();
      received += bytes.length;
      windowBytes += bytes.length;
      if (received > limits.maxBytes) throw tooLarge(limits.maxBytes);
      // what was read ahead comes as one chunk of up to readAheadBytes: parse it in pieces
      for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
        const end = Math.min(bytes.length, at + PIECE_BYTES);
        reader.write(end - at === bytes.length ? bytes : bytes.subarray(at, end));
        if (end < bytes.length && performance.now() - sliceStart > SLICE_MS) {
          sink.chunk?.(received - (bytes.length - end));
          await turn();
          sliceStart = performance.now();
        }
      }
      sink.chunk?.(received);
      if (performance.now() - sliceStart > SLICE_MS) {
        // what arrives meanwhile waits in the body's buffer (the socket pauses when it is full)
        await turn();
        sliceStart = performance.now();
      }
    }
    if (received === 0) throw new ApiError('bad-response', words().guideEmpty, { endpoint: ENDPOINT });
    reader.end(received);
    return { bytes: received, channels: reader.channels, programmes: reader.programmes, unreadable: reader.unreadable };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof GuideReadError) throw new ApiError('bad-response', error.message, { endpoint: ENDPOINT, ...(error.detail === undefined ? {} : { detail: error.detail }) });
    if (expired) throw new ApiError('timeout', expired, { endpoint: ENDPOINT });
    if (o.signal?.aborted) throw new ApiError('cancelled', words().cancelled, { endpoint: ENDPOINT });
    throw new ApiError('unreachable', t(words().guideCut, { host, size: mb(received) }), {
      endpoint: ENDPOINT,
      cause: error,
    });
  } finally {
    clearTimeout(deadline);
    clearTimeout(stall);
    clearInterval(throughput);
    if (!stream.destroyed) stream.destroy();
  }
}

/** Gives the event loop a turn. */
const turn = () => new Promise<void>((resume) => setImmediate(resume));

function tooLarge(cap: number): ApiError {
  return new ApiError('bad-response', t(words().guideTooLarge, { size: mb(cap) }), { endpoint: ENDPOINT });
}

