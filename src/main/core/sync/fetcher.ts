import { hasRoute, ROUTES, unreadableText, type Unreadable, type Capabilities, type NowPlayingEntry, type Packages, type PublicRoutes, type Session, type Status } from '../../../shared/airwave';
import { toDisposable } from '../../common/disposable';
import { isApiError, isMissingRoute, type AirwaveClient } from '../client';
import { nextSessionsSupport, sessionsOutcome, shouldAskSessions, type SessionsOutcome } from '../viewers/session-semantics';
import { emptyResource, freshResource, type AppState } from '../state';
import type { SyncDeps } from './config';
import { describe, isRefusedAnswer, logRefusedOnce } from './reporting';
import type { Connection } from './connection';
import type { FollowedServer } from './followed-server';
import { advanceOnNow, changedChannels, timedOnNow, type HeldOnNow } from './on-now';

/** The endpoint each fetched resource reads (for the log's sentences). */
const ENDPOINTS: Readonly<Record<string, string>> = { status: 'GET /status', count: 'GET /sessions/count', nowPlaying: 'GET /now-playing', onNow: 'GET /guide/now' };

/** Where a failed request goes: the connection's failure handling, unless the caller collects them first. */
type FailureReport = (error: unknown, resource: keyof AppState) => void;
const failTo = (conn: Connection): FailureReport => (error, resource) => conn.fail(error, resource);

/**
 * The resource fetcher: the one place the engine sends requests to its server. One request in
 * flight per resource (a call while one runs asks for one more run after it); answers are checked
 * by the client against the contract and committed into the state only while the connection they
 * belong to is current; failures go to that connection.
 */

/** The open body of `/events`. */
export type EventBody = Awaited<ReturnType<AirwaveClient['openEvents']>>;

export class ResourceFetcher {
  readonly #server: FollowedServer;
  readonly #deps: SyncDeps;
  readonly #afterOnNow: (connection: Connection, changed: ReadonlySet<number> | null) => void;
  /** per endpoint, the last sentence logged about what its answer left out (said once, not at every refresh) */
  readonly #saidUnreadable = new Map<string, string | null>();

  /**
   * `afterOnNow` runs after every committed `/guide/now` (to plan the next one), with the channels
   * whose programme on now changed (null for the first answer).
   */
  constructor(server: FollowedServer, deps: SyncDeps, afterOnNow: (connection: Connection, changed: ReadonlySet<number> | null) => void) {
    this.#server = server;
    this.#deps = deps;
    this.#afterOnNow = afterOnNow;
  }

  /**
   * `/capabilities` (null from older servers that lack it) and `/status`, read one after the other
   * on connect and committed together. Failures are thrown to the caller.
   */
  async handshake(conn: Connection): Promise<{ capabilities: Capabilities | null; status: Status }> {
    const client = this.#server.client;
    // The routes this server has, from its keyless OpenAPI document, so no route is found by trying
    // it: asked alongside, never waited for (an optional document, capped and with its own short
    // deadline: client/optional.ts), and committed when it comes.
    void this.#routes(conn);
    let capabilities: Capabilities | null = null;
    try {
      capabilities = await conn.run((signal) => client.capabilities({ signal }));
    } catch (error) {
      // Older servers may not have /capabilities: read that as "no optional features". One this app
      // cannot read is read the same way (the app polls), and said in the log.
      if (!(isApiError(error) && (error.kind === 'not-found' || error.kind === 'bad-response'))) throw error;
      if (error.kind === 'bad-response') this.#deps.log(`${error.message} (following without optional features)`);
    }
    const status = await conn.run((signal) => client.status({ signal }));
    this.#noteUnreadable('GET /capabilities', capabilities);
    this.#noteUnreadable('GET /status', status);
    conn.ifCurrent(() => {
      const now = this.#deps.clock.now();
      this.#deps.store.update((state) => ({
        capabilities: capabilities ? freshResource(capabilities, now) : { data: null, updatedAt: now, error: null },
        status: freshResource(status, now),
        server: state.server ? { ...state.server, name: status.name ?? state.server.name } : state.server,
      }));
    });
    return { capabilities, status };
  }

  /** Reads the route list and commits it (null when there is none or it could not be had: routes are then tried as before). */
  async #routes(conn: Connection): Promise<void> {
    let routes: PublicRoutes | null = null;
    try {
      routes = await conn.run((signal) => this.#server.client.openApi({ signal }));
    } catch (error) {
      if (!isApiError(error) || error.kind === 'cancelled') return; // a replaced connection, or cancelled
      // no document (older servers, the published interface), an unreadable, oversized or slow one
    }
    conn.ifCurrent(() => {
      const sessionsRoute = hasRoute(routes, ROUTES.sessions);
      if (sessionsRoute === false) this.#server.sessionsSupport = { state: 'absent' };
      else if (sessionsRoute && this.#server.sessionsSupport.state === 'absent') this.#server.sessionsSupport = { state: 'unknown' };
      this.#deps.store.update(() => ({ routes }));
    });
  }

  /**
   * Opens `/events`; `signal` closes it (the stream has a signal of its own, for the silence
   * watchdog). The open body is registered with the connection, so it closes with it.
   */
  openEvents(conn: Connection, signal: AbortSignal): Promise<EventBody> {
    return conn.run(async () => {
      const body = await this.#server.client.openEvents({ signal });
      conn.add(toDisposable(() => body.destroy()));
      return body;
    });
  }

  /**
   * Count, viewers and what is on now, fetched together after every (re)connect. A route the server
   * lacks is reported once all three have answered, the guide's before the viewers' (a server
   * without a viewer list stops there): so each view says what this server lacks, none waits for
   * ever on a request the stop cancelled.
   */
  async resync(conn: Connection): Promise<void> {
    const missing: [unknown, keyof AppState][] = [];
    const report: FailureReport = (error, resource) => (isMissingRoute(error) ? void missing.push([error, resource]) : conn.fail(error, resource));
    await conn.run(() => Promise.all([this.count(conn, report), this.viewers(conn, report), this.onNow(conn, report)]));
    const viewersLast = (resource: keyof AppState) => (resource === 'onNow' ? 0 : 1);
    for (const [error, resource] of missing.sort((a, b) => viewersLast(a[1]) - viewersLast(b[1]))) conn.fail(error, resource);
  }

  status(conn: Connection): Promise<void> {
    return this.#fetch(conn, 'status', 'status', (client, signal) => client.status(this.#options(signal)), (status, now) =>
      this.#deps.store.update((state) => ({
        status: freshResource(status, now),
        // older servers (0.14) send no counts: the count then comes from /sessions/count alone
        ...(typeof status.counts?.activeSessions === 'number' ? { sessionCount: freshResource(status.counts.activeSessions, now) } : {}),
        server: state.server ? { ...state.server, name: status.name ?? state.server.name } : state.server,
      })),
    );
  }

  count(conn: Connection, report = failTo(conn)): Promise<void> {
    return this.#fetch(conn, 'count', 'sessionCount', (client, signal) => client.sessionCount(this.#options(signal)), ({ count }, now) => {
      this.#server.lastCount = count;
      this.#server.lastSyncAt = now;
      this.#deps.store.update({ sessionCount: freshResource(count, now) });
    }, report);
  }

  /**
   * `/now-playing`, and `/sessions` where the server has it, committed together (with the
   * channel-change marks of the bursts that asked for them, and on a new epoch the gap's start).
   */
  viewers(conn: Connection, report = failTo(conn)): Promise<void> {
    return this.#single(conn, 'viewers', async () => {
      const server = this.#server;
      const client = server.client;
      const askSessions = shouldAskSessions(server.sessionsSupport, this.#deps.clock.monotonic());
      try {
        const [nowPlaying, sessions] = await conn.run((signal) =>
          Promise.all([
            client.nowPlaying(this.#options(signal)),
            askSessions ? client.sessions(this.#options(signal)).catch((error: unknown) => sessionsFailure(error)) : Promise.resolve(null),
          ]),
        );
        this.#noteUnreadable('GET /now-playing', nowPlaying);
        if (sessions && typeof sessions === 'object') this.#noteUnreadable('GET /sessions', sessions);
        conn.ifCurrent(() => {
          const now = this.#deps.clock.now();
          const outcome: SessionsOutcome | null = sessions === null ? null : typeof sessions === 'string' ? sessions : 'ok';
          if (outcome) server.sessionsSupport = nextSessionsSupport(server.sessionsSupport, outcome, this.#deps.clock.monotonic());
          if (outcome === 'malformed') this.#deps.log('/sessions answered badly: viewers are users on devices for now; asking again later');
          const baseline = server.baselinePending;
          server.baselinePending = false;
          server.lastSyncAt = now;
          const channelChanges = [...server.channelChanges];
          server.channelChanges.clear();
          this.#deps.store.update((state) => ({
            nowPlaying: freshResource<NowPlayingEntry[]>(nowPlaying.nowPlaying, now),
            sessions:
              outcome === 'absent' || outcome === 'malformed' || server.sessionsSupport.state === 'absent'
                ? { ...emptyResource<Session[]>(), supported: false }
                : sessions && typeof sessions === 'object'
                  ? { ...freshResource(sessions.sessions, now), supported: true }
                  : state.sessions,
            viewerEpoch: baseline ? state.viewerEpoch + 1 : state.viewerEpoch,
            awaySince: baseline ? server.awaySince : state.awaySince,
            channelChanges,
          }));
        });
      } catch (error) {
        report(error, 'nowPlaying');
      }
    });
  }

  /** `/now-playing` alone (after playback events: nobody came, went or moved). */
  nowPlaying(conn: Connection): Promise<void> {
    return this.#fetch(conn, 'nowPlaying', 'nowPlaying', (client, signal) => client.nowPlaying(this.#options(signal)), ({ nowPlaying }, now) => {
      this.#server.lastSyncAt = now;
      this.#deps.store.update({ nowPlaying: freshResource<NowPlayingEntry[]>(nowPlaying, now), channelChanges: [] });
    });
  }

  onNow(conn: Connection, report = failTo(conn)): Promise<void> {
    return this.#fetch(conn, 'onNow', 'onNow', (client, signal) => client.guideNow(this.#options(signal)), (onNow, now) => {
      const before = this.#deps.store.state.onNow.data;
      // an answer may already hold a programme that has ended (a slow server): held as of now
      // a programme's own end where the app holds it, not the stretched one (shared/programme-times.ts)
      const { held } = advanceOnNow(timedOnNow(onNow, this.#deps.times), now, true);
      this.#deps.store.update({ onNow: freshResource<HeldOnNow>(held, now) });
      this.#afterOnNow(conn, before ? changedChannels(before, held) : null);
    }, report);
  }

  /**
   * Whether the server has `/packages`: its OpenAPI document says so, or (without one) it has the
   * guide, which came with it in 0.14.68. False also once it answered 404; null while not known.
   */
  packagesRoute(): boolean | null {
    const state = this.#deps.store.state;
    if (state.packages.supported === false) return false;
    const listed = hasRoute(state.routes, ROUTES.packages);
    if (listed !== null) return listed;
    return state.onNow.data ? true : null;
  }

  /**
   * `/packages`, where the server has it (see packagesRoute; nothing is asked otherwise). A 404
   * means it has none: no group control. Any other failure keeps what is held, with its reason;
   * only a rejected key is the connection's failure.
   */
  packages(conn: Connection): Promise<void> {
    if (this.packagesRoute() !== true) {
      if (hasRoute(this.#deps.store.state.routes, ROUTES.packages) === false) this.#noPackages();
      return Promise.resolve();
    }
    return this.#single(conn, 'packages', async () => {
      try {
        const answer = await conn.run((signal) => this.#server.client.packages(this.#options(signal)));
        this.#noteUnreadable('GET /packages', answer);
        const { packages } = answer;
        conn.ifCurrent(() => this.#deps.store.update({ packages: { ...freshResource<Packages['packages']>(packages, this.#deps.clock.now()), supported: true } }));
      } catch (error) {
        if (isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'cancelled')) return conn.fail(error, 'packages');
        conn.ifCurrent(() => {
          if (isApiError(error) && error.kind === 'not-found') this.#noPackages();
          else {
            if (isRefusedAnswer(error)) logRefusedOnce(this.#deps, error);
            this.#deps.store.update((state) => ({ packages: { ...state.packages, error: describe(error) } }));
          }
        });
      }
    });
  }

  /** The server has no `/packages`: nothing held, and no group control (asked again on a later connect at the earliest). */
  #noPackages(): void {
    if (this.#deps.store.state.packages.supported === false) return;
    this.#deps.store.update({ packages: { data: null, updatedAt: this.#deps.clock.now(), error: null, supported: false } });
  }

  /**
   * What is on now moves on by itself (on-now.ts), with no request: the held rows as of now. The
   * channels whose programme on now changed (empty when none did).
   */
  advanceOnNow(conn: Connection): ReadonlySet<number> {
    const resource = this.#deps.store.state.onNow;
    if (!resource.data || !conn.isCurrent()) return new Set();
    const { held, changed } = advanceOnNow(resource.data, this.#deps.clock.now());
    if (changed.length === 0) return new Set();
    this.#deps.store.update({ onNow: { ...resource, data: held } });
    return changedChannels(resource.data, held);
  }

  /** One resource: fetched once at a time, committed while its connection is current, a failure reported against `resource`. */
  #fetch<T>(
    conn: Connection,
    name: string,
    resource: keyof AppState,
    request: (client: AirwaveClient, signal: AbortSignal) => Promise<T>,
    commit: (value: T, now: number) => void,
    report = failTo(conn),
  ): Promise<void> {
    return this.#single(conn, name, async () => {
      try {
        const value = await conn.run((signal) => request(this.#server.client, signal));
        this.#noteUnreadable(ENDPOINTS[name] ?? name, value);
        conn.ifCurrent(() => commit(value, this.#deps.clock.now()));
      } catch (error) {
        report(error, resource);
      }
    });
  }

  /** What an answer left out or read as unknown, in the log: once while it stays the same (issue 33). */
  #noteUnreadable(endpoint: string, answer: unknown): void {
    const unreadable = (answer as { unreadable?: Unreadable } | null)?.unreadable;
    const sentence = unreadable ? unreadableText(unreadable, endpoint) : null;
    if (sentence !== null && sentence !== this.#saidUnreadable.get(endpoint)) this.#deps.log(sentence);
    this.#saidUnreadable.set(endpoint, sentence);
  }

  /** A request's options: the user's own when it starts during the user's Refresh (see FollowedServer.userAction). */
  #options(signal: AbortSignal): { signal: AbortSignal; user?: boolean } {
    return this.#server.userAction ? { signal, user: true } : { signal };
  }

  /** One request in flight per resource: a call while one runs asks for one more run after it. */
  #single(conn: Connection, name: string, work: () => Promise<void>): Promise<void> {
    const flights = conn.flights;
    const running = flights.get(name);
    if (running) {
      running.again = true;
      return running.done;
    }
    const flight = { again: false, done: Promise.resolve() };
    flight.done = (async () => {
      do {
        flight.again = false;
        await work();
      } while (flight.again); // (a replaced connection starts no request: conn.run refuses)
    })().finally(() => {
      if (flights.get(name) === flight) flights.delete(name);
    });
    flights.set(name, flight);
    return flight.done;
  }
}

/** `/sessions` is beyond the documented interface: how its failure bears on asking it again (a rejected key is everyone's failure). */
function sessionsFailure(error: unknown): SessionsOutcome {
  if (isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'cancelled')) throw error;
  return sessionsOutcome(error);
}
