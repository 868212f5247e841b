/**
 * Search's results as data: the kinds of row, the groups (People, Channels, On now, Later) built
 * from what the core answered (one row per programme: a title's airings gathered, counted, its
 * next one shown; the airings of the title opened listed under it), each group cut to its cap
 * with a "Show all" row, and the sections with their day headings. No rendering here
 * (SearchRows.tsx draws the rows).
 */
import type { Program } from '../../../shared/airwave';
import { channelLabel, dayLabel, dayOffset } from '../../../shared/format';
import { appendAll } from '../../../shared/extent';
import type { GuideSearchTitle, OnNowMatches } from '../../../shared/bridge';
import { followTitleOf, titleKey } from '../../../shared/follow-title';
import type { snapshot } from '../state';
import { viewerKey, viewerRef, type ViewerRef } from '../viewer-ref';
import { holdsNeedle, searchNeedle } from '../../../shared/search-match';

/** Rows shown per group until "Show all" is chosen. */
export const CAP: Record<GroupId, number> = { people: 3, channels: 3, onNow: 5, later: 8 };

/**
 * A programme: its next airing (`program`, on `channel`), the title its airings are gathered
 * under, and how many airings match in all (1: this one alone). `airing`: one airing of a title
 * opened, listed under it.
 */
export type ProgramResult = {
  kind: 'program';
  key: string;
  program: Program;
  start: number;
  channel: { number: number; name: string; id: string };
  title: string;
  airings: number;
  /** the next airing still to start when the one shown is on air: what the row's "Remind me" sets */
  next?: { program: Program; channel: { number: number; name: string; id: string } };
  /** one airing of a title opened, listed under its row in that row's group */
  airing?: GroupId;
};

export type GroupId = 'people' | 'channels' | 'onNow' | 'later';

export type Result =
  | { kind: 'viewer'; key: string; user: string; viewer: ViewerRef; what: string | null; server: string | null }
  | { kind: 'channel'; key: string; number: number; name: string }
  | ProgramResult
  | { kind: 'more'; key: string; group: GroupId; count: number };


/** How many cells a row has: a programme with its two actions (an airing of a title opened: its bell), else its main cell alone. */
export const widthOf = (result: Result): number => (hasActions(result) ? (result.airing ? 2 : 3) : 1);

export const hasActions = (result: Result): result is ProgramResult => result.kind === 'program' && result.program.ratingKey !== null && result.channel.id !== '';

/** A programme row that opens to its airings (more than one matches). */
export const opensAirings = (result: Result): boolean => result.kind === 'program' && result.airing === undefined && result.airings > 1;

export type CellProps = (row: number, col: number) => { 'data-row': number; 'data-col': number; tabIndex: number };

/** The groups and, under Later, the day headings, each row with its place in `results` (a title's airings opened sit under its row, with no headings of their own). */
export function sections(results: Result[], at: number): { group: GroupId; rows: ({ day: string } | { result: Result; index: number })[] }[] {
  const out: { group: GroupId; rows: ({ day: string } | { result: Result; index: number })[] }[] = [];
  let lastDay: number | null = null;
  results.forEach((result, index) => {
    const group = groupOf(result, at);
    if (out[out.length - 1]?.group !== group) out.push({ group, rows: [] });
    const section = out[out.length - 1]!;
    if (result.kind === 'program' && group === 'later' && !result.airing) {
      const day = dayOffset(result.start, at);
      if (day !== lastDay) section.rows.push({ day: dayLabel(result.start, at) });
      lastDay = day;
    }
    section.rows.push({ result, index });
  });
  return out;
}

export const groupOf = (result: Result, at: number): GroupId =>
  result.kind === 'more' ? result.group : result.kind === 'viewer' ? 'people' : result.kind === 'channel' ? 'channels' : (result.airing ?? (result.start <= at ? 'onNow' : 'later'));

export interface Groups {
  people: Result[];
  channels: Result[];
  onNow: Result[];
  later: Result[];
}

/**
 * The groups in order, each cut to its cap with a "Show all" row (the group expanded shows all);
 * the title opened has its airings (`airings`, the core's answer for it) right under its row.
 */
export function flatten(groups: Groups, expanded: GroupId | null, opened: { key: string; airings: Result[] } | null = null): Result[] {
  const out: Result[] = [];
  for (const id of ['people', 'channels', 'onNow', 'later'] as const) {
    const list = groups[id];
    const shown = expanded === id || list.length <= CAP[id] + 1 ? list : list.slice(0, CAP[id]);
    for (const result of shown) {
      out.push(result);
      if (opened && result.key === opened.key) appendAll(out, opened.airings);
    }
    if (shown.length < list.length) out.push({ kind: 'more', key: `more-${id}`, group: id, count: list.length });
  }
  return out;
}

/** A title's row key: one per title, so it stays the same row (and opened) as its airings come and go. */
export const titleRowKey = (title: string) => `t${titleKey(title)}`;

/** The airings of a title opened (its row in `group`), as rows (the core's answer for that title). */
export function airingRows(answer: GuideSearchTitle | null, group: GroupId): ProgramResult[] {
  return (answer?.first ?? []).map((hit) => ({
    kind: 'program',
    key: `a${hit.channel.id}-${hit.program.startsAt}`,
    program: hit.program,
    start: Date.parse(hit.program.startsAt),
    channel: hit.channel,
    title: answer!.title,
    airings: answer!.airings,
    airing: group,
  }));
}

export function find(query: string, s: NonNullable<typeof snapshot.value>, at: number, titles: GuideSearchTitle[] | null, held: OnNowMatches | null): Groups {
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
  const add = (program: Program, channel: { number: number; name: string; id: string }, title: string, airings: number, next?: ProgramResult['next']) =>
    programs.push({ kind: 'program', key: titleRowKey(title), program, start: Date.parse(program.startsAt), channel, title, airings, ...(next ? { next } : {}) });
  if (titles) {
    // one row per programme, at its next airing, with how many airings match in all
    for (const found of titles) {
      const [first, next] = found.first;
      if (first) add(first.program, first.channel, found.title, found.airings, next);
    }
  } else {
    // the guide's answer is not in yet: what is on now and next, as the core holds it, one row per
    // title at its soonest (no count: what is held is not the next 24 hours; the answer brings it)
    const held_ = (held?.programmes ?? []).filter(({ program }) => Date.parse(program.endsAt) > at && program.ratingKey !== null);
    const seen = new Set<string>();
    for (const { program, channel } of held_.sort((a, b) => Date.parse(a.program.startsAt) - Date.parse(b.program.startsAt))) {
      const title = followTitleOf(program);
      if (seen.has(titleKey(title))) continue;
      seen.add(titleKey(title));
      add(program, channel, title, 1);
    }
  }
  // by start time; the same start keeps guide (channel) order
  programs.sort((a, b) => a.start - b.start);
  for (const program of programs) (program.start <= at ? groups.onNow : groups.later).push(program);
  return groups;
}
