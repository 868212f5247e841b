/**
 * The one rule for what a viewing is, applied to what the record saw: live as viewer lists arrive,
 * and again, line by line, when a month file is read (so a record written by any version reads as
 * it would be recorded now). A viewing is one person on one device on one channel, for one
 * programme, in one stretch:
 *
 * - **One row per stretch.** Two sessions of the same person, device and channel at once (a
 *   lingering session beside its restart, a start seen by the event stream and again by a refresh)
 *   are one row; a stretch that goes and comes back within REJOIN_GRACE_MS (the notifications' rule
 *   for "the same viewer, back") with the same programme goes on in the same row.
 * - **A break is not a programme.** Time on a break (a bumper, the session's `state`) belongs to
 *   the programme it introduces, decided when the next programme is seen on the same stretch: the
 *   same programme as before the break goes on in its row; another starts its row where the break
 *   began; a stretch that starts on a break has its row named by the first programme seen. A
 *   stretch that ends during a break keeps the break's time on the channel, with nothing named
 *   (never a show called "Up next…").
 * - **Nothing is dropped for being short**: a viewing under a minute is a row (the views never
 *   read it as "0 min").
 *
 * It works on interned ids (the index's names) and writes into the index through its rows; the
 * rows it may still change (open, or ended within the grace) are the index's `tracked` rows.
 */
import { REJOIN_GRACE_MS } from '../viewers/session-semantics';
import type { HistoryIndex } from './history-index';

/** What one source (a session, a line's viewing number) is seen watching, as interned ids. */
export interface SeenIds {
  person: number;
  device: number;
  channelNumber: number | null;
  channel: number;
  /** 0: none named */
  programme: number;
  /** on a break (a bumper): the programme is not known yet */
  onBreak: boolean;
}

interface Stretch {
  /** the index's tracked key */
  id: string;
  person: number;
  device: number;
  channelNumber: number | null;
  channel: number;
  /** the sources seen on it now */
  sources: Set<string>;
  /** the row's programme (0 while a break waits for its programme, or nothing is named) */
  programme: number;
  /** a break opened the row: the next programme seen names it */
  waiting: boolean;
  /** a break began at this time after the row's programme: the next programme seen decides whose it is */
  breakSince: number | null;
  /** when its last source went; null while one is on it */
  endedAt: number | null;
}

/** The stretch a viewing belongs to: person, device and channel. */
export const stretchOf = (v: Pick<SeenIds, 'person' | 'device' | 'channelNumber' | 'channel'>): string => `${v.person},${v.device},${v.channelNumber ?? ''},${v.channel}`;

/** One server's viewings, cleaned as they are seen. */
export class ViewingCleaner {
  readonly #index: HistoryIndex;
  readonly #server: number;
  readonly #prefix: string;
  readonly #stretches = new Map<string, Stretch>();
  readonly #sources = new Map<string, Stretch>();

  constructor(index: HistoryIndex, server: number) {
    this.#index = index;
    this.#server = server;
    this.#prefix = `${server}\n`;
  }

  /** `source` is seen watching `v` at `at` (its first sight, or a change of what it watches). */
  seen(at: number, source: string, v: SeenIds): void {
    const key = stretchOf(v);
    const before = this.#sources.get(source);
    if (before && before.id !== this.#prefix + key) this.gone(at, source); // the same session, another channel
    let s = this.#stretches.get(key);
    if (s && s.endedAt !== null && at - s.endedAt > REJOIN_GRACE_MS) {
      this.#forget(key, s);
      s = undefined;
    }
    if (!s) {
      s = { id: this.#prefix + key, person: v.person, device: v.device, channelNumber: v.channelNumber, channel: v.channel, sources: new Set(), programme: 0, waiting: false, breakSince: null, endedAt: null };
      this.#stretches.set(key, s);
      this.#open(s, at, v);
    } else if (v.onBreak) {
      // a break: whose time it is waits for the programme seen next
      this.#resume(s);
      if (!s.waiting && s.breakSince === null) s.breakSince = at;
    } else if (s.waiting) {
      this.#index.viewings.programme[this.#row(s)] = v.programme;
      s.programme = v.programme;
      s.waiting = false;
      this.#resume(s);
    } else if (s.breakSince !== null) {
      // after a break: the same programme goes on; another one's time starts with the break
      const since = s.breakSince;
      s.breakSince = null;
      this.#resume(s);
      if (s.programme !== v.programme) this.#next(s, since, v);
    } else if (s.programme === v.programme) this.#resume(s);
    else this.#next(s, at, v);
    s.sources.add(source);
    this.#sources.set(source, s);
    if (this.#stretches.size > 64 && this.#stretches.size > 4 * this.#sources.size) this.#sweep(at);
  }

  /** `source` is no longer seen at `at`; its stretch ends when it was the last on it. */
  gone(at: number, source: string): void {
    const s = this.#sources.get(source);
    if (!s) return;
    this.#sources.delete(source);
    s.sources.delete(source);
    if (s.sources.size > 0 || s.endedAt !== null) return;
    if (s.breakSince !== null) {
      // it ended during a break: the programme before it ends where the break began, the break's time is the channel's
      this.#next(s, s.breakSince, { ...s, programme: 0, onBreak: true });
      s.breakSince = null;
    }
    s.endedAt = at;
    this.#index.viewings.close(this.#row(s), at);
  }

  /** Every source goes at `at` (the follow ended). */
  allGone(at: number): void {
    for (const source of [...this.#sources.keys()]) this.gone(at, source);
  }

  /** Forgets every stretch (the record was cleared). */
  reset(): void {
    for (const s of this.#stretches.values()) this.#index.tracked.delete(s.id);
    this.#stretches.clear();
    this.#sources.clear();
  }

  #row(s: Stretch): number {
    return this.#index.tracked.get(s.id) ?? -1;
  }

  #open(s: Stretch, at: number, v: SeenIds): void {
    s.programme = v.onBreak ? 0 : v.programme;
    s.waiting = v.onBreak;
    s.breakSince = null;
    s.endedAt = null;
    const row = this.#index.addViewing({ start: at, server: this.#server, person: s.person, device: s.device, channelNumber: s.channelNumber, channel: s.channel, programme: s.programme });
    this.#index.tracked.set(s.id, row);
  }

  /** The row ends (where it ended, or now) and the next one on the stretch starts now. */
  #next(s: Stretch, at: number, v: SeenIds): void {
    const row = this.#row(s);
    if (row >= 0 && s.endedAt === null) this.#index.viewings.close(row, at);
    this.#open(s, at, v);
  }

  /** The stretch goes on in its row (it came back within the grace). */
  #resume(s: Stretch): void {
    if (s.endedAt === null) return;
    s.endedAt = null;
    const row = this.#row(s);
    if (row >= 0) this.#index.viewings.reopen(row);
  }

  #forget(key: string, s: Stretch): void {
    this.#stretches.delete(key);
    if (this.#index.tracked.get(s.id) !== undefined) this.#index.tracked.delete(s.id);
  }

  /** Drops the stretches that ended longer ago than the grace (they can no longer come back). */
  #sweep(at: number): void {
    for (const [key, s] of this.#stretches) if (s.endedAt !== null && at - s.endedAt > REJOIN_GRACE_MS) this.#forget(key, s);
  }
}
