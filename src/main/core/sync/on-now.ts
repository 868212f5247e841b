/**
 * What is on now, worked out from what the app holds. A `/guide/now` answer gives each channel its
 * programme now and the one after; when `now` ends, `next` becomes `now` here, without asking the
 * server. A channel that runs past what it holds (no `next`, or `next` over too) is *waiting*: it
 * never shows a past programme as on now, and the server is asked again, but at most once per
 * refetch interval (see `onNowFetchAt`), not once per programme end. So an open popover costs about
 * the same at 3,000 channels, where a programme ends somewhere every second, as at 50.
 */
import type { GuideNow, GuideNowRow, Program } from '../../../shared/airwave';
import { endedSince } from '../../../shared/on-air';
import type { ProgrammeTimes } from '../../../shared/programme-times';
import type { HeldOnNow } from '../state';

export type { HeldOnNow };

const ends = (program: Program) => Date.parse(program.endsAt);
const starts = (program: Program) => Date.parse(program.startsAt);

/**
 * The rows at `at`: an ended `now` gives way to `next`, a `next` that has begun becomes `now`, and
 * a row left with nothing current is waiting. Returns `held` itself when no row changed, and the ids
 * of the rows that did. For the server's `fresh` answer, a row whose every slot has ended is not
 * waiting (the server has nothing newer to give): it has had nothing on since its last end (`endedAt`).
 */
export function advanceOnNow(held: HeldOnNow, at: number, fresh = false): { held: HeldOnNow; changed: string[] } {
  const changed: string[] = [];
  let rows: GuideNowRow[] | null = null;
  let waiting: Set<string> | null = null;
  let endedAt: Map<string, number> | null = null;
  held.channels.forEach((row, index) => {
    const moved = advanceRow(row, at);
    if (!moved) return;
    rows ??= [...held.channels];
    rows[index] = moved.row;
    changed.push(row.id);
    // the one rule for ended slots (shared/on-air.ts): the sheet and the guide ask it too
    const since = fresh && moved.waiting ? endedSince([row.now, row.next], at) : null;
    if (since !== null) (endedAt ??= new Map()).set(row.id, since);
    else if (moved.waiting) (waiting ??= new Set(held.waiting ?? [])).add(row.id);
  });
  if (!rows) return { held, changed };
  return { held: { ...held, channels: rows, ...(waiting ? { waiting } : {}), ...(endedAt ? { endedAt } : {}) }, changed };
}

/** The row at `at`, or null when it is unchanged. */
function advanceRow(row: GuideNowRow, at: number): { row: GuideNowRow; waiting: boolean } | null {
  let { now, next } = row;
  if (now && ends(now) <= at) {
    now = null; // over: never shown as on now again
  }
  if (!now && next && starts(next) <= at) {
    now = ends(next) > at ? next : null;
    next = null;
  }
  if (next && ends(next) <= at) next = null;
  if (now === row.now && next === row.next) return null;
  // it held something and has nothing current left: the server is asked again (onNowFetchAt)
  const waiting = now === null && next === null;
  return { row: { ...row, now, next }, waiting };
}

/**
 * The rows with the rule's times (shared/programme-times.ts): `/guide/now` stretches a programme over
 * the break after it, and where the app holds the programme's own end, that is its end here too (so
 * once it has passed, the row is on the break). The same object when no time differs.
 */
export function timedOnNow<T extends GuideNow>(held: T, times: ProgrammeTimes<Program>): T {
  let rows: GuideNowRow[] | null = null;
  held.channels.forEach((row, index) => {
    const now = row.now && times.timed(row.now, row.id);
    const next = row.next && times.timed(row.next, row.id);
    if (now === row.now && next === row.next) return;
    (rows ??= [...held.channels])[index] = { ...row, now, next };
  });
  return rows ? { ...held, channels: rows } : held;
}

/** The next moment a held row changes by itself (a programme ends or begins), or null. */
export function nextChange(held: GuideNow, at: number): number | null {
  let earliest: number | null = null;
  const consider = (time: number) => {
    if (time > at && (earliest === null || time < earliest)) earliest = time;
  };
  for (const row of held.channels) {
    if (row.now) consider(ends(row.now));
    if (row.next) {
      consider(starts(row.next));
      consider(ends(row.next));
    }
  }
  return earliest;
}

/**
 * When some row will have run past everything it holds: now for a row already waiting, else the
 * earliest end of a row's last programme. Null when no row holds anything that ends.
 */
export function runsOutAt(held: HeldOnNow, at: number): number | null {
  if (held.waiting && held.waiting.size > 0) return at;
  return earliestOfRows(held, (row) => {
    const last = row.next ?? row.now;
    return last ? ends(last) : null;
  });
}

/**
 * The earliest moment a row that holds a `next` will show none: its `now` ends (or, in a break, its
 * `next` begins), and `next` becomes `now` with nothing after it. While the popover is open the
 * server is asked again then (within the refetch interval), so On now does not show a programme
 * with no "next" for as long as it runs. Null when no row holds a `next`.
 */
export function loseNextAt(held: GuideNow, at: number): number | null {
  return earliestOfRows(held, (row) => (row.next ? Math.max(row.now ? ends(row.now) : starts(row.next), at) : null));
}

/** The earliest finite moment `moment` names for a row (null: none for that row), or null when no row names one. */
function earliestOfRows(held: GuideNow, moment: (row: GuideNowRow) => number | null): number | null {
  let earliest: number | null = null;
  for (const row of held.channels) {
    const time = moment(row);
    if (time !== null && Number.isFinite(time) && (earliest === null || time < earliest)) earliest = time;
  }
  return earliest;
}

/** The channels whose programme on now differs between two held answers (by number). */
export function changedChannels(before: GuideNow | null, after: GuideNow): Set<number> {
  const was = new Map<number, Program | null>();
  for (const row of before?.channels ?? []) was.set(row.number, row.now);
  const changed = new Set<number>();
  for (const row of after.channels) {
    const old = was.get(row.number) ?? null;
    if (!sameProgramme(old, row.now)) changed.add(row.number);
  }
  return changed;
}

const sameProgramme = (a: Program | null, b: Program | null) =>
  a === b || (a !== null && b !== null && a.startsAt === b.startsAt && a.ratingKey === b.ratingKey && a.title === b.title);
