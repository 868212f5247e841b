import type { GuideChannel, PackageRef, Program } from '../../../shared/airwave';
import type { GuideHeader, GuideSink } from '../client/guide-stream';
import { ProgrammeTable } from './programmes';
import { StringPool } from './strings';
import { Emitter } from '../../common/emitter';
import { noteAiring, type EpisodeAirings } from '../../../shared/episode-identity';
import { holdsNeedle } from '../../../shared/search-match';

/**
 * Owns one loaded guide window in compact form: channels in guide order with their fields
 * interned, programmes in a columnar table. Filled as the guide streams in (it is the reader's
 * sink); answers "these channels, this time range" with plain contract records; tells its
 * listeners as rows arrive and when the load settles. Memory follows what is kept, not the bytes
 * received.
 */

export type GuideLoadState = 'loading' | 'loaded' | 'error';

export interface GuideWindow extends GuideHeader {
  /** the window's first and last instant, ms since the epoch */
  from: number;
  to: number;
}

/** What a listener (and, in phase 2, the snapshot) needs to know about the guide without its rows. */
export interface GuideSummary {
  state: GuideLoadState;
  /** why the load failed, in words; null unless `state` is "error" */
  error: string | null;
  forwardMinutes: number;
  window: GuideWindow | null;
  /** channels and programmes held so far */
  channels: number;
  programmes: number;
  receivedBytes: number;
}

export interface GuideRowsQuery {
  /** channel indexes in guide order, `to` exclusive */
  from: number;
  to: number;
  /** only programmes overlapping [startsAt, endsAt), ms since the epoch; all when left out */
  startsAt?: number;
  endsAt?: number;
}

interface ChannelEntry {
  id: number;
  number: number;
  name: number;
  callsign: number;
  icon: number;
  tint: number;
  package: PackageRef | null;
  first: number;
  count: number;
}

export class GuideStore implements GuideSink {
  readonly #pool = new StringPool();
  readonly #programmes = new ProgrammeTable(this.#pool);
  readonly #channels: ChannelEntry[] = [];
  readonly #packages = new Map<string, PackageRef>();
  /** each numbered episode's first and last start in the window (the rule of "the same episode" is episodeIdentity's): what the episode record reads */
  readonly #episodes: EpisodeAirings = new Map();
  /** one listener's mistake must not stop the load or the others: errors are dropped */
  readonly #changed = new Emitter<GuideSummary>(() => {});
  #state: GuideLoadState = 'loading';
  #error: string | null = null;
  #window: GuideWindow | null = null;
  #received = 0;
  #unannounced = false;
  readonly #settled: Promise<void>;
  #settle!: () => void;

  constructor(readonly forwardMinutes: number) {
    this.#settled = new Promise((resolve) => (this.#settle = resolve));
  }

  /** resolves once the load has finished or failed (never rejects) */
  get settled(): Promise<void> {
    return this.#settled;
  }

  summary(): GuideSummary {
    return {
      state: this.#state,
      error: this.#error,
      forwardMinutes: this.forwardMinutes,
      window: this.#window,
      channels: this.#channels.length,
      programmes: this.#programmes.length,
      receivedBytes: this.#received,
    };
  }

  /** Channels `from`..`to` (guide order) with the programmes that overlap the time range, as contract records. */
  rows(query: GuideRowsQuery): GuideChannel[] {
    const from = Math.max(0, Math.floor(query.from));
    const to = Math.min(this.#channels.length, Math.floor(query.to));
    const startsAt = query.startsAt ?? -Infinity;
    const endsAt = query.endsAt ?? Infinity;
    const text = (id: number) => this.#pool.text(id);
    const rows: GuideChannel[] = [];
    for (let c = from; c < to; c++) {
      const channel = this.#channels[c]!;
      const programs = [];
      for (let p = channel.first, end = channel.first + channel.count; p < end; p++) {
        if (this.#programmes.endsAt(p) > startsAt && this.#programmes.startsAt(p) < endsAt) programs.push(this.#programmes.get(p));
      }
      rows.push({
        id: text(channel.id)!,
        number: channel.number,
        name: text(channel.name)!,
        callsign: text(channel.callsign),
        icon: text(channel.icon),
        tint: text(channel.tint),
        package: channel.package,
        programs,
      });
    }
    return rows;
  }

  /**
   * Each numbered episode in the window with its first and last airing (start, ms): what the episode
   * record (features/episode-record.ts, the evidence behind NEW) reads once the window is in whole.
   */
  episodes(): ReadonlyMap<string, { first: number; last: number }> {
    return this.#episodes;
  }

  /** The guide-order index of the channel with this number (or id), -1 when it is not held. */
  indexOf(key: { number: number } | { id: string }): number {
    if ('number' in key) return this.#channels.findIndex((c) => c.number === key.number);
    const id = this.#pool.has(key.id);
    return id === undefined ? -1 : this.#channels.findIndex((c) => c.id === id);
  }

  /** How many channels are held. */
  get channelCount(): number {
    return this.#channels.length;
  }

  /** The package of the channel at guide index `index` (null: none, or no such channel). */
  packageAt(index: number): PackageRef | null {
    return this.#channels[index]?.package ?? null;
  }

  /**
   * Programmes (not bumpers) ending after `after` whose title or show contains `needle` (lower
   * case), soonest first, at most `limit`; `needle` is tested once per distinct string.
   */
  search(needle: string, after: number, limit: number): { channel: number; program: number; start: number }[] {
    const verdict = new Map<number, boolean>();
    const matches = (id: number) => {
      if (id < 0) return false;
      let yes = verdict.get(id);
      if (yes === undefined) verdict.set(id, (yes = holdsNeedle(this.#pool.text(id), needle)));
      return yes;
    };
    const hits: { channel: number; program: number; start: number }[] = [];
    const table = this.#programmes;
    for (let c = 0; c < this.#channels.length; c++) {
      const channel = this.#channels[c]!;
      for (let p = channel.first, end = channel.first + channel.count; p < end; p++) {
        if (table.endsAt(p) <= after || table.ratingKeyId(p) < 0) continue;
        if (matches(table.titleId(p)) || matches(table.showId(p))) hits.push({ channel: c, program: p, start: table.startsAt(p) });
      }
    }
    // soonest first; the same start keeps guide order (the sort is stable)
    hits.sort((a, b) => a.start - b.start);
    return hits.slice(0, limit);
  }

  /** The title a hit's programme is followed and grouped under (shared/follow-title.ts: its show, else its own title). */
  followTitle(at: { program: number }): string {
    const table = this.#programmes;
    const show = table.showId(at.program);
    return this.#pool.text(show >= 0 ? show : table.titleId(at.program)) ?? '';
  }

  /** One search hit as contract records. */
  hit(at: { channel: number; program: number }): { channel: { id: string; number: number; name: string }; program: Program } {
    const channel = this.#channels[at.channel]!;
    return {
      channel: { id: this.#pool.text(channel.id)!, number: channel.number, name: this.#pool.text(channel.name)! },
      program: this.#programmes.get(at.program),
    };
  }

  /** Listens for rows arriving (once per network chunk that brought some) and for the load settling. */
  subscribe(listener: (summary: GuideSummary) => void): () => void {
    return this.#changed.event(listener);
  }

  /** About how many bytes the store keeps: the programme columns, the strings and the channel entries. */
  retainedBytes(): number {
    return this.#programmes.bytes + this.#pool.chars * 2 + this.#pool.size * 48 + this.#channels.length * 120 + this.#episodes.size * 112;
  }

  // ------------------------------------------------------------ filled by the reader (GuideSink)

  header(header: GuideHeader): void {
    const at = Date.parse(header.serverTime);
    this.#window = { ...header, from: at - header.backMinutes * 60_000, to: at + header.windowMinutes * 60_000 };
    this.#unannounced = true;
  }

  channel(channel: GuideChannel): void {
    if (this.#state !== 'loading') return;
    const pool = this.#pool;
    const first = this.#programmes.length;
    for (const program of channel.programs) {
      const at = this.#programmes.length;
      this.#programmes.add(program);
      noteAiring(this.#episodes, program, this.#programmes.startsAt(at));
    }
    this.#channels.push({
      id: pool.id(channel.id),
      number: channel.number,
      name: pool.id(channel.name),
      callsign: pool.id(channel.callsign),
      icon: pool.id(channel.icon),
      tint: pool.id(channel.tint),
      package: this.#package(channel.package),
      first,
      count: channel.programs.length,
    });
    this.#unannounced = true;
  }

  chunk(receivedBytes: number): void {
    this.#received = receivedBytes;
    if (this.#unannounced) this.#announce();
  }

  /** The whole guide has arrived and was checked. */
  finish(): void {
    if (this.#state !== 'loading') return;
    this.#state = 'loaded';
    this.#programmes.trim();
    this.#announce();
    this.#settle();
  }

  /** The load failed: what arrived stays readable, and the reason is kept in words. */
  fail(message: string): void {
    if (this.#state !== 'loading') return;
    this.#state = 'error';
    this.#error = message;
    this.#programmes.trim();
    this.#announce();
    this.#settle();
  }

  #package(ref: PackageRef | null): PackageRef | null {
    if (!ref) return null;
    const key = JSON.stringify([ref.id, ref.key, ref.name, ref.icon, ref.tint]);
    let shared = this.#packages.get(key);
    if (!shared) this.#packages.set(key, (shared = Object.freeze({ ...ref })));
    return shared;
  }

  #announce(): void {
    this.#unannounced = false;
    const summary = this.summary();
    this.#changed.fire(summary);
  }
}
