/**
 * The bridge contract's part for On now: what the snapshot says of it (how many rows, which
 * version, which rows changed), and the rows and matches the page asks for. The snapshot never
 * carries the rows, so what is pushed does not grow with the number of channels.
 */
import type { GuideNowRow, Program } from './airwave';

/** On now as the snapshot carries it. */
export interface OnNowSummary {
  /** rows, in On now's order (starred channels first) */
  count: number;
  /** moves whenever a row changes (a programme ended, a new answer, the order changed) */
  version: number;
  /** the ids of the rows that changed since the version before; null when the page should read all it holds again */
  changed: string[] | null;
  /**
   * rows per group (a package id, or OTHER_GROUP), for the groups that have any; a row that
   * changes group (or a package list that changes) moves the version with `changed: null`
   */
  groups: Record<string, number>;
}

/** One row of On now as the core works it out at the moment asked. */
export interface OnNowRow extends GuideNowRow {
  /** its place in On now's order */
  index: number;
  /** the app holds nothing current for this channel: it is waiting for the server */
  waiting: boolean;
  /** every slot the server's latest answer held for it has ended, nothing newer: when the last ended (else null) */
  nothingSince: number | null;
  favourite: boolean;
}

/** A range of On now's rows (`to` exclusive, at most ON_NOW_ROWS_MAX), or the rows of these channel numbers or ids. */
export interface OnNowRowsRequest {
  /** only the rows of this group (a package id, or OTHER_GROUP): the range, `index` and `count` are then the group's */
  group?: string;
  from?: number;
  to?: number;
  numbers?: number[];
  ids?: string[];
}

export interface OnNowRows {
  version: number;
  count: number;
  rows: OnNowRow[];
}

/** What On now holds that matches a search: channels by name or number, and programmes on now or next. */
export interface OnNowMatches {
  channels: { id: string; number: number; name: string }[];
  programmes: { channel: { id: string; number: number; name: string }; program: Program }[];
  /** more matched than were sent */
  more: boolean;
}

/** Most rows one `getOnNowRows` answers. */
export const ON_NOW_ROWS_MAX = 200;
/** Most channel and programme matches one `findOnNow` answers, each. */
export const ON_NOW_MATCHES_MAX = 100;
/** More changed rows than this in one version are not listed: the page reads all it holds again. */
export const ON_NOW_CHANGED_MAX = 200;
