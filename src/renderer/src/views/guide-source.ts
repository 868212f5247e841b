import { signal } from '@preact/signals';
import type { GuideChannel, Program } from '../../../shared/airwave';
import { GUIDE_ROWS_MAX, type GuideRows, type Outcome } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { snapshot, storedFlag } from '../state';
import { groupInEffect, guideGroup } from './group-filter';

/**
 * Owns where the guide view's data comes from, so the view never reads the snapshot's guide
 * itself: the state of the load, the window shown, and the rows for a range of channels and a
 * span of time. The snapshot says only how big the shown window is; the rows the view draws are
 * asked for with `getGuideRows` (a row not here yet is `null`, drawn as a placeholder). Rows held
 * stay valid until the revision or the server shown moves (another window); while a window streams in, only rows that
 * were not there before are asked for. With "favourites only" or a channel group (or both), the
 * list is the channels of it found in the window: where they sit is asked first without
 * programmes (the core filters by group), then only the rows in view.
 */

export interface GuideStatus {
  /** a window is being fetched */
  loading: boolean;
  /** the window asked for last (minutes ahead) */
  requestedMinutes: number;
  /** the window on screen, null before the first one arrived */
  shownMinutes: number | null;
  /** why the last load failed, in words */
  error: string | null;
  /** the server's version has no guide (`error` says so) */
  lacking: boolean;
  /** the span the shown window covers, ms since the epoch */
  window: { serverTime: number; from: number; to: number } | null;
  channelCount: number;
}

export function guideStatus(): GuideStatus {
  const guide = snapshot.value!.guide;
  const window = guide.window;
  return {
    loading: guide.loading,
    requestedMinutes: guide.forwardMinutes,
    shownMinutes: window?.windowMinutes ?? null,
    error: guide.error,
    lacking: guide.lacking === true,
    window: window ? { serverTime: Date.parse(window.serverTime), from: window.from, to: window.to } : null,
    channelCount: guide.channels,
  };
}

/** Only starred channels are listed (kept by the page, so it holds across openings of the popover). */
export const favouritesOnly = storedFlag('airwave.guideFavouritesOnly');

/** Rows held for one guide revision and time span, by guide index (both lists share them). */
const held = { key: '', rows: new Map<number, GuideChannel>() };
/** programmes the core's episode record vouches are the first airing of their episode (the guide's NEW: core/features/episode-record.ts) */
let firsts = new WeakSet<Program>();
/** This programme (from guideRows) is NEW: the core's episode record stands behind it (never a guess from the window shown). */
export const isFirstAiring = (program: Program): boolean => firsts.has(program);
/** bumps when rows arrive, so the view draws them */
const arrived = signal(0);
/** a range asked for and not answered yet (one request at a time; the newest wish waits) */
let asking: string | null = null;
interface Wish {
  key: string;
  first: number;
  last: number;
  from: number;
  to: number;
  /** the starred list: the channels at positions first..last, by number */
  numbers?: number[];
}
let wanted: Wish | null = null;

/** The group the guide shows (null: all channels); see group-filter.ts. */
export const shownGroup = (): string | null => groupInEffect(guideGroup);

/** Only some channels are listed: the starred ones, one group's, or the starred ones of a group. */
const filtered = () => favouritesOnly.value || shownGroup() !== null;

/** The channels of the filtered list found in the shown window, in guide order (found without their programmes). */
interface Found {
  key: string;
  server: string;
  revision: number;
  entries: { index: number; number: number }[];
}
let found: Found | null = null;
let finding: string | null = null;

/**
 * What the view lists: every channel of the window, or (favourites only, a group) the ones of it
 * found in the window. `count` is how many rows; `finding` while they are still being looked for.
 */
export function guideList(): { count: number; favourites: number; finding: boolean } {
  void arrived.value;
  const guide = snapshot.value!.guide;
  const favourites = snapshot.value!.favourites.length;
  if (!filtered()) return { count: guide.channels, favourites, finding: false };
  if (favouritesOnly.value && favourites === 0) return { count: 0, favourites, finding: false };
  const key = filterKey();
  if (found?.key !== key) queueMicrotask(findListed);
  const usable = found && sameWindow(found) ? found.entries : [];
  return { count: usable.length, favourites, finding: found?.key !== key };
}

/** The server shown: two servers' guides can have equal revisions, so what is held is keyed on both. */
const shownServer = () => snapshot.value!.settings.selectedServer ?? '';
const sameWindow = (list: Found) => list.server === shownServer() && list.revision === snapshot.value!.guide.revision;

/** What the filtered list depends on: the server, the window (and how much of it arrived), the group and the stars. */
function filterKey(): string {
  const s = snapshot.value!;
  const numbers = favouritesOnly.value ? [...new Set(s.favourites.map((f) => f.channelNumber))].sort((a, b) => a - b).join(',') : '*';
  return `${shownServer()}|${s.guide.revision}|${s.guide.channels}|${numbers}|${shownGroup() ?? ''}`;
}

/**
 * Asks where the listed channels are, with no programmes (a bodiless span), GUIDE_ROWS_MAX at a
 * time: the starred ones by number (of the group, when one is shown), or the group's by place.
 */
function findListed(): void {
  const key = filterKey();
  if (!snapshot.value || !filtered() || found?.key === key || finding !== null) return;
  finding = key;
  const [server = '', revision, , list = '*', groupText = ''] = key.split('|');
  const group = groupText === '' ? {} : { group: groupText };
  const bodiless = { startsAt: 0, endsAt: 0, ...group };
  const entries: Found['entries'] = [];
  /** one answer's rows, or false when it is of another window by now (asked again below) */
  const take = (outcome: Outcome<GuideRows>): outcome is { ok: true; value: GuideRows } => {
    if (!outcome.ok || `${outcome.value.revision}` !== revision) return false;
    outcome.value.rows.forEach((row, i) => entries.push({ index: outcome.value.indexes[i]!, number: row.number }));
    return true;
  };
  const search = async (): Promise<boolean> => {
    if (list !== '*') {
      const numbers = list ? list.split(',').map(Number) : [];
      const chunks: number[][] = [];
      for (let i = 0; i < numbers.length; i += GUIDE_ROWS_MAX) chunks.push(numbers.slice(i, i + GUIDE_ROWS_MAX));
      const outcomes = await Promise.all(chunks.map((chunk) => bridge.getGuideRows({ from: 0, to: 0, numbers: chunk, ...bodiless })));
      return outcomes.every(take);
    }
    // the group's places, one range after the other until its total is in
    for (let from = 0; ; from += GUIDE_ROWS_MAX) {
      const outcome = await bridge.getGuideRows({ from, to: from + GUIDE_ROWS_MAX, ...bodiless });
      if (!take(outcome)) return false;
      if (from + GUIDE_ROWS_MAX >= outcome.value.total) return true;
    }
  };
  void search()
    .then((complete) => {
      if (!complete) return;
      found = { key, server, revision: Number(revision), entries: entries.sort((a, b) => a.index - b.index) };
      arrived.value++;
    })
    .catch(() => {})
    .finally(() => {
      finding = null;
      // the favourites, the group or the window moved on while this ran
      if (filtered() && found?.key !== filterKey() && finding === null) queueMicrotask(findListed);
    });
}

/**
 * Rows `first`..`last` (exclusive) of the list shown (see guideList) with the programmes
 * overlapping [from, to); a row not here yet is null.
 */
export function guideRows(first: number, last: number, from: number, to: number): (GuideChannel | null)[] {
  void arrived.value;
  const guide = snapshot.value!.guide;
  // the load's state too: first airings are known once the whole window is in (rows are asked again then)
  // and the own times the app holds: a programme's end is the rule's (shared/programme-times.ts)
  const key = `${shownServer()}|${guide.revision}|${guide.window?.serverTime ?? ''}|${from}|${to}|${guide.state}|${guide.times ?? 0}`;
  const only = filtered() ? (found && sameWindow(found) ? found.entries : []) : null;
  const indexOf = (position: number) => (only ? (only[position]?.index ?? -1) : position);
  const out: (GuideChannel | null)[] = [];
  let missing = false;
  for (let i = Math.max(0, first); i < Math.max(0, last); i++) {
    const row = held.rows.get(indexOf(i)) ?? null;
    if (!row || held.key !== key) missing = true;
    out.push(row);
  }
  if (missing) {
    // keep the rows on screen until the new ones are here (no flash of placeholders while streaming)
    wanted = { key, first, last, from, to, ...(only ? { numbers: only.slice(Math.max(0, first), Math.max(0, last)).map((e) => e.number) } : {}) };
    queueMicrotask(ask);
  }
  return out;
}

function ask(): void {
  const wish = wanted;
  if (!wish || asking !== null) return;
  const id = wishId(wish);
  asking = id;
  wanted = null;
  const span = { startsAt: Math.max(0, Math.floor(wish.from)), endsAt: Math.max(0, Math.ceil(wish.to)) };
  const count = Math.min(GUIDE_ROWS_MAX, Math.max(0, wish.last - wish.first));
  const request = wish.numbers
    ? { from: 0, to: 0, numbers: wish.numbers.slice(0, GUIDE_ROWS_MAX), ...span }
    : { from: Math.max(0, wish.first), to: Math.max(0, wish.first) + count, ...span };
  void bridge
    .getGuideRows(request)
    .then((outcome) => {
      // rows of another window than the one asked about: the next draw asks again
      if (!outcome.ok || `${outcome.value.revision}` !== wish.key.split('|')[1]) return;
      let news = held.key !== wish.key;
      if (news) held.rows = new Map();
      if (news) firsts = new WeakSet();
      held.key = wish.key;
      outcome.value.rows.forEach((row, i) => {
        const index = outcome.value.indexes[i]!;
        for (const at of outcome.value.firstAirings?.[i] ?? []) if (row.programs[at]) firsts.add(row.programs[at]);
        news ||= !held.rows.has(index);
        held.rows.set(index, row);
      });
      // nothing new (rows past the end of what is held): drawing again would only ask again
      if (!news) return;
      // keep what a long scroll collected from growing without bound
      if (held.rows.size > 4 * GUIDE_ROWS_MAX) for (const index of [...held.rows.keys()].slice(0, held.rows.size - 2 * GUIDE_ROWS_MAX)) held.rows.delete(index);
      arrived.value++;
    })
    .catch(() => {})
    .finally(() => {
      asking = null;
      // a wish made while this one ran (scrolled on, more rows streamed in) is asked for now
      if (wanted && wishId(wanted) !== id) ask();
    });
}

const wishId = (wish: Wish) => `${wish.key}|${wish.first}|${wish.last}|${wish.numbers?.join(',') ?? ''}`;

/** Asks for another window (minutes ahead); the outcome says why when it could not be loaded. */
export function requestWindow(forwardMinutes: number): Promise<Outcome<null>> {
  return bridge.loadGuide({ forwardMinutes });
}
