import { lackSentence, type GuideNowRow, type Program } from '../../../shared/airwave';
import { programmeWatched, ProgrammeTimes } from '../../../shared/programme-times';
import type { Clock } from '../../common/clock';
import { AirwaveClient, isMissingRoute } from '../client';
import { emptyServerResources, resourceAge, type AppState, type StateStore } from '../state';
import { DEFAULT_TUNING, type EngineConfig, type Mode, type SyncDeps, type Tuning } from './config';
import { GuideWindows, loadGuideWindow } from './guide-window';
import { ServerLifecycle, type Following } from './lifecycle';
import { patchConnection } from './reporting';
import { timedOnNow } from './on-now';
import type { AiringEvidence } from '../features/episode-record';

/**
 * The sync engine: follows one Airwave server and keeps the AppState current with as few requests
 * as it can. It is the app's handle on following (start, stop, refresh, sleep, the popover, the
 * guide); what happens next for the followed server (connect, live, poll, retry) is lifecycle.ts.
 */

export { DEFAULT_TUNING, type EngineConfig, type Tuning } from './config';

export interface EngineOptions {
  clock: Clock;
  store: StateStore;
  /** [0, 1); jitter for backoff and boundary refreshes */
  random?: () => number;
  createClient?: (config: EngineConfig) => AirwaveClient;
  tuning?: Partial<Tuning>;
  /** diagnostics; never given the key */
  log?: (line: string) => void;
  /** this server's episode record, the evidence behind NEW (opened when first needed) */
  airings?: () => AiringEvidence | null;
}

const active = (mode: Mode) => mode === 'events' || mode === 'polling';

export class SyncEngine {
  readonly #deps: SyncDeps;
  readonly #life: ServerLifecycle;
  #following: Following | null = null;
  #suspended = false;
  #popoverOpen = false;
  #garbageFrames = 0;
  /** the guide windows held (rows and search answer from here) */
  readonly guide: GuideWindows;
  /** the programmes' own times read from this server (the one rule of a programme's times: shared/programme-times.ts) */
  readonly times = new ProgrammeTimes<Program>();
  readonly #unsubscribe: () => void;

  constructor(options: EngineOptions) {
    const clock = options.clock;
    this.#deps = {
      clock,
      store: options.store,
      tuning: { ...DEFAULT_TUNING, ...options.tuning },
      random: options.random ?? Math.random,
      log: options.log ?? (() => {}),
      times: this.times,
    };
    this.guide = new GuideWindows(options.store, clock, this.times, options.airings);
    // a viewer's progress says how long the programme they watch really is (its own end)
    this.#unsubscribe = options.store.subscribe((state, changed) => {
      if (changed.has('nowPlaying') || changed.has('onNow')) this.#learnFromViewers(state);
    });
    const createClient =
      options.createClient ??
      ((config: EngineConfig) => new AirwaveClient({ server: config.server, apiKey: config.apiKey, authStyle: config.authStyle, clock }));
    this.#life = new ServerLifecycle(this.#deps, {
      suspended: () => this.#suspended,
      popoverOpen: () => this.#popoverOpen,
      garbage: () => void this.#garbageFrames++,
      createClient,
    });
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
    const following = this.#life.follow(config);
    this.#following = following;
    this.#forgetOtherServer(following.server.client.server.root);
    void this.#life.connect(following);
  }

  /** Stops all traffic and timers; the data stays. */
  stop(): void {
    this.#following?.server.renew('stopped');
  }

  /** Stops and closes the client's connections; resolves once nothing of it is left running. */
  async close(): Promise<void> {
    this.stop();
    this.#unsubscribe();
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
    void this.#life.connect(following);
  }

  /**
   * The popover opened or closed. Opening works the held rows out as of now (nothing shown is
   * stale) and refreshes what is old; closed, the engine follows only what the tray, notifications,
   * reminders and the history need (see Schedules.#onNowAdvance).
   */
  setPopoverOpen(open: boolean): void {
    if (open === this.#popoverOpen) return;
    this.#popoverOpen = open;
    const following = this.#following;
    if (!following || !active(following.server.mode)) return;
    const { server, fetcher, schedules } = following;
    const conn = server.connection;
    if (!open) return schedules.closed(conn);
    const now = this.#deps.clock.now();
    const state = this.#deps.store.state;
    schedules.catchUp(conn);
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
      this.#life.show(following, 'polling', 'polling', this.#life.pollingMessage(following), this.#life.streamFull(following));
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
    void this.#life.connect(following);
  }

  /** The network is back: if we were waiting to retry, retry now. */
  networkOnline(): void {
    const following = this.#following;
    if (this.#suspended || !following) return;
    if (following.server.mode === 'rejected') return void following.key.check();
    const state = this.#deps.store.state.connection.state;
    if (state === 'offline' || (state === 'connecting' && following.server.mode === 'waiting')) void this.#life.connect(following);
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

  /**
   * Own times read for a channel (a now answer's slots, a `/schedule` answer): from now on every view
   * says them (shared/programme-times.ts). On now's held rows take them at once, so a programme whose
   * own end has passed gives way to the break after it, and the guide's rows are asked for again.
   */
  learnTimes(channelId: string, slots: readonly (Program | null)[]): void {
    if (this.times.learn(channelId, slots)) this.#timesLearned();
  }

  /** A viewer's progress on the programme held on air on their channel: its own length, in seconds. */
  learnDuration(channelId: string, program: Program, durationSeconds: number): void {
    if (this.times.learnDuration(channelId, program, durationSeconds)) this.#timesLearned();
  }

  /** Each viewer's progress on the programme held on air on their channel: that programme's own length. */
  #learnFromViewers(state: AppState): void {
    const entries = state.nowPlaying.data;
    const rows = state.onNow.data?.channels;
    if (!entries || !rows) return;
    let learned = false;
    let byNumber: Map<number, GuideNowRow> | null = null;
    for (const entry of entries) {
      if (entry.channelNumber === null || !entry.progress || entry.progress.durationSeconds <= 0) continue;
      byNumber ??= new Map(rows.map((r) => [r.number, r]));
      const row = byNumber.get(entry.channelNumber);
      const program = row ? programmeWatched(entry, row.now) : null;
      if (row && program && this.times.learnDuration(row.id, program, entry.progress.durationSeconds)) learned = true;
    }
    if (learned) this.#timesLearned();
  }

  #timesLearned(): void {
    const store = this.#deps.store;
    const resource = store.state.onNow;
    if (resource.data) {
      const timed = timedOnNow(resource.data, this.times);
      if (timed !== resource.data) store.update({ onNow: { ...resource, data: timed } });
    }
    const following = this.#following;
    // the rows move on as of now, and the next programme end is followed from the own ends
    if (following && active(following.server.mode)) following.schedules.catchUp(following.server.connection);
    this.guide.timesMoved(this.times.version);
  }

  /** A different server than the one the state shows: its data goes. */
  #forgetOtherServer(url: string): void {
    if (this.#deps.store.state.server?.url === url) return;
    this.#deps.store.update(() => ({
      server: { url, name: null },
      ...emptyServerResources(),
    }));
    this.guide.clear();
    this.times.clear();
  }
}
