import { lackSentence, type Capabilities, type Lack, type Packages, type Session, type Status } from '../../../shared/airwave';
import type { ConnectionState, ConnectionView } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import { AirwaveClient, isApiError, isMissingRoute } from '../client';
import { emptyResource, resourceAge, type AppState, type StateStore } from '../state';
import { DEFAULT_TUNING, type EngineConfig, type Mode, type SyncDeps, type Tuning } from './config';
import type { Connection } from './connection';
import { EventSession } from './event-session';
import { ResourceFetcher } from './fetcher';
import { FollowedServer } from './followed-server';
import { GuideWindows, loadGuideWindow } from './guide-window';
import { describe, isBusy, isKeyRejection, isRefusedAnswer, isSoftFailure, logRefusedOnce, markResourceError, patchConnection, proxyRefusalMessage, showConnection } from './reporting';
import { failureRetryDelay, incompatibleRetryDelay, Schedules, streamLossDelay } from './schedules';
import { KeyRecheck } from './key-recheck';
import { ViewerEvents } from './viewer-events';

/**
 * The sync engine: follows one Airwave server and keeps the AppState current with as few requests
 * as it can. It composes the parts below (per-server state, connection, fetcher, schedules, event
 * stream) and decides what happens next: connect, live on the stream, poll, wait to retry, stop.
 */

export { DEFAULT_TUNING, type EngineConfig, type Tuning } from './config';

/** What a resource's missing route costs the user (Airwave before 0.14.68 has no guide and no viewer routes). */
const VIEW_ROUTES: Partial<Record<keyof AppState, Lack>> = {
  onNow: 'guide',
  guide: 'guide',
  sessionCount: 'viewers',
  nowPlaying: 'viewers',
};

export interface EngineOptions {
  clock: Clock;
  store: StateStore;
  /** [0, 1); jitter for backoff and boundary refreshes */
  random?: () => number;
  createClient?: (config: EngineConfig) => AirwaveClient;
  tuning?: Partial<Tuning>;
  /** diagnostics; never given the key */
  log?: (line: string) => void;
}

/** One followed server and the parts that follow it. */
interface Following {
  server: FollowedServer;
  fetcher: ResourceFetcher;
  schedules: Schedules;
  viewerEvents: ViewerEvents;
  events: EventSession;
  key: KeyRecheck;
}

const active = (mode: Mode) => mode === 'events' || mode === 'polling';

export class SyncEngine {
  readonly #deps: SyncDeps;
  readonly #createClient: (config: EngineConfig) => AirwaveClient;
  #following: Following | null = null;
  #suspended = false;
  #popoverOpen = false;
  #garbageFrames = 0;
  /** the guide windows held (rows and search answer from here) */
  readonly guide: GuideWindows;

  constructor(options: EngineOptions) {
    const clock = options.clock;
    this.#deps = {
      clock,
      store: options.store,
      tuning: { ...DEFAULT_TUNING, ...options.tuning },
      random: options.random ?? Math.random,
      log: options.log ?? (() => {}),
    };
    this.guide = new GuideWindows(options.store, clock);
    this.#createClient =
      options.createClient ??
      ((config) => new AirwaveClient({ server: config.server, apiKey: config.apiKey, authStyle: config.authStyle, clock }));
  }

  /** The client for the configured server (lookups, artwork), or null when there is none. */
  get client(): AirwaveClient | null {
    return this.#following?.server.client ?? null;
  }

  /** Names of pending timers: at most one per job. */
  get pendingJobs(): string[] {
    return this.#following?.server.connection.pendingJobs ?? [];
  }

  get streamOpen(): boolean {
    return this.#following?.server.stream.body != null;
  }

  /** Resource requests running now (tests and benchmarks wait for this to reach 0). */
  /**
   * Resolves once the requests of the current connection now running have ended (each is bounded
   * by the client's deadlines); later ones are not waited for.
   */
  async settled(): Promise<void> {
    const flights = this.#following?.server.connection.flights;
    if (flights && flights.size > 0) await Promise.allSettled([...flights.values()].map((flight) => flight.done));
  }

  get inFlight(): number {
    const server = this.#following?.server;
    return server ? server.connection.flights.size + (server.mode === 'connecting' ? 1 : 0) + (server.checkingKey ? 1 : 0) : 0;
  }

  get garbageFrames(): number {
    return this.#garbageFrames;
  }

  /** Follows a server from now on (replacing any other). Data of a different server is cleared. */
  start(config: EngineConfig): void {
    const previous = this.#following;
    this.#following = null;
    if (previous) {
      void previous.server.end();
      void previous.server.client.close().catch(() => {});
    }
    const following = this.#follow(config);
    this.#following = following;
    this.#forgetOtherServer(following.server.client.server.root);
    void this.#connect(following);
  }

  /** Stops all traffic and timers; the data stays. */
  stop(): void {
    this.#following?.server.renew('stopped');
  }

  /** Stops and closes the client's connections; resolves once nothing of it is left running. */
  async close(): Promise<void> {
    this.stop();
    this.guide.clear();
    const following = this.#following;
    this.#following = null;
    if (!following) return;
    await following.server.end();
    await following.server.client.close().catch(() => {});
  }

  /** The user asked for fresh data: refetch everything, or try again now when not connected. */
  refresh(): void {
    const following = this.#following;
    if (!following || this.#suspended) return;
    const { server, fetcher } = following;
    if (active(server.mode)) {
      const conn = server.connection;
      // The user asked: not held to the background budget (each request reads the flag as it starts, synchronously).
      server.userAction = true;
      try {
        void fetcher.status(conn);
        void fetcher.count(conn);
        void fetcher.viewers(conn);
        void fetcher.onNow(conn);
      } finally {
        server.userAction = false;
      }
      return;
    }
    if (server.mode === 'connecting') return;
    void this.#connect(following);
  }

  setPopoverOpen(open: boolean): void {
    if (open === this.#popoverOpen) return;
    this.#popoverOpen = open;
    const following = this.#following;
    if (!open || !following || !active(following.server.mode)) return;
    const { server, fetcher, schedules } = following;
    const conn = server.connection;
    const now = this.#deps.clock.now();
    const state = this.#deps.store.state;
    void fetcher.viewers(conn);
    if (resourceAge(state.status, now) > 30_000) void fetcher.status(conn);
    if (resourceAge(state.onNow, now) > 30_000) void fetcher.onNow(conn);
    else schedules.onNow(conn);
  }

  setPollSeconds(seconds: number): void {
    const following = this.#following;
    if (!following) return;
    following.server.config.pollSeconds = seconds;
    if (following.server.mode === 'polling') {
      following.schedules.poll(following.server.connection);
      this.#show(following, 'polling', 'polling', this.#pollingMessage(following), this.#streamFull(following));
    }
  }

  /** The computer is going to sleep: no traffic, no timers until `resume`. */
  suspend(): void {
    if (this.#suspended) return;
    const server = this.#following?.server;
    // a rejected key stays rejected across sleep: on wake it is re-checked with one request
    server?.renew(server.mode === 'rejected' ? 'rejected' : 'idle');
    this.#suspended = true;
    patchConnection(this.#deps, { suspended: true, nextRetryAt: null });
  }

  /** Back from sleep: reconnect and resynchronise at once. */
  resume(): void {
    if (!this.#suspended) return;
    this.#suspended = false;
    patchConnection(this.#deps, { suspended: false });
    const following = this.#following;
    if (!following || following.server.mode === 'stopped') return;
    following.server.attempt = 0;
    if (following.server.mode === 'rejected') return void following.key.check();
    void this.#connect(following);
  }

  /** The network is back: if we were waiting to retry, retry now. */
  networkOnline(): void {
    const following = this.#following;
    if (this.#suspended || !following) return;
    if (following.server.mode === 'rejected') return void following.key.check();
    const state = this.#deps.store.state.connection.state;
    if (state === 'offline' || (state === 'connecting' && following.server.mode === 'waiting')) void this.#connect(following);
  }

  /**
   * Loads the guide for a forward window (its rows go to `guide`, its summary to the state) and
   * rejects with the ApiError on failure; see loadGuideWindow for a reconnect meanwhile.
   */
  async loadGuide(forwardMinutes: number): Promise<void> {
    if (!this.#following) throw new Error('No server is configured.');
    try {
      await loadGuideWindow(this.guide, forwardMinutes, () => {
        const following = this.#following;
        return following ? { client: following.server.client, connection: following.server.connection } : null;
      }, this.#deps.log);
    } catch (error) {
      // a version without /guide: the guide says which, as On now does, not "could not load"
      if (isMissingRoute(error)) this.guide.settleWithout(lackSentence(this.#deps.store.state.status.data?.version, 'guide'), true);
      throw error;
    }
  }

  // ------------------------------------------------------------ composition

  #follow(config: EngineConfig): Following {
    const deps = this.#deps;
    const server = new FollowedServer(config, this.#createClient(config), deps.clock, deps.log, (conn, error, resource) =>
      this.#failed(following, conn, error, resource),
    );
    const fetcher = new ResourceFetcher(server, deps, (conn, changed) => {
      schedules.onNow(conn);
      schedules.viewersIfWatched(conn, changed);
      schedules.packagesIfNew(conn);
    });
    const schedules = new Schedules(server, deps, fetcher, () => this.#popoverOpen);
    const viewerEvents = new ViewerEvents(server, deps, fetcher);
    const events = new EventSession(server, deps, fetcher, {
      refused: (conn) => this.#pollAfterResync(following, conn),
      live: (conn) => this.#goLive(following, conn),
      lost: (_conn, reason, quick) => this.#streamLost(following, reason, quick),
      viewerEvent: (conn, envelope) => viewerEvents.add(conn, envelope),
      garbage: (reason) => {
        this.#garbageFrames++;
        deps.log(`event stream: skipped a frame (${reason})`);
      },
    });
    const key = new KeyRecheck(server, deps, {
      suspended: () => this.#suspended,
      showRejected: (state, message, extra) => this.#show(following, 'rejected', state, message, extra),
      reconnect: () => void this.#connect(following),
    });
    const following: Following = { server, fetcher, schedules, viewerEvents, events, key };
    return following;
  }

  /** A different server than the one the state shows: its data goes. */
  #forgetOtherServer(url: string): void {
    if (this.#deps.store.state.server?.url === url) return;
    this.#deps.store.update(() => ({
      server: { url, name: null },
      status: emptyResource(),
      capabilities: emptyResource(),
      sessionCount: emptyResource(),
      nowPlaying: emptyResource(),
      sessions: { ...emptyResource<Session[]>(), supported: true },
      onNow: emptyResource(),
      packages: { ...emptyResource<Packages['packages']>(), supported: null },
    }));
    this.guide.clear();
  }

  // ------------------------------------------------------------ what happens next

  /** A new connection: capabilities and status, then the event stream or polling. */
  async #connect(following: Following): Promise<void> {
    if (this.#suspended) return;
    const { server, fetcher } = following;
    const conn = server.renew();
    server.awaySince = server.lastSyncAt;
    // A server without /sessions may have gained it since: ask again on each connection.
    if (server.sessionsSupport.state === 'absent') server.sessionsSupport = { state: 'unknown' };
    // …and /packages likewise (at most once a minute: see Schedules.packages)
    if (this.#deps.store.state.packages.supported === false) this.#deps.store.update((state) => ({ packages: { ...state.packages, supported: null } }));
    this.#show(following, 'connecting', 'connecting', `Connecting to ${server.client.server.display}…`);
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
    if (status.product.trim().toLowerCase() !== 'airwave') {
      return this.#incompatible(following, `${display} says it is "${status.product}", not an Airwave server.`);
    }
    if (capabilities && capabilities.apiVersion !== 'v1') {
      return this.#incompatible(following, `${display} speaks public API ${capabilities.apiVersion}; this app speaks v1. Look for an update of the app.`);
    }
    server.baselinePending = true;
    if (capabilities?.sse.supported && this.#deps.clock.monotonic() >= server.stream.blockedUntil) {
      server.stream.pollReason = '';
      server.stream.full = false;
      events.follow(conn).catch((error: unknown) => conn.fail(error));
      return;
    }
    if (!capabilities?.sse.supported) server.stream.pollReason = 'this server has no live event stream';
    this.#pollAfterResync(following, conn);
  }

  /** The stream is open and the state resynchronised: live. */
  #goLive(following: Following, conn: Connection): void {
    following.server.attempt = 0;
    this.#show(following, 'events', 'live', 'Live');
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
    this.#show(following, 'polling', 'polling', this.#pollingMessage(following), this.#streamFull(following));
    schedules.poll(conn);
    schedules.slow(conn);
    schedules.packages(conn, true);
    schedules.streamRetry(conn, () => void this.#connect(following));
  }

  /** Polling because the server refused the stream as full (503): busy, until the stream is tried again. */
  #streamFull(following: Following): Partial<ConnectionView> {
    const { stream } = following.server;
    const left = stream.blockedUntil - this.#deps.clock.monotonic();
    return stream.full && left > 0 ? { busy: true, nextRetryAt: this.#deps.clock.now() + left } : {};
  }

  #pollingMessage(following: Following): string {
    const { config, stream } = following.server;
    const every = `Checking every ${config.pollSeconds} s`;
    return stream.pollReason ? `${every} (${stream.pollReason})` : every;
  }

  /** A stream that lived a while reconnects at once; one that keeps dying backs off. */
  #streamLost(following: Following, reason: string, quick: boolean): void {
    const { server } = following;
    server.renew();
    if (!quick) {
      server.attempt = 0;
      void this.#connect(following);
      return;
    }
    server.attempt++;
    const delay = streamLossDelay(server.attempt, this.#deps.random, this.#deps.tuning);
    this.#retryLater(following, 'connecting', `${reason} Reconnecting…`, delay);
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
    this.#show(following, 'waiting', state, message, { nextRetryAt: this.#deps.clock.now() + delay, busy });
    following.schedules.reconnect(following.server.connection, delay, () => void this.#connect(following));
  }

  /** The mode changes here (and when a connection is renewed), together with the connection line. */
  #show(following: Following, mode: Mode, state: ConnectionState, message: string, extra: Partial<ConnectionView> = {}): void {
    following.server.mode = mode;
    showConnection(this.#deps, state, message, { attempt: following.server.attempt, suspended: this.#suspended }, extra);
  }
}
