/**
 * Is a programme still on where a reminder expects it? Pure: a reminder and what a schedule shows
 * in, "scheduled", "moved", "vanished" or "unknown" (the schedule does not reach that far) out.
 */
import type { Program } from '../../../shared/airwave';
import type { ProgrammeRef } from '../../../shared/bridge';
import { maxOf, minOf } from '../../../shared/extent';

/** Start times this close count as the same slot (servers round differently). */
const SAME_START_MS = 30_000;

export type CheckOutcome =
  | { kind: 'scheduled' }
  | { kind: 'moved'; startsAt: string; endsAt: string }
  | { kind: 'vanished'; instead: Program | null }
  | { kind: 'unknown' };

/** Programmes of one channel and the span of time they speak for (outside it, absence means nothing). */
export interface ScheduleWindow {
  programs: readonly Program[];
  from: number;
  to: number;
}

/** A window whose span is the programmes' own extent (a guide or now/next row). */
export function windowOf(programs: readonly (Program | null)[]): ScheduleWindow | null {
  const list = programs.filter((p): p is Program => p !== null);
  if (list.length === 0) return null;
  return {
    programs: list,
    from: minOf(list.map((p) => Date.parse(p.startsAt))),
    to: maxOf(list.map((p) => Date.parse(p.endsAt))),
  };
}

const norm = (text: string | null) => (text ?? '').trim().toLowerCase();

/** The same programme: the same rating key when both have one, else the same title and show. */
export function sameProgramme(program: Pick<Program, 'ratingKey' | 'title' | 'showTitle'>, ref: Pick<ProgrammeRef, 'ratingKey' | 'title' | 'showTitle'>): boolean {
  if (program.ratingKey !== null && ref.ratingKey !== null) return program.ratingKey === ref.ratingKey;
  return norm(program.title) === norm(ref.title) && norm(program.showTitle) === norm(ref.showTitle);
}

export function checkScheduled(ref: ProgrammeRef, window: ScheduleWindow | null, now: number): CheckOutcome {
  if (!window) return { kind: 'unknown' };
  const start = Date.parse(ref.startsAt);
  const same = window.programs.filter((p) => sameProgramme(p, ref));
  if (same.some((p) => Math.abs(Date.parse(p.startsAt) - start) <= SAME_START_MS)) return { kind: 'scheduled' };
  // the earliest other airing that has not ended yet
  const elsewhere = same.filter((p) => Date.parse(p.endsAt) > now).sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  if (elsewhere) return { kind: 'moved', startsAt: elsewhere.startsAt, endsAt: elsewhere.endsAt };
  if (start < window.from || start >= window.to) return { kind: 'unknown' };
  const instead = window.programs.find((p) => Date.parse(p.startsAt) <= start && start < Date.parse(p.endsAt)) ?? null;
  return { kind: 'vanished', instead };
}
