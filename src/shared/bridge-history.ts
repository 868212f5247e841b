/**
 * The bridge contract's part for History: the spans a person can look at, what one span answers
 * (the concurrent-viewers series, its peak, hours watched, people, channels and shows, the gaps the
 * app did not follow), who was watching at one moment, the "while you were away" line, and the
 * retention choices. A leaf: it imports no other bridge file.
 */

/** The spans History shows. */
export const HISTORY_SPANS = ['24h', '7d', '30d'] as const;
export type HistorySpan = (typeof HISTORY_SPANS)[number];

/** Each span's length (ms). */
export const SPAN_MS: Record<HistorySpan, number> = { '24h': 24 * 3_600_000, '7d': 7 * 24 * 3_600_000, '30d': 30 * 24 * 3_600_000 };

/** How long the record is kept (days): the choices Settings offers, and the default (one year). */
export const HISTORY_RETENTION_DAYS = [30, 90, 365, 730] as const;
export type HistoryRetention = (typeof HISTORY_RETENTION_DAYS)[number];
export const DEFAULT_HISTORY_RETENTION: HistoryRetention = 365;

/** At most this many rows in each "top" list (people, channels, shows) a span answers. */
export const HISTORY_TOP_MAX = 10;

export interface HistoryRequest {
  span: HistorySpan;
  /** one server's record (its id); left out: every server's together */
  server?: string;
}

/** One column of the chart: the most people watching at once in it; null where nothing was followed. */
export interface HistoryBucket {
  from: number;
  to: number;
  peak: number | null;
  /** when the column's most at once first happened (null: nobody watched in it); the cursor reads who was watching then */
  at: number | null;
}

/** One row of the screen-reader table: an hour (24 hours) or a day (7 and 30 days). */
export interface HistoryRow {
  from: number;
  to: number;
  /** the most people watching at once; null when none of it was followed */
  peak: number | null;
  /** hours watched in it (followed time only) */
  hours: number;
}

export interface HistoryPerson {
  name: string;
  /** set when the same name is on two servers (or more) in the span: the server's name tells them apart */
  server: string | null;
  minutes: number;
  /** the end of their latest viewing in the span (ms); null: watching now */
  lastSeen: number | null;
}

export interface HistoryTally {
  name: string;
  minutes: number;
}

export interface HistoryView {
  span: HistorySpan;
  server: string | null;
  from: number;
  to: number;
  buckets: HistoryBucket[];
  rows: HistoryRow[];
  /** intervals inside the span that no chosen server was followed (shaded, left out of totals) */
  gaps: { from: number; to: number }[];
  /** the most people watching at once, and when it first happened; null: nothing was followed */
  peak: { count: number; at: number } | null;
  hours: number;
  /** followed time in the span (ms) */
  followedMs: number;
  people: HistoryPerson[];
  channels: HistoryTally[];
  shows: HistoryTally[];
  /** viewings that started or ran in the span */
  viewings: number;
}

/** Who was watching what at one moment. */
export interface HistoryMoment {
  at: number;
  /** false: no chosen server was followed then (nothing is known) */
  followed: boolean;
  viewers: { name: string; server: string | null; device: string | null; channel: string | null; programme: string | null }[];
}

/** "Since 6:02 PM: 4 people watched 6 programmes; peak 3 at 9:10 PM" (see core/history/away.ts). */
export interface HistoryAway {
  since: number;
  people: number;
  programmes: number;
  peak: { count: number; at: number } | null;
}

/** The snapshot's `history` part. */
export interface HistoryStatus {
  /** moves whenever the record changes (the view asks again) */
  revision: number;
  retentionDays: HistoryRetention;
  /** the most people watching at once today (local day), on the servers the badge counts; null: none followed today */
  peakToday: number | null;
  /** the line at the top of Watching, until the popover closes after showing it */
  away: HistoryAway | null;
}

/** The CSV of a span, for a save dialog (Electron) or a download (the preview). */
export interface HistoryExport {
  /** "airwave-history-24h-2026-11-27.csv" */
  filename: string;
  /** saved by the host already (a save dialog); the page does nothing more */
  saved: boolean;
  /** the text when the page should offer it as a download (the preview), else null */
  csv: string | null;
  rows: number;
}
