import type { AuthStyle } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import type { StateStore } from '../state';
import type { Program } from '../../../shared/airwave';
import type { ProgrammeTimes } from '../../../shared/programme-times';

/**
 * What the sync engine is told to follow (EngineConfig), how it paces itself (Tuning), and what
 * every part of it is given to work with (SyncDeps). No behaviour lives here.
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
  /** popover open: `/guide/now` no more often than this (programme ends in between are followed from what is held) */
  guideNowOpenMs: number;
  /** popover closed: `/guide/now` no more often than this */
  guideNowClosedMs: number;
  guideNowJitterMs: number;
  /** a stream that dies younger than this counts as a quick failure */
  minStreamLifeMs: number;
  /** after this many bad streams in a row (died young or went silent), poll and try the stream again later */
  maxQuickStreamFailures: number;
  /** how long to poll before trying a refused stream again */
  streamRetryMs: number;
  /** after the key was rejected, how often one cheap request checks whether it works again */
  keyRecheckMs: number;
}

export const DEFAULT_TUNING: Tuning = {
  eventDebounceMs: 100,
  streamSilenceMs: 45_000,
  slowResyncMs: 5 * 60_000,
  backoffBaseMs: 2_000,
  backoffCapMs: 5 * 60_000,
  guideNowOpenMs: 60_000,
  guideNowClosedMs: 10 * 60_000,
  guideNowJitterMs: 2_000,
  minStreamLifeMs: 30_000,
  maxQuickStreamFailures: 3,
  streamRetryMs: 5 * 60_000,
  keyRecheckMs: 10 * 60_000,
};

/**
 * Where following a server stands: `connecting` (reading capabilities and status), `events` (live
 * on the stream), `polling`, `waiting` (a reconnect is scheduled), `rejected` (the key was
 * rejected: only a slow re-check of the key runs), `stopped` (the engine was stopped), `idle`
 * (between connections, or suspended).
 */
export type Mode = 'idle' | 'connecting' | 'events' | 'polling' | 'waiting' | 'rejected' | 'stopped';

/** What every part of the engine works with. */
export interface SyncDeps {
  clock: Clock;
  store: StateStore;
  tuning: Tuning;
  /** [0, 1); jitter for backoff and boundary refreshes */
  random: () => number;
  /** diagnostics; never given the key */
  log: (line: string) => void;
  /** the programmes' own times read from this server: every programme served says the rule's end (shared/programme-times.ts) */
  times: ProgrammeTimes<Program>;
}
