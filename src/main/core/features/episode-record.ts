/**
 * Owns the evidence behind the guide's NEW (issue 44), one record per followed server: which
 * numbered episodes (src/shared/episode-identity.ts: the same show, season and episode) the app has
 * seen air in the guides it read of that server, with the first and the last airing it saw of each,
 * and which stretches of time those guides covered. Airwave sends no "new" flag, so the app marks an
 * airing NEW only where its own record stands behind it:
 *
 * - the guides it read of that server cover at least NEW_AFTER_DAYS whole days (UTC) of the last
 *   RECORD_DAYS (a day counts only when every hour of it was read: a glance at one hour says
 *   nothing about the rest of the day), and
 * - this airing is the first of its episode the record has seen there.
 *
 * Otherwise no mark: a fresh install, a week not yet read, and a record that lost entries to damage
 * (its coverage starts again, since a lost entry could make a repeat look new) never say NEW.
 * Bounded and crash-safe: `episodes-<server id>.json` (json-store.ts: written whole and atomically,
 * at most every SAVE_EVERY_MS and on close, read with its schema so a damaged entry costs only
 * itself); at most MAX_EPISODES episodes (beyond it those seen longest ago go, and the record then
 * vouches only from there) and COVERED_MAX stretches, nothing older than RECORD_DAYS.
 */
import * as v from 'valibot';
import type { Clock, TimerHandle } from '../../common/clock';
import { fnv1a53 } from '../../common/hash';
import { numberedEpisode, type EpisodeFields } from '../../../shared/episode-identity';
import { SERVER_ID, shortText, wholeIn } from '../../../shared/shapes';
import { eachKept, orDefault } from '../../../shared/tolerant';
import type { FeatureStore } from './json-store';

/** Whole days of guide the record must cover before anything is NEW. */
export const NEW_AFTER_DAYS = 7;
/** How far back the record keeps what it saw. */
export const RECORD_DAYS = 28;
/** Episodes kept per server (about 34 bytes each on disk: within json-store's MAX_DOCUMENT_BYTES). */
export const MAX_EPISODES = 24_000;
/** Stretches of time covered kept per server (each guide read adds one, merged with those it touches). */
export const COVERED_MAX = 400;
/** A record read into is written at most this often (and when the app closes). */
export const SAVE_EVERY_MS = 5 * 60_000;

const MINUTE = 60_000;
const DAY_MINUTES = 1_440;
const minuteOf = (ms: number) => Math.floor(ms / MINUTE);
const minute = wholeIn(0, Math.floor(8.64e15 / MINUTE));

/** The file: what was covered ([from, to) in minutes since the epoch) and each episode as [key, first, last]. */
const RECORD_SCHEMA = v.object({
  version: v.literal(1),
  covered: orDefault(eachKept(v.tuple([minute, minute]), { max: COVERED_MAX }), []),
  episodes: orDefault(eachKept(v.tuple([shortText(16), minute, minute]), { max: MAX_EPISODES, key: (entry) => entry[0] }), []),
});

/** Where a guide read is told and NEW is asked (GuideWindows and the watchlist's day scan hold one per server). */
export interface AiringEvidence {
  /** A guide read whole: each numbered episode with its first and last airing in it (ms), and the span it covers (ms). */
  read(episodes: ReadonlyMap<string, { first: number; last: number }>, span: { from: number; to: number }): void;
  /** Whether this airing is NEW by the rule above. */
  isNew(program: EpisodeFields & { startsAt: string }): boolean;
}

export interface EpisodeRecordOptions {
  store: FeatureStore;
  /** the file's name */
  name: string;
  clock: Clock;
  /** a sentence for people when the file was damaged */
  problem: (text: string) => void;
}

export class EpisodeRecord implements AiringEvidence {
  readonly #o: EpisodeRecordOptions;
  /** an episode's key (hashed) → [first, last] airing seen, minutes since the epoch */
  readonly #episodes = new Map<string, [number, number]>();
  /** the stretches read, [from, to) minutes, sorted and apart */
  #covered: [number, number][] = [];
  /** whole UTC days covered, as last worked out */
  #days = 0;
  #timer: TimerHandle | null = null;
  #dirty = false;

  constructor(options: EpisodeRecordOptions) {
    this.#o = options;
    const loaded = options.store.read(options.name, RECORD_SCHEMA);
    const value = loaded.value;
    if (!value) {
      if (loaded.problem) options.problem(loaded.problem);
      return;
    }
    for (const [key, a, b] of value.episodes) this.#episodes.set(key, [Math.min(a, b), Math.max(a, b)]);
    if (loaded.problem) {
      // entries were lost: a repeat of one could look new, so the week of reading starts again
      options.problem(loaded.problem);
      this.#dirty = true;
    } else {
      for (const [from, to] of value.covered) if (to > from) this.#cover(from, to);
    }
    this.#days = wholeDays(this.#covered);
  }

  /** Whole UTC days the guides read cover (NEW needs NEW_AFTER_DAYS). */
  get days(): number {
    return this.#days;
  }

  /** How many episodes the record holds. */
  get size(): number {
    return this.#episodes.size;
  }

  read(episodes: ReadonlyMap<string, { first: number; last: number }>, span: { from: number; to: number }): void {
    for (const [key, airings] of episodes) {
      const id = fnv1a53(key);
      const first = minuteOf(airings.first);
      const last = minuteOf(airings.last);
      const held = this.#episodes.get(id);
      if (held) this.#episodes.set(id, [Math.min(held[0], first), Math.max(held[1], last)]);
      else this.#episodes.set(id, [first, last]);
    }
    if (Number.isFinite(span.from) && Number.isFinite(span.to) && span.to > span.from) this.#cover(minuteOf(span.from), minuteOf(span.to));
    this.#trim(minuteOf(this.#o.clock.now()));
    this.#days = wholeDays(this.#covered);
    this.#dirty = true;
    this.#timer ??= this.#o.clock.setTimeout(() => {
      this.#timer = null;
      this.#save();
    }, SAVE_EVERY_MS);
  }

  isNew(program: EpisodeFields & { startsAt: string }): boolean {
    if (this.#days < NEW_AFTER_DAYS || program.ratingKey === null) return false;
    const key = numberedEpisode(program);
    const held = key === null ? undefined : this.#episodes.get(fnv1a53(key));
    return held !== undefined && held[0] === minuteOf(Date.parse(program.startsAt));
  }

  /** Writes what is not saved yet and stops the timer (the app is closing, or the server is no longer followed). */
  close(): void {
    this.#timer?.cancel();
    this.#timer = null;
    this.#save();
  }

  #save(): void {
    if (!this.#dirty) return;
    this.#dirty = false;
    const episodes = [...this.#episodes].map(([key, [first, last]]) => [key, first, last]);
    this.#o.store.write(this.#o.name, { version: 1, covered: this.#covered, episodes });
  }

  /** Adds [from, to) to the stretches covered, merged with those it touches. */
  #cover(from: number, to: number): void {
    const merged: [number, number][] = [];
    let start = from;
    let end = to;
    for (const [a, b] of this.#covered) {
      if (b < start || a > end) merged.push([a, b]);
      else {
        start = Math.min(start, a);
        end = Math.max(end, b);
      }
    }
    merged.push([start, end]);
    merged.sort((x, y) => x[0] - y[0]);
    this.#covered = merged.length > COVERED_MAX ? merged.slice(merged.length - COVERED_MAX) : merged;
  }

  /** Lets go of what is older than RECORD_DAYS, and of the episodes seen longest ago beyond MAX_EPISODES (the record then vouches only from there). */
  #trim(now: number): void {
    let floor = now - RECORD_DAYS * DAY_MINUTES;
    if (this.#episodes.size > MAX_EPISODES) {
      const lasts = [...this.#episodes.values()].map(([, last]) => last).sort((a, b) => a - b);
      // a tenth more than the excess goes at once, so a busy server does not sort at every read
      const cut = lasts[Math.min(lasts.length - 1, this.#episodes.size - MAX_EPISODES + Math.floor(MAX_EPISODES / 10))]!;
      floor = Math.max(floor, cut + 1);
    }
    for (const [key, [, last]] of this.#episodes) if (last < floor) this.#episodes.delete(key);
    this.#covered = this.#covered.filter(([, to]) => to > floor).map(([from, to]) => [Math.max(from, floor), to]);
  }
}

/** Whole UTC days inside the stretches (they are apart, so the days of each add up). */
function wholeDays(covered: readonly [number, number][]): number {
  let days = 0;
  for (const [from, to] of covered) days += Math.max(0, Math.floor(to / DAY_MINUTES) - Math.ceil(from / DAY_MINUTES));
  return days;
}

/** Each followed server's record, opened when first read or asked (start-up never waits for it). */
export class EpisodeRecords {
  readonly #records = new Map<string, EpisodeRecord>();

  constructor(private readonly options: Omit<EpisodeRecordOptions, 'name'>) {}

  of(serverId: string): EpisodeRecord {
    let record = this.#records.get(serverId);
    if (!record) {
      // the id names a file: only what a server id may be ("srv-…", "demo")
      const name = `episodes-${SERVER_ID.test(serverId) ? serverId : 'other'}.json`;
      record = new EpisodeRecord({ ...this.options, name });
      this.#records.set(serverId, record);
    }
    return record;
  }

  /** A server no longer followed: its record is saved and let go (its file stays for when it is added again). */
  forget(serverId: string): void {
    this.#records.get(serverId)?.close();
    this.#records.delete(serverId);
  }

  close(): void {
    for (const record of this.#records.values()) record.close();
  }
}
