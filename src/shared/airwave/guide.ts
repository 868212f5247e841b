import * as v from 'valibot';
import { PackageRefSchema, ProgramSchema } from './common';
import { ContractError, count, integer, isoTime, nameText, nullable, parseWith } from './schema';

/** Fields every channel row carries, in `/guide/now`, `/guide` and `/channels`. */
export const ChannelHeaderEntries = {
  id: v.string(),
  number: integer,
  name: nameText,
  callsign: nullable(nameText),
  icon: nullable(v.string()),
  tint: nullable(v.string()),
  package: nullable(PackageRefSchema),
};

/** One row per channel of `GET /guide/now`: the programme on now and the one after it. */
export const GuideNowRowSchema = v.object({
  ...ChannelHeaderEntries,
  now: nullable(ProgramSchema),
  next: nullable(ProgramSchema),
});
export type GuideNowRow = v.InferOutput<typeof GuideNowRowSchema>;

/** Required: `channels`, and in each row `id`, `number` and `name` (what a row and a lookup need). */
export const GuideNowSchema = v.object({ serverTime: nullable(isoTime), channels: v.array(GuideNowRowSchema) });
export type GuideNow = v.InferOutput<typeof GuideNowSchema> & {
  /** what was left out because it could not be read (see readTolerantly), when anything was */
  unreadable?: Unreadable;
};

/** Programmes (or channels) left out of an answer because they could not be read. */
export interface Unreadable {
  count: number;
  /** the first few, as "channels[3].now: startsAt: expected an ISO-8601 time (received …)" */
  examples: string[];
}

const UNREADABLE_EXAMPLES = 3;

function noteUnreadable(unreadable: Unreadable, path: string, problem: string): void {
  unreadable.count += 1;
  if (unreadable.examples.length < UNREADABLE_EXAMPLES) unreadable.examples.push(`${path}: ${problem}`);
}

/** Why a programme cannot be read, or null when it can. */
function programmeProblem(input: unknown, endpoint: string): string | null {
  try {
    parseWith(ProgramSchema, endpoint, input);
    return null;
  } catch (error) {
    return error instanceof ContractError ? `${error.field ? `${error.field}: ` : ''}${error.problem}` : 'unreadable';
  }
}

const GuideNowOuterSchema = v.object({ serverTime: nullable(isoTime), channels: v.array(v.unknown()) });

/**
 * `/guide/now`, read so that one bad programme costs only itself: a row whose `now` or `next`
 * cannot be read (a time like 2026-02-30T25:61:00Z) keeps its channel without that programme, a
 * row that cannot be read at all is left out, and what was left out is counted in `unreadable`.
 * The strict parse runs first; the row-by-row walk only when it fails. When no row at all could
 * be read whole, the answer is wrong as a whole and fails as before.
 */
export function parseGuideNow(input: unknown): GuideNow {
  const endpoint = 'GET /guide/now';
  let strict: ContractError;
  try {
    return parseWith(GuideNowSchema, endpoint, input);
  } catch (error) {
    if (!(error instanceof ContractError) || !error.field.startsWith('channels[')) throw error;
    strict = error;
  }
  const { serverTime, channels } = parseWith(GuideNowOuterSchema, endpoint, input);
  const unreadable: Unreadable = { count: 0, examples: [] };
  const rows: GuideNowRow[] = [];
  let damagedRows = 0;
  channels.forEach((row, index) => {
    const before = unreadable.count;
    const repaired: Record<string, unknown> = typeof row === 'object' && row !== null && !Array.isArray(row) ? { ...row } : {};
    for (const slot of ['now', 'next'] as const) {
      const problem = repaired[slot] === null || repaired[slot] === undefined ? null : programmeProblem(repaired[slot], endpoint);
      if (problem === null) continue;
      noteUnreadable(unreadable, `channels[${index}].${slot}`, problem);
      repaired[slot] = null;
    }
    try {
      rows.push(parseWith(GuideNowRowSchema, endpoint, repaired));
    } catch (error) {
      noteUnreadable(unreadable, `channels[${index}]`, error instanceof ContractError ? `${error.field ? `${error.field}: ` : ''}${error.problem}` : 'unreadable');
    }
    if (unreadable.count > before) damagedRows += 1;
  });
  if (damagedRows === channels.length) throw strict;
  return { serverTime, channels: rows, ...(unreadable.count > 0 ? { unreadable } : {}) };
}

/** One channel of `GET /guide` with its programmes inside the window. */
export const GuideChannelSchema = v.object({ ...ChannelHeaderEntries, programs: v.array(ProgramSchema) });
export type GuideChannel = v.InferOutput<typeof GuideChannelSchema>;

/**
 * One `/guide` channel (the streamed reader hands them over one at a time), read like
 * parseGuideNow's rows: a programme that cannot be read is left out and counted in `unreadable`;
 * a channel that cannot be read otherwise throws.
 */
export function parseGuideChannel(input: unknown, endpoint: string, unreadable: Unreadable): GuideChannel {
  try {
    return parseWith(GuideChannelSchema, endpoint, input);
  } catch (error) {
    const programs = (input as { programs?: unknown } | null)?.programs;
    if (!(error instanceof ContractError) || !error.field.startsWith('programs[') || !Array.isArray(programs)) throw error;
    const kept = programs.filter((programme, index) => {
      const problem = programmeProblem(programme, endpoint);
      if (problem !== null) noteUnreadable(unreadable, `programs[${index}]`, problem);
      return problem === null;
    });
    return parseWith(GuideChannelSchema, endpoint, { ...(input as object), programs: kept });
  }
}

/** One sentence for the log: what an answer left out and why (the first few). */
export function unreadableText(unreadable: Unreadable, endpoint: string): string {
  const what = unreadable.count === 1 ? '1 programme or channel' : `${unreadable.count} programmes or channels`;
  return `${endpoint}: ${what} could not be read and ${unreadable.count === 1 ? 'is' : 'are'} left out (${unreadable.examples.join('; ')})`;
}

export const GuideSchema = v.object({
  serverTime: isoTime,
  windowMinutes: count,
  // `backMinutes` came after `forwardMinutes`; a server without it shows no past programmes.
  backMinutes: v.optional(count, 0),
  channels: v.array(GuideChannelSchema),
});
export type Guide = v.InferOutput<typeof GuideSchema>;
export const parseGuide = (input: unknown): Guide => parseWith(GuideSchema, 'GET /guide', input);

/** Bounds of `forwardMinutes` on `/guide` (real servers answer 422 outside them). */
export const GUIDE_FORWARD_MINUTES = { min: 30, max: 1440, default: 180 } as const;
