/**
 * A range drawn by the day, read from the day summaries (day-summary.ts) instead of rows: the
 * columns, gaps, peak and totals, the lists (people, channels, shows, devices), one person's page,
 * and who watched on one day. The figures are the ones the rows give for the same days (the
 * summaries are made from them), so a range reads the same whether its days are held as rows or
 * only as summaries.
 */
import { HISTORY_TOP_MAX, type HistoryMoment, type HistoryPerson, type HistoryRequest, type HistoryView } from '../../../shared/bridge-history';
import { deviceName } from '../../../shared/device-label';
import { deviceTally, gapsOf, minutesOf, topList, type Interval } from './compute';
import type { DayFigures, DaySummary, PersonDay } from './day-summary';
import type { Lists } from './day-tallies';

/** The lists of kept days (their tallies on disk), for a server, a person or every server. */
export type StoredLists = (days: readonly number[], filter: { server?: string; person?: { server: string; name: string } }) => Lists;
import type { ResolvedRange } from './ranges';

/** The part of a day a request reads: every server's, one server's, or one person's (with the figures of their server). */
interface Part {
  figures: DayFigures | null;
  people: { serverId: string; serverName: string; name: string; p: PersonDay }[];
}

function partOf(day: DaySummary | null, request: HistoryRequest): Part {
  if (!day) return { figures: null, people: [] };
  const wanted = request.person?.server ?? request.server ?? null;
  const servers = [...day.servers].filter(([id]) => wanted === null || id === wanted);
  const people = servers.flatMap(([id, s]) => [...s.people].filter(([name]) => !request.person || name === request.person.name).map(([name, p]) => ({ serverId: id, serverName: s.name, name, p })));
  const figures = wanted === null ? day.all : (day.servers.get(wanted) ?? { followed: [], peak: null, watchedMs: 0, started: 0, carried: 0 });
  return { figures, people };
}

const addTo = (into: Map<string, number>, from: ReadonlyMap<string, number>) => {
  for (const [key, ms] of from) into.set(key, (into.get(key) ?? 0) + ms);
};

/** A range by the day: `days` holds each column's summary (null: nothing known of that day); kept days' lists come from `stored`. */
export function dayRangeView(days: readonly (DaySummary | null)[], request: HistoryRequest, range: ResolvedRange, demo: boolean, stored: StoredLists): HistoryView {
  const parts = days.map((d) => partOf(d, request));
  const person = request.person ?? null;
  const followed: Interval[] = [];
  let peak: HistoryView['peak'] = null;
  let watchedMs = 0;
  let viewings = 0;
  const who = new Map<string, { serverId: string; serverName: string; name: string; ms: number; last: number }>();
  const channels = new Map<string, number>();
  const shows = new Map<string, number>();
  const devices = new Map<string, number>();
  const kept: number[] = [];
  const buckets = range.starts.map((from, i) => {
    const to = range.starts[i + 1] ?? range.to;
    const part = parts[i]!;
    const f = part.figures;
    const isFollowed = f !== null && f.followed.length > 0;
    if (f) for (const x of f.followed) followed.push({ from: Math.max(x.from, from), to: Math.min(x.to, to) });
    let watched = 0;
    for (const { serverId, serverName, name, p } of part.people) {
      watched += p.ms;
      viewings += p.started + (i === 0 ? p.carried : 0);
      const key = `${serverId}\n${name}`;
      const held = who.get(key);
      if (held) {
        held.ms += p.ms;
        held.last = Math.max(held.last, p.last);
      } else who.set(key, { serverId, serverName, name, ms: p.ms, last: p.last });
      if (p.lists) {
        addTo(channels, p.lists.channels);
        addTo(shows, p.lists.shows);
        addTo(devices, p.lists.devices);
      }
    }
    if (part.people.length > 0 && !part.people[0]!.p.lists) kept.push(from);
    watchedMs += watched;
    // one person's page tells time watched, not how many at once
    const most = person ? (isFollowed ? 0 : null) : isFollowed ? (f.peak?.count ?? 0) : null;
    if (!person && f?.peak && (peak === null || f.peak.count > peak.count)) peak = { ...f.peak };
    return { from, to, peak: most, watchedMs: watched };
  });
  if (!person && peak === null && followed.length > 0) peak = { count: 0, at: followed[0]!.from };
  if (kept.length > 0) {
    const lists = stored(kept, { ...(request.server ? { server: request.server } : {}), ...(person ? { person } : {}) });
    addTo(channels, lists.channels);
    addTo(shows, lists.shows);
    addTo(devices, lists.devices);
  }
  followed.sort((a, b) => a.from - b.from);
  const list = [...who.values()].sort((a, b) => b.ms - a.ms || (a.name < b.name ? -1 : 1));
  const namesOn = new Map<string, number>();
  for (const p of list) namesOn.set(p.name, (namesOn.get(p.name) ?? 0) + 1);
  const people: HistoryPerson[] = list.slice(0, HISTORY_TOP_MAX).map((p) => ({
    name: p.name,
    serverId: p.serverId,
    server: (namesOn.get(p.name) ?? 0) > 1 ? p.serverName : null,
    minutes: minutesOf(p.ms),
    lastSeen: p.last === Number.POSITIVE_INFINITY ? null : p.last,
  }));
  return {
    span: request.span,
    server: request.server ?? null,
    person,
    from: range.from,
    to: range.to,
    unit: range.unit,
    buckets,
    gaps: gapsOf(followed, range.from, range.to),
    peak,
    watchedMs,
    followedMs: followed.reduce((sum, f) => sum + (f.to - f.from), 0),
    people: { top: people, count: list.length },
    channels: topList(channels),
    shows: topList(shows),
    devices: topList(deviceTally(devices)),
    viewings,
    demo,
  };
}

/** Who watched on one day (each person with their most watched programme and channel; a kept day's from `byPerson`). */
export function dayMoment(day: DaySummary | null, request: HistoryRequest, from: number, to: number, byPerson: (day: number) => Map<string, Lists>): HistoryMoment {
  const part = partOf(day, request);
  const servers = new Set(part.people.map((x) => x.serverId));
  const keptLists = part.people.some((x) => !x.p.lists) ? byPerson(from) : null;
  const listsOf = (serverId: string, name: string, p: PersonDay) => p.lists ?? keptLists?.get(`${serverId}\n${name}`) ?? null;
  const best = (m: ReadonlyMap<string, number>) => [...m].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const people = [...part.people].sort((a, b) => b.p.ms - a.p.ms);
  return {
    from,
    to,
    followed: part.figures !== null && part.figures.followed.length > 0,
    peak: request.person ? 0 : (part.figures?.peak?.count ?? 0),
    viewers: people.slice(0, HISTORY_TOP_MAX).map(({ serverId, serverName, name, p }) => {
      const lists = listsOf(serverId, name, p);
      return { name, server: servers.size > 1 ? serverName : null, device: lists && deviceName(best(lists.devices)), channel: lists && best(lists.channels), programme: lists && best(lists.shows), minutes: minutesOf(p.ms) };
    }),
    more: Math.max(0, people.length - HISTORY_TOP_MAX),
  };
}

/** When the summaries first and last saw one person (first: earliest start; last: latest end, +Infinity while watching). */
export function seenIn(days: Iterable<DaySummary>, server: string, name: string): { first: number; last: number } | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    const p = day.servers.get(server)?.people.get(name);
    if (!p) continue;
    first = Math.min(first, p.first);
    last = Math.max(last, p.last);
  }
  return first === Number.POSITIVE_INFINITY ? null : { first, last };
}
