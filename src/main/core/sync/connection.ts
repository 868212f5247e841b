import type { Clock } from '../../common/clock';
import { DisposableStore, type Disposable } from '../../common/disposable';
import type { AppState } from '../state';
import { Jobs } from './jobs';

/**
 * One connection to the followed server, from one (re)connect to the next: its named timers, the
 * abort signal of every request it makes, its event stream and its requests in flight, all undone
 * together by one DisposableStore. `isCurrent()` is the one check that drops whatever an old
 * connection was still doing: every timer, request, result and state change goes through it here.
 */

/** What a result of a replaced connection turns into; nobody acts on it. */
export class ConnectionReplaced extends Error {
  override readonly name = 'ConnectionReplaced';
  constructor() {
    super('The connection was replaced before this finished.');
  }
}

/** A resource request running for this connection; `again` asks for one more run after it. */
export interface Flight {
  again: boolean;
  done: Promise<void>;
}

export type FailureHandler = (error: unknown, resource: keyof AppState | null) => void;

export class Connection implements Disposable {
  readonly #disposables = new DisposableStore();
  readonly #jobs: Jobs;
  readonly #abort = new AbortController();
  readonly #onFailure: FailureHandler;
  #current = true;
  /** one entry per resource being fetched (see ResourceFetcher) */
  readonly flights = new Map<string, Flight>();

  constructor(clock: Clock, onFailure: FailureHandler) {
    this.#jobs = new Jobs(clock);
    this.#onFailure = onFailure;
    this.#disposables.defer(() => this.#jobs.cancelAll());
    this.#disposables.defer(() => this.#abort.abort());
  }

  /** False once the connection was replaced or ended. */
  isCurrent(): boolean {
    return this.#current;
  }

  /**
   * Starts `work` (given this connection's abort signal) unless the connection was replaced, and
   * settles with its outcome only while it is still current: otherwise with ConnectionReplaced.
   */
  async run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (!this.#current) throw new ConnectionReplaced();
    let value: T;
    try {
      value = await work(this.#abort.signal);
    } catch (error) {
      throw this.#current ? error : new ConnectionReplaced();
    }
    if (!this.#current) throw new ConnectionReplaced();
    return value;
  }

  /** Runs `effect` (a commit, a change of mode) only while this connection is current. */
  ifCurrent(effect: () => void): void {
    if (this.#current) effect();
  }

  /** Wraps a callback (an event-stream handler) so that it does nothing once replaced. */
  bind<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
    return (...args) => this.ifCurrent(() => callback(...args));
  }

  /** A named timer of this connection (one per name: scheduling again replaces it). */
  schedule(name: string, ms: number, run: () => void): void {
    this.ifCurrent(() => this.#jobs.schedule(name, ms, () => this.ifCurrent(run)));
  }

  /** Drops a named timer (none pending: nothing happens). */
  cancel(name: string): void {
    this.#jobs.cancel(name);
  }

  hasJob(name: string): boolean {
    return this.#jobs.has(name);
  }

  /** Names of pending timers, sorted. */
  get pendingJobs(): string[] {
    return this.#jobs.pending;
  }

  /** Hands a failure of this connection's work to the engine; dropped once replaced. */
  fail(error: unknown, resource: keyof AppState | null = null): void {
    if (error instanceof ConnectionReplaced) return;
    this.ifCurrent(() => this.#onFailure(error, resource));
  }

  /** Registers something to undo with this connection (its event stream). */
  add<T extends Disposable>(item: T): T {
    return this.#disposables.add(item);
  }

  /** Ends the connection: from now on nothing of it runs; its timers, requests and stream are undone. */
  dispose(): Promise<void> {
    this.#current = false;
    return this.#disposables.dispose();
  }
}
