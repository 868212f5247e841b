/**
 * What a channel has on at a moment, breaks included, from the slots a server sent for it (a
 * `/guide/now` row's now and next, or a now answer's current and next). Real servers send breaks
 * two ways: `/guide/now` has no programme on during one (`now: null`, `next` is what follows), and
 * now answers have a bumper slot (`ratingKey: null`) that carries the programme it introduces and
 * ends when that programme starts. Either way a break is shown as what comes next and when, never
 * as an empty row, a past programme or a bumper named as "next".
 */

export interface Airable {
  ratingKey: string | null;
  title: string;
  showTitle: string | null;
  startsAt: string;
  endsAt: string;
  kind?: string;
}

export interface OnAir<P extends Airable> {
  /** the programme airing now (never a bumper) */
  current: P | null;
  /** a break airs now: what comes after it and when it starts */
  break: { at: number; then: P } | null;
  /** what follows the current programme and when it starts (a bumper's programme at the bumper's end) */
  next: { at: number; program: P } | null;
}

/** A gap longer than this before the next programme is "nothing on", not a break. */
export const LONGEST_BREAK_MS = 30 * 60_000;

export const isBumper = (slot: Airable): boolean => slot.kind === 'bumper' || slot.ratingKey === null;

export function onAir<P extends Airable>(slots: readonly (P | null)[], at: number): OnAir<P> {
  const list = slots.filter((s): s is P => s !== null).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const airing = list.find((s) => Date.parse(s.startsAt) <= at && at < Date.parse(s.endsAt)) ?? null;
  if (airing && !isBumper(airing)) {
    const end = Date.parse(airing.endsAt);
    const after = list.find((s) => s !== airing && Date.parse(s.startsAt) >= end) ?? list.find((s) => Date.parse(s.startsAt) > at) ?? null;
    return { current: airing, break: null, next: after ? following(list, after) : null };
  }
  // No programme on: a bumper airs, or nothing (a /guide/now row during a break, or an idle channel).
  const programme = list.find((s) => !isBumper(s) && Date.parse(s.startsAt) >= at) ?? null;
  if (programme && (airing || Date.parse(programme.startsAt) - at <= LONGEST_BREAK_MS)) {
    return { current: null, break: { at: Date.parse(programme.startsAt), then: programme }, next: null };
  }
  if (airing) return { current: null, break: { at: Date.parse(airing.endsAt), then: airing }, next: null };
  const later = list.find((s) => Date.parse(s.startsAt) > at) ?? null;
  return { current: null, break: null, next: later ? following(list, later) : null };
}

/**
 * The one rule for ended slots (issue 33): when a server's own answer holds slots for a channel and
 * every one of them has ended by `at` (a stale schedule, nothing newer), the time the last one ended,
 * shown as "Nothing on since 9:06 PM"; else null (nothing held, something still to come, or a time
 * that does not read). On now, the channel sheet and the guide all ask this.
 */
export function endedSince(slots: readonly (Pick<Airable, 'endsAt'> | null)[], at: number): number | null {
  let last: number | null = null;
  for (const slot of slots) {
    if (slot === null) continue;
    const end = Date.parse(slot.endsAt);
    if (!Number.isFinite(end) || end > at) return null;
    if (last === null || end > last) last = end;
  }
  return last;
}

/** What a slot after the current programme announces: a bumper stands for the programme it introduces, at its end. */
function following<P extends Airable>(list: readonly P[], slot: P): { at: number; program: P } {
  if (!isBumper(slot)) return { at: Date.parse(slot.startsAt), program: slot };
  const end = Date.parse(slot.endsAt);
  const programme = list.find((s) => !isBumper(s) && Date.parse(s.startsAt) >= end);
  return programme ? { at: Date.parse(programme.startsAt), program: programme } : { at: end, program: slot };
}
