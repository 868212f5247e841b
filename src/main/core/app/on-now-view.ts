/**
 * On now as the popover reads it: the held rows (sync/on-now.ts keeps them current) in On now's
 * order, starred channels first, optionally only one group's (a package, or "Other"). The
 * snapshot carries only a summary (how many rows, per group too, a version, which rows changed);
 * the page asks for the rows it shows, and search asks for what matches. So what reaches the page
 * while it is open depends on what it shows, not on the number of channels.
 */
import type { GuideNowRow, PackageRef, Program } from '../../../shared/airwave';
import {
  groupOf,
  listedGroups,
  ON_NOW_CHANGED_MAX,
  ON_NOW_MATCHES_MAX,
  ON_NOW_ROWS_MAX,
  type OnNowMatches,
  type OnNowRow,
  type OnNowRows,
  type OnNowRowsRequest,
  type OnNowSummary,
  type Resource,
} from '../../../shared/bridge';
import type { HeldOnNow } from '../sync/on-now';
import { holdsNeedle, searchNeedle } from '../../../shared/search-match';

/** Rows in On now's order, with where each channel is. */
interface Listing {
  rows: readonly GuideNowRow[];
  indexById: Map<string, number>;
  indexByNumber: Map<number, number>;
}

interface Ordered extends Listing {
  data: HeldOnNow | null;
  starred: string;
  /** the listed package ids, sorted and joined (a row's group depends on them) */
  listedKey: string;
  listed: ReadonlySet<string>;
  favourite: ReadonlySet<string>;
  /** each row's group, in order */
  groupOfRow: readonly string[];
  /** rows per group that has any */
  groupCounts: Record<string, number>;
  /** one group's rows, worked out when first asked (at most GROUP_LISTINGS_MAX kept) */
  byGroup: Map<string, Listing>;
}

/** The packages the server lists (null: none known, so every channel is in "Other"). */
export type ListedPackages = readonly PackageRef[] | null;

const EMPTY: HeldOnNow = { serverTime: null, channels: [] };
/** Group listings kept per ordering: a page asks for one at a time; a bridge asking for many cannot grow this. */
const GROUP_LISTINGS_MAX = 8;

export class OnNowView {
  #ordered: Ordered | null = null;
  #version = 0;
  #summary: OnNowSummary = { count: 0, version: 0, changed: null, groups: {} };
  #resource: Resource<OnNowSummary> | null = null;
  #source: Resource<HeldOnNow> | null = null;

  /**
   * The snapshot's part: the same object for as long as nothing the page shows has changed. The
   * version moves with every change; `changed` lists the rows changed since the version before, so a
   * page that missed a version reads all it holds again.
   */
  summary(resource: Resource<HeldOnNow>, favourites: ReadonlySet<string>, packages: ListedPackages = null): Resource<OnNowSummary> {
    this.#sync(resource.data, favourites, packages);
    const data = resource.data ? this.#summary : null;
    if (!this.#resource || this.#source?.updatedAt !== resource.updatedAt || this.#source?.error !== resource.error || this.#source?.lacking !== resource.lacking || this.#resource.data !== data) {
      this.#resource = { data, updatedAt: resource.updatedAt, error: resource.error, ...(resource.lacking ? { lacking: true } : {}) };
    }
    this.#source = resource;
    return this.#resource;
  }

  /** Brings the order and the version in line with the held rows, the stars and the packages listed. */
  #sync(held: HeldOnNow | null, favourites: ReadonlySet<string>, packages: ListedPackages): Ordered {
    const before = this.#ordered;
    const after = this.#order(held, favourites, packages);
    if (after === before) return after;
    const changed = before ? changedRows(before, after) : null;
    if (changed === null || changed.length > 0) {
      this.#version++;
      this.#summary = {
        count: after.rows.length,
        version: this.#version,
        changed: changed && changed.length <= ON_NOW_CHANGED_MAX ? changed : null,
        groups: after.groupCounts,
      };
    }
    return after;
  }

  /**
   * Rows by range (in On now's order), by channel number or by id, with the version they belong
   * to; with a group, only that group's rows are counted, ranged and found.
   */
  rows(request: OnNowRowsRequest, held: HeldOnNow | null, favourites: ReadonlySet<string>, packages: ListedPackages = null): OnNowRows {
    const ordered = this.#sync(held, favourites, packages);
    const listing = request.group === undefined ? ordered : groupListing(ordered, request.group);
    const picked: number[] = [];
    if (request.numbers || request.ids) {
      for (const number of request.numbers ?? []) {
        const index = listing.indexByNumber.get(number);
        if (index !== undefined) picked.push(index);
      }
      for (const id of request.ids ?? []) {
        const index = listing.indexById.get(id);
        if (index !== undefined) picked.push(index);
      }
    } else {
      const from = Math.max(0, request.from ?? 0);
      const to = Math.min(listing.rows.length, request.to ?? from + ON_NOW_ROWS_MAX, from + ON_NOW_ROWS_MAX);
      for (let index = from; index < to; index++) picked.push(index);
    }
    const waiting = ordered.data?.waiting;
    const endedAt = ordered.data?.endedAt;
    const rows = picked.slice(0, ON_NOW_ROWS_MAX).map((index): OnNowRow => {
      const row = listing.rows[index]!;
      const since = row.now === null ? (endedAt?.get(row.id) ?? null) : null;
      return { ...row, index, waiting: waiting?.has(row.id) === true && row.now === null, nothingSince: since, favourite: ordered.favourite.has(row.id) };
    });
    return { version: this.#version, count: listing.rows.length, rows };
  }

  /** Channels (by name or number) and programmes on now or next (by title) that match `query`, of one group when given. */
  find(query: string, held: HeldOnNow | null, favourites: ReadonlySet<string>, packages: ListedPackages = null, group?: string): OnNowMatches {
    const q = searchNeedle(query);
    const result: OnNowMatches = { channels: [], programmes: [], more: false };
    if (q === '') return result;
    const matches = (text: string | null | undefined) => holdsNeedle(text, q);
    const ordered = this.#sync(held, favourites, packages);
    for (const row of (group === undefined ? ordered : groupListing(ordered, group)).rows) {
      const channel = { id: row.id, number: row.number, name: row.name };
      if (matches(row.name) || String(row.number) === q) {
        if (result.channels.length < ON_NOW_MATCHES_MAX) result.channels.push(channel);
        else result.more = true;
      }
      for (const program of [row.now, row.next]) {
        if (!program || program.ratingKey === null || !(matches(program.title) || matches(program.showTitle))) continue;
        if (result.programmes.length < ON_NOW_MATCHES_MAX) result.programmes.push({ channel, program });
        else result.more = true;
      }
    }
    result.programmes.sort((a, b) => Date.parse(a.program.startsAt) - Date.parse(b.program.startsAt));
    return result;
  }

  /** The rows in On now's order, worked out again only when the held rows, the stars or the packages listed changed. */
  #order(held: HeldOnNow | null, favourites: ReadonlySet<string>, packages: ListedPackages): Ordered {
    const data = held ?? EMPTY;
    const starred = [...favourites].sort().join('\n');
    const { ids: listed, key: listedKey } = listedGroups(packages);
    const last = this.#ordered;
    if (last && last.data === held && last.starred === starred && last.listedKey === listedKey) return last;
    const channels = data.channels;
    const favourite = new Set(channels.filter((row) => favourites.has(row.id)).map((row) => row.id));
    const rows = favourite.size === 0 ? channels : [...channels.filter((row) => favourite.has(row.id)), ...channels.filter((row) => !favourite.has(row.id))];
    const groupOfRow = rows.map((row) => groupOf(row.package, listed));
    const groupCounts: Record<string, number> = {};
    for (const group of groupOfRow) groupCounts[group] = (groupCounts[group] ?? 0) + 1;
    this.#ordered = { data: held, starred, listedKey, listed, favourite, groupOfRow, groupCounts, byGroup: new Map(), ...listingOf(rows) };
    return this.#ordered;
  }
}

/** Rows with where each channel is among them. */
function listingOf(rows: readonly GuideNowRow[]): Listing {
  const indexById = new Map<string, number>();
  const indexByNumber = new Map<number, number>();
  rows.forEach((row, index) => {
    indexById.set(row.id, index);
    if (!indexByNumber.has(row.number)) indexByNumber.set(row.number, index);
  });
  return { rows, indexById, indexByNumber };
}

/** One group's rows in On now's order (starred first still), kept with the ordering they come from. */
function groupListing(ordered: Ordered, group: string): Listing {
  const kept = ordered.byGroup.get(group);
  if (kept) return kept;
  if (ordered.byGroup.size >= GROUP_LISTINGS_MAX) ordered.byGroup.clear();
  const listing = listingOf(ordered.rows.filter((_, index) => ordered.groupOfRow[index] === group));
  ordered.byGroup.set(group, listing);
  return listing;
}

/** The ids of rows that differ between two orderings, or null when the order itself changed. */
function changedRows(before: Ordered, after: Ordered): string[] | null {
  // another package list may move rows between groups: every group's order may have changed
  if (before.rows.length !== after.rows.length || before.listedKey !== after.listedKey) return null;
  const changed: string[] = [];
  for (let i = 0; i < after.rows.length; i++) {
    const a = before.rows[i]!;
    const b = after.rows[i]!;
    if (a.id !== b.id || before.groupOfRow[i] !== after.groupOfRow[i]) return null;
    const waitingChanged =
      (before.data?.waiting?.has(a.id) ?? false) !== (after.data?.waiting?.has(b.id) ?? false) ||
      before.data?.endedAt?.get(a.id) !== after.data?.endedAt?.get(b.id);
    if (a !== b && (waitingChanged || !sameRow(a, b))) changed.push(b.id);
    else if (waitingChanged) changed.push(b.id);
  }
  return changed;
}

const sameProgramme = (a: Program | null, b: Program | null) =>
  a === b || (a !== null && b !== null && a.startsAt === b.startsAt && a.endsAt === b.endsAt && a.title === b.title && a.ratingKey === b.ratingKey && a.showTitle === b.showTitle);

const sameRow = (a: GuideNowRow, b: GuideNowRow) =>
  a.number === b.number && a.name === b.name && a.icon === b.icon && a.tint === b.tint && sameProgramme(a.now, b.now) && sameProgramme(a.next, b.next);
