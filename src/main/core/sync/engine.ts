import {
  isSessionEvent,
  parseSessionEventData,
  type Capabilities,
  type EventEnvelope,
  type Guide,
  type NowPlayingEntry,
  type Session,
} from '../../../shared/airwave';
import type { AuthStyle, ConnectionState, ConnectionView, Resource } from '../../../shared/bridge';
import { AirwaveClient, isApiError, type ApiError } from '../client';
import type { Clock } from '../../common/clock';
import type { AppState, StateStore } from '../state';
import { readEventStream } from './event-stream';
import { backoffDelay, Jobs } from './jobs';

/**
 * The sync engine: follows one Airwave server and keeps the AppState current with as few requests
 * as it can. With an event stream it holds one `/events` connection and refetches what an event
 * touched; without one it polls `/sessions/count` and fetches the viewer list only when the count
 * moves. `/guide/now` is refetched at programme boundaries, not on a fixed timer. Failures back off
 * with jitter; a rejected key stops all traffic. Every timer runs on the injected clock, every
 * async result is dropped if the connection it belonged to has since been replaced.
 */

export interface EngineConfig {
  server: string;
  apiKey: string;
  authStyle: AuthStyle;
  pollSeconds: number;
}

export interface Tuning {
  /** events arriving within this window cause one refresh */
  eventDebounceMs: number;
  /** no bytes (not even a keepalive) for this long: the stream is dead */
  streamSilenceMs: number;
  /** status refresh, and a safety resync while live */
  slowResyncMs: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** popover closed: `/guide/now` no more often than this */
  guideNowClosedMs: number;
  guideNowJitterMs: number;
  /** a stream that dies younger than this counts as a quick failure */
  minStreamLifeMs: number;
  /** after this many bad streams in a row (died young or went silent), poll and try the stream again later */
  maxQuickStreamFailures: number;
  /** how long to poll before trying a refused stream again */
  streamRetryMs: number;
}

export const DEFAULT_TUNING: Tuning = {
  eventDebounceMs: 100,
  streamSilenceMs: 45_000,
  slowResyncMs: 5 * 60_000,
  backoffBaseMs: 2_000,
  backoffCapMs: 5 * 60_000,
  guideNowClosedMs: 10 * 60_000,
  guideNowJitterMs: 2_000,
  minStreamLifeMs: 30_000,
  maxQuickStreamFailures: 3,
  streamRetryMs: 5 * 60_000,
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

type Mode = 'idle' | 'connecting' | 'events' | 'polling' | 'waiting' | 'stopped';

/** Resources whose bad answers are reported on the resource without taking the connection down. */
const SOFT_RESOURCES = new Set(['onNow', 'guide']);

export class SyncEngine {
  readonly #clock: Clock;
  readonly #store: StateStore;
  readonly #random: () => number;
  readonly #createClient: (config: EngineConfig) => AirwaveClient;
  readonly #tuning: Tuning;
  readonly #log: (line: string) => void;
  readonly #jobs: Jobs;

  #config: EngineConfig | null = null;
  #client: AirwaveClient | null = null;
  /** bumps whenever the current connection is replaced; results of older ones are dropped */
  #gen = 0;
  #mode: Mode = 'idle';
  #suspended = false;
  #popoverOpen = false;
  #attempt = 0;
  #flights = new Map<string, { again: boolean; done: Promise<void> }>();
  #stream: { abort: AbortController; body: { destroy(): void } | null } | null = null;
  #badStreams = 0;
  #streamBlockedUntil = 0;
  #pollReason = '';
  #baselinePending = false;
  #lastCount: number | null = null;
  #garbageFrames = 0;
  /** viewer events waiting for the burst to settle */
  #pendingEvents: EventEnvelope[] = [];

  constructor(options: EngineOptions) {
    this.#clock = options.clock;
    this.#store = options.store;
    this.#random = options.random ?? Math.random;
    this.#tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.#log = options.log ?? (() => {});
    this.#createClient =
      options.createClient ??
      ((config) =>
        new AirwaveClient({ server: config.server, apiKey: config.apiKey, authStyle: config.authStyle, clock: this.#clock }));
    this.#jobs = new Jobs(this.#clock);
  }

  /** The client for the configured server (lookups, artwork), or null when there is none. */
  get client(): AirwaveClient | null {
    return this.#client;
  }

  /** Names of pending timers: at most one per job. */
  get pendingJobs(): string[] {
    return this.#jobs.pending;
  }

  get streamOpen(): boolean {
    return this.#stream?.body != null;
  }

  /** Resource requests running now (tests and benchmarks wait for this to reach 0). */
  get inFlight(): number {
    return this.#flights.size + (this.#mode === 'connecting' ? 1 : 0);
  }

  get garbageFrames(): number {
    return this.#garbageFrames;
  }

  /** Follows a server from now on (replacing any other). Data of a different server is cleared. */
  start(config: EngineConfig): void {
    const previous = this.#client;
    this.#halt();
    void previous?.close().catch(() => {});
    this.#config = { ...config };
    this.#client = this.#createClient(this.#config);
    const url = this.#client.server.root;
    this.#attempt = 0;
    this.#badStreams = 0;
    this.#streamBlockedUntil = 0;
    this.#lastCount = null;
    const sameServer = this.#store.state.server?.url === url;
    this.#store.update((state) =>
      sameServer
        ? {}
        : {
            server: { url, name: null },
            status: blank(),
            capabilities: blank(),
            sessionCount: blank(),
            nowPlaying: blank(),
            sessions: { ...blank<Session[]>(), supported: true },
            onNow: blank(),
            guide: { ...blank<Guide>(), forwardMinutes: state.guide.forwardMinutes, loading: false },
          },
    );
    void this.#connect();
  }

  /** Stops all traffic and timers; the data stays. */
  stop(): void {
    this.#halt();
    this.#mode = 'stopped';
  }

  /** Stops and closes the client's connections. */
  async close(): Promise<void> {
    this.stop();
    const client = this.#client;
    this.#client = null;
    this.#config = null;
    await client?.close().catch(() => {});
  }

  /** The user asked for fresh data: refetch everything, or try again now when not connected. */
  refresh(): void {
    if (!this.#client || this.#suspended) return;
    if (this.#mode === 'events' || this.#mode === 'polling') {
      const gen = this.#gen;
      void this.#fetchStatus(gen);
      void this.#fetchCount(gen);
      void this.#fetchViewers(gen);
      void this.#fetchOnNow(gen);
      return;
    }
    if (this.#mode === 'connecting') return;
    void this.#connect();
  }

  setPopoverOpen(open: boolean): void {
    if (open === this.#popoverOpen) return;
    this.#popoverOpen = open;
    if (!open || !(this.#mode === 'events' || this.#mode === 'polling')) return;
    const gen = this.#gen;
    const now = this.#clock.now();
    const state = this.#store.state;
    void this.#fetchViewers(gen);
    if (age(state.status, now) > 30_000) void this.#fetchStatus(gen);
    if (age(state.onNow, now) > 30_000) void this.#fetchOnNow(gen);
    else this.#scheduleOnNow();
  }

  setPollSeconds(seconds: number): void {
    if (!this.#config) return;
    this.#config.pollSeconds = seconds;
    if (this.#mode === 'polling') {
      this.#schedulePoll(this.#gen);
      this.#setConnection('polling', this.#pollingMessage());
    }
  }

  /** The computer is going to sleep: no traffic, no timers until `resume`. */
  suspend(): void {
    if (this.#suspended) return;
    this.#halt();
    this.#suspended = true;
    this.#patchConnection({ suspended: true, nextRetryAt: null });
  }

  /** Back from sleep: reconnect and resynchronise at once. */
  resume(): void {
    if (!this.#suspended) return;
    this.#suspended = false;
    this.#patchConnection({ suspended: false });
    if (!this.#client || this.#mode === 'stopped') return;
    this.#attempt = 0;
    void this.#connect();
  }

  /** The network is back: if we were waiting to retry, retry now. */
  networkOnline(): void {
    if (this.#suspended || !this.#client) return;
    const state = this.#store.state.connection.state;
    if (state === 'offline' || (state === 'connecting' && this.#mode === 'waiting')) void this.#connect();
  }

  /** Loads the guide for a forward window into the state (and rejects with the ApiError on failure). */
  async loadGuide(forwardMinutes: number): Promise<void> {
    const client = this.#requireClient();
    const gen = this.#gen;
    this.#store.update((state) => ({ guide: { ...state.guide, forwardMinutes, loading: true } }));
    try {
      const guide = await client.guide(forwardMinutes, { user: true }); // asked for by the user: not held to the background budget
      if (gen !== this.#gen || this.#store.state.guide.forwardMinutes !== forwardMinutes) return;
      this.#store.update({ guide: { data: guide, updatedAt: this.#clock.now(), error: null, forwardMinutes, loading: false } });
    } catch (error) {
      if (gen === this.#gen) {
        this.#store.update((state) => ({ guide: { ...state.guide, error: describe(error), loading: false } }));
        if (isApiError(error) && error.kind === 'unauthorized') this.#unauthorized(error);
      }
      throw error;
    }
  }

  #requireClient(): AirwaveClient {
    if (!this.#client) throw new Error('No server is configured.');
    return this.#client;
  }

  // ------------------------------------------------------------ connection lifecycle

  /** Ends the current connection: timers, stream, in-flight results. */
  #halt(): void {
    this.#gen++;
    this.#pendingEvents = [];
    this.#jobs.cancelAll();
    this.#flights = new Map();
    const stream = this.#stream;
    this.#stream = null;
    if (stream) {
      stream.abort.abort();
      stream.body?.destroy();
    }
    this.#mode = 'idle';
  }

  async #connect(): Promise<void> {
    const client = this.#client;
    if (!client || this.#suspended) return;
    this.#halt();
    const gen = this.#gen;
    this.#mode = 'connecting';
    this.#setConnection('connecting', `Connecting to ${client.server.display}…`);
    try {
      let capabilities: Capabilities | null = null;
      try {
        capabilities = await client.capabilities();
      } catch (error) {
        // Older servers may not have /capabilities: read that as "no optional features".
        if (!(isApiError(error) && error.kind === 'not-found')) throw error;
      }
      if (gen !== this.#gen) return;
      const status = await client.status();
      if (gen !== this.#gen) return;
      const now = this.#clock.now();
      this.#store.update((state) => ({
        capabilities: capabilities ? fresh(capabilities, now) : { data: null, updatedAt: now, error: null },
        status: fresh(status, now),
        server: state.server ? { ...state.server, name: status.name } : state.server,
      }));
      if (status.product.trim().toLowerCase() !== 'airwave') {
        return this.#incompatible(`${client.server.display} says it is "${status.product}", not an Airwave server.`);
      }
      if (capabilities && capabilities.apiVersion !== 'v1') {
        return this.#incompatible(
          `${client.server.display} speaks public API ${capabilities.apiVersion}; this app speaks v1. Look for an update of the app.`,
        );
      }
      this.#baselinePending = true;
      if (capabilities?.sse.supported && this.#clock.now() >= this.#streamBlockedUntil) {
        this.#pollReason = '';
        return await this.#openStream(gen);
      }
      if (!capabilities?.sse.supported) this.#pollReason = 'this server has no live event stream';
      if (!(await this.#resync(gen))) return;
      this.#enterPolling(gen);
    } catch (error) {
      this.#fail(error, gen, null);
    }
  }

  async #openStream(gen: number): Promise<void> {
    const client = this.#requireClient();
    const abort = new AbortController();
    const stream: { abort: AbortController; body: { destroy(): void } | null } = { abort, body: null };
    this.#stream = stream;
    let body: Awaited<ReturnType<AirwaveClient['openEvents']>>;
    try {
      body = await client.openEvents({ signal: abort.signal });
    } catch (error) {
      if (gen !== this.#gen) return;
      if (isApiError(error) && streamRefused(error)) {
        // The server will not stream to us (no stream, or too many open): poll, try again later.
        const wait = Math.min(Math.max(error.retryAfterMs ?? 0, this.#tuning.streamRetryMs), 60 * 60_000);
        this.#streamBlockedUntil = this.#clock.now() + wait;
        this.#pollReason = `the live event stream was refused (HTTP ${error.status ?? '?'}); trying it again later`;
        this.#log(`events refused: ${error.message}`);
        this.#stream = null;
        if (!(await this.#resync(gen))) return;
        this.#enterPolling(gen);
        return;
      }
      return this.#fail(error, gen, null);
    }
    if (gen !== this.#gen) {
      body.destroy();
      return;
    }
    stream.body = body;
    const openedAt = this.#clock.now();
    this.#armWatchdog(gen);
    const reading = readEventStream(body, {
      onActivity: () => {
        if (gen === this.#gen) this.#armWatchdog(gen);
      },
      onHello: () => {},
      onEvent: (envelope) => {
        if (gen !== this.#gen) return;
        if (isSessionEvent(envelope.type) || envelope.type === 'channel.tuned') this.#onViewerEvent(gen, envelope);
      },
      onGarbage: (reason) => {
        this.#garbageFrames++;
        this.#log(`event stream: skipped a frame (${reason})`);
      },
    });
    // Events may have been missed while we were away: the REST endpoints are the truth.
    void this.#resync(gen).then((ok) => {
      if (!ok || gen !== this.#gen) return;
      this.#mode = 'events';
      this.#attempt = 0;
      this.#setConnection('live', 'Live');
      this.#jobs.schedule('slow', this.#tuning.slowResyncMs, () => void this.#slowTick(gen));
    });
    let reason = 'The live event stream ended.';
    try {
      await reading;
    } catch (error) {
      reason = error instanceof Error && error.name === 'BrokenStreamError' ? error.message : 'The live event stream broke off.';
    }
    if (gen !== this.#gen || this.#stream !== stream) return; // we closed it ourselves
    const silent = stream.abort.signal.aborted;
    this.#streamLost(openedAt, silent ? 'The live event stream went silent.' : reason, silent);
  }

  #armWatchdog(gen: number): void {
    this.#jobs.schedule('stream-watchdog', this.#tuning.streamSilenceMs, () => {
      if (gen !== this.#gen || !this.#stream) return;
      this.#stream.abort.abort();
      this.#stream.body?.destroy();
    });
  }

  /**
   * A stream that died young or went silent is a bad one; after a few bad ones in a row the
   * engine polls for a while and says why, instead of reconnecting forever.
   */
  #streamLost(openedAt: number, reason: string, silent: boolean): void {
    this.#log(reason);
    const quick = this.#clock.now() - openedAt < this.#tuning.minStreamLifeMs;
    this.#badStreams = quick || silent ? this.#badStreams + 1 : 0;
    if (this.#badStreams >= this.#tuning.maxQuickStreamFailures) {
      this.#badStreams = 0;
      this.#streamBlockedUntil = this.#clock.now() + this.#tuning.streamRetryMs;
      this.#pollReason = silent
        ? 'the live event stream keeps going silent; trying it again later'
        : 'the live event stream keeps dropping; trying it again later';
    }
    // A stream that lived a while reconnects at once; one that keeps dying backs off.
    this.#halt();
    if (!quick) {
      this.#attempt = 0;
      void this.#connect();
      return;
    }
    this.#attempt++;
    const delay = backoffDelay(this.#attempt, this.#random(), this.#tuning.backoffBaseMs, this.#tuning.backoffCapMs);
    this.#mode = 'waiting';
    this.#setConnection('connecting', `${reason} Reconnecting…`, { nextRetryAt: this.#clock.now() + delay });
    this.#jobs.schedule('reconnect', delay, () => void this.#connect());
  }

  #enterPolling(gen: number): void {
    if (gen !== this.#gen) return;
    this.#mode = 'polling';
    this.#attempt = 0;
    this.#setConnection('polling', this.#pollingMessage());
    this.#schedulePoll(gen);
    this.#jobs.schedule('slow', this.#tuning.slowResyncMs, () => void this.#slowTick(gen));
    const blockedFor = this.#streamBlockedUntil - this.#clock.now();
    if (this.#store.state.capabilities.data?.sse.supported && blockedFor > 0) {
      this.#jobs.schedule('stream-retry', blockedFor, () => void this.#connect());
    }
  }

  #pollingMessage(): string {
    const every = `Checking every ${this.#config?.pollSeconds ?? 15} s`;
    return this.#pollReason ? `${every} (${this.#pollReason})` : every;
  }

  #schedulePoll(gen: number): void {
    const ms = (this.#config?.pollSeconds ?? 15) * 1000;
    this.#jobs.schedule('poll', ms, () => {
      if (gen !== this.#gen) return;
      this.#schedulePoll(gen);
      void this.#pollTick(gen);
    });
  }

  async #pollTick(gen: number): Promise<void> {
    const before = this.#lastCount;
    await this.#fetchCount(gen);
    if (gen !== this.#gen) return;
    if (this.#lastCount !== before || this.#popoverOpen) await this.#fetchViewers(gen);
  }

  /**
   * Every 5 minutes: `/status`. While live it doubles as the safety resync (delivery is best
   * effort): when its active-session count moved since the last look and disagrees with the viewer
   * list we hold, an event was lost and the viewers are refetched.
   */
  async #slowTick(gen: number): Promise<void> {
    if (gen !== this.#gen) return;
    this.#jobs.schedule('slow', this.#tuning.slowResyncMs, () => void this.#slowTick(gen));
    const before = this.#store.state.status.data?.counts.activeSessions;
    await this.#fetchStatus(gen);
    if (gen !== this.#gen || this.#mode !== 'events') return;
    const state = this.#store.state;
    const after = state.status.data?.counts.activeSessions;
    // What the viewer list we hold says; events that did arrive already brought it up to date.
    const known = state.sessions.supported && state.sessions.data ? state.sessions.data.length : state.nowPlaying.data?.length;
    if (after !== before && after !== known) void this.#fetchViewers(gen);
  }

  /**
   * A viewer event. Events of one burst are applied together once it settles (so five people
   * starting at once make one update, and one summary notification): the session records they
   * carry update `/sessions` in place, without a request, and `/now-playing` is refetched (it
   * carries the count: the badge is its length). A record that does not parse falls back to
   * refetching both.
   */
  #onViewerEvent(gen: number, envelope: EventEnvelope): void {
    this.#pendingEvents.push(envelope);
    if (this.#jobs.has('event-refresh')) return;
    this.#jobs.schedule('event-refresh', this.#tuning.eventDebounceMs, () => {
      if (gen !== this.#gen) return;
      const events = this.#pendingEvents.splice(0);
      void (this.#applySessionEvents(events) ? this.#fetchNowPlaying(gen) : this.#fetchViewers(gen));
    });
  }

  /** Applies session records from events to `/sessions`; false when that is not possible. */
  #applySessionEvents(events: EventEnvelope[]): boolean {
    const sessions = this.#store.state.sessions;
    if (!sessions.supported) return true; // nothing to keep up to date
    if (!sessions.data) return false;
    const byId = new Map(sessions.data.map((session) => [session.id, session]));
    for (const envelope of events) {
      let record: Session;
      try {
        record = parseSessionEventData(envelope);
      } catch {
        return false;
      }
      if (envelope.type === 'session.ended') byId.delete(record.id);
      else byId.set(record.id, record);
    }
    this.#store.update({ sessions: { ...sessions, data: [...byId.values()], updatedAt: this.#clock.now(), error: null } });
    return true;
  }

  /** Count, viewers and what is on now, fetched together after every (re)connect. */
  async #resync(gen: number): Promise<boolean> {
    await Promise.all([this.#fetchCount(gen), this.#fetchViewers(gen), this.#fetchOnNow(gen)]);
    return gen === this.#gen;
  }

  // ------------------------------------------------------------ resources

  /** One request in flight per resource: a call while one runs asks for one more run after it. */
  #single(name: string, gen: number, work: () => Promise<void>): Promise<void> {
    const running = this.#flights.get(name);
    if (running) {
      running.again = true;
      return running.done;
    }
    const flight = { again: false, done: Promise.resolve() };
    const flights = this.#flights;
    flight.done = (async () => {
      do {
        flight.again = false;
        await work();
      } while (flight.again && gen === this.#gen);
    })().finally(() => {
      if (flights.get(name) === flight) flights.delete(name);
    });
    flights.set(name, flight);
    return flight.done;
  }

  /**
   * One resource: fetched once at a time, committed only if the connection it belongs to is still
   * the current one, a failure reported against `resource`.
   */
  #fetchInto<T>(name: string, gen: number, resource: keyof AppState, request: (client: AirwaveClient) => Promise<T>, commit: (value: T, now: number) => void): Promise<void> {
    return this.#single(name, gen, async () => {
      try {
        const value = await request(this.#requireClient());
        if (gen === this.#gen) commit(value, this.#clock.now());
      } catch (error) {
        this.#fail(error, gen, resource);
      }
    });
  }

  #fetchStatus(gen: number): Promise<void> {
    return this.#fetchInto('status', gen, 'status', (client) => client.status(), (status, now) =>
      this.#store.update((state) => ({
        status: fresh(status, now),
        sessionCount: fresh(status.counts.activeSessions, now),
        server: state.server ? { ...state.server, name: status.name } : state.server,
      })),
    );
  }

  #fetchCount(gen: number): Promise<void> {
    return this.#fetchInto('count', gen, 'sessionCount', (client) => client.sessionCount(), ({ count }, now) => {
      this.#lastCount = count;
      this.#store.update({ sessionCount: fresh(count, now) });
    });
  }

  /** `/now-playing`, and `/sessions` where the server has it, committed together. */
  #fetchViewers(gen: number): Promise<void> {
    return this.#single('viewers', gen, async () => {
      const client = this.#requireClient();
      const wantSessions = this.#store.state.sessions.supported;
      try {
        const [nowPlaying, sessions] = await Promise.all([
          client.nowPlaying(),
          wantSessions ? client.sessions().catch((error: unknown) => sessionsFallback(error)) : Promise.resolve(null),
        ]);
        if (gen !== this.#gen) return;
        const now = this.#clock.now();
        const baseline = this.#baselinePending;
        this.#baselinePending = false;
        this.#store.update((state) => ({
          nowPlaying: fresh<NowPlayingEntry[]>(nowPlaying.nowPlaying, now),
          sessions:
            sessions === 'unsupported'
              ? { ...blank<Session[]>(), supported: false }
              : sessions
                ? { ...fresh(sessions.sessions, now), supported: true }
                : state.sessions,
          viewerEpoch: baseline ? state.viewerEpoch + 1 : state.viewerEpoch,
        }));
      } catch (error) {
        this.#fail(error, gen, 'nowPlaying');
      }
    });
  }

  /** `/now-playing` alone (after events that already brought `/sessions` up to date). */
  #fetchNowPlaying(gen: number): Promise<void> {
    return this.#fetchInto('nowPlaying', gen, 'nowPlaying', (client) => client.nowPlaying(), ({ nowPlaying }, now) =>
      this.#store.update({ nowPlaying: fresh<NowPlayingEntry[]>(nowPlaying, now) }),
    );
  }

  #fetchOnNow(gen: number): Promise<void> {
    return this.#fetchInto('onNow', gen, 'onNow', (client) => client.guideNow(), (onNow, now) => {
      this.#store.update({ onNow: fresh(onNow, now) });
      this.#scheduleOnNow();
    });
  }

  /** Next `/guide/now`: when the first current programme ends (popover open), at most every 10 min when closed. */
  #scheduleOnNow(): void {
    const gen = this.#gen;
    const state = this.#store.state;
    const now = this.#clock.now();
    const boundary = earliestBoundary(state, now);
    let delay = boundary === null ? 30 * 60_000 : boundary - now + Math.round(this.#random() * this.#tuning.guideNowJitterMs);
    if (!this.#popoverOpen) delay = Math.max(delay, this.#tuning.guideNowClosedMs - age(state.onNow, now));
    delay = Math.max(delay, 1_000);
    this.#jobs.schedule('on-now', delay, () => {
      if (gen !== this.#gen) return;
      void this.#fetchOnNow(gen);
      // The programme a viewer sees changes at a boundary too; the open popover shows it at once
      // (closed, the tray menu reads the new programme from the guide rows instead).
      if (this.#popoverOpen && (this.#store.state.nowPlaying.data?.length ?? 0) > 0) void this.#fetchViewers(gen);
    });
  }

  // ------------------------------------------------------------ failures

  #fail(error: unknown, gen: number, resource: keyof AppState | null): void {
    if (gen !== this.#gen) return;
    if (!isApiError(error)) {
      // Not the server's doing: a bug of ours. Say so, and recover like from any failure.
      this.#log(`unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    if (isApiError(error) && error.kind === 'cancelled') return;
    if (isApiError(error) && error.kind === 'unauthorized') return this.#unauthorized(error);
    const message = describe(error);
    if (resource) this.#markError(resource, message);
    if (resource && SOFT_RESOURCES.has(resource) && isApiError(error) && isContentError(error)) {
      // A malformed guide must not take the badge down with it: try it again in a while.
      this.#jobs.schedule('on-now', 60_000, () => void this.#fetchOnNow(gen));
      return;
    }
    this.#halt();
    this.#attempt++;
    const delay = backoffDelay(this.#attempt, this.#random(), this.#tuning.backoffBaseMs, this.#tuning.backoffCapMs);
    const wait = Math.min(this.#tuning.backoffCapMs, Math.max(delay, isApiError(error) ? (error.retryAfterMs ?? 0) : 0));
    this.#mode = 'waiting';
    this.#setConnection('offline', message, { nextRetryAt: this.#clock.now() + wait });
    this.#jobs.schedule('reconnect', wait, () => void this.#connect());
  }

  #unauthorized(error: ApiError): void {
    this.#halt();
    this.#mode = 'stopped';
    this.#log(`stopped: ${error.message}`);
    this.#setConnection('unauthorized', 'The server rejected the API key. Paste a new key in Settings.');
  }

  #incompatible(reason: string): void {
    this.#halt();
    this.#mode = 'waiting';
    const retry = this.#tuning.backoffCapMs;
    this.#setConnection('incompatible', reason, { nextRetryAt: this.#clock.now() + retry });
    this.#jobs.schedule('reconnect', retry, () => void this.#connect());
  }

  #markError(resource: keyof AppState, message: string): void {
    this.#store.update((state) => {
      const current = state[resource] as Resource<unknown>;
      return { [resource]: { ...current, error: message } } as Partial<AppState>;
    });
  }

  #setConnection(state: ConnectionState, message: string, extra: Partial<ConnectionView> = {}): void {
    const now = this.#clock.now();
    this.#store.update((current) => ({
      connection: {
        state,
        message,
        since: current.connection.state === state ? current.connection.since : now,
        nextRetryAt: null,
        attempt: this.#attempt,
        suspended: this.#suspended,
        ...extra,
      },
    }));
  }

  #patchConnection(patch: Partial<ConnectionView>): void {
    this.#store.update((current) => ({ connection: { ...current.connection, ...patch } }));
  }
}

// ------------------------------------------------------------ helpers

function blank<T>(): Resource<T> {
  return { data: null, updatedAt: null, error: null };
}

function fresh<T>(data: T, now: number): Resource<T> {
  return { data, updatedAt: now, error: null };
}

function age(resource: Resource<unknown>, now: number): number {
  return resource.updatedAt === null ? Number.POSITIVE_INFINITY : now - resource.updatedAt;
}

function describe(error: unknown): string {
  if (isApiError(error)) return error.message;
  return 'Something went wrong inside the app; it will try again.';
}

/** 404 (no stream), 501 (not implemented) and 503 (too many streams) all mean "poll instead". */
function streamRefused(error: ApiError): boolean {
  return error.kind === 'not-found' || error.status === 501 || error.status === 503 || error.status === 405;
}

function isContentError(error: ApiError): boolean {
  return error.kind === 'bad-response' || error.kind === 'not-found' || error.kind === 'invalid-request';
}

function sessionsFallback(error: unknown): 'unsupported' | null {
  // `/sessions` is beyond the documented interface: a 404 means "not here", other trouble means "not now".
  if (isApiError(error) && (error.kind === 'not-found' || error.kind === 'bad-response')) return 'unsupported';
  if (isApiError(error) && error.kind === 'unauthorized') throw error;
  return null;
}

/** When the first programme on now ends (or, past that, the first "next" one), if any. */
export function earliestBoundary(state: AppState, now: number): number | null {
  let earliest: number | null = null;
  for (const row of state.onNow.data?.channels ?? []) {
    for (const program of [row.now, row.next]) {
      if (!program) continue;
      const end = Date.parse(program.endsAt);
      if (end > now) {
        if (earliest === null || end < earliest) earliest = end;
        break;
      }
    }
  }
  return earliest;
}
