import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Access } from './auth';
import { every, type Clock, type TimerHandle } from '../common/clock';
import { fail } from './http';
import type { DemoEvent } from './sessions';

/**
 * The `/events` stream: open streams (capped; more get 503), `hello` on connect, a `keepalive`
 * every 15 s on the injected clock, and each event written to every stream that wants its type,
 * with the full session record or Airwave's compact one, filtered by the stream's key or not, as
 * the profile says (Airwave's keepalive is `{"t":<epoch ms>}`). Delivery is best effort and there
 * is no replay, as on real servers.
 */

const KEEPALIVE_MS = 15_000;

interface Stream {
  res: ServerResponse;
  access: Access;
  types: Set<string> | null;
  keepalive: TimerHandle;
}

export interface EventHubOptions {
  clock: Clock;
  maxStreams: number;
  /** what `hello` says about the server */
  hello: () => Record<string, unknown>;
  /** `data` is Airwave's compact record rather than the /sessions record */
  compact: boolean;
  /** a stream whose key sees only some channels gets only events about those */
  followKey: boolean;
  /** Airwave's own frames: `hello` says `{product, filter}`, keepalives `{"t":<epoch ms>}` */
  airwaveFrames?: boolean;
  /** the older, smaller `data` of Airwave 0.14.76 to 0.15.1: the viewer's name, the channel and the programme's title */
  smallData?: boolean;
}

export class EventHub {
  private readonly streams = new Set<Stream>();
  private eventId = 0;
  private dropping = false;

  constructor(private readonly options: EventHubOptions) {}

  get size(): number {
    return this.streams.size;
  }

  /** While on, every event is numbered but lost, as on a lossy network (clients must catch up). */
  dropEvents(on: boolean): void {
    this.dropping = on;
  }

  /** What an event's `data` holds on the server imitated. */
  private data(event: DemoEvent): unknown {
    if (!this.options.compact) return event.session;
    if (!this.options.smallData) return event.compact;
    const { user, channel, program } = event.compact;
    return { user, channel: channel ? { id: channel.id, number: channel.number, name: channel.name } : null, program: program ? { title: program.title } : null };
  }

  emit(event: DemoEvent): void {
    const { type } = event;
    const id = String(++this.eventId);
    if (this.dropping) return; // delivery is best effort: a lost event is still numbered
    const envelope = { id, type, timestamp: this.nowIso(), data: this.data(event) };
    const frame = `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(envelope)}\n\n`;
    for (const stream of this.streams) {
      if (stream.types && !stream.types.has(type)) continue;
      if (this.options.followKey && !event.channels.some((n) => stream.access.sees(n))) continue;
      this.write(stream, frame);
    }
  }

  /** Answers `GET /events` for a key the caller has checked. */
  open(req: IncomingMessage, res: ServerResponse, url: URL, access: Access): void {
    if (this.streams.size >= this.options.maxStreams) {
      return fail(res, 503, 'unavailable', 'Too many event streams are open.', { 'retry-after': '30' });
    }
    const wanted = url.searchParams.get('types');
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const stream: Stream = {
      res,
      access,
      types: wanted ? new Set(wanted.split(',').map((t) => t.trim()).filter(Boolean)) : null,
      keepalive: every(this.options.clock, KEEPALIVE_MS, () =>
        this.write(stream, `event: keepalive\ndata: ${this.keepalive()}\n\n`),
      ),
    };
    this.streams.add(stream);
    const hello = this.options.airwaveFrames
      ? { product: 'airwave', filter: stream.types ? [...stream.types] : 'all' }
      : { serverTime: this.nowIso(), ...this.options.hello() };
    this.write(stream, `event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
    req.on('close', () => this.end(stream));
  }

  /** Ends every open stream (SSE turned off, or the server closing). */
  closeAll(): void {
    for (const stream of [...this.streams]) this.end(stream);
  }

  private end(stream: Stream): void {
    stream.keepalive.cancel();
    this.streams.delete(stream);
    if (!stream.res.destroyed) stream.res.end();
  }

  private write(stream: Stream, frame: string): void {
    if (!stream.res.destroyed) stream.res.write(frame);
  }

  private keepalive(): string {
    return this.options.airwaveFrames ? JSON.stringify({ t: this.options.clock.now() }) : JSON.stringify({ serverTime: this.nowIso() });
  }

  private nowIso(): string {
    return new Date(this.options.clock.now()).toISOString();
  }
}
