/**
 * The storm rules: what arrives together is said once, and nothing new waits without need.
 * - Starts on one server (Gatherer, `at-once`): the first after a quiet spell is said at once; the starts that
 *   follow within GATHER_MS are gathered into one follow-up, said when that window ends (which
 *   opens the next window). So one server says at most one start notification per GATHER_MS, and
 *   a lone viewer is told as soon as the app knows.
 * - Reminders of programmes starting in the same minute (Gatherer, `hold`): held GATHER_MS from the first,
 *   then one notification; the window runs from the first item, on the injected clock, so a
 *   steady trickle cannot hold a notification back for ever.
 * - A server that flaps (FlapGate) is announced away at most once per FLAP_MS and back at most
 *   once per FLAP_MS, and never back when its away was held back.
 */
import { appendAll } from '../../../shared/extent';
import type { Clock, TimerHandle } from '../../common/clock';

/** After a start notification, the starts on that server within this long are gathered into one follow-up (and reminders of one minute are held this long). */
export const GATHER_MS = 10_000;
/** A server is announced away (and back) at most once in this long. */
export const FLAP_MS = 10 * 60_000;
/** Groups being gathered at once (servers × kinds × minutes): past it the oldest is said at once. */
export const MAX_GATHERING = 50;

/** Whether `say` is given the first items after a quiet spell, or a follow-up of what was gathered after them. */
export type Turn = 'first' | 'follow-up';

/**
 * How a Gatherer treats the first items under a quiet key: `hold` keeps them GATHER_MS and says
 * them with whatever joins them (reminders); `at-once` says them at once and gathers what follows
 * into one follow-up per window (starts).
 */
export type GatherMode = 'hold' | 'at-once';

/** `say`'s answer: `false` when it said nothing after all (everyone it was given had left): the key is then quiet. */
type Say<T> = (items: T[], turn: Turn) => unknown;

interface Gathering<T> {
  items: T[];
  timer: TimerHandle;
  say: Say<T>;
}

/**
 * Items under one key, said together once per window of `windowMs` on the injected clock. `hold`:
 * the window opens with the first items and says them all when it ends. `at-once`: the first
 * items are said at once and the window opens empty; what arrives while it is open is said as one
 * follow-up when it ends, which opens the next window; a window that ends with nothing to say
 * leaves the key quiet. `say` of the add that opened the window is the one called. At most
 * MAX_GATHERING keys are open; past it the oldest is said (and closed) at once.
 */
export class Gatherer<T> {
  readonly #clock: Clock;
  readonly #windowMs: number;
  readonly #mode: GatherMode;
  readonly #open = new Map<string, Gathering<T>>();

  constructor(clock: Clock, windowMs = GATHER_MS, mode: GatherMode = 'hold') {
    this.#clock = clock;
    this.#windowMs = windowMs;
    this.#mode = mode;
  }

  /** Keys with a window open. */
  get pending(): number {
    return this.#open.size;
  }

  add(key: string, items: readonly T[], say: Say<T>): void {
    if (items.length === 0) return;
    const open = this.#open.get(key);
    if (open) {
      appendAll(open.items, items); // never a spread: a storm's items may be many
      return;
    }
    if (this.#open.size >= MAX_GATHERING) this.#end(this.#open.keys().next().value as string, false);
    if (this.#mode === 'hold') this.#openWindow(key, [...items], say);
    else if (say([...items], 'first') !== false) this.#openWindow(key, [], say);
  }

  /** Drops what is held unsaid and closes the windows (the app is closing, or a server was removed), or only those whose key starts with `prefix`. */
  drop(prefix = ''): void {
    for (const [key, open] of [...this.#open]) {
      if (!key.startsWith(prefix)) continue;
      open.timer.cancel();
      this.#open.delete(key);
    }
  }

  #openWindow(key: string, items: T[], say: Say<T>): void {
    const timer = this.#clock.setTimeout(() => this.#end(key, true), this.#windowMs);
    this.#open.set(key, { items, timer, say });
  }

  /** A window ends: what it holds is said; in `at-once` mode that opens the next window (`reopen`). */
  #end(key: string, reopen: boolean): void {
    const open = this.#open.get(key);
    if (!open) return;
    open.timer.cancel();
    this.#open.delete(key);
    if (open.items.length === 0) return;
    if (this.#mode === 'hold') return void open.say(open.items, 'first');
    if (open.say(open.items, 'follow-up') !== false && reopen) this.#openWindow(key, [], open.say);
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
