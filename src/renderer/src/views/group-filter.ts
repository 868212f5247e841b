import type { Signal } from '@preact/signals';
import { OTHER_GROUP, type AppSnapshot } from '../../../shared/bridge';
import { snapshot, storedChoice } from '../state';

/**
 * Owns which channel group On now and the guide show: the choices on offer (All, the server's
 * packages, and Other when some channels are in none), each page's remembered choice (kept by the
 * page like "Favourites only"), and the group in effect: the one remembered while the server still
 * has it, else All, quietly. No choices at all where the server has no `/packages` or fewer than
 * two groups.
 */

export interface GroupOption {
  /** a package id or OTHER_GROUP; null for All */
  id: string | null;
  name: string | null;
  icon: string | null;
  tint: string | null;
  /** how many channels (null: not known) */
  count: number | null;
}

/** On now's remembered group, and the guide's (each page keeps its own). */
export const onNowGroup = storedChoice('airwave.onNowGroup');
export const guideGroup = storedChoice('airwave.guideGroup');

/** The groups on offer, All first, Other last; null when there is nothing to choose between. */
export function groupOptions(s: AppSnapshot | null = snapshot.value): GroupOption[] | null {
  const groups = s?.groups;
  if (!groups) return null;
  const counts = s.onNow.data?.groups ?? {};
  const options: GroupOption[] = groups.map((g) => ({ id: g.id, name: g.name, icon: g.icon, tint: g.tint, count: g.channelCount ?? counts[g.id] ?? null }));
  const other = counts[OTHER_GROUP] ?? 0;
  if (other > 0) options.push({ id: OTHER_GROUP, name: null, icon: null, tint: null, count: other });
  if (options.length < 2) return null;
  return [{ id: null, name: null, icon: null, tint: null, count: s.onNow.data?.count ?? null }, ...options];
}

/** The group a page shows: its remembered one while it is on offer, else All (null). */
export function groupInEffect(choice: Signal<string | null>, options: GroupOption[] | null = groupOptions()): string | null {
  const id = choice.value;
  if (id === null || !options) return null;
  return options.some((option) => option.id === id) ? id : null;
}
