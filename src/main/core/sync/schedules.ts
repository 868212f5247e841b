import { resourceAge, type AppState } from '../state';
import type { EngineConfig, SyncDeps, Tuning } from './config';
import type { Connection } from './connection';
import type { ResourceFetcher } from './fetcher';
import type { FollowedServer } from './followed-server';
import { backoffDelay } from './jobs';

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
} as const;

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

/**
 * Next `/guide/now`: when the first current programme ends (plus jitter); with the popover closed,
 * no sooner than `guideNowClosedMs` after the last one. Always at least `LIMITS.onNow.min` after
 * the last one (and 1 s from now), and at most `LIMITS.onNow.max` from now (no boundary, or one in 2099).
 */
export function onNowDelay(state: AppState, now: number, popoverOpen: boolean, tuning: Tuning, random: () => number): number {
  const boundary = earliestBoundary(state, now);
  let delay = boundary === null ? LIMITS.onNow.max : boundary - now + Math.round(random() * tuning.guideNowJitterMs);
  const age = resourceAge(state.onNow, now);
  if (!popoverOpen) delay = Math.max(delay, tuning.guideNowClosedMs - age);
  delay = Math.max(delay, LIMITS.onNow.min - age, 1_000);
  return Math.min(delay, LIMITS.onNow.max);
}

/** A malformed `/guide/now` is tried again after this. */
export function onNowRetryDelay(): number {
  return 60_000;
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

/**
 * When the first programme on now ends (or, past that, the first "next" one), if any. A row with
 * nothing on (a break: real servers' `/guide/now` has `now: null` during one) changes when its next
 * programme starts.
 */
export function earliestBoundary(state: AppState, now: number): number | null {
  let earliest: number | null = null;
  for (const row of state.onNow.data?.channels ?? []) {
    for (const program of [row.now, row.next]) {
      if (!program) continue;
      const start = Date.parse(program.startsAt);
      const end = start > now ? start : Date.parse(program.endsAt);
      if (end > now) {
        if (earliest === null || end < earliest) earliest = end;
        break;
      }
    }
  }
  return earliest;
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

  /** `/sessions/count` every poll interval; the viewer list only when the count moved (or the popover is open). */
  poll(conn: Connection): void {
    conn.schedule('poll', pollDelay(this.#server.config), () => {
      this.poll(conn);
      void this.#pollTick(conn);
    });
  }

  async #pollTick(conn: Connection): Promise<void> {
    const before = this.#server.lastCount;
    await this.#fetcher.count(conn);
    if (this.#server.lastCount !== before || this.#popoverOpen()) await this.#fetcher.viewers(conn);
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
  }

  /** The next `/guide/now` (see `onNowDelay`). */
  onNow(conn: Connection): void {
    const { store, clock, tuning, random } = this.#deps;
    conn.schedule('on-now', onNowDelay(store.state, clock.now(), this.#popoverOpen(), tuning, random), () => {
      void this.#fetcher.onNow(conn);
      // The programme a viewer sees changes at a boundary too; the open popover shows it at once
      // (closed, the tray menu reads the new programme from the guide rows instead).
      if (this.#popoverOpen() && (store.state.nowPlaying.data?.length ?? 0) > 0) void this.#fetcher.viewers(conn);
    });
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
