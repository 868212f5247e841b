import type { EventEnvelope } from '../../../shared/airwave';
import type { SessionsSupport } from '../viewers/session-semantics';
import type { AppState } from '../state';
import type { AirwaveClient } from '../client';
import type { Clock } from '../../common/clock';
import type { EngineConfig, Mode } from './config';
import { Connection } from './connection';

/**
 * Everything that belongs to following one server, in one object: its config and client, the
 * current connection, the mode, the backoff attempt, what is known about its event stream and the
 * viewer events waiting to be applied. Following a second server would mean a second one of these.
 */

/** The event stream as the engine sees it across connections. */
export interface StreamRecord {
  /** the current connection's stream, once it is open (destroying it closes the stream) */
  body: { destroy(): void } | null;
  /** streams in a row that died young or went silent */
  badInARow: number;
  /** until then (monotonic ms, see Clock) the stream is not tried (the engine polls meanwhile) */
  blockedUntil: number;
  /** why the engine polls, in words ('' when there is nothing to say) */
  pollReason: string;
  /** the last refusal said the server is full (503): it is busy, see ConnectionView.busy */
  full?: boolean;
}

export type ServerFailureHandler = (connection: Connection, error: unknown, resource: keyof AppState | null) => void;

export class FollowedServer {
  readonly config: EngineConfig;
  readonly client: AirwaveClient;
  /** the current connection; replaced on every (re)connect, suspend and stop */
  connection: Connection;
  mode: Mode = 'idle';
  /** failures in a row, for the backoff; 0 after a success */
  attempt = 0;
  readonly stream: StreamRecord = { body: null, badInARow: 0, blockedUntil: 0, pollReason: '' };
  /** the next viewer list is a baseline for notifications, not news (set on every connect) */
  baselinePending = false;
  /** the last `/sessions/count`, to tell whether the viewer list needs fetching (null: not read, or unknown) */
  lastCount: number | null = null;
  /** when the viewer lists were last read (monotonic), for a server whose count is unknown */
  viewersReadAt: number | null = null;
  /** viewer events waiting for their burst to settle */
  pendingEvents: EventEnvelope[] = [];
  /** channel-change marks from settled bursts, committed with the next viewer update */
  channelChanges = new Set<string>();
  /** whether to ask `/sessions` (asked again later after a malformed answer; see nextSessionsSupport) */
  sessionsSupport: SessionsSupport = { state: 'unknown' };
  /** when viewers (or their count) were last read successfully */
  lastSyncAt: number | null = null;
  /** true only while the user's Refresh starts its requests: they are user actions for the governor */
  userAction = false;
  /** a re-check of a rejected key is running */
  checkingKey = false;
  /** the key was accepted at least once in this run (a later 401 means it was regenerated or revoked) */
  keyWorked = false;
  /** `lastSyncAt` as it was when the current connection began: the start of the gap */
  awaySince: number | null = null;

  readonly #clock: Clock;
  readonly #onFailure: ServerFailureHandler;
  readonly #log: (line: string) => void;
  /** disposals of replaced connections still finishing */
  readonly #disposing = new Set<Promise<void>>();

  constructor(config: EngineConfig, client: AirwaveClient, clock: Clock, log: (line: string) => void, onFailure: ServerFailureHandler) {
    this.config = { ...config };
    this.client = client;
    this.#clock = clock;
    this.#onFailure = onFailure;
    this.#log = log;
    this.connection = this.#newConnection();
  }

  /**
   * Ends the current connection (its timers, requests, stream and late results) and begins the
   * next one, with nothing pending yet.
   */
  renew(mode: Mode = 'idle'): Connection {
    const disposal = this.connection.dispose().catch((error: unknown) => this.#log(`closing a connection failed: ${String(error)}`));
    this.#disposing.add(disposal);
    void disposal.finally(() => this.#disposing.delete(disposal));
    this.pendingEvents = [];
    this.channelChanges.clear();
    this.stream.body = null;
    this.mode = mode;
    this.connection = this.#newConnection();
    return this.connection;
  }

  /** Stops following: the current connection is undone too. Resolves once every connection is. */
  async end(): Promise<void> {
    this.renew('stopped');
    await Promise.all([this.connection.dispose(), this.settled()]);
  }

  /** Resolves once every replaced connection has been undone. */
  async settled(): Promise<void> {
    while (this.#disposing.size > 0) await Promise.all([...this.#disposing]);
  }

  #newConnection(): Connection {
    const connection: Connection = new Connection(this.#clock, (error, resource) => this.#onFailure(connection, error, resource));
    return connection;
  }
}
