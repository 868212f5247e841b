/**
 * What History shows, computed from the index (pure: the index, a range and "now" in, numbers
 * out): the concurrent-viewers step series by column, its peak and when, time watched, each
 * person's watch time and last seen, the channels, shows and devices, the gaps nothing was
 * followed, and who watched in one column. Only followed time counts: every viewing is clipped to
 * the followed intervals of its server, and a column with no followed time is null, never 0.
 */
import { HISTORY_TOP_MAX, type HistoryList, type HistoryMoment, type HistoryPerson, type HistoryTally } from '../../../shared/bridge-history';
import { deviceName } from '../../../shared/device-label';
import type { Followed, HistoryIndex } from './history-index';

export interface Interval {
  from: number;
  to: number;
}

/** A range to compute: [from, to), the servers (indices; null: all), one person or everyone, what "now" is (open intervals end there). */
export interface SpanQuery {
  from: number;
  to: number;
  now: number;
  servers: ReadonlySet<number> | null;
  /** one person: their name's id on one server (index row); null: everyone */
  person?: { server: number; name: number } | null;
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
  const person = q.person ?? null;
  for (let r = index.scanFrom(q.from); r < last; r++) {
    const server = v.server[r]!;
    if (q.servers !== null && !q.servers.has(server)) continue;
    if (person !== null && (server !== person.server || v.person[r] !== person.name)) continue;
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
}

/** The column an instant falls in (the columns' starts sorted; before the first: the first). */
function columnOf(starts: readonly number[], t: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The concurrent-viewers step series over [starts[0], to) in the columns that start at `starts`
 * (ranges.ts): pieces are swept in time order (an end before a start at the same instant, so back
 * to back is not two at once).
 */
export function series(pieces: Pieces, followed: readonly Interval[], starts: readonly number[], to: number): Series {
  const n = starts.length;
  const ends = starts.map((s, i) => starts[i + 1] ?? Math.max(s + 1, to));
  const col = (t: number) => columnOf(starts, t);
  const columns: (number | null)[] = new Array<number | null>(n).fill(null);
  const watchedMs = new Array<number>(n).fill(0);
  for (const f of followed) for (let c = col(f.from); c <= col(f.to - 1); c++) columns[c] = 0;
  const events = new Float64Array(pieces.count * 2);
  let e = 0;
  for (let i = 0; i < pieces.count; i++) {
    const pf = pieces.from[i]!;
    const pt = pieces.to[i]!;
    // ends sort before starts at the same time: encode as (time*2) and (time*2+1)
    events[e++] = pt * 2;
    events[e++] = pf * 2 + 1;
    for (let c = col(pf); c <= col(pt - 1); c++) {
      const a = Math.max(pf, starts[c]!);
      const b = Math.min(pt, ends[c]!);
      if (b > a) watchedMs[c]! += b - a;
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
    for (let c = col(t); c <= col(Math.max(t, next - 1)); c++) if ((columns[c] ?? 0) < now) columns[c] = now;
  }
  return { peak, columns, watchedMs };
}

/** A channel as people read it: "101 BBC One", the number or the name alone when that is all there is. */
export function channelName(index: HistoryIndex, row: number): string | null {
  const number = index.viewings.channelNumber[row]!;
  const name = index.names.text(index.viewings.channel[row]!);
  if (Number.isNaN(number)) return name;
  return name ? `${number} ${name}` : String(number);
}

/**
 * Devices as people read them (shared/device-label.ts `deviceName`): the record keeps what it was
 * given, so a label an earlier version wrote ("Apple TV 4K (tvos)") and the model alone are one
 * device, and a platform reads as its makers write it.
 */
export function deviceTally(recorded: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, ms] of recorded) {
    const shown = deviceName(name) ?? '?';
    out.set(shown, (out.get(shown) ?? 0) + ms);
  }
  return out;
}

/** The largest entries of a tally (by ms, then name), as a list with the count of all. */
export function topList(tally: ReadonlyMap<string, number>, max = HISTORY_TOP_MAX): HistoryList<HistoryTally> {
  const all = [...tally].filter(([, ms]) => ms > 0);
  all.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  return { top: all.slice(0, max).map(([name, ms]) => ({ name, minutes: minutesOf(ms) })), count: all.length };
}

/** Minutes to the tenth (a viewing under a minute is a fraction, never 0). */
export const minutesOf = (ms: number): number => Math.round(ms / 6_000) / 10;

export interface Tallies {
  people: HistoryList<HistoryPerson>;
  channels: HistoryList<HistoryTally>;
  shows: HistoryList<HistoryTally>;
  devices: HistoryList<HistoryTally>;
  viewings: number;
}

/** Per person (server and person), per channel, per show, per device: time watched, from the pieces (tallied by id; words only for the lists). */
export function tallies(index: HistoryIndex, pieces: Pieces, now: number): Tallies {
  const v = index.viewings;
  const S = Math.max(1, index.servers.length);
  const N = index.names.size;
  const people = new Float64Array(N * S);
  const lastSeen = new Float64Array(N * S);
  const shows = new Float64Array(N);
  const devices = new Float64Array(N);
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
    devices[v.device[r]!]! += ms;
  }
  const byName = (values: Float64Array) => {
    const out = new Map<string, number>();
    for (let id = 1; id < values.length; id++) if (values[id]! > 0) out.set(index.names.text(id) ?? '?', values[id]!);
    return out;
  };
  const channelTally = new Map<string, number>();
  for (const [key, ms] of channels) {
    const name = channelName(index, channelRow.get(key)!) ?? '?';
    channelTally.set(name, (channelTally.get(name) ?? 0) + ms);
  }
  // a name on two servers or more is told apart by the server's name
  const serversOf = (person: number) => {
    let n = 0;
    for (let server = 0; server < S; server++) if (people[person * S + server]! > 0) n++;
    return n;
  };
  const who: [number, number][] = [];
  for (let i = 0; i < people.length; i++) if (people[i]! > 0) who.push([i, people[i]!]);
  const name = (i: number) => index.names.text(Math.floor(i / S)) ?? '?';
  who.sort((x, y) => y[1] - x[1] || (name(x[0]) < name(y[0]) ? -1 : 1));
  return {
    people: {
      top: who.slice(0, HISTORY_TOP_MAX).map(([i, ms]) => {
        const person = Math.floor(i / S);
        const last = lastSeen[i]!;
        const server = index.servers[i % S];
        return { name: name(i), serverId: server?.id ?? '', server: serversOf(person) > 1 ? (server?.name ?? null) : null, minutes: minutesOf(ms), lastSeen: last === Number.POSITIVE_INFINITY ? null : last };
      }),
      count: who.length,
    },
    channels: topList(channelTally),
    shows: topList(byName(shows)),
    devices: topList(deviceTally(byName(devices))),
    viewings,
  };
}

/** Who watched in [from, to) on the chosen servers (and person), followed time only; `followed` false when none of it was followed. */
export function momentIn(index: HistoryIndex, q: SpanQuery): HistoryMoment {
  const lists = index.servers.filter((s) => q.servers === null || q.servers.has(s.index)).map((s) => s.follows);
  const followed = mergeFollowed(lists, q.from, q.to, q.now);
  const pieces = piecesOf(index, q);
  const peak = series(pieces, followed, [q.from], q.to).peak?.count ?? 0;
  const v = index.viewings;
  const byRow = new Map<number, number>();
  for (let i = 0; i < pieces.count; i++) byRow.set(pieces.row[i]!, (byRow.get(pieces.row[i]!) ?? 0) + pieces.to[i]! - pieces.from[i]!);
  const rows = [...byRow.keys()];
  const servers = new Set(rows.map((r) => v.server[r]!));
  return {
    from: q.from,
    to: q.to,
    followed: followed.length > 0,
    peak,
    viewers: rows.slice(0, HISTORY_TOP_MAX).map((r) => ({
      name: index.names.text(v.person[r]!) ?? '?',
      // the server is named only when the column holds viewers of more than one
      server: servers.size > 1 ? (index.servers[v.server[r]!]?.name ?? null) : null,
      device: deviceName(index.names.text(v.device[r]!)),
      channel: channelName(index, r),
      programme: index.names.text(v.programme[r]!),
      minutes: minutesOf(byRow.get(r)!),
    })),
    more: Math.max(0, rows.length - HISTORY_TOP_MAX),
  };
}
