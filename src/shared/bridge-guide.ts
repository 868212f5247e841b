/**
 * The bridge contract's part for the guide: what the snapshot says of the shown window, and the
 * rows and search hits the page asks for (see bridge.ts).
 */
import type { GuideChannel, Program } from './airwave';

/**
 * The guide as the snapshot carries it: which window is shown, how big it is and how its load
 * stands, never its programmes (the page asks for the rows it shows with `getGuideRows`).
 * `revision` moves when another window is shown (or the guide is forgotten); while a window
 * streams in, `channels` grows and the rows already there never change.
 */
export interface GuideView {
  /** the window asked for last (minutes ahead) */
  forwardMinutes: number;
  /** a window is being fetched */
  loading: boolean;
  /** when the shown window finished loading; null while none has */
  updatedAt: number | null;
  /** why the last load failed, in words; null after a success */
  error: string | null;
  /** the server's version has no guide (`error` says which version): nothing to choose or load */
  lacking?: boolean;
  /** the shown window: the server's time when it answered, and the span covered (ms since the epoch) */
  window: { serverTime: string; windowMinutes: number; backMinutes: number; from: number; to: number } | null;
  /** the shown window's load: still arriving, complete, or cut short (what arrived stays readable) */
  state: 'empty' | 'loading' | 'loaded' | 'error';
  channels: number;
  programmes: number;
  /** bytes of `/guide` read so far for the window being fetched (progress) */
  receivedBytes: number;
  revision: number;
  /**
   * moves when the app learns programmes' own times (a channel sheet read a now answer or a
   * schedule): the rows and hits may then say other ends (shared/programme-times.ts), so the page
   * asks for them again; the window is the same
   */
  times?: number;
}

/**
 * What `searchGuide` found, and what it searched (issue 48: the popover names the hours and
 * channels of guide it searched only when it searched them; `hours` 0 means no guide was searched).
 */
export interface GuideSearch {
  /** one per title (shared by its airings), as `GuideSearchTitle` */
  titles: GuideSearchTitle[];
  searched: { hours: number; channels: number };
}

/** One programme found by `searchGuide`, with its channel. */
export interface GuideSearchHit {
  channel: { id: string; number: number; name: string };
  program: Program;
}

/** The most airings of one title `searchGuide` sends when asked for that title's (the rest are counted). */
export const SEARCH_AIRINGS_MAX = 100;

/**
 * One programme found by `searchGuide`: every airing in the next 24 hours matching the query whose
 * title it is followed under (shared/follow-title.ts: the show for an episode), counted, with the
 * first (the soonest: one on air first) and, when that one is on air, the next still to start; or
 * with up to SEARCH_AIRINGS_MAX of them when that title was asked for.
 */
export interface GuideSearchTitle {
  title: string;
  /** how many airings match, on air and later */
  airings: number;
  /** the soonest airings, in order */
  first: GuideSearchHit[];
}

/** Rows of the shown guide window, for `getGuideRows`. */
export interface GuideRowsRequest {
  /** channel indexes in guide order, `to` exclusive (at most GUIDE_ROWS_MAX at once) */
  from: number;
  to: number;
  /** only programmes overlapping [startsAt, endsAt), ms since the epoch */
  startsAt?: number;
  endsAt?: number;
  /** instead of a range: these channel numbers (at most GUIDE_ROWS_MAX) */
  numbers?: number[];
  /**
   * only the channels of this group (a package id, or OTHER_GROUP): `from`/`to` then count places
   * in the group's list (guide order), `numbers` outside it are left out, and `total` is the group's
   */
  group?: string;
}

export interface GuideRows {
  /** the guide revision the rows belong to */
  revision: number;
  /** channels held in the shown window (of the group, when one was asked for) */
  total: number;
  /** the place of the first row in the list asked for (for `numbers`, each row's own index is in `indexes`) */
  from: number;
  rows: GuideChannel[];
  /** each row's index in guide order (whatever group was asked for) */
  indexes: number[];
  /**
   * per row, the indexes (in its `programs`) of the airings the app's episode record shows as the
   * first of their episode on this server, once it holds a week of its guide: the guide's NEW
   * (core/features/episode-record.ts; empty until the whole window has arrived; older cores leave it out)
   */
  firstAirings?: number[][];
}

/** Most rows one `getGuideRows` answers. */
export const GUIDE_ROWS_MAX = 200;
