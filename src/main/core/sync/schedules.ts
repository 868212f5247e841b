import { resourceAge, type AppState } from '../state';
import type { EngineConfig, SyncDeps, Tuning } from './config';
import type { Connection } from './connection';
import type { ResourceFetcher } from './fetcher';
import type { FollowedServer } from './followed-server';
import { backoffDelay } from './jobs';
import { loseNextAt, nextChange, runsOutAt } from './on-now';

/**
 * The engine's schedules: count polling, `/guide/now` at programme boundaries, the slow status
 * check (the safety resync while live), and when to try again after a failure. Each schedule's
 * delay is computed in exactly one function below, so limits can be added in one place.
 */

// ------------------------------------------------------------ delays

/**
 * The floor and ceiling of every schedule, whatever the tuning, a server's clock or its
 * Retry-After say: nothing is asked sooner than its floor, and nothing waits longer than its
 * ceiling (so a programme ending in 2099 is not waited for, and a past boundary is not a loop).
 */
export const LIMITS = {
  /** count polling: a last line below the user's setting (validated elsewhere) */
  poll: { min: 1_000, max: 60 * 60_000 },
  /** `/status` and the safety resync */
  slow: { min: 30_000, max: 30 * 60_000 },
  /** `/guide/now`: never sooner than this after the last one; at most this long when idle */
  onNow: { min: 5_000, max: 30 * 60_000 },
  /** reconnecting after a failure or a stream loss; a failure's Retry-After is bounded here (the client reports it as sent) */
  retry: { min: 1_000, max: 5 * 60_000 },
  /** a refused stream is tried again within this, its Retry-After included */
  streamRetry: { min: 30_000, max: 60 * 60_000 },
  /** a server that is not (a compatible) Airwave */
  incompatible: { min: 1_000, max: 30 * 60_000 },
  /** re-checking a rejected key with one cheap request */
  keyRecheck: { min: 60_000, max: 60 * 60_000 },
  /** `/packages`: never again within a minute of the last answer; at least hourly */
  packages: { min: 60_000, max: 60 * 60_000 },
} as const;

/** Polling a server whose count is unknown (it could not be read): its viewer lists at most this often (issue 48). */
export const UNKNOWN_COUNT_VIEWERS_MS = 60_000;

/** `ms` within `[min, max]`; NaN (from garbage) is the floor. */
export function bounded(ms: number, limit: { min: number; max: number }): number {
  return Number.isNaN(ms) ? limit.min : Math.min(limit.max, Math.max(limit.min, ms));
}

/** Polling: the user's interval. */
export function pollDelay(config: EngineConfig): number {
  return bounded(config.pollSeconds * 1000, LIMITS.poll);
}

/** `/status` (and, while live, the safety resync). */
export function slowResyncDelay(tuning: Tuning): number {
  return bounded(tuning.slowResyncMs, LIMITS.slow);
}

/** the earlier of two moments, either of which may be missing */
const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * Next `/guide/now`. Programmes that end are followed from what is held (on-now.ts: `next` becomes
 * `now` without a request); the server is asked again when some channel runs past what it holds
 * (and, while the popover is open, when a channel's `next` becomes `now`, leaving it no next), plus
 * jitter, but no sooner than the refetch interval after the last answer: `guideNowOpenMs`
 * while the popover is open, `guideNowClosedMs` while it is closed. Always at least
 * `LIMITS.onNow.min` after the last one (and 1 s from now), and at most `LIMITS.onNow.max` from now
 * (nothing that ends, or an end in 2099).
 */
export function onNowDelay(state: AppState, now: number, popoverOpen: boolean, tuning: Tuning, random: () => number): number {
  const held = state.onNow.data;
  // open, also when a row is about to lose its "next" (closed, nobody reads it: the tray needs only now)
  const due = held ? earliest(runsOutAt(held, now), popoverOpen ? loseNextAt(held, now) : null) : null;
  let delay = due === null ? LIMITS.onNow.max : due - now + Math.round(random() * tuning.guideNowJitterMs);
  const age = resourceAge(state.onNow, now);
  delay = Math.max(delay, (popoverOpen ? tuning.guideNowOpenMs : tuning.guideNowClosedMs) - age);
  delay = Math.max(delay, LIMITS.onNow.min - age, 1_000);
  return Math.min(delay, LIMITS.onNow.max);
}

/** When the held rows next change by themselves (on-now.ts), within the `/guide/now` ceiling; null when nothing will. */
export function onNowAdvanceDelay(state: AppState, now: number): number | null {
  const at = state.onNow.data ? nextChange(state.onNow.data, now) : null;
  return at === null ? null : Math.min(Math.max(at - now, 0), LIMITS.onNow.max);
}

/** A malformed `/guide/now` is tried again after this. */
export function onNowRetryDelay(): number {
  return 60_000;
}

/**
 * Next `/packages`, `age` after the last answer (infinite: never asked). `soon` (a connect, the
 * guide's first answer): now, unless it was read within the minute. Otherwise an hour after the
 * last answer, and never sooner than a minute from now.
 */
export function packagesDelay(age: number, soon: boolean): number {
  if (soon && age >= LIMITS.packages.min) return 0;
  return bounded(LIMITS.packages.max - age, LIMITS.packages);
}

/** After a failure: backoff with jitter, or the server's Retry-After if longer, within the cap (at most 5 minutes). */
export function failureRetryDelay(attempt: number, random: () => number, tuning: Tuning, retryAfterMs: number): number {
  const delay = backoffDelay(attempt, random(), tuning.backoffBaseMs, tuning.backoffCapMs);
  return bounded(Math.min(tuning.backoffCapMs, Math.max(delay, retryAfterMs)), LIMITS.retry);
}

/** After a stream that died young: backoff with jitter. */
export function streamLossDelay(attempt: number, random: () => number, tuning: Tuning): number {
  return bounded(backoffDelay(attempt, random(), tuning.backoffBaseMs, tuning.backoffCapMs), LIMITS.retry);
}

/** A server that is not a (compatible) Airwave server is asked again this much later. */
export function incompatibleRetryDelay(tuning: Tuning): number {
  return bounded(tuning.backoffCapMs, LIMITS.incompatible);
}

/** A refused stream: at least `streamRetryMs`, longer when the server asks for it, at most an hour. */
export function streamRefusedDelay(tuning: Tuning, retryAfterMs: number): number {
  return bounded(Math.max(retryAfterMs, tuning.streamRetryMs), LIMITS.streamRetry);
}

/** A rejected key is re-checked this often (with one cheap request). */
export function keyRecheckDelay(tuning: Tuning): number {
  return bounded(tuning.keyRecheckMs, LIMITS.keyRecheck);
}

// ------------------------------------------------------------ schedules

/** The timers that keep one followed server's data current, on its current connection. */
export class Schedules {
  readonly #server: FollowedServer;
  readonly #deps: SyncDeps;
  readonly #fetcher: ResourceFetcher;
  readonly #popoverOpen: () => boolean;

  constructor(server: FollowedServer, deps: SyncDeps, fetcher: ResourceFetcher, popoverOpen: () => boolean) {
    this.#server = server;
    this.#deps = deps;
    this.#fetcher = fetcher;
    this.#popoverOpen = popoverOpen;
  }

  /**
   * `/sessions/count` every poll interval; the viewer list only when the count moved (or the
   * popover is open). A count that is unknown (it could not be read) cannot say when the list
   * moved: the list is then read at most once every UNKNOWN_COUNT_VIEWERS_MS.
   */
  poll(conn: Connection): void {
    conn.schedule('poll', pollDelay(this.#server.config), () => {
      this.poll(conn);
      void this.#pollTick(conn);
    });
  }

  async #pollTick(conn: Connection): Promise<void> {
    const server = this.#server;
    const before = server.lastCount;
    await this.#fetcher.count(conn);
    const unknown = server.lastCount === null && (server.viewersReadAt === null || this.#deps.clock.monotonic() - server.viewersReadAt >= UNKNOWN_COUNT_VIEWERS_MS);
    if (server.lastCount !== before || unknown || this.#popoverOpen()) await this.#fetcher.viewers(conn);
  }

  /** The slow status check, every 5 minutes. */
  slow(conn: Connection): void {
    conn.schedule('slow', slowResyncDelay(this.#deps.tuning), () => void this.#slowTick(conn));
  }

  /**
   * `/status`. While live it doubles as the safety resync (delivery is best effort): when its
   * active-session count moved since the last look and disagrees with the viewer list we hold,
   * an event was lost and the viewers are refetched.
   */
  async #slowTick(conn: Connection): Promise<void> {
    this.slow(conn);
    const before = this.#deps.store.state.status.data?.counts?.activeSessions;
    await this.#fetcher.status(conn);
    conn.ifCurrent(() => {
      if (this.#server.mode !== 'events') return;
      const state = this.#deps.store.state;
      const after = state.status.data?.counts?.activeSessions;
      // What the viewer list we hold says; events that did arrive already brought it up to date.
      const known = state.sessions.supported && state.sessions.data ? state.sessions.data.length : state.nowPlaying.data?.length;
      if (after !== before && after !== known) void this.#fetcher.viewers(conn);
    });
    // the server counts its packages: a count unlike the list held means the groups changed
    conn.ifCurrent(() => {
      const state = this.#deps.store.state;
      const counted = state.status.data?.counts?.packages;
      const held = state.packages.data;
      if (typeof counted === 'number' && held && counted !== held.length && resourceAge(state.packages, this.#deps.clock.now()) >= LIMITS.packages.min) {
        this.packages(conn, true);
      }
    });
  }

  /**
   * The next `/packages` (see packagesDelay): at once when `soon` and it was not read in the last
   * minute, else hourly. One job, replaced by each call; a request already running is not doubled.
   */
  packages(conn: Connection, soon = false): void {
    const age = resourceAge(this.#deps.store.state.packages, this.#deps.clock.now());
    conn.schedule('packages', packagesDelay(age, soon), () => {
      if (conn.flights.has('packages')) return void conn.flights.get('packages')!.done.then(() => conn.ifCurrent(() => this.packages(conn)));
      void this.#fetcher.packages(conn).then(() => conn.ifCurrent(() => this.packages(conn)));
    });
  }

  /**
   * What is on now answered: ask `/packages` now (at most once a minute, see packagesDelay) when it
   * was never asked of this server (it came with the guide), or when a row names a package the held
   * list does not have (the server renamed its package ids, maybe with the same count: issue 34).
   */
  packagesIfNew(conn: Connection): void {
    if (this.#fetcher.packagesRoute() !== true) return;
    const { packages, onNow } = this.#deps.store.state;
    if (packages.updatedAt === null) return this.packages(conn, true);
    const held = packages.data;
    if (!held || !onNow.data) return;
    const ids = new Set(held.map((pkg) => pkg.id));
    if (onNow.data.channels.some((row) => row.package !== null && !ids.has(row.package.id))) this.packages(conn, true);
  }

  /** The next `/guide/now` (see `onNowDelay`), and the next change worked out from what is held. */
  onNow(conn: Connection): void {
    const { store, clock, tuning, random } = this.#deps;
    conn.schedule('on-now', onNowDelay(store.state, clock.now(), this.#popoverOpen(), tuning, random), () => void this.#fetcher.onNow(conn));
    this.#onNowAdvance(conn);
  }

  /**
   * While the popover is open, at each programme end the held rows move on (no request), so the
   * page's rows and its summary follow. While it is closed nothing reads every row: no timer runs
   * per programme end (at 3,000 channels one ends about every second); the tray works out what its
   * few rows show as it draws them and keeps one timer of its own (tray.ts), and the rows move on
   * at once when the popover opens (`catchUp`). The next `/guide/now` stays where it was planned:
   * it is already due when the first row runs out, and moving it here would let programme ends push
   * the ceiling back for ever.
   */
  #onNowAdvance(conn: Connection): void {
    const delay = this.#popoverOpen() ? onNowAdvanceDelay(this.#deps.store.state, this.#deps.clock.now()) : null;
    if (delay === null) return conn.cancel('on-now-advance');
    conn.schedule('on-now-advance', delay, () => this.#advance(conn));
  }

  #advance(conn: Connection): void {
    const changed = this.#fetcher.advanceOnNow(conn);
    this.#onNowAdvance(conn);
    this.viewersIfWatched(conn, changed);
  }

  /**
   * The popover opened: the held rows are worked out as of now (what was on when it closed may
   * have ended since), and the programme ends are followed again while it stays open.
   */
  catchUp(conn: Connection): void {
    this.#fetcher.advanceOnNow(conn);
    this.#onNowAdvance(conn);
  }

  /** The popover closed: programme ends are no longer followed one by one. */
  closed(conn: Connection): void {
    conn.cancel('on-now-advance');
  }

  /**
   * The programme a viewer sees changed on their channel: the open popover shows it at once (closed,
   * the tray reads the new programme from the held rows instead). Only then are the viewers asked
   * for, not at every `/guide/now`.
   */
  viewersIfWatched(conn: Connection, changed: ReadonlySet<number> | null): void {
    if (!changed || changed.size === 0 || !this.#popoverOpen()) return;
    const watched = this.#deps.store.state.nowPlaying.data?.some((entry) => entry.channelNumber !== null && changed.has(entry.channelNumber)) ?? false;
    if (watched) void this.#fetcher.viewers(conn);
  }

  /** A malformed `/guide/now`: try it again in a while, without taking the connection down. */
  onNowRetry(conn: Connection): void {
    conn.schedule('on-now', onNowRetryDelay(), () => void this.#fetcher.onNow(conn));
  }

  /** While the stream is blocked, polling tries it again when the block ends. */
  streamRetry(conn: Connection, reconnect: () => void): void {
    const blockedFor = this.#server.stream.blockedUntil - this.#deps.clock.monotonic();
    if (this.#deps.store.state.capabilities.data?.sse.supported && blockedFor > 0) conn.schedule('stream-retry', blockedFor, reconnect);
  }

  /** Connect again after `delay`. */
  reconnect(conn: Connection, delay: number, reconnect: () => void): void {
    conn.schedule('reconnect', delay, reconnect);
  }
}
