/**
 * The answers History gives, composed from the computations: a span's view (chart columns, table
 * rows, gaps, peak, totals, top lists), the "while you were away" line and today's peak for the
 * tray. Each span's column and row widths are chosen here, once.
 */
import { SPAN_MS, type HistoryAway, type HistorySpan, type HistoryView } from '../../../shared/bridge-history';
import { gapsOf, mergeFollowed, piecesOf, series, seriesOn, tallies, type SpanQuery } from './compute';
import type { HistoryIndex } from './history-index';

const HOUR = 3_600_000;
/** Chart columns per span (a step line of each column's peak): 15 minutes, 1 hour, 4 hours. */
export const COLUMN_MS: Record<HistorySpan, number> = { '24h': HOUR / 4, '7d': HOUR, '30d': 4 * HOUR };
/** Table rows per span (the screen reader's numbers): hours for a day, days for a week or a month. */
export const ROW_MS: Record<HistorySpan, number> = { '24h': HOUR, '7d': 24 * HOUR, '30d': 24 * HOUR };

/** The servers a request names as index rows (null: all). */
export function chosen(index: HistoryIndex, server: string | undefined | null): ReadonlySet<number> | null {
  if (!server) return null;
  return new Set(index.servers.filter((s) => s.id === server).map((s) => s.index));
}

/** One span ending now: the chart, the table, the gaps, the peak and the totals. */
export function spanView(index: HistoryIndex, span: HistorySpan, now: number, server?: string | null): HistoryView {
  const servers = chosen(index, server);
  const from = now - SPAN_MS[span];
  const q: SpanQuery = { from, to: now, now, servers };
  const followed = mergeFollowed(
    index.servers.filter((s) => servers === null || servers.has(s.index)).map((s) => s.follows),
    from,
    now,
    now,
  );
  const pieces = piecesOf(index, q);
  const [chart, table] = seriesOn(pieces, followed, from, now, [COLUMN_MS[span], ROW_MS[span]]) as [ReturnType<typeof series>, ReturnType<typeof series>];
  const watched = pieces.total();
  const t = tallies(index, pieces, now);
  const width = COLUMN_MS[span];
  const rowWidth = ROW_MS[span];
  return {
    span,
    server: server ?? null,
    from,
    to: now,
    buckets: chart.columns.map((peak, i) => ({ from: from + i * width, to: Math.min(now, from + (i + 1) * width), peak, at: chart.peakAt[i] ?? null })),
    rows: table.columns.map((peak, i) => ({ from: from + i * rowWidth, to: Math.min(now, from + (i + 1) * rowWidth), peak, hours: round1(table.watchedMs[i]! / HOUR) })),
    gaps: gapsOf(followed, from, now),
    peak: chart.peak,
    hours: round1(watched / HOUR),
    followedMs: followed.reduce((sum, f) => sum + (f.to - f.from), 0),
    ...t,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** Followed time of any server in [from, now) (ms). */
export function followedSince(index: HistoryIndex, from: number, now: number): number {
  return mergeFollowed(
    index.servers.map((s) => s.follows),
    from,
    now,
    now,
  ).reduce((sum, f) => sum + (f.to - f.from), 0);
}

/** What happened on every server since `since`: people, programmes, the peak. */
export function awaySummary(index: HistoryIndex, since: number, now: number): HistoryAway {
  const q: SpanQuery = { from: since, to: now, now, servers: null };
  const followed = mergeFollowed(
    index.servers.map((s) => s.follows),
    since,
    now,
    now,
  );
  const pieces = piecesOf(index, q);
  const v = index.viewings;
  const people = new Set<number>();
  const programmes = new Set<number>();
  for (let i = 0; i < pieces.count; i++) {
    const r = pieces.row[i]!;
    people.add(v.person[r]! * 256 + v.server[r]!);
    if (v.programme[r]! !== 0) programmes.add(v.programme[r]!);
  }
  const { peak } = series(pieces, followed, since, now, Math.max(1, now - since));
  return { since, people: people.size, programmes: programmes.size, peak: peak && peak.count > 0 ? peak : null };
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
  return series(pieces, followed, dayStart, now, Math.max(1, now - dayStart)).peak?.count ?? 0;
}
