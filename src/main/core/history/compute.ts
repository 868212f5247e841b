/**
 * What History shows, computed from the index (pure: the index, a span and "now" in, numbers out):
 * the concurrent-viewers step series by column, its peak and when, hours watched, each person's
 * watch time and last seen, the top channels and shows, the gaps nothing was followed, and who was
 * watching at one moment. Only followed time counts: every viewing is clipped to the followed
 * intervals of its server, and a column with no followed time is null, never 0.
 */
import { deviceName } from '../../../shared/device-label';
import { HISTORY_TOP_MAX, type HistoryMoment, type HistoryPerson, type HistoryTally } from '../../../shared/bridge-history';
import type { Followed, HistoryIndex } from './history-index';

export interface Interval {
  from: number;
  to: number;
}

/** A span to compute: [from, to), the servers (indices; null: all), what "now" is (open intervals end there). */
export interface SpanQuery {
  from: number;
  to: number;
  now: number;
  servers: ReadonlySet<number> | null;
}

/** Followed intervals clipped to [from, to) (open ones end at `now`), merged and sorted. */
export function mergeFollowed(lists: readonly (readonly Followed[])[], from: number, to: number, now: number): Interval[] {
  const all: Interval[] = [];
  for (const list of lists)
    for (const f of list) {
      const a = Math.max(f.from, from);
      const b = Math.min(f.to ?? now, to);
      if (b > a) all.push({ from: a, to: b });
    }
  all.sort((x, y) => x.from - y.from);
  const merged: Interval[] = [];
  for (const i of all) {
    const last = merged[merged.length - 1];
    if (last && i.from <= last.to) last.to = Math.max(last.to, i.to);
    else merged.push({ ...i });
  }
  return merged;
}

/** The parts of [from, to) outside `followed` (sorted, disjoint). */
export function gapsOf(followed: readonly Interval[], from: number, to: number): Interval[] {
  const gaps: Interval[] = [];
  let at = from;
  for (const f of followed) {
    if (f.from > at) gaps.push({ from: at, to: f.from });
    at = Math.max(at, f.to);
  }
  if (to > at) gaps.push({ from: at, to });
  return gaps;
}

/** How [a, b) overlaps sorted disjoint intervals: the pieces (binary search for the first). */
function clip(a: number, b: number, intervals: readonly Interval[], out: Interval[]): void {
  let lo = 0;
  let hi = intervals.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (intervals[mid]!.to <= a) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < intervals.length && intervals[i]!.from < b; i++) {
    const x = Math.max(a, intervals[i]!.from);
    const y = Math.min(b, intervals[i]!.to);
    if (y > x) out.push({ from: x, to: y });
  }
}

/** The viewings' followed pieces in a span, in columns: the viewing's row, and the piece's start and end. */
export class Pieces {
  count = 0;
  row: Int32Array;
  from: Float64Array;
  to: Float64Array;

  constructor(capacity = 256) {
    this.row = new Int32Array(capacity);
    this.from = new Float64Array(capacity);
    this.to = new Float64Array(capacity);
  }

  push(row: number, from: number, to: number): void {
    if (this.count === this.row.length) {
      const grow = <T extends Int32Array | Float64Array>(old: T): T => {
        const next = new (old.constructor as new (n: number) => T)(old.length * 2);
        next.set(old);
        return next;
      };
      this.row = grow(this.row);
      this.from = grow(this.from);
      this.to = grow(this.to);
    }
    this.row[this.count] = row;
    this.from[this.count] = from;
    this.to[this.count++] = to;
  }

  /** Pieces from plain intervals (tests, and callers with no index). */
  static of(intervals: readonly Interval[]): Pieces {
    const pieces = new Pieces(Math.max(1, intervals.length));
    intervals.forEach((i, n) => pieces.push(n, i.from, i.to));
    return pieces;
  }

  /** Followed time watched in all (ms). */
  total(): number {
    let sum = 0;
    for (let i = 0; i < this.count; i++) sum += this.to[i]! - this.from[i]!;
    return sum;
  }
}

/** Each chosen viewing's pieces inside the span and its server's followed time. */
export function piecesOf(index: HistoryIndex, q: SpanQuery): Pieces {
  index.sortIfNeeded();
  const v = index.viewings;
  const followedBy = index.servers.map((s) => (q.servers === null || q.servers.has(s.index) ? mergeFollowed([s.follows], q.from, q.to, q.now) : []));
  const pieces = new Pieces();
  const out: Interval[] = [];
  const last = v.firstFrom(q.to);
  for (let r = index.scanFrom(q.from); r < last; r++) {
    const server = v.server[r]!;
    if (q.servers !== null && !q.servers.has(server)) continue;
    const end = Number.isNaN(v.end[r]!) ? q.now : v.end[r]!;
    if (end <= q.from) continue;
    out.length = 0;
    clip(Math.max(v.start[r]!, q.from), Math.min(end, q.to), followedBy[server] ?? [], out);
    for (const p of out) pieces.push(r, p.from, p.to);
  }
  return pieces;
}

export interface Series {
  /** the most at once and when it first happened; null with no followed time */
  peak: { count: number; at: number } | null;
  /** per column: the most at once in it, null where none of it was followed */
  columns: (number | null)[];
  /** per column: ms watched in it */
  watchedMs: number[];
  /** per column: when its most at once first happened (null: nobody watched in it) */
  peakAt: (number | null)[];
}

/**
 * The concurrent-viewers step series over [from, to) in columns of `width` ms: pieces are swept in
 * time order (an end before a start at the same instant, so back to back is not two at once).
 */
export function series(pieces: Pieces, followed: readonly Interval[], from: number, to: number, width: number): Series {
  return seriesOn(pieces, followed, from, to, [width])[0]!;
}

/** The same sweep for several column widths at once (the chart's and the table's): the events are sorted once. */
export function seriesOn(pieces: Pieces, followed: readonly Interval[], from: number, to: number, widths: readonly number[]): Series[] {
  const grids = widths.map((width) => {
    const n = Math.max(1, Math.ceil((to - from) / width));
    const columns: (number | null)[] = new Array<number | null>(n).fill(null);
    const col = (t: number) => Math.min(n - 1, Math.max(0, Math.floor((t - from) / width)));
    for (const f of followed) for (let c = col(f.from); c <= col(f.to - 1); c++) columns[c] = 0;
    return { width, n, col, columns, watchedMs: new Array<number>(n).fill(0), peakAt: new Array<number | null>(n).fill(null) };
  });
  const events = new Float64Array(pieces.count * 2);
  let e = 0;
  for (let i = 0; i < pieces.count; i++) {
    const pf = pieces.from[i]!;
    const pt = pieces.to[i]!;
    // ends sort before starts at the same time: encode as (time*2) and (time*2+1)
    events[e++] = pt * 2;
    events[e++] = pf * 2 + 1;
    for (const g of grids)
      for (let c = g.col(pf); c <= g.col(pt - 1); c++) {
        const a = Math.max(pf, from + c * g.width);
        const b = Math.min(pt, from + (c + 1) * g.width);
        if (b > a) g.watchedMs[c]! += b - a;
      }
  }
  events.sort();
  let now = 0;
  let peak: Series['peak'] = followed.length > 0 ? { count: 0, at: followed[0]!.from } : null;
  for (let i = 0; i < events.length; ) {
    const t = Math.floor(events[i]! / 2);
    // every event at this instant first, then the level from t until the next instant
    while (i < events.length && Math.floor(events[i]! / 2) === t) now += events[i++]! % 2 === 1 ? 1 : -1;
    if (now <= 0) continue;
    const next = i < events.length ? Math.floor(events[i]! / 2) : t;
    if (peak === null || now > peak.count) peak = { count: now, at: t };
    for (const g of grids)
      for (let c = g.col(t); c <= g.col(Math.max(t, next - 1)); c++)
        if ((g.columns[c] ?? 0) < now) {
          g.columns[c] = now;
          g.peakAt[c] = Math.max(t, from + c * g.width);
        }
  }
  return grids.map((g) => ({ peak, columns: g.columns, watchedMs: g.watchedMs, peakAt: g.peakAt }));
}

/** A channel as people read it: "101 BBC One", the number or the name alone when that is all there is. */
function channelText(index: HistoryIndex, row: number): string | null {
  const number = index.viewings.channelNumber[row]!;
  const name = index.names.text(index.viewings.channel[row]!);
  if (Number.isNaN(number)) return name;
  return name ? `${number} ${name}` : String(number);
}

/** The `max` largest non-zero entries of a typed tally, largest first, as [index, value]. */
function topOfArray(values: Float64Array, max: number): [number, number][] {
  const found: [number, number][] = [];
  for (let i = 0; i < values.length; i++) if (values[i]! > 0) found.push([i, values[i]!]);
  return found.sort((x, y) => y[1] - x[1]).slice(0, max);
}

/** Per person (server and person), per channel, per show: minutes watched, from the pieces (tallied by id in typed arrays; words only for the top). */
export function tallies(index: HistoryIndex, pieces: Pieces, now: number): { people: HistoryPerson[]; channels: HistoryTally[]; shows: HistoryTally[]; viewings: number } {
  const v = index.viewings;
  const S = Math.max(1, index.servers.length);
  const N = index.names.size;
  const people = new Float64Array(N * S);
  const lastSeen = new Float64Array(N * S);
  const shows = new Float64Array(N);
  const channels = new Map<number, number>();
  const channelRow = new Map<number, number>();
  let viewings = 0;
  let previous = -1;
  for (let i = 0; i < pieces.count; i++) {
    const r = pieces.row[i]!;
    if (r !== previous) viewings++;
    previous = r;
    const to = pieces.to[i]!;
    const ms = to - pieces.from[i]!;
    const who = v.person[r]! * S + v.server[r]!;
    people[who]! += ms;
    lastSeen[who] = Number.isNaN(v.end[r]!) && to >= now ? Number.POSITIVE_INFINITY : Math.max(lastSeen[who]!, to);
    const number = v.channelNumber[r]!;
    const channel = (Number.isNaN(number) ? 0 : number + 1) * 1_048_576 + v.channel[r]!;
    if (channel !== 0) {
      channels.set(channel, (channels.get(channel) ?? 0) + ms);
      if (!channelRow.has(channel)) channelRow.set(channel, r);
    }
    shows[v.programme[r]!]! += ms;
  }
  shows[0] = 0; // no programme named
  const top = topOfArray(people, HISTORY_TOP_MAX);
  // a name on two servers or more is told apart by the server's name
  const serversOf = (person: number) => {
    let n = 0;
    for (let server = 0; server < S; server++) if (people[person * S + server]! > 0) n++;
    return n;
  };
  const minutes = (ms: number) => Math.round(ms / 60_000);
  return {
    people: top.map(([who, ms]) => {
      const person = Math.floor(who / S);
      const last = lastSeen[who]!;
      return {
        name: index.names.text(person) ?? '?',
        server: serversOf(person) > 1 ? (index.servers[who % S]?.name ?? null) : null,
        minutes: minutes(ms),
        lastSeen: last === Number.POSITIVE_INFINITY ? null : last,
      };
    }),
    channels: [...channels]
      .sort((x, y) => y[1] - x[1])
      .slice(0, HISTORY_TOP_MAX)
      .map(([key, ms]) => ({ name: channelText(index, channelRow.get(key)!) ?? '?', minutes: minutes(ms) })),
    shows: topOfArray(shows, HISTORY_TOP_MAX).map(([id, ms]) => ({ name: index.names.text(id) ?? '?', minutes: minutes(ms) })),
    viewings,
  };
}

/** Who was watching what at `at` on the chosen servers; `followed` false when none of them was followed then. */
export function momentAt(index: HistoryIndex, at: number, now: number, servers: ReadonlySet<number> | null): HistoryMoment {
  index.sortIfNeeded();
  const lists = index.servers.filter((s) => servers === null || servers.has(s.index)).map((s) => s.follows);
  const followed = mergeFollowed(lists, at, at + 1, now).length > 0;
  const v = index.viewings;
  const viewers: HistoryMoment['viewers'] = [];
  const several = new Set<number>();
  const last = v.firstFrom(at + 1);
  for (let r = index.scanFrom(at); r < last && viewers.length < 50; r++) {
    if (servers !== null && !servers.has(v.server[r]!)) continue;
    const end = Number.isNaN(v.end[r]!) ? now : v.end[r]!;
    if (v.start[r]! > at || end <= at) continue;
    several.add(v.server[r]!);
    viewers.push({
      name: index.names.text(v.person[r]!) ?? '?',
      server: index.servers[v.server[r]!]?.name ?? null,
      device: deviceName(index.names.text(v.device[r]!)),
      channel: channelText(index, r),
      programme: index.names.text(v.programme[r]!),
    });
  }
  // the server is named only when the moment holds viewers of more than one
  if (several.size < 2) for (const viewer of viewers) viewer.server = null;
  return { at, followed, viewers };
}
