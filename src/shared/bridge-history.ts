/**
 * The bridge contract's part for History: the ranges a person can look at (a span ending now, or a
 * chosen from–to), what one range answers (the concurrent-viewers series by column, its peak, time
 * watched, people, channels and shows, the gaps the app did not follow), one person's page, who
 * watched in one column, the "while you were away" line, the weekly digest and the retention
 * choices. A leaf: it imports no other bridge file.
 */

/** The ranges History offers: spans ending now, this month and this year so far, or a chosen from–to. */
export const HISTORY_SPANS = ['24h', '7d', '30d', 'month', 'year', 'custom'] as const;
export type HistorySpan = (typeof HISTORY_SPANS)[number];
/** The spans that end now (the tray's export and the page's chips). */
export type HistoryPreset = Exclude<HistorySpan, 'custom'>;

/** A column's width: the range's span picks it (ranges.ts in the core). */
export type HistoryUnit = 'quarter' | 'hour' | 'day';

/** How long the record is kept (days): the choices Settings offers, and the default (one year). */
export const HISTORY_RETENTION_DAYS = [30, 90, 365, 730] as const;
export type HistoryRetention = (typeof HISTORY_RETENTION_DAYS)[number];
export const DEFAULT_HISTORY_RETENTION: HistoryRetention = 365;
/** The longest record kept (ms): a custom range starts no earlier than this before now. */
export const HISTORY_RETENTION_MAX_MS = 730 * 24 * 3_600_000;

/** At most this many rows in each list a range answers (people, channels, shows, devices); the rest are counted. */
export const HISTORY_TOP_MAX = 10;

/** A range: `span` ending now, or `custom` from `from` to `to` (ms; the page sends local midnights). */
export interface HistoryRangeRequest {
  span: HistorySpan;
  from?: number;
  to?: number;
}

/** One person of the record: a name on one server (the same name on two servers is two people). */
export interface PersonRef {
  /** the server's id */
  server: string;
  name: string;
}

export interface HistoryRequest extends HistoryRangeRequest {
  /** one server's record (its id); left out: every server's together */
  server?: string;
  /** one person's viewings only (their page) */
  person?: PersonRef;
}

/** One column of the chart (and one row of its table): the most people watching at once in it; null where nothing was followed. */
export interface HistoryBucket {
  from: number;
  to: number;
  peak: number | null;
  /** time watched in it (ms, followed time only) */
  watchedMs: number;
}

export interface HistoryPerson {
  name: string;
  /** the server's id (their page) */
  serverId: string;
  /** the server's name, set when the same name is on two servers (or more) in the range */
  server: string | null;
  minutes: number;
  /** the end of their latest viewing in the range (ms); null: watching now */
  lastSeen: number | null;
}

export interface HistoryTally {
  name: string;
  minutes: number;
}

/** Top entries, and how many there are in all (the list says "and N more"). */
export interface HistoryList<T> {
  top: T[];
  count: number;
}

export interface HistoryView {
  span: HistorySpan;
  server: string | null;
  person: PersonRef | null;
  from: number;
  to: number;
  unit: HistoryUnit;
  buckets: HistoryBucket[];
  /** intervals inside the range that no chosen server was followed (shaded, left out of totals) */
  gaps: { from: number; to: number }[];
  /** the most people watching at once, and when it first happened; null: nothing was followed */
  peak: { count: number; at: number } | null;
  /** time watched in all (ms, followed time only) */
  watchedMs: number;
  /** followed time in the range (ms) */
  followedMs: number;
  people: HistoryList<HistoryPerson>;
  channels: HistoryList<HistoryTally>;
  shows: HistoryList<HistoryTally>;
  /** the devices watched on (a person's page) */
  devices: HistoryList<HistoryTally>;
  /** viewings that started or ran in the range */
  viewings: number;
  /** the record here is the demo's made-up household (it goes when the demo is left) */
  demo: boolean;
}

/** A person's page: their range (chart by time watched, lists) and when the record first and last saw them. */
export interface HistoryPersonView extends HistoryView {
  person: PersonRef;
  /** their name on that server, and the server's name */
  name: string;
  serverName: string;
  /** the start of their first viewing in the record; null: none */
  firstSeen: number | null;
  /** the end of their last viewing in the record; null: watching now, or none (firstSeen null) */
  lastSeen: number | null;
}

/** Who watched in one column. */
export interface HistoryMoment {
  from: number;
  to: number;
  /** false: no chosen server was followed then (nothing is known) */
  followed: boolean;
  /** the most watching at once in it */
  peak: number;
  viewers: { name: string; server: string | null; device: string | null; channel: string | null; programme: string | null; minutes: number }[];
  /** viewers left out of the list (it holds the first HISTORY_TOP_MAX) */
  more: number;
}

/** "Since 6:00 PM: 4 people watched 6 programmes; peak 3 at 9:10 PM": History from `since` to `to` holds the same. */
export interface HistoryAway {
  since: number;
  to: number;
  people: number;
  programmes: number;
  peak: { count: number; at: number } | null;
}

/** The weekly digest's setting: off by default; when on, sent on `weekday` (0 = Sunday) at `hour` (local). */
export interface HistoryDigest {
  enabled: boolean;
  weekday: number;
  hour: number;
}
export const DEFAULT_HISTORY_DIGEST: HistoryDigest = { enabled: false, weekday: 1, hour: 9 };

/** The snapshot's `history` part. */
export interface HistoryStatus {
  /** moves whenever the record changes (the view asks again) */
  revision: number;
  /** false while the record is still being read after start-up (the views say so) */
  ready: boolean;
  retentionDays: HistoryRetention;
  digest: HistoryDigest;
  /** the most people watching at once today (local day), on the servers the badge counts; null: none followed today, or not read yet */
  peakToday: number | null;
  /** the line at the top of Watching, until the popover closes after showing it */
  away: HistoryAway | null;
}

/** The CSV of a range, for a save dialog (Electron) or a download (the preview). */
export interface HistoryExport {
  /** "airwave-history-24h-2026-11-27.csv" */
  filename: string;
  /** saved by the host already (a save dialog); the page does nothing more */
  saved: boolean;
  /** the text when the page should offer it as a download (the preview), else null */
  csv: string | null;
  rows: number;
}
