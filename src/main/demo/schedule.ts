import { artworkPath, type Program } from '../../shared/airwave';
import { episodeKey, episodeTitle, itemsFor, type Movie, type Show } from './catalog';
import type { DemoChannel } from './channels';
import { Rng } from './rng';

/**
 * Schedules as a pure function of (seed, channel, time): the day is cut into UTC-aligned blocks and
 * each block's line-up is generated from its own seeded random stream, so any instant of any
 * channel can be computed without state, and /guide, /guide/now and the by-number endpoint agree
 * by construction. Programme intervals are half-open: [startsAt, endsAt).
 */

export const BLOCK_MS = 6 * 60 * 60 * 1000;
const MINUTE = 60_000;

export interface Slot {
  program: Program;
  start: number;
  end: number;
  bumper: boolean;
}

export class Schedules {
  /** Generated blocks, bounded: thousands of channels × a day of blocks stay cheap to hold. */
  private readonly cache = new Map<string, Slot[]>();
  private static readonly CACHE_LIMIT = 40_000;

  constructor(private readonly seed: string | number) {}

  /** Every slot overlapping [from, to). */
  between(channel: DemoChannel, from: number, to: number): Slot[] {
    if (channel.empty || to <= from) return [];
    const slots: Slot[] = [];
    for (let block = Math.floor(from / BLOCK_MS); block * BLOCK_MS < to; block++) {
      for (const slot of this.block(channel, block)) if (slot.end > from && slot.start < to) slots.push(slot);
    }
    return slots;
  }

  /** The first programme (not a bumper) starting at or after `t`, within the next two blocks. */
  programmeAfter(channel: DemoChannel, t: number): Slot | null {
    if (channel.empty) return null;
    const block = Math.floor(t / BLOCK_MS);
    for (const b of [block, block + 1, block + 2]) {
      for (const slot of this.block(channel, b)) if (!slot.bumper && slot.start >= t) return slot;
    }
    return null;
  }

  /** The last programme (not a bumper) starting before `t`, within this block and the one before. */
  programmeBefore(channel: DemoChannel, t: number): Slot | null {
    if (channel.empty) return null;
    const block = Math.floor(t / BLOCK_MS);
    for (const b of [block, block - 1]) {
      const slots = this.block(channel, b);
      for (let i = slots.length - 1; i >= 0; i--) if (!slots[i]!.bumper && slots[i]!.start < t) return slots[i]!;
    }
    return null;
  }

  /** The slot airing at `t` and the one after it (null on an empty channel). */
  at(channel: DemoChannel, t: number): { current: Slot | null; next: Slot | null } {
    if (channel.empty) return { current: null, next: null };
    const block = Math.floor(t / BLOCK_MS);
    const slots = this.block(channel, block);
    const index = slots.findIndex((s) => s.start <= t && t < s.end);
    const current = slots[index] ?? null;
    const next = slots[index + 1] ?? this.block(channel, block + 1)[0] ?? null;
    return { current, next };
  }

  private block(channel: DemoChannel, block: number): Slot[] {
    const cacheKey = `${channel.record.id}:${block}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const slots = this.generate(channel, block);
    if (this.cache.size >= Schedules.CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(cacheKey, slots);
    return slots;
  }

  private generate(channel: DemoChannel, block: number): Slot[] {
    const rng = new Rng(this.seed, channel.record.id, block);
    const { shows, movies } = itemsFor(channel.genre);
    const start = block * BLOCK_MS;
    const end = start + BLOCK_MS;
    const slots: Slot[] = [];
    let t = start;
    while (t < end) {
      const left = end - t;
      // A short gap before the block ends becomes a bumper rather than a sliver of programme.
      if (left <= 12 * MINUTE) {
        // one break, never two in a row: a bumper already airing runs on to the block's end
        const last = slots.at(-1);
        if (last?.bumper) slots[slots.length - 1] = this.bumper(channel, last.start, end);
        else slots.push(this.bumper(channel, t, end));
        break;
      }
      const useMovie = movies.length > 0 && (shows.length === 0 || rng.chance(channel.genre === 'film' ? 0.8 : 0.15));
      const item = useMovie ? rng.pick(movies) : rng.pick(shows);
      const length = Math.min(item.minutes * MINUTE, left);
      slots.push(this.programme(channel, item, rng, t, t + length));
      t += length;
      if (t < end && rng.chance(0.7)) {
        const bumperEnd = Math.min(end, t + rng.int(1, 6) * 30_000);
        slots.push(this.bumper(channel, t, bumperEnd));
        t = bumperEnd;
      }
    }
    return slots;
  }

  private programme(channel: DemoChannel, item: Show | Movie, rng: Rng, start: number, end: number): Slot {
    const channelId = channel.record.id;
    const base = {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      durationSeconds: Math.round((end - start) / 1000),
      summary: item.summary,
    };
    if (item.kind === 'movie') {
      const program: Program = {
        ratingKey: item.key,
        title: item.title,
        type: 'movie',
        showTitle: null,
        season: null,
        episode: null,
        year: item.year,
        ...base,
        artworkUrl: artworkPath({ channelId, ratingKey: item.key, kind: 'poster' }),
      };
      return { program, start, end, bumper: false };
    }
    const season = rng.int(1, item.seasons);
    const episode = rng.int(1, item.episodesPerSeason);
    const program: Program = {
      ratingKey: episodeKey(item, season, episode),
      title: episodeTitle(item, season, episode),
      type: 'episode',
      showTitle: item.title,
      season,
      episode,
      year: item.year === null ? null : item.year + season - 1,
      ...base,
      // An episode's poster is its show's, as on real servers.
      artworkUrl: artworkPath({ channelId, ratingKey: item.key, kind: 'poster' }),
    };
    return { program, start, end, bumper: false };
  }

  private bumper(channel: DemoChannel, start: number, end: number): Slot {
    const program: Program = {
      ratingKey: null,
      title: `Up next on ${channel.record.name}`,
      type: null,
      showTitle: null,
      season: null,
      episode: null,
      year: null,
      summary: null,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      durationSeconds: Math.round((end - start) / 1000),
      artworkUrl: null,
    };
    return { program, start, end, bumper: true };
  }
}
