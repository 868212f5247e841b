import type { Clock, TimerHandle } from '../../common/clock';
import { ApiError } from './errors';
import { messages, t } from '../../common/words';

/**
 * The request governor: the one brake between every scheduler and a server (Airwave has no rate
 * limit of its own). Per client, so per server: at most `maxInFlight` requests at once (the rest
 * wait in a bounded queue, user actions first); identical requests waiting or in flight share one;
 * and outside explicit user actions, the same request starts at most `burst` times in any
 * `burst × spacingMs` (a scheduler that asks twice at one instant is served, one that loops is
 * held to one start per `spacingMs`) and one endpoint family (e.g. every `/channels/by-number/{n}/now`) starts at most `perMinute`
 * times in any 60 s. User actions skip those budgets but not a ceiling of their own: at most
 * `userPerSecond` new user requests start in any second, and the rest are refused at once ('busy'),
 * so a page that asks a thousand times a second cannot turn the app into a flood. It runs on the injected clock, so tests hold it to account in simulated time,
 * and on its monotonic time: the system clock set back a day must not hold requests for a day.
 */

export interface GovernorPolicy {
  /** requests in flight at once to this server (an open event stream holds none) */
  maxInFlight: number;
  /** distinct requests waiting; beyond it a new one is refused at once */
  maxQueued: number;
  /** background only: the same request (path and query) starts at most once per `spacingMs` on average… */
  spacingMs: number;
  /** …with at most this many in any `burst × spacingMs` */
  burst: number;
  /** background only: starts per endpoint family in any 60 s */
  perMinute: number;
  /** user requests (not shared with one already waiting or running) accepted in any second */
  userPerSecond: number;
}

export const DEFAULT_GOVERNOR: GovernorPolicy = { maxInFlight: 4, maxQueued: 256, spacingMs: 250, burst: 4, perMinute: 20, userPerSecond: 10 };

export interface GovernedRequest {
  /** what makes two requests identical, e.g. "GET /guide?forwardMinutes=180" */
  key: string;
  /** for messages, e.g. "GET /guide" */
  endpoint: string;
  /** asked for by the user just now: no spacing or budget, and ahead of the queue */
  user?: boolean;
  /** false for a request that must never be shared (an event stream) */
  coalesce?: boolean;
  signal?: AbortSignal;
}

interface Entry {
  key: string;
  family: string;
  endpoint: string;
  user: boolean;
  running: boolean;
  callers: number;
  controller: AbortController;
  send: (signal: AbortSignal) => Promise<unknown>;
  settle: { resolve(value: unknown): void; reject(error: unknown): void };
  result: Promise<unknown>;
}

const MINUTE = 60_000;
const SECOND = 1_000;

/** "GET /channels/by-number/101/now?x=1" → "GET /channels/by-number/{id}/now": one budget for all numbers. */
export function familyOf(key: string): string {
  const [method, target = ''] = key.split(' ', 2);
  const path = target.split('?')[0] ?? '';
  return `${method} ${path.replace(/\/[^/]*\d[^/]*/g, '/{id}')}`;
}

const cancelled = (endpoint: string, why = messages().client.cancelled) => new ApiError('cancelled', why, { endpoint });

export class RequestGovernor {
  readonly policy: GovernorPolicy;
  readonly #clock: Clock;
  /** entries waiting, in arrival order */
  #queue: Entry[] = [];
  /** waiting or running entries that may be shared, by key */
  readonly #shared = new Map<string, Entry>();
  /** background starts: the recent ones per key, and the last minute's per family */
  readonly #keyStarts = new Map<string, number[]>();
  readonly #window = new Map<string, number[]>();
  /** when the user requests of the last second were accepted */
  readonly #userAccepted: number[] = [];
  #running = 0;
  #wake: TimerHandle | null = null;
  #wakeAt = Number.POSITIVE_INFINITY;
  #closed = false;
  #started = 0;
  #unique = 0;

  constructor(clock: Clock, policy: Partial<GovernorPolicy> = {}) {
    this.#clock = clock;
    this.policy = { ...DEFAULT_GOVERNOR, ...policy };
  }

  /** requests running now */
  get inFlight(): number {
    return this.#running;
  }

  /** distinct requests waiting */
  get queued(): number {
    return this.#queue.length;
  }

  /** requests started since the governor was made (coalesced callers count once) */
  get started(): number {
    return this.#started;
  }

  /** Runs `send` when the policy allows; identical requests share one `send`. */
  run<T>(request: GovernedRequest, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const { endpoint, signal } = request;
    if (signal?.aborted) return Promise.reject(cancelled(endpoint));
    if (this.#closed) return Promise.reject(cancelled(endpoint, messages().client.closed));
    const key = request.coalesce === false ? `${request.key}#${++this.#unique}` : request.key;
    let entry = this.#shared.get(key);
    if (entry) {
      if (request.user && !entry.user) {
        // the user asked for what was waiting on a budget: it goes now, ahead of the queue
        entry.user = true;
        if (!entry.running) this.#pump();
      }
    } else {
      if (request.user && !this.#acceptUser()) {
        return Promise.reject(
          new ApiError('busy', t(messages().client.busy, { limit: String(this.policy.userPerSecond) }), { endpoint }),
        );
      }
      if (this.#queue.length >= this.policy.maxQueued) {
        return Promise.reject(
          cancelled(endpoint, t(messages().client.queueFull, { limit: String(this.policy.maxQueued) })),
        );
      }
      entry = this.#enqueue(key, request, send as (signal: AbortSignal) => Promise<unknown>);
    }
    return this.#attach(entry, signal) as Promise<T>;
  }

  /** The user's own ceiling: true when one more user request fits in the last second. */
  #acceptUser(): boolean {
    const now = this.#clock.monotonic();
    const accepted = this.#userAccepted;
    while (accepted.length && accepted[0]! <= now - SECOND) accepted.shift();
    if (accepted.length >= this.policy.userPerSecond) return false;
    accepted.push(now);
    return true;
  }

  /** Refuses everything waiting; what is running finishes or fails on its own. */
  close(): void {
    this.#closed = true;
    this.#wake?.cancel();
    this.#wake = null;
    for (const entry of this.#queue.splice(0)) {
      this.#shared.delete(entry.key);
      entry.settle.reject(cancelled(entry.endpoint, messages().client.closed));
    }
  }

  #enqueue(key: string, request: GovernedRequest, send: Entry['send']): Entry {
    let settle!: Entry['settle'];
    const result = new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
    result.catch(() => {}); // every caller has its own handler; this one only keeps Node quiet
    const entry: Entry = {
      key,
      family: familyOf(request.key),
      endpoint: request.endpoint,
      user: request.user === true,
      running: false,
      callers: 0,
      controller: new AbortController(),
      send,
      settle,
      result,
    };
    this.#shared.set(key, entry);
    this.#queue.push(entry);
    this.#pump();
    return entry;
  }

  #attach(entry: Entry, signal: AbortSignal | undefined): Promise<unknown> {
    entry.callers++;
    if (!signal) return entry.result;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        reject(cancelled(entry.endpoint));
        this.#leave(entry);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      entry.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** A caller gave up; the last one out cancels the request (or takes it out of the queue). */
  #leave(entry: Entry): void {
    if (--entry.callers > 0) return;
    if (this.#shared.get(entry.key) === entry) this.#shared.delete(entry.key);
    const index = this.#queue.indexOf(entry);
    if (index >= 0) {
      this.#queue.splice(index, 1);
      entry.settle.reject(cancelled(entry.endpoint));
    }
    entry.controller.abort();
  }

  /** When a background request may start: its own spacing, and its family's minute budget. */
  #allowedAt(entry: Entry, now: number): number {
    if (entry.user) return now;
    const { burst, spacingMs } = this.policy;
    const starts = this.#keyStarts.get(entry.key) ?? [];
    let at = starts.length >= burst ? starts[starts.length - burst]! + burst * spacingMs : now;
    const window = this.#recent(entry.family, now);
    const { perMinute } = this.policy;
    if (window.length >= perMinute) at = Math.max(at, window[window.length - perMinute]! + MINUTE);
    return Math.max(now, at);
  }

  #recent(family: string, now: number): number[] {
    const window = this.#window.get(family) ?? [];
    while (window.length && window[0]! <= now - MINUTE) window.shift();
    if (window.length === 0) this.#window.delete(family);
    return window;
  }

  #pump(): void {
    if (this.#closed) return;
    const now = this.#clock.monotonic();
    let earliest = Number.POSITIVE_INFINITY;
    while (this.#running < this.policy.maxInFlight && this.#queue.length) {
      let next = this.#queue.findIndex((e) => e.user);
      if (next < 0) {
        next = this.#queue.findIndex((e) => {
          const at = this.#allowedAt(e, now);
          if (at > now) earliest = Math.min(earliest, at);
          return at <= now;
        });
      }
      if (next < 0) break;
      this.#start(this.#queue.splice(next, 1)[0]!, now);
    }
    this.#arm(this.#running < this.policy.maxInFlight ? earliest : Number.POSITIVE_INFINITY);
  }

  #start(entry: Entry, now: number): void {
    entry.running = true;
    this.#running++;
    this.#started++;
    if (!entry.user) {
      const starts = this.#keyStarts.get(entry.key) ?? [];
      starts.push(now);
      if (starts.length > this.policy.burst) starts.shift();
      this.#keyStarts.set(entry.key, starts);
      const window = this.#recent(entry.family, now);
      window.push(now);
      this.#window.set(entry.family, window);
      this.#forgetOld(now);
    }
    let sent: Promise<unknown>;
    try {
      sent = entry.send(entry.controller.signal);
    } catch (error) {
      sent = Promise.reject(error);
    }
    // The entry stops being shareable before its callers hear the answer: a caller that asks again
    // the moment it has the answer must get a new request, not the answer it already has.
    sent.then(
      (value) => {
        this.#finish(entry);
        entry.settle.resolve(value);
      },
      (error: unknown) => {
        this.#finish(entry);
        entry.settle.reject(error);
      },
    );
  }

  #finish(entry: Entry): void {
    this.#running--;
    if (this.#shared.get(entry.key) === entry) this.#shared.delete(entry.key);
    this.#pump();
  }

  /** Keeps the spacing memory small: starts older than the window no longer matter. */
  #forgetOld(now: number): void {
    if (this.#keyStarts.size <= 512) return;
    const window = this.policy.burst * this.policy.spacingMs;
    for (const [key, starts] of this.#keyStarts) if (starts[starts.length - 1]! <= now - window) this.#keyStarts.delete(key);
  }

  /** One timer, for the earliest moment a waiting background request may start. */
  #arm(at: number): void {
    if (at === this.#wakeAt) return;
    this.#wake?.cancel();
    this.#wake = null;
    this.#wakeAt = at;
    if (!Number.isFinite(at)) return;
    this.#wake = this.#clock.setTimeout(() => {
      this.#wake = null;
      this.#wakeAt = Number.POSITIVE_INFINITY;
      this.#pump();
    }, at - this.#clock.monotonic());
  }
}
