/**
 * The storm rules: what arrives together is said once. Starts on one server within GATHER_MS are
 * gathered into one notification, and so are reminders of programmes starting in the same minute
 * (Gatherer: a fixed window from the first item, on the injected clock, so a steady trickle cannot
 * hold a notification back for ever). A server that flaps is announced away at most once per
 * FLAP_MS and back at most once per FLAP_MS, and never back when its away was held back (FlapGate).
 */
import { appendAll } from '../../../shared/extent';
import type { Clock, TimerHandle } from '../../common/clock';

/** Starts on one server this close together are one notification. */
export const GATHER_MS = 10_000;
/** A server is announced away (and back) at most once in this long. */
export const FLAP_MS = 10 * 60_000;
/** Groups being gathered at once (servers × kinds × minutes): past it the oldest is said at once. */
export const MAX_GATHERING = 50;

interface Gathering<T> {
  items: T[];
  timer: TimerHandle;
  flush: (items: T[]) => void;
}

/** Items under one key are held GATHER_MS from the first, then handed to `flush` together, once. */
export class Gatherer<T> {
  readonly #clock: Clock;
  readonly #windowMs: number;
  readonly #open = new Map<string, Gathering<T>>();

  constructor(clock: Clock, windowMs = GATHER_MS) {
    this.#clock = clock;
    this.#windowMs = windowMs;
  }

  /** Groups still being gathered. */
  get pending(): number {
    return this.#open.size;
  }

  /** Adds `items` to the group `key` (opened now if there is none); `flush` of the first add is the one called. */
  add(key: string, items: readonly T[], flush: (items: T[]) => void): void {
    if (items.length === 0) return;
    const open = this.#open.get(key);
    if (open) {
      appendAll(open.items, items); // never a spread: a storm's items may be many
      return;
    }
    if (this.#open.size >= MAX_GATHERING) this.#flush(this.#open.keys().next().value as string);
    const timer = this.#clock.setTimeout(() => this.#flush(key), this.#windowMs);
    this.#open.set(key, { items: [...items], timer, flush });
  }

  /** Drops every group unsaid (the app is closing, or a server was removed), or only those whose key starts with `prefix`. */
  drop(prefix = ''): void {
    for (const [key, open] of [...this.#open]) {
      if (!key.startsWith(prefix)) continue;
      open.timer.cancel();
      this.#open.delete(key);
    }
  }

  #flush(key: string): void {
    const open = this.#open.get(key);
    if (!open) return;
    open.timer.cancel();
    this.#open.delete(key);
    open.flush(open.items);
  }
}

interface Flaps {
  awayAt: number | null;
  backAt: number | null;
  /** the last away was held back: its back is too */
  heldAway: boolean;
}

const longAgo = (at: number | null, now: number) => at === null || now - at >= FLAP_MS || now < at;

/**
 * Away and back, at most once each per FLAP_MS per server; `now` is the injected clock's. An away
 * is said only when neither an away nor a back was said in the last FLAP_MS, and every away said
 * gets its back (so the user is never left believing a server that came back is still away);
 * the back of an away held back is held back too.
 */
export class FlapGate {
  readonly #servers = new Map<string, Flaps>();

  /** May "server is away" be said now? (Remembers that it was, or that it was held back.) */
  away(server: string, now: number): boolean {
    const flaps = this.#of(server);
    const allowed = longAgo(flaps.awayAt, now) && longAgo(flaps.backAt, now);
    if (allowed) flaps.awayAt = now;
    flaps.heldAway = !allowed;
    return allowed;
  }

  /** May "server is back" be said now? Only when its away was said. */
  back(server: string, now: number): boolean {
    const flaps = this.#of(server);
    if (flaps.heldAway) {
      flaps.heldAway = false;
      return false;
    }
    flaps.backAt = now;
    return true;
  }

  forget(server?: string): void {
    if (server === undefined) this.#servers.clear();
    else this.#servers.delete(server);
  }

  #of(server: string): Flaps {
    let flaps = this.#servers.get(server);
    if (!flaps) this.#servers.set(server, (flaps = { awayAt: null, backAt: null, heldAway: false }));
    return flaps;
  }
}
