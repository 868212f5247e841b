/**
 * One local day of the record, summed up: what a range drawn by the day reads instead of rows, so
 * a year costs 365 summaries, not half a million viewings, and memory holds rows only for the last
 * month. A summary is made from the rows of a closed day (the same computations as every range:
 * compute.ts) and never changes after; each server's part keeps its followed intervals, its most at
 * once and when, the time watched, and per person their time, viewings, first and last moment; a
 * summary made from rows also has each person's channels, shows and devices, which are kept on disk
 * (day-tallies.ts) and read when a range asks. The servers together keep their own most at once
 * (two servers' peaks at different times do not add up).
 */
import { channelName, mergeFollowed, piecesOf, series, type Interval } from './compute';
import type { HistoryIndex } from './history-index';
import { CHANNEL, DEVICE, SHOW, type Lists, type TallyEntry } from './day-tallies';

/** A day's figures for one server, or for every server together. */
export interface DayFigures {
  /** followed intervals inside the day */
  followed: Interval[];
  /** the most at once and when it first happened; null: nothing followed */
  peak: { count: number; at: number } | null;
  watchedMs: number;
  /** viewings first followed in the day, and those already followed before it (a range counts each once) */
  started: number;
  carried: number;
}

export interface PersonDay {
  ms: number;
  started: number;
  carried: number;
  /** the start of their first viewing that day (it may have begun the day before) */
  first: number;
  /** the end of their last viewing that day; +Infinity: still watching when it was summed up */
  last: number;
  /** their time by channel, show and device: in a summary made from rows (a kept one has them on disk) */
  lists?: Lists;
}

export interface ServerDay extends DayFigures {
  name: string;
  people: Map<string, PersonDay>;
}

export interface DaySummary {
  from: number;
  to: number;
  all: DayFigures;
  servers: Map<string, ServerDay>;
}

const add = (map: Map<string, number>, key: string | null, ms: number) => {
  if (key !== null) map.set(key, (map.get(key) ?? 0) + ms);
};

/** The figures of [from, to) for some servers (indices; null: all), from the rows. */
function figuresOf(index: HistoryIndex, from: number, to: number, now: number, servers: ReadonlySet<number> | null): { figures: DayFigures; pieces: ReturnType<typeof piecesOf> } {
  const followed = mergeFollowed(
    index.servers.filter((s) => servers === null || servers.has(s.index)).map((s) => s.follows),
    from,
    to,
    now,
  );
  const pieces = piecesOf(index, { from, to, now, servers });
  const peak = series(pieces, followed, [from], to).peak;
  let started = 0;
  let carried = 0;
  let previous = -1;
  for (let i = 0; i < pieces.count; i++) {
    const r = pieces.row[i]!;
    if (r === previous) continue;
    previous = r;
    if (carriedIn(index, r, from, now)) carried++;
    else started++;
  }
  return { figures: { followed, peak, watchedMs: pieces.total(), started, carried }, pieces };
}

/** Whether viewing `r` was already counted before `from`: it has followed time before it (a range counts a viewing on its first followed day). */
function carriedIn(index: HistoryIndex, r: number, from: number, now: number): boolean {
  const start = index.viewings.start[r]!;
  if (start >= from) return false;
  const server = index.servers[index.viewings.server[r]!];
  return server !== undefined && mergeFollowed([server.follows], start, from, now).length > 0;
}

/** The day [from, to) summed up from the rows held (`now`: open viewings end there). */
export function summarizeDay(index: HistoryIndex, from: number, to: number, now: number): DaySummary {
  index.sortIfNeeded();
  const servers = new Map<string, ServerDay>();
  for (const server of index.servers) {
    const { figures, pieces } = figuresOf(index, from, to, now, new Set([server.index]));
    if (figures.followed.length === 0 && pieces.count === 0) continue;
    const people = new Map<string, PersonDay>();
    const v = index.viewings;
    let previous = -1;
    for (let i = 0; i < pieces.count; i++) {
      const r = pieces.row[i]!;
      const name = index.names.text(v.person[r]!) ?? '?';
      let p = people.get(name);
      if (!p) people.set(name, (p = { ms: 0, started: 0, carried: 0, first: Number.POSITIVE_INFINITY, last: 0, lists: { channels: new Map(), shows: new Map(), devices: new Map() } }));
      const ms = pieces.to[i]! - pieces.from[i]!;
      p.ms += ms;
      if (r !== previous) {
        if (carriedIn(index, r, from, now)) p.carried++;
        else p.started++;
        p.first = Math.min(p.first, v.start[r]!);
      }
      previous = r;
      p.last = Number.isNaN(v.end[r]!) && pieces.to[i]! >= now ? Number.POSITIVE_INFINITY : Math.max(p.last, pieces.to[i]!);
      add(p.lists!.channels, channelName(index, r), ms);
      add(p.lists!.shows, index.names.text(v.programme[r]!), ms);
      add(p.lists!.devices, index.names.text(v.device[r]!), ms);
    }
    servers.set(server.id, { ...figures, name: server.name, people });
  }
  return { from, to, all: figuresOf(index, from, to, now, null).figures, servers };
}

/** A summary's lists as the tally store keeps them (one entry per person and channel, show or device). */
export function tallyEntries(day: DaySummary): TallyEntry[] {
  const entries: TallyEntry[] = [];
  for (const [server, s] of day.servers)
    for (const [person, p] of s.people) {
      if (!p.lists) continue;
      for (const [kind, map] of [
        [CHANNEL, p.lists.channels],
        [SHOW, p.lists.shows],
        [DEVICE, p.lists.devices],
      ] as const)
        for (const [name, ms] of map) entries.push({ server, person, kind, name, ms });
    }
  return entries;
}
