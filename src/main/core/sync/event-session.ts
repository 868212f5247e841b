import { isSessionEvent, type EventEnvelope } from '../../../shared/airwave';
import { toDisposable } from '../../common/disposable';
import { isApiError, type ApiError } from '../client';
import type { SyncDeps } from './config';
import { isBusy } from './reporting';
import type { Connection } from './connection';
import { readEventStream } from './event-stream';
import type { EventBody, ResourceFetcher } from './fetcher';
import type { FollowedServer } from './followed-server';
import { streamRefusedDelay } from './schedules';
import { messages, t } from '../../common/words';

/**
 * The live event stream of one connection: opens `/events` (key in a header), resynchronises from
 * the REST endpoints once it is open, watches for silence (no byte for `streamSilenceMs`: dead),
 * hands viewer events on, and when the stream is refused or lost, records it: streams that keep
 * dying young or going silent block the stream for a while, and the engine polls meanwhile.
 */

/** What the engine does next; every hook is called only while the connection is current. */
export interface StreamHooks {
  /** the server will not stream to us: follow it by polling (the stream is tried again later) */
  refused(conn: Connection): void;
  /** the stream is open and the resync after it is done */
  live(conn: Connection): void;
  /** the stream ended, broke or went silent; `quick`: it died young */
  lost(conn: Connection, reason: string, quick: boolean): void;
  viewerEvent(conn: Connection, envelope: EventEnvelope): void;
  /** a frame that could not be read was skipped */
  garbage(reason: string): void;
}

export class EventSession {
  readonly #server: FollowedServer;
  readonly #deps: SyncDeps;
  readonly #fetcher: ResourceFetcher;
  readonly #hooks: StreamHooks;

  constructor(server: FollowedServer, deps: SyncDeps, fetcher: ResourceFetcher, hooks: StreamHooks) {
    this.#server = server;
    this.#deps = deps;
    this.#fetcher = fetcher;
    this.#hooks = hooks;
  }

  /** Opens and follows the stream of `conn` until it ends or the connection is replaced. */
  async follow(conn: Connection): Promise<void> {
    // The stream's own abort: the silence watchdog pulls it; the connection pulls it when it ends.
    const abort = new AbortController();
    conn.add(toDisposable(() => abort.abort()));
    let body: EventBody;
    try {
      body = await this.#fetcher.openEvents(conn, abort.signal);
    } catch (error) {
      if (isApiError(error) && streamRefused(error)) return conn.ifCurrent(() => this.#refused(conn, error));
      return conn.fail(error);
    }
    conn.ifCurrent(() => (this.#server.stream.body = body));
    const openedAt = this.#deps.clock.monotonic();
    this.#armWatchdog(conn, abort, body);
    const reading = readEventStream(body, {
      onActivity: conn.bind(() => this.#armWatchdog(conn, abort, body)),
      onHello: () => {},
      onEvent: conn.bind((envelope) => {
        if (isSessionEvent(envelope.type) || envelope.type === 'channel.tuned') this.#hooks.viewerEvent(conn, envelope);
      }),
      onGarbage: (reason) => this.#hooks.garbage(reason),
    });
    // Events may have been missed while we were away: the REST endpoints are the truth.
    this.#fetcher.resync(conn).then(
      () => conn.ifCurrent(() => this.#hooks.live(conn)),
      (error: unknown) => conn.fail(error),
    );
    let reason = messages().client.streamEnded;
    try {
      await reading;
    } catch (error) {
      reason = error instanceof Error && error.name === 'BrokenStreamError' ? error.message : messages().client.streamBroke;
    }
    // (once the connection was replaced, it closed the stream itself: nothing to report)
    conn.ifCurrent(() => {
      const silent = abort.signal.aborted;
      this.#lost(conn, openedAt, silent ? messages().client.streamSilent : reason, silent);
    });
  }

  /** No byte for `streamSilenceMs` (keepalives come every 15 s): the stream is dead; close it. */
  #armWatchdog(conn: Connection, abort: AbortController, body: EventBody): void {
    conn.schedule('stream-watchdog', this.#deps.tuning.streamSilenceMs, () => {
      abort.abort();
      body.destroy();
    });
  }

  /** The server will not stream to us (no stream, or too many open): poll, try again later. */
  #refused(conn: Connection, error: ApiError): void {
    const { clock, tuning, log } = this.#deps;
    const record = this.#server.stream;
    record.blockedUntil = clock.monotonic() + streamRefusedDelay(tuning, error.retryAfterMs ?? 0);
    record.pollReason = t(messages().client.streamRefused, { status: String(error.status ?? '?') });
    record.full = isBusy(error);
    log(`events refused: ${error.message}`);
    record.body = null;
    this.#hooks.refused(conn);
  }

  /**
   * A stream that died young or went silent is a bad one; after a few bad ones in a row the
   * stream is blocked for a while (the engine polls and says why) instead of reconnecting forever.
   */
  #lost(conn: Connection, openedAt: number, reason: string, silent: boolean): void {
    const { clock, tuning, log } = this.#deps;
    const record = this.#server.stream;
    log(reason);
    const quick = clock.monotonic() - openedAt < tuning.minStreamLifeMs;
    record.badInARow = quick || silent ? record.badInARow + 1 : 0;
    if (record.badInARow >= tuning.maxQuickStreamFailures) {
      record.badInARow = 0;
      record.blockedUntil = clock.monotonic() + streamRefusedDelay(tuning, 0);
      record.pollReason = silent
        ? messages().client.streamKeepsSilent
        : messages().client.streamKeepsDropping;
    }
    this.#hooks.lost(conn, reason, quick);
  }
}

/** 404 (no stream), 405/501 (not implemented) and 503 (too many streams) all mean "poll instead". */
function streamRefused(error: ApiError): boolean {
  return error.kind === 'not-found' || error.status === 501 || error.status === 503 || error.status === 405;
}
