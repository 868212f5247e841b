/**
 * The answers History gives, composed from the computations: a range's view (chart columns, gaps,
 * peak, totals, lists), a person's page, who watched in one column, the "while you were away" line
 * (the same range view, from the last opening to now, so History opened from it holds the same
 * figures) and today's peak for the tray. The range and its columns come from ranges.ts.
 */
import type { HistoryAway, HistoryMoment, HistoryPersonView, HistoryRequest, HistoryView, PersonRef } from '../../../shared/bridge-history';
import type { Calendar } from './calendar';
import type { DaySummary } from './day-summary';
import { dayMoment, dayRangeView, seenIn, type StoredLists } from './day-views';
import type { Lists } from './day-tallies';
import { gapsOf, mergeFollowed, momentIn, piecesOf, series, tallies, type SpanQuery } from './compute';
import { exportRows, type CsvRow } from './csv';
import type { HistoryIndex } from './history-index';
import { resolveRange, type ResolvedRange } from './ranges';

/** What every query reads besides the request: the index, the calendar, "now", how far back rows are held, the day summaries. */
export interface ViewContext {
  index: HistoryIndex;
  cal: Calendar;
  now: number;
  /** the first day whose rows are all held (ranges reaching before it are drawn by the day) */
  heldFrom: number;
  /** the summary of the day starting at `from` (null: nothing known of it) */
  day: (from: number) => DaySummary | null;
  /** every day summary held (a person's first and last sight) */
  days: () => Iterable<DaySummary>;
  /** the lists of kept days (on disk), and one kept day's person by person */
  stored: StoredLists;
  byPerson: (day: number) => Map<string, Lists>;
  /** the server ids whose record is the demo's */
  demo: ReadonlySet<string>;
}

/** The servers a request names as index rows (null: all). */
export function chosen(index: HistoryIndex, server: string | undefined | null): ReadonlySet<number> | null {
  if (!server) return null;
  return new Set(index.servers.filter((s) => s.id === server).map((s) => s.index));
}

/** A person as the index holds them: their server's row and their name's id ({-1, -1}: not in the record). */
export function personOf(index: HistoryIndex, person: PersonRef | undefined | null): { server: number; name: number } | null {
  if (!person) return null;
  const server = index.servers.find((s) => s.id === person.server);
  const name = index.names.find(person.name);
  return server && name !== null ? { server: server.index, name } : { server: -1, name: -1 };
}

/** The query a request makes over a resolved range. */
function queryOf(ctx: ViewContext, request: HistoryRequest, range: { from: number; to: number }): { q: SpanQuery; follows: ReturnType<typeof mergeFollowed> } {
  const { index, now } = ctx;
  const person = personOf(index, request.person);
  const servers = person ? new Set([person.server]) : chosen(index, request.server);
  const follows = mergeFollowed(
    index.servers.filter((s) => servers === null || servers.has(s.index)).map((s) => s.follows),
    range.from,
    range.to,
    now,
  );
  return { q: { from: range.from, to: range.to, now, servers, person }, follows };
}

/** One range: the chart's columns, the gaps, the peak and the totals (one person's, with `person`). */
export function rangeView(ctx: ViewContext, request: HistoryRequest): HistoryView {
  const range = resolveRange(request, ctx.now, ctx.cal, ctx.heldFrom);
  return viewOf(ctx, request, range);
}

function viewOf(ctx: ViewContext, request: HistoryRequest, range: ResolvedRange): HistoryView {
  const { index } = ctx;
  if (range.unit === 'day') return dayRangeView(range.starts.map(ctx.day), request, range, isDemo(ctx, request), ctx.stored);
  const { q, follows } = queryOf(ctx, request, range);
  const pieces = piecesOf(index, q);
  const s = series(pieces, follows, range.starts, range.to);
  const lists = tallies(index, pieces, ctx.now);
  const person = request.person !== undefined;
  return {
    span: request.span,
    server: request.server ?? null,
    person: request.person ?? null,
    from: range.from,
    to: range.to,
    unit: range.unit,
    // one person's page tells time watched, not how many at once
    buckets: range.starts.map((from, i) => ({ from, to: range.starts[i + 1] ?? range.to, peak: person && s.columns[i] !== null ? 0 : (s.columns[i] ?? null), watchedMs: s.watchedMs[i] ?? 0 })),
    gaps: gapsOf(follows, range.from, range.to),
    peak: person ? null : s.peak,
    watchedMs: pieces.total(),
    followedMs: follows.reduce((sum, f) => sum + (f.to - f.from), 0),
    ...lists,
    demo: isDemo(ctx, request),
  };
}

/** Whether every server a request reads is the demo's. */
function isDemo(ctx: ViewContext, request: HistoryRequest): boolean {
  const wanted = request.person?.server ?? request.server ?? null;
  const ids = wanted === null ? ctx.index.servers.map((x) => x.id) : [wanted];
  return ids.length > 0 && ids.every((id) => ctx.demo.has(id));
}

/** A person's page: their range, and when the record first and last saw them. */
export function personView(ctx: ViewContext, request: HistoryRequest & { person: PersonRef }): HistoryPersonView {
  const view = rangeView(ctx, request);
  const { index } = ctx;
  const who = personOf(index, request.person);
  const v = index.viewings;
  const seen = seenIn(ctx.days(), request.person.server, request.person.name);
  let first = seen?.first ?? Number.POSITIVE_INFINITY;
  let last = seen?.last ?? Number.NEGATIVE_INFINITY;
  if (who && who.server >= 0) {
    index.sortIfNeeded();
    for (let r = 0; r < v.count; r++) {
      if (v.server[r] !== who.server || v.person[r] !== who.name) continue;
      first = Math.min(first, v.start[r]!);
      last = Math.max(last, Number.isNaN(v.end[r]!) ? Number.POSITIVE_INFINITY : v.end[r]!);
    }
  }
  const server = index.servers.find((s) => s.id === request.person.server);
  const known = first !== Number.POSITIVE_INFINITY;
  return { ...view, person: request.person, name: request.person.name, serverName: server?.name ?? request.person.server, firstSeen: known ? first : null, lastSeen: known && last !== Number.POSITIVE_INFINITY ? last : null };
}

/** Who watched in one column [from, to): a day column reads that day's summary, a shorter one the rows. */
export function momentView(ctx: ViewContext, request: Omit<HistoryRequest, 'span'> & { from: number; to: number }): HistoryMoment {
  const to = Math.min(request.to, ctx.now);
  if (request.from === ctx.cal.dayStart(request.from) && request.to - request.from > 2 * 3_600_000) return dayMoment(ctx.day(request.from), { ...request, span: 'custom' }, request.from, request.to, ctx.byPerson);
  const { q } = queryOf(ctx, { ...request, span: 'custom' }, { from: request.from, to });
  return momentIn(ctx.index, q);
}

/** The range's viewings as CSV rows (one person's, one server's or all). */
export function csvRows(ctx: ViewContext, request: HistoryRequest): CsvRow[] {
  const range = resolveRange(request, ctx.now, ctx.cal, ctx.heldFrom);
  return exportRows(ctx.index, queryOf(ctx, request, range).q);
}

/** Followed time of any server in [from, now) (ms). */
export function followedSince(index: HistoryIndex, from: number, now: number): number {
  return mergeFollowed(
    index.servers.map((s) => s.follows),
    from,
    now,
    now,
  ).reduce((sum, f) => sum + (f.to - f.from), 0);
}

/** What happened on every server since `since`: History's own view of that range, so the line and the page agree. */
export function awaySummary(ctx: ViewContext, since: number): HistoryAway {
  const view = rangeView(ctx, { span: 'custom', from: since, to: ctx.now });
  return { since: view.from, to: view.to, people: view.people.count, programmes: view.shows.count, peak: view.peak && view.peak.count > 0 ? view.peak : null };
}

/** The most at once since `dayStart` on the chosen servers; null when none was followed then. */
export function peakSince(index: HistoryIndex, dayStart: number, now: number, server?: string | null): number | null {
  const servers = chosen(index, server);
  const followed = mergeFollowed(
    index.servers.filter((s) => servers === null || servers.has(s.index)).map((s) => s.follows),
    dayStart,
    now,
    now,
  );
  if (followed.length === 0) return null;
  const pieces = piecesOf(index, { from: dayStart, to: now, now, servers });
  return series(pieces, followed, [dayStart], now).peak?.count ?? 0;
}
