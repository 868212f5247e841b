/**
 * The history held in memory, in columns: one row per viewing (start, end, server, person, device,
 * channel, programme as interned ids in typed arrays) and each server's followed intervals. The
 * record on disk (history-record.ts) fills it when it opens and as events arrive, through the
 * viewing rule (clean-viewings.ts); the computations
 * (compute.ts) read it. Only what a span can ask for is held (the last MAX_SPAN_DAYS days and a
 * little), so memory does not grow with the retention.
 */
import { appendAll } from '../../../shared/extent';

/** A followed interval; `to` null: still followed (read as "now"). */
export interface Followed {
  from: number;
  to: number | null;
}

/** Strings interned once for the whole index: id 0 is "unknown" (null). */
export class Names {
  readonly #ids = new Map<string, number>();
  readonly #list: string[] = [''];

  id(text: string | null | undefined): number {
    if (text === null || text === undefined || text === '') return 0;
    let id = this.#ids.get(text);
    if (id === undefined) {
      id = this.#list.length;
      this.#list.push(text);
      this.#ids.set(text, id);
    }
    return id;
  }

  /** The id of a name already held, or null (nothing is interned). */
  find(text: string): number | null {
    return this.#ids.get(text) ?? null;
  }

  text(id: number): string | null {
    return id === 0 ? null : (this.#list[id] ?? null);
  }

  get size(): number {
    return this.#list.length;
  }

  /** Keeps only the names `used` marks (by id); each old id's new id (0 for a name dropped). */
  compact(used: Uint8Array): Int32Array {
    const moved = new Int32Array(this.#list.length);
    const kept = this.#list.filter((_, id) => id === 0 || used[id] === 1);
    this.#ids.clear();
    let next = 1;
    for (let id = 1; id < this.#list.length; id++) if (used[id] === 1) moved[id] = next++;
    this.#list.length = 0;
    appendAll(this.#list, kept);
    kept.forEach((text, id) => id > 0 && this.#ids.set(text, id));
    return moved;
  }
}

const INITIAL_ROWS = 1024;

/** The viewings, column by column (grown by doubling). `end` is NaN while a viewing is open. */
export class Viewings {
  count = 0;
  start = new Float64Array(INITIAL_ROWS);
  end = new Float64Array(INITIAL_ROWS);
  server = new Int32Array(INITIAL_ROWS);
  person = new Int32Array(INITIAL_ROWS);
  device = new Int32Array(INITIAL_ROWS);
  /** NaN: no number */
  channelNumber = new Float64Array(INITIAL_ROWS);
  channel = new Int32Array(INITIAL_ROWS);
  programme = new Int32Array(INITIAL_ROWS);
  /** the longest viewing held (ms; an open one counts from its start to the latest time seen) */
  longest = 0;

  push(row: { start: number; server: number; person: number; device: number; channelNumber: number | null; channel: number; programme: number }): number {
    if (this.count === this.start.length) this.#grow(this.count * 2);
    const i = this.count++;
    this.start[i] = row.start;
    this.end[i] = Number.NaN;
    this.server[i] = row.server;
    this.person[i] = row.person;
    this.device[i] = row.device;
    this.channelNumber[i] = row.channelNumber ?? Number.NaN;
    this.channel[i] = row.channel;
    this.programme[i] = row.programme;
    return i;
  }

  close(row: number, at: number): void {
    const end = Math.max(at, this.start[row]!);
    this.end[row] = end;
    this.longest = Math.max(this.longest, end - this.start[row]!);
  }

  /** The viewing goes on (its stretch came back within the grace: clean-viewings.ts). */
  reopen(row: number): void {
    this.end[row] = Number.NaN;
  }

  /** Drops the viewings that ended before `before` (kept in start order); each old row's new row (-1: dropped). */
  prune(before: number): Int32Array {
    let w = 0;
    const moved = new Int32Array(this.count).fill(-1);
    const columns = this.#columns();
    for (let r = 0; r < this.count; r++) {
      if (this.end[r]! < before) continue;
      if (w !== r) for (const column of columns) column[w] = column[r]!;
      moved[r] = w++;
    }
    this.count = w;
    return moved;
  }

  /** The first row whose start is at or after `at` (rows are in start order). */
  firstFrom(at: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.start[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  #columns(): (Float64Array | Int32Array)[] {
    return [this.start, this.end, this.server, this.person, this.device, this.channelNumber, this.channel, this.programme];
  }

  #grow(size: number): void {
    const grow = <T extends Float64Array | Int32Array>(old: T): T => {
      const next = new (old.constructor as new (n: number) => T)(size);
      next.set(old);
      return next;
    };
    this.start = grow(this.start);
    this.end = grow(this.end);
    this.server = grow(this.server);
    this.person = grow(this.person);
    this.device = grow(this.device);
    this.channelNumber = grow(this.channelNumber);
    this.channel = grow(this.channel);
    this.programme = grow(this.programme);
  }
}

/** One server's part of the index. */
export interface ServerHistory {
  /** its index in HistoryIndex.servers (the `server` column) */
  index: number;
  id: string;
  name: string;
  follows: Followed[];
}

/** Everything a computation reads. */
export class HistoryIndex {
  readonly names = new Names();
  readonly viewings = new Viewings();
  readonly servers: ServerHistory[] = [];
  /** the rows the viewing rule may still change (open, or ended within the rejoin grace), by stretch: rows move when sorted or pruned */
  readonly tracked = new Map<string, number>();
  /** viewings with a start earlier than the row before them (a file read out of order): sorted before the next query */
  #unsorted = false;

  /** Where a scan for viewings running at or after `from` must begin (a long or still open viewing started earlier). */
  scanFrom(from: number): number {
    let at = from - this.viewings.longest - 1;
    for (const row of this.tracked.values()) at = Math.min(at, this.viewings.start[row]!);
    return this.viewings.firstFrom(at);
  }

  server(id: string, name: string): ServerHistory {
    let server = this.servers.find((s) => s.id === id);
    if (!server) this.servers.push((server = { index: this.servers.length, id, name, follows: [] }));
    else if (name) server.name = name;
    return server;
  }

  addViewing(row: Parameters<Viewings['push']>[0]): number {
    const v = this.viewings;
    if (v.count > 0 && row.start < v.start[v.count - 1]!) this.#unsorted = true;
    return v.push(row);
  }

  /** Rows in start order (a load of several servers' files appends them out of order; live rows arrive in order). */
  sortIfNeeded(): void {
    if (!this.#unsorted) return;
    this.#unsorted = false;
    const v = this.viewings;
    const order = Array.from({ length: v.count }, (_, i) => i).sort((a, b) => v.start[a]! - v.start[b]!);
    const sorted = new Viewings();
    const moved = new Int32Array(v.count);
    for (const r of order) {
      moved[r] = sorted.count;
      const i = sorted.push({
        start: v.start[r]!,
        server: v.server[r]!,
        person: v.person[r]!,
        device: v.device[r]!,
        channelNumber: Number.isNaN(v.channelNumber[r]!) ? null : v.channelNumber[r]!,
        channel: v.channel[r]!,
        programme: v.programme[r]!,
      });
      if (!Number.isNaN(v.end[r]!)) sorted.close(i, v.end[r]!);
    }
    sorted.longest = Math.max(sorted.longest, v.longest);
    Object.assign(this.viewings, sorted);
    this.#remapTracked(moved);
  }

  #remapTracked(moved: Int32Array): void {
    for (const [key, row] of this.tracked) {
      const next = moved[row] ?? -1;
      if (next < 0) this.tracked.delete(key);
      else this.tracked.set(key, next);
    }
  }

  /** Forgets what ended before `before` (memory holds only what a span can ask for), and the names nothing uses any more. */
  prune(before: number): void {
    this.sortIfNeeded();
    this.#remapTracked(this.viewings.prune(before));
    for (const s of this.servers) s.follows = s.follows.filter((f) => f.to === null || f.to >= before);
    const v = this.viewings;
    const columns = [v.person, v.device, v.channel, v.programme];
    const used = new Uint8Array(this.names.size);
    for (const column of columns) for (let r = 0; r < v.count; r++) used[column[r]!] = 1;
    let count = 0;
    for (const mark of used) count += mark;
    if (count * 2 > this.names.size) return; // most still in use: not worth a pass
    const moved = this.names.compact(used);
    for (const column of columns) for (let r = 0; r < v.count; r++) column[r] = moved[column[r]!]!;
  }

  clear(): void {
    this.viewings.count = 0;
    this.viewings.longest = 0;
    this.tracked.clear();
    for (const s of this.servers) s.follows = [];
  }
}
