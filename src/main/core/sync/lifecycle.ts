import { isAirwaveProduct, lackSentence, type Capabilities, type Lack, type Status } from '../../../shared/airwave';
import type { ConnectionState, ConnectionView } from '../../../shared/bridge';
import { isApiError, isMissingRoute, type AirwaveClient } from '../client';
import type { AppState } from '../state';
import type { EngineConfig, Mode, SyncDeps } from './config';
import type { Connection } from './connection';
import { EventSession } from './event-session';
import { ResourceFetcher } from './fetcher';
import { FollowedServer } from './followed-server';
import { KeyRecheck } from './key-recheck';
import { describe, isBusy, isKeyRejection, isRefusedAnswer, isSoftFailure, logRefusedOnce, markResourceError, proxyRefusalMessage, showConnection } from './reporting';
import { failureRetryDelay, incompatibleRetryDelay, Schedules, streamLossDelay } from './schedules';
import { ViewerEvents } from './viewer-events';
import { messages, t } from '../../common/words';

/**
 * What happens next for a followed server: its parts put together (Following), then connect,
 * live on the stream, poll, wait to retry after a failure or a lost stream. The SyncEngine is the
 * app's handle on this (start, stop, sleep, the popover); the mode changes here.
 */

/** What a resource's missing route costs the user (Airwave before 0.14.68 has no guide and no viewer routes). */
const VIEW_ROUTES: Partial<Record<keyof AppState, Lack>> = {
  onNow: 'guide',
  guide: 'guide',
  sessionCount: 'viewers',
  nowPlaying: 'viewers',
};

/** One followed server and the parts that follow it. */
export interface Following {
  server: FollowedServer;
  fetcher: ResourceFetcher;
  schedules: Schedules;
  viewerEvents: ViewerEvents;
  events: EventSession;
  key: KeyRecheck;
}

/** What the lifecycle reads from (and tells) the engine that owns it. */
export interface LifecycleHost {
  suspended(): boolean;
  popoverOpen(): boolean;
  /** the stream skipped a frame it could not read */
  garbage(): void;
  createClient(config: EngineConfig): AirwaveClient;
}

export class ServerLifecycle {
  readonly #deps: SyncDeps;
  readonly #host: LifecycleHost;

  constructor(deps: SyncDeps, host: LifecycleHost) {
    this.#deps = deps;
    this.#host = host;
  }

  /** The parts that follow one server, wired to what happens next (nothing runs until `connect`). */
  follow(config: EngineConfig): Following {
    const deps = this.#deps;
    const server = new FollowedServer(config, this.#host.createClient(config), deps.clock, deps.log, (conn, error, resource) =>
      this.#failed(following, conn, error, resource),
    );
    const fetcher = new ResourceFetcher(server, deps, (conn, changed) => {
      schedules.onNow(conn);
      schedules.viewersIfWatched(conn, changed);
      schedules.packagesIfNew(conn);
    });
    const schedules = new Schedules(server, deps, fetcher, () => this.#host.popoverOpen());
    const viewerEvents = new ViewerEvents(server, deps, fetcher);
    const events = new EventSession(server, deps, fetcher, {
      refused: (conn) => this.#pollAfterResync(following, conn),
      live: (conn) => this.#goLive(following, conn),
      lost: (_conn, reason, quick) => this.#streamLost(following, reason, quick),
      viewerEvent: (conn, envelope) => viewerEvents.add(conn, envelope),
      garbage: (reason) => {
        this.#host.garbage();
        deps.log(`event stream: skipped a frame (${reason})`);
      },
    });
    const key = new KeyRecheck(server, deps, {
      suspended: () => this.#host.suspended(),
      showRejected: (state, message, extra) => this.show(following, 'rejected', state, message, extra),
      reconnect: () => void this.connect(following),
    });
    const following: Following = { server, fetcher, schedules, viewerEvents, events, key };
    return following;
  }

  // ------------------------------------------------------------ what happens next

  /** A new connection: capabilities and status, then the event stream or polling. */
  async connect(following: Following): Promise<void> {
    if (this.#host.suspended()) return;
    const { server, fetcher } = following;
    const conn = server.renew();
    server.awaySince = server.lastSyncAt;
    // A server without /sessions may have gained it since: ask again on each connection.
    if (server.sessionsSupport.state === 'absent') server.sessionsSupport = { state: 'unknown' };
    // …and /packages likewise (at most once a minute: see Schedules.packages)
    if (this.#deps.store.state.packages.supported === false) this.#deps.store.update((state) => ({ packages: { ...state.packages, supported: null } }));
    this.show(following, 'connecting', 'connecting', t(messages().client.connecting, { server: server.client.server.display }));
    try {
      const { capabilities, status } = await fetcher.handshake(conn);
      server.keyWorked = true;
      conn.ifCurrent(() => this.#choose(following, conn, capabilities, status));
    } catch (error) {
      conn.fail(error);
    }
  }

  /** After the handshake: refuse what is not a v1 Airwave server, else live when it can stream, else poll. */
  #choose(following: Following, conn: Connection, capabilities: Capabilities | null, status: Status): void {
    const { server, events } = following;
    const display = server.client.server.display;
    if (!isAirwaveProduct(status.product)) {
      return this.#incompatible(following, t(messages().client.notAirwave, { server: display, product: status.product }));
    }
    if (capabilities && capabilities.apiVersion !== 'v1') {
      return this.#incompatible(following, t(messages().client.apiTooNew, { server: display, version: capabilities.apiVersion }));
    }
    server.baselinePending = true;
    if (capabilities?.sse.supported && this.#deps.clock.monotonic() >= server.stream.blockedUntil) {
      server.stream.pollReason = '';
      server.stream.full = false;
      events.follow(conn).catch((error: unknown) => conn.fail(error));
      return;
    }
    if (!capabilities?.sse.supported) server.stream.pollReason = messages().client.noStream;
    this.#pollAfterResync(following, conn);
  }

  /** The stream is open and the state resynchronised: live. */
  #goLive(following: Following, conn: Connection): void {
    following.server.attempt = 0;
    this.show(following, 'events', 'live', 'Live');
    following.schedules.slow(conn);
    following.schedules.packages(conn, true);
  }

  #pollAfterResync(following: Following, conn: Connection): void {
    following.fetcher.resync(conn).then(
      () => conn.ifCurrent(() => this.#enterPolling(following, conn)),
      (error: unknown) => conn.fail(error),
    );
  }

  #enterPolling(following: Following, conn: Connection): void {
    const { server, schedules } = following;
    server.attempt = 0;
    this.show(following, 'polling', 'polling', this.pollingMessage(following), this.streamFull(following));
    schedules.poll(conn);
    schedules.slow(conn);
    schedules.packages(conn, true);
    schedules.streamRetry(conn, () => void this.connect(following));
  }

  /** Polling because the server refused the stream as full (503): busy, until the stream is tried again. */
  streamFull(following: Following): Partial<ConnectionView> {
    const { stream } = following.server;
    const left = stream.blockedUntil - this.#deps.clock.monotonic();
    return stream.full && left > 0 ? { busy: true, nextRetryAt: this.#deps.clock.now() + left } : {};
  }

  pollingMessage(following: Following): string {
    const { config, stream } = following.server;
    const seconds = String(config.pollSeconds);
    return stream.pollReason ? t(messages().client.checkingBecause, { seconds, reason: stream.pollReason }) : t(messages().client.checkingEvery, { seconds });
  }

  /** A stream that lived a while reconnects at once; one that keeps dying backs off. */
  #streamLost(following: Following, reason: string, quick: boolean): void {
    const { server } = following;
    server.renew();
    if (!quick) {
      server.attempt = 0;
      void this.connect(following);
      return;
    }
    server.attempt++;
    const delay = streamLossDelay(server.attempt, this.#deps.random, this.#deps.tuning);
    this.#retryLater(following, 'connecting', t(messages().client.reconnecting, { reason }), delay);
  }

  /** A failure of the current connection (see Connection.fail). */
  #failed(following: Following, conn: Connection, error: unknown, resource: keyof AppState | null): void {
    const { log, random, tuning } = this.#deps;
    if (!isApiError(error)) {
      // Not the server's doing: a bug of ours. Say so, and recover like from any failure.
      log(`unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    if (isApiError(error) && error.kind === 'cancelled') return;
    if (isKeyRejection(error)) return following.key.rejected(error);
    // A route a view needs that this server's version does not have: say so, naming the version.
    const lack = resource && isMissingRoute(error) ? VIEW_ROUTES[resource] : undefined;
    if (lack) {
      const sentence = lackSentence(this.#deps.store.state.status.data?.version, lack);
      // every view that needs what is missing says so (the count and the viewer list alike)
      for (const [view, needs] of Object.entries(VIEW_ROUTES) as [keyof AppState, Lack][]) if (needs === lack) markResourceError(this.#deps, view, sentence, true);
      if (lack === 'viewers') return this.#incompatible(following, sentence);
      return following.schedules.onNowRetry(conn);
    }
    // A 401 that is not Airwave's own answer (a proxy's login page): the way there is in trouble, not the key.
    const message = isApiError(error) && error.kind === 'unauthorized' ? proxyRefusalMessage(error) : describe(error);
    if (resource) markResourceError(this.#deps, resource, message);
    if (isRefusedAnswer(error)) logRefusedOnce(this.#deps, error);
    // An unreadable answer costs its view at the normal pace (issue 33); at the handshake, a server this app cannot follow.
    if (isSoftFailure(error, resource)) return resource === 'onNow' ? following.schedules.onNowRetry(conn) : undefined;
    if (isRefusedAnswer(error)) return this.#incompatible(following, message);
    const { server } = following;
    server.renew();
    server.attempt++;
    const wait = failureRetryDelay(server.attempt, random, tuning, isApiError(error) ? (error.retryAfterMs ?? 0) : 0);
    this.#retryLater(following, 'offline', message, wait, isBusy(error));
  }

  #incompatible(following: Following, reason: string): void {
    following.server.renew();
    this.#retryLater(following, 'incompatible', reason, incompatibleRetryDelay(this.#deps.tuning));
  }

  /** Waits `delay` on the (new, empty) current connection, then connects again. */
  #retryLater(following: Following, state: ConnectionState, message: string, delay: number, busy = false): void {
    this.show(following, 'waiting', state, message, { nextRetryAt: this.#deps.clock.now() + delay, busy });
    following.schedules.reconnect(following.server.connection, delay, () => void this.connect(following));
  }

  /** The mode changes here (and when a connection is renewed), together with the connection line. */
  show(following: Following, mode: Mode, state: ConnectionState, message: string, extra: Partial<ConnectionView> = {}): void {
    following.server.mode = mode;
    showConnection(this.#deps, state, message, { attempt: following.server.attempt, suspended: this.#host.suspended() }, extra);
  }
}
