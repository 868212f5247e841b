/**
 * Search's results as data: the kinds of row, the groups (People, Channels, On now, Later) built
 * from what the core answered, each cut to its cap with a "Show all" row, and the sections with
 * their day headings. No rendering here (SearchRows.tsx draws the rows).
 */
import type { Program } from '../../../shared/airwave';
import { channelLabel, dayLabel, dayOffset } from '../../../shared/format';
import { appendAll } from '../../../shared/extent';
import type { GuideSearchHit, OnNowMatches } from '../../../shared/bridge';
import type { snapshot } from '../state';
import { viewerKey, viewerRef, type ViewerRef } from '../viewer-ref';
import { holdsNeedle, searchNeedle } from '../../../shared/search-match';

/** Rows shown per group until "Show all" is chosen. */
export const CAP: Record<GroupId, number> = { people: 3, channels: 3, onNow: 5, later: 8 };

export type ProgramResult = { kind: 'program'; key: string; program: Program; start: number; channel: { number: number; name: string; id: string } };

export type GroupId = 'people' | 'channels' | 'onNow' | 'later';

export type Result =
  | { kind: 'viewer'; key: string; user: string; viewer: ViewerRef; what: string | null; server: string | null }
  | { kind: 'channel'; key: string; number: number; name: string }
  | ProgramResult
  | { kind: 'more'; key: string; group: GroupId; count: number };


/** How many cells a row has: a programme with its two actions, else its main cell alone. */
export const widthOf = (result: Result): number => (hasActions(result) ? 3 : 1);

export const hasActions = (result: Result): result is ProgramResult => result.kind === 'program' && result.program.ratingKey !== null && result.channel.id !== '';

export type CellProps = (row: number, col: number) => { 'data-row': number; 'data-col': number; tabIndex: number };

/** The groups and, under Later, the day headings, each row with its place in `results`. */
export function sections(results: Result[], at: number): { group: GroupId; rows: ({ day: string } | { result: Result; index: number })[] }[] {
  const out: { group: GroupId; rows: ({ day: string } | { result: Result; index: number })[] }[] = [];
  let lastDay: number | null = null;
  results.forEach((result, index) => {
    const group = groupOf(result, at);
    if (out[out.length - 1]?.group !== group) out.push({ group, rows: [] });
    const section = out[out.length - 1]!;
    if (result.kind === 'program' && group === 'later') {
      const day = dayOffset(result.start, at);
      if (day !== lastDay) section.rows.push({ day: dayLabel(result.start, at) });
      lastDay = day;
    }
    section.rows.push({ result, index });
  });
  return out;
}

export const groupOf = (result: Result, at: number): GroupId =>
  result.kind === 'more' ? result.group : result.kind === 'viewer' ? 'people' : result.kind === 'channel' ? 'channels' : result.start <= at ? 'onNow' : 'later';

export interface Groups {
  people: Result[];
  channels: Result[];
  onNow: Result[];
  later: Result[];
}

/** The groups in order, each cut to its cap with a "Show all" row (the group expanded shows all). */
export function flatten(groups: Groups, expanded: GroupId | null): Result[] {
  const out: Result[] = [];
  for (const id of ['people', 'channels', 'onNow', 'later'] as const) {
    const list = groups[id];
    if (expanded === id || list.length <= CAP[id] + 1) appendAll(out, list);
    else appendAll(out, list.slice(0, CAP[id])).push({ kind: 'more', key: `more-${id}`, group: id, count: list.length });
  }
  return out;
}

export function find(query: string, s: NonNullable<typeof snapshot.value>, at: number, hits: GuideSearchHit[] | null, held: OnNowMatches | null): Groups {
  const groups: Groups = { people: [], channels: [], onNow: [], later: [] };
  const q = searchNeedle(query);
  if (q === '') return groups;
  const matches = (text: string | null) => holdsNeedle(text, q);
  for (const entry of s.nowPlaying.data ?? []) {
    if (matches(entry.user)) {
      groups.people.push({
        kind: 'viewer',
        key: `v${viewerKey(entry)}${groups.people.length}`,
        user: entry.user,
        viewer: viewerRef(entry),
        what: entry.showTitle ?? entry.title ?? channelLabel(entry.channelNumber, entry.channelName),
        server: entry.serverName ?? null,
      });
    }
  }
  for (const row of held?.channels ?? []) groups.channels.push({ kind: 'channel', key: `c${row.id}`, number: row.number, name: row.name });
  const programs: ProgramResult[] = [];
  const add = (program: Program, channel: { number: number; name: string; id: string }) =>
    programs.push({ kind: 'program', key: `p${channel.id}-${program.startsAt}`, program, start: Date.parse(program.startsAt), channel });
  if (hits) {
    for (const hit of hits) add(hit.program, hit.channel);
  } else {
    // the guide's answer is not in yet: what is on now and next, as the core holds it
    for (const { program, channel } of held?.programmes ?? []) {
      if (Date.parse(program.endsAt) > at) add(program, channel);
    }
  }
  // by start time; the same start keeps guide (channel) order
  programs.sort((a, b) => a.start - b.start);
  for (const program of programs) (program.start <= at ? groups.onNow : groups.later).push(program);
  return groups;
}
