/**
 * What History shows, computed from the index (pure: the index, a span and "now" in, numbers out):
 * the concurrent-viewers step series by column, its peak and when, hours watched, each person's
 * watch time and last seen, the top channels and shows, the gaps nothing was followed, and who was
 * watching at one moment. Only followed time counts: every viewing is clipped to the followed
 * intervals of its server, and a column with no followed time is null, never 0.
 */
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

/** A viewing's followed pieces in a span. */
interface Piece {
  row: number;
  from: number;
  to: number;
}

/** Each chosen viewing's pieces inside the span and its server's followed time. */
export function piecesOf(index: HistoryIndex, q: SpanQuery): Piece[] {
  index.sortIfNeeded();
  const v = index.viewings;
  const followedBy = index.servers.map((s) => (q.servers === null || q.servers.has(s.index) ? mergeFollowed([s.follows], q.from, q.to, q.now) : []));
  const pieces: Piece[] = [];
  const out: Interval[] = [];
  const last = v.firstFrom(q.to);
  for (let r = index.scanFrom(q.from); r < last; r++) {
    const server = v.server[r]!;
    if (q.servers !== null && !q.servers.has(server)) continue;
    const end = Number.isNaN(v.end[r]!) ? q.now : v.end[r]!;
    if (end <= q.from) continue;
    out.length = 0;
    clip(Math.max(v.start[r]!, q.from), Math.min(end, q.to), followedBy[server] ?? [], out);
    for (const p of out) pieces.push({ row: r, from: p.from, to: p.to });
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

/**
 * The concurrent-viewers step series over [from, to) in columns of `width` ms: pieces are swept in
 * time order (an end before a start at the same instant, so back to back is not two at once).
 */
export function series(pieces: readonly Interval[], followed: readonly Interval[], from: number, to: number, width: number): Series {
  const n = Math.max(1, Math.ceil((to - from) / width));
  const columns: (number | null)[] = new Array<number | null>(n).fill(null);
  const watchedMs = new Array<number>(n).fill(0);
  const col = (t: number) => Math.min(n - 1, Math.max(0, Math.floor((t - from) / width)));
  for (const f of followed) for (let c = col(f.from); c <= col(f.to - 1); c++) columns[c] = 0;
  const events = new Float64Array(pieces.length * 2);
  let e = 0;
  for (const p of pieces) {
    // ends sort before starts at the same time: encode as (time*2) and (time*2+1)
    events[e++] = p.to * 2;
    events[e++] = p.from * 2 + 1;
    for (let c = col(p.from); c <= col(p.to - 1); c++) {
      const a = Math.max(p.from, from + c * width);
      const b = Math.min(p.to, from + (c + 1) * width);
      if (b > a) watchedMs[c]! += b - a;
    }
  }
  events.sort();
  let now = 0;
  let peak: Series['peak'] = followed.length > 0 ? { count: 0, at: followed[0]!.from } : null;
  for (let i = 0; i < events.length; ) {
    const t2 = events[i]!;
    const t = Math.floor(t2 / 2);
    // every event at this instant first, then the level from t until the next instant
    while (i < events.length && Math.floor(events[i]! / 2) === t) now += events[i++]! % 2 === 1 ? 1 : -1;
    if (now <= 0) continue;
    const next = i < events.length ? Math.floor(events[i]! / 2) : t;
    if (peak === null || now > peak.count) peak = { count: now, at: t };
    for (let c = col(t); c <= col(Math.max(t, next - 1)); c++) if ((columns[c] ?? 0) < now) columns[c] = now;
  }
  return { peak, columns, watchedMs };
}

/** Per person (server and person), per channel, per show: minutes watched, from the pieces. */
export function tallies(index: HistoryIndex, pieces: readonly Piece[], now: number): { people: HistoryPerson[]; channels: HistoryTally[]; shows: HistoryTally[]; viewings: number } {
  const v = index.viewings;
  const people = new Map<string, { server: number; person: number; ms: number; last: number }>();
  const channels = new Map<string, number>();
  const shows = new Map<number, number>();
  const rows = new Set<number>();
  for (const p of pieces) {
    const r = p.row;
    rows.add(r);
    const ms = p.to - p.from;
    const key = `${v.server[r]}:${v.person[r]}`;
    const open = Number.isNaN(v.end[r]!) && p.to >= now;
    const held = people.get(key) ?? { server: v.server[r]!, person: v.person[r]!, ms: 0, last: 0 };
    held.ms += ms;
    held.last = open ? Number.POSITIVE_INFINITY : Math.max(held.last, p.to);
    people.set(key, held);
    const number = v.channelNumber[r]!;
    const channel = [Number.isNaN(number) ? null : String(number), index.names.text(v.channel[r]!)].filter(Boolean).join(' ') || null;
    if (channel) channels.set(channel, (channels.get(channel) ?? 0) + ms);
    if (v.programme[r]! !== 0) shows.set(v.programme[r]!, (shows.get(v.programme[r]!) ?? 0) + ms);
  }
  // a name on two servers or more is told apart by the server's name
  const serversOfName = new Map<string, Set<number>>();
  for (const p of people.values()) {
    const name = index.names.text(p.person) ?? '?';
    const set = serversOfName.get(name) ?? new Set<number>();
    set.add(p.server);
    serversOfName.set(name, set);
  }
  const minutes = (ms: number) => Math.round(ms / 60_000);
  const top = <K>(map: Map<K, number>, name: (key: K) => string) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, HISTORY_TOP_MAX)
      .map(([key, ms]) => ({ name: name(key), minutes: minutes(ms) }));
  return {
    people: [...people.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, HISTORY_TOP_MAX)
      .map((p) => {
        const name = index.names.text(p.person) ?? '?';
        return { name, server: (serversOfName.get(name)?.size ?? 0) > 1 ? (index.servers[p.server]?.name ?? null) : null, minutes: minutes(p.ms), lastSeen: p.last === Number.POSITIVE_INFINITY ? null : p.last };
      }),
    channels: top(channels, (k) => k),
    shows: top(shows, (k) => index.names.text(k) ?? '?'),
    viewings: rows.size,
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
    const number = v.channelNumber[r]!;
    viewers.push({
      name: index.names.text(v.person[r]!) ?? '?',
      server: index.servers[v.server[r]!]?.name ?? null,
      device: index.names.text(v.device[r]!),
      channel: [Number.isNaN(number) ? null : String(number), index.names.text(v.channel[r]!)].filter(Boolean).join(' ') || null,
      programme: index.names.text(v.programme[r]!),
    });
  }
  // the server is named only when the moment holds viewers of more than one
  if (several.size < 2) for (const viewer of viewers) viewer.server = null;
  return { at, followed, viewers };
}
