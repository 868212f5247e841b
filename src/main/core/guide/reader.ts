import { Tokenizer, TokenParser, TokenType, type ParsedElementInfo, type ParsedTokenInfo } from '@streamparser/json';
import { addUnreadable, ContractError, GuideHeaderSchema, parseGuideChannel, parseWith, type GuideChannel, type Unreadable } from '../../../shared/airwave';
import { problemText } from '../../../shared/tolerant';
import { readPlainChannel } from './plain-channel';
import { contractWords, unreadableAnswer } from '../client/contract-words';
import { lang, messages, t } from '../../common/words';

/**
 * Owns turning the bytes of `/guide` into checked channels as they arrive. The document's
 * structure (the root object, its header fields, the `channels` array, anything after the end) is
 * parsed by @streamparser/json; each channel entry is cut out of the byte stream by a small scanner
 * (depth, strings and escapes) and parsed by the engine's native JSON.parse the moment its last
 * byte arrives, then checked against the contract (by hand when it is plainly well formed, see
 * plain-channel.ts). The streaming tokenizer sees a `{}` in its
 * place. That keeps rows arriving early and memory bounded by one entry, at about the speed of a
 * one-piece parse (a tokenizer in JavaScript alone reads about 10 MB/s). Throws GuideReadError.
 *
 * Read by the one rule (airwave/schema.ts, issue 48): a channel entry that cannot be read is left
 * out alone and counted; a `serverTime` that is missing or not a time is the local clock's (as for
 * `/guide/now`), a window that cannot be read is the one asked for.
 */

export interface GuideReaderLimits {
  maxEntryBytes: number;
  maxDepth: number;
  maxChannels: number;
  maxProgrammes: number;
}

export interface GuideHeader {
  serverTime: string;
  windowMinutes: number;
  backMinutes: number;
}

/** What stands in for header fields a server leaves out or sends unreadable: the local clock, and the window asked for (no past without `backMinutes`). */
export interface GuideHeaderFallback {
  now: () => number;
  windowMinutes: number;
}

export interface GuideReaderSink {
  header(header: GuideHeader): void;
  channel(channel: GuideChannel): void;
}

/** A guide that cannot be read, with the reason in words (the key already removed); `detail` the validator's, for the log. */
export class GuideReadError extends Error {
  override readonly name = 'GuideReadError';
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

const ENDPOINT = 'GET /guide';
/** A guide the app cannot work with for its shape (no `channels` list): said plainly, the validator's words for the log. */
const unreadableGuide = (field: string, expected: string | null) =>
  new GuideReadError(unreadableAnswer(ENDPOINT), contractWords(ENDPOINT, field, expected === null ? { kind: 'missing' } : { kind: 'shape', expected }));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const thousands = (n: number) => n.toLocaleString(lang());
/** the reader's words, in the language in use */
const w = () => messages().reading;
const PLACEHOLDER = new Uint8Array([0x7b, 0x7d]); // {}
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class GuideReader {
  readonly #tokenizer = new Tokenizer();
  readonly #parser = new TokenParser({ paths: ['$.serverTime', '$.windowMinutes', '$.backMinutes'], keepStack: false });
  readonly #header: Record<string, unknown> = {};
  #sentHeader: GuideHeader | null = null;
  /** the local time a `serverTime` that could not be read stands for, taken once per guide */
  #localTime: string | null = null;
  /** what the header left unread was counted (once per guide) */
  #headerNoted = false;
  // the structure, as the tokenizer reports it
  #depth = 0;
  #rootKey: string | null = null;
  #expectRootKey = false;
  /** inside the `channels` array, between entries */
  #inChannels = false;
  #sawChannels = false;
  #done = false;
  // the entry being cut out: its bytes so far, and the scanner's state
  #entry: Buffer[] | null = null;
  #entryBytes = 0;
  #entryDepth = 0;
  #inString = false;
  #escaped = false;
  /** inside a channel entry that is not an object (left out: see #structure) */
  #junk = false;
  /** bytes read outside entries since the last entry (the header, separators) */
  #between = 0;
  #channels = 0;
  readonly #unreadable: Unreadable = { count: 0, examples: [] };
  #programmes = 0;

  constructor(
    private readonly limits: GuideReaderLimits,
    private readonly sink: GuideReaderSink,
    private readonly redact: (text: string) => string,
    private readonly fallback: GuideHeaderFallback = { now: Date.now, windowMinutes: 180 },
  ) {
    this.#tokenizer.onToken = (token) => this.#token(token);
    this.#parser.onValue = (info) => this.#value(info);
  }

  /** what was left out or read as unknown because it could not be read (a channel, a programme, a header field), counted with a few examples */
  get unreadable(): Unreadable | null {
    if (this.#unreadable.count === 0) return null;
    return { count: this.#unreadable.count, examples: this.#unreadable.examples.map((example) => this.redact(example)) };
  }

  get channels(): number {
    return this.#channels;
  }

  get programmes(): number {
    return this.#programmes;
  }

  write(chunk: Uint8Array): void {
    // a Buffer view of the same memory (no copy): its indexOf is native
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    try {
      let i = 0;
      while (i < bytes.length) i = this.#entry ? this.#scanEntry(bytes, i) : this.#structure(bytes, i);
    } catch (error) {
      throw this.#explain(error);
    }
  }

  /** The body has ended: anything unfinished is a truncated guide. */
  end(received: number): void {
    const truncated = t(w().guideCutShort, { channels: thousands(this.#channels), size: mb(received) });
    if (this.#entry) throw new GuideReadError(truncated);
    try {
      this.#tokenizer.end();
      if (!this.#done) throw new GuideReadError(truncated);
      if (!this.#sawChannels) throw unreadableGuide('channels', null);
      this.#sendHeader(true);
    } catch (error) {
      throw this.#explain(error, truncated);
    }
  }

  /** Feeds structure bytes to the tokenizer up to the start of the next channel entry. */
  #structure(bytes: Uint8Array, from: number): number {
    if (this.#inChannels && this.#junk) {
      // an entry that is not an object: to the tokenizer a byte at a time, until it has ended (see #token)
      let i = from;
      while (i < bytes.length && this.#junk) this.#feed(bytes.subarray(i, ++i));
      return i;
    }
    if (this.#inChannels) {
      // between entries only whitespace, commas and the closing bracket are expected
      for (let i = from; i < bytes.length; i++) {
        const byte = bytes[i]!;
        if (byte === 0x7b) {
          if (i > from) this.#feed(bytes.subarray(from, i));
          this.#entry = [];
          this.#entryBytes = 0;
          this.#entryDepth = 0;
          this.#inString = false;
          this.#escaped = false;
          return i;
        }
        if (byte === 0x5d) {
          // the end of the channels: the tokenizer takes it from here
          this.#feed(bytes.subarray(from, i + 1));
          return i + 1;
        }
        if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09 && byte !== 0x2c) {
          // an entry that is not an object ("a string", 7, [..]): it costs itself alone (issue 48)
          if (i > from) this.#feed(bytes.subarray(from, i));
          this.#junk = true;
          addUnreadable(this.#unreadable, { count: 1, examples: [`channels[${this.#channels++}]: ${problemText({ kind: 'shape', expected: 'Object' })}`] });
          return i;
        }
      }
      this.#feed(bytes.subarray(from));
      return bytes.length;
    }
    // the header part: small, fed byte run by byte run until the channels array opens
    let end = from;
    while (end < bytes.length && !this.#inChannels) {
      const stop = Math.min(bytes.length, end + 256);
      // feed up to the first `[` at a time, so the channels array is noticed where it opens
      let cut = bytes.indexOf(0x5b, end);
      cut = cut === -1 || cut >= stop ? stop : cut + 1;
      this.#feed(bytes.subarray(end, cut));
      end = cut;
    }
    return end;
  }

  #feed(bytes: Uint8Array): void {
    this.#between += bytes.length;
    if (this.#between > this.limits.maxEntryBytes) {
      throw new GuideReadError(t(w().guideBigPart, { size: mb(this.limits.maxEntryBytes) }));
    }
    this.#tokenizer.write(bytes);
  }

  /**
   * Scans one entry's bytes for its closing brace; parses and checks it when complete. Inside a
   * string (most of an entry's bytes) it jumps to the next quote with the native `indexOf` and
   * counts the backslashes before it; only the bytes between strings are looked at one by one.
   */
  #scanEntry(bytes: Buffer, from: number): number {
    const length = bytes.length;
    let depth = this.#entryDepth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    let i = from;
    while (i < length) {
      if (inString) {
        if (escaped) {
          // the chunk before ended on an odd run of backslashes: this byte is escaped
          escaped = false;
          i++;
          continue;
        }
        const quote = bytes.indexOf(QUOTE, i);
        const end = quote === -1 ? length : quote;
        let run = end;
        while (run > i && bytes[run - 1] === BACKSLASH) run--;
        const odd = ((end - run) & 1) === 1;
        if (quote === -1) {
          escaped = odd; // a backslash at the chunk's end escapes the next chunk's first byte
          i = length;
        } else {
          if (!odd) inString = false;
          i = quote + 1;
        }
        continue;
      }
      const byte = bytes[i++]!;
      if (byte === QUOTE) inString = true;
      else if (byte === 0x7b || byte === 0x5b) {
        if (++depth + 2 > this.limits.maxDepth) throw new GuideReadError(t(w().guideTooDeep, { max: this.limits.maxDepth }));
      } else if ((byte === 0x7d || byte === 0x5d) && --depth === 0) break;
    }
    this.#entry!.push(bytes.subarray(from, i));
    this.#entryBytes += i - from;
    this.#entryDepth = depth;
    this.#inString = inString;
    this.#escaped = escaped;
    if (this.#entryBytes > this.limits.maxEntryBytes) {
      throw new GuideReadError(t(w().guideBigEntry, { size: mb(this.limits.maxEntryBytes), channel: thousands(this.#channels + 1) }));
    }
    if (depth === 0) this.#finishEntry();
    return i;
  }

  #finishEntry(): void {
    const parts = this.#entry!;
    this.#entry = null;
    const text = (parts.length === 1 ? parts[0]! : Buffer.concat(parts, this.#entryBytes)).toString('utf8');
    const index = this.#channels;
    if (++this.#channels > this.limits.maxChannels) throw new GuideReadError(t(w().guideManyChannels, { max: thousands(this.limits.maxChannels) }));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new GuideReadError(t(w().guideBadChannelJson, { channel: thousands(index + 1), detail: error instanceof Error ? error.message.slice(0, 100) : w().unreadable }));
    }
    let channel: GuideChannel;
    try {
      // the plain entries every real server sends are read by hand; anything else by the contract's schema
      channel = readPlainChannel(json) ?? parseGuideChannel(json, ENDPOINT, this.#unreadable);
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      // a channel without what a row cannot do without (id, number, name) costs that channel alone
      const field = `channels[${index}]${error.field ? `.${error.field}` : ''}`;
      addUnreadable(this.#unreadable, { count: 1, examples: [`${field}: ${error.problem}`] });
      this.#between = 0;
      this.#tokenizer.write(PLACEHOLDER);
      return;
    }
    this.#programmes += channel.programs.length;
    if (this.#programmes > this.limits.maxProgrammes) {
      throw new GuideReadError(t(w().guideManyProgrammes, { max: thousands(this.limits.maxProgrammes) }));
    }
    this.#between = 0;
    this.#tokenizer.write(PLACEHOLDER); // the structure sees an (empty) object where the entry was
    this.sink.channel(channel);
  }

  #explain(error: unknown, truncated?: string): GuideReadError {
    if (error instanceof GuideReadError) return new GuideReadError(this.redact(error.message), error.detail === undefined ? undefined : this.redact(error.detail));
    if (truncated) return new GuideReadError(truncated);
    const detail = error instanceof Error ? error.message.slice(0, 120) : String(error);
    return new GuideReadError(this.redact(t(w().guideBadJson, { detail })));
  }

  #token(info: ParsedTokenInfo): void {
    const { token } = info;
    if (this.#done) throw new GuideReadError(w().guideAfterEnd);
    if (this.#depth === 0 && token !== TokenType.LEFT_BRACE) throw new GuideReadError(w().guideNotObject);
    if (this.#inChannels && this.#depth === 2 && token !== TokenType.RIGHT_BRACKET && token !== TokenType.COMMA && token !== TokenType.LEFT_BRACE) {
      if (!this.#junk) throw unreadableGuide(`channels[${this.#channels}]`, 'Object');
      // a plain value ends the entry that is not an object; a list ends at its own closing bracket
      if (token !== TokenType.LEFT_BRACKET) this.#junk = false;
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      if (this.#depth === 1 && this.#rootKey === 'channels') {
        if (token !== TokenType.LEFT_BRACKET) throw unreadableGuide('channels', 'Array');
        this.#sawChannels = true;
        this.#inChannels = true;
        this.#sendHeader(false);
      }
      if (++this.#depth > this.limits.maxDepth) throw new GuideReadError(t(w().guideTooDeep, { max: this.limits.maxDepth }));
      if (this.#depth === 1) this.#expectRootKey = true;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) {
      if (this.#inChannels && this.#depth === 2) this.#inChannels = false;
      if (--this.#depth === 0) this.#done = true;
      if (this.#junk && this.#depth === 2) this.#junk = false;
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
    if (stack.length === 1) this.#header[key as string] = value;
  }

  /**
   * Tells the sink the window: when the channels start (if known by then) and, if anything changed,
   * at the end. Read by the one rule: a field that cannot be read is noted (once) and falls back.
   */
  #sendHeader(final: boolean): void {
    if (!final && (this.#header.serverTime === undefined || this.#header.windowMinutes === undefined)) return;
    const { unreadable, ...read } = parseWith(GuideHeaderSchema, ENDPOINT, this.#header);
    if (!this.#headerNoted) addUnreadable(this.#unreadable, unreadable);
    this.#headerNoted = true;
    const { fallback } = this;
    const header: GuideHeader = {
      serverTime: read.serverTime ?? (this.#localTime ??= new Date(fallback.now()).toISOString()),
      windowMinutes: read.windowMinutes ?? fallback.windowMinutes,
      backMinutes: read.backMinutes,
    };
    const sent = this.#sentHeader;
    if (sent && sent.serverTime === header.serverTime && sent.windowMinutes === header.windowMinutes && sent.backMinutes === header.backMinutes) return;
    this.#sentHeader = header;
    this.sink.header(header);
  }
}
