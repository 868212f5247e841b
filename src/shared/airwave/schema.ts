import * as v from 'valibot';
import { boundText, cleanServerText, TEXT_LIMITS } from '../text';
import { isChannelNumber } from '../channel-number';
import { eachKept, issueFacts, orDefault, pathText, problemText, settleKept, type Dropped, type IssueFacts } from '../tolerant';

/**
 * Building blocks shared by every response schema, and the one place that turns valibot issues
 * into an error a person can act on ("GET /guide/now: channels[3].now.startsAt: expected string").
 *
 * The one rule for reading an answer (issue 33; docs/compatibility.md), built on shared/tolerant.ts:
 * - unknown fields are accepted and dropped from the output;
 * - a field the app can do without (`nullable`) that is missing or null is null (unknown); one that
 *   is there but unusable (wrong type, out of range, not a time) is null too, and noted;
 * - a row of a list (`rows`) that cannot be read (a field it cannot do without is bad) is left
 *   out alone, and noted;
 * - only a field outside both (what the app needs to use the answer at all: `/status`'s product
 *   and version, the list itself) refuses the whole answer, as a ContractError.
 * What was noted comes back as the answer's `unreadable` (counted, the first few quoted), for the
 * one log line that says so.
 */

/** A field the app can do without: `T`, or null when it is missing, null or unusable (the last noted). */
export const nullable = <S extends v.GenericSchema>(schema: S) =>
  orDefault(v.nullable(schema) as v.GenericSchema<unknown, v.InferOutput<S> | null>, null);

/** A list of rows: a row that cannot be read is left out and noted; past `max`, rows are left out too. */
export const rows = <S extends v.GenericSchema>(row: S, max?: number) =>
  eachKept(row as v.GenericSchema<unknown, v.InferOutput<S>>, max === undefined ? {} : { max });

/** What was left out of an answer, or read as unknown, because it could not be read. */
export interface Unreadable {
  count: number;
  /** the first few, as "channels[3].now: startsAt: expected an ISO-8601 time (received …)" */
  examples: string[];
}

/** An answer as read: what was left out or read as unknown, when anything was, rides along. */
export type Read<T> = T & { unreadable?: Unreadable };

/** How many of what was left out an answer quotes (the count covers all). */
export const UNREADABLE_EXAMPLES = 3;
const EXAMPLE_CHARS = 160;

/** What `dropped` (from a tolerant read) comes to: null when nothing was. */
export function unreadableOf(dropped: readonly Dropped[]): Unreadable | null {
  if (dropped.length === 0) return null;
  const examples = dropped.slice(0, UNREADABLE_EXAMPLES).map((item) => {
    const where = pathText(item.path) || 'the answer';
    return boundText(cleanServerText(`${where}: ${item.problem ?? (item.entry ? 'left out' : 'read as unknown')}`), EXAMPLE_CHARS);
  });
  return { count: dropped.length, examples };
}

/** `more` added into `into` (both counted, examples up to UNREADABLE_EXAMPLES). */
export function addUnreadable(into: Unreadable, more: Unreadable | null | undefined): void {
  if (!more) return;
  into.count += more.count;
  for (const example of more.examples) if (into.examples.length < UNREADABLE_EXAMPLES) into.examples.push(example);
}

/**
 * Words a server sends for people to read, cleaned (cleanServerText: escapes, controls, bidi
 * overrides, credentials in addresses) and cut (see TEXT_LIMITS) where they enter the app: a
 * hostile or broken server's megabyte name or OSC 52 sequence must not reach the tray, a
 * notification or a log.
 */
const text = (max: number) => v.pipe(v.string(), v.transform((value: string) => boundText(cleanServerText(value), max)));
export const nameText = text(TEXT_LIMITS.name);
export const titleText = text(TEXT_LIMITS.title);
export const summaryText = text(TEXT_LIMITS.summary);

export const integer = v.pipe(v.number(), v.integer());

export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const seconds = v.pipe(v.number(), v.minValue(0));

/** The app's own checks' phrases (English, the log's): the core says them in the language in use (client/contract-words.ts). */
export const CHECKS = {
  finite: 'expected a finite number',
  isoTime: 'expected an ISO-8601 time',
  string: 'expected a string',
  whole: 'expected a whole number held exactly',
  programmeLength: 'expected a length a programme can have (more than 0 s, at most a day)',
  withinProgramme: 'expected a position within the programme',
} as const;

/** A channel number as the server has it (issue 48): the one rule, shared/channel-number.ts (any whole number held exactly). */
export const channelNumber = v.pipe(v.number(), v.check((n: number) => isChannelNumber(n), CHECKS.whole));

/** Seconds that a clock or a heartbeat may put a little out of range: a finite number, below 0 read as 0. */
export const clampedSeconds = v.pipe(
  v.number(),
  v.check((n) => Number.isFinite(n), CHECKS.finite),
  v.transform((n) => Math.max(0, n)),
);

/** ISO-8601 time as the server sent it; kept as a string so snapshots stay serialisable. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const isoTime = v.pipe(
  v.string(),
  // Date.parse alone also takes "1" or "March 7 2026"; real servers send e.g. 2026-09-27T18:00:00.000Z.
  v.check((text) => ISO_TIME.test(text) && !Number.isNaN(Date.parse(text)), CHECKS.isoTime),
);

/**
 * A string field with known values that a newer server may extend. Known values keep their literal
 * types for exhaustive handling; an unknown value passes through as-is instead of failing the
 * whole response.
 */
export const openEnum = <const T extends readonly [string, ...string[]]>(_known: T) =>
  v.custom<T[number] | (string & {})>((input) => typeof input === 'string', CHECKS.string);

/** How much of a free-form object the app keeps: nesting, values in all, and each string. */
export const OPAQUE_LIMITS = { depth: 12, values: 2_000, chars: TEXT_LIMITS.title } as const;
/** What stands where the app stopped reading a free-form object. */
export const OPAQUE_CUT = '…';

/**
 * A copy of a free-form JSON value within OPAQUE_LIMITS: containers nested deeper, values past
 * the count and the ends of long strings are replaced by OPAQUE_CUT. A definition nested 4,000
 * levels deep (8 KB of brackets) would otherwise become 32 million characters when shown
 * indented, or overflow the stack of whatever walks it; the copy's recursion stops at the limit.
 */
export function boundedJson(value: unknown): unknown {
  let left = OPAQUE_LIMITS.values;
  const copy = (item: unknown, depth: number): unknown => {
    if (left-- <= 0) return OPAQUE_CUT;
    if (typeof item === 'string') return boundText(item, OPAQUE_LIMITS.chars);
    if (typeof item !== 'object' || item === null) return item;
    if (depth >= OPAQUE_LIMITS.depth) return OPAQUE_CUT;
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      for (const element of item) {
        if (left <= 0) {
          out.push(OPAQUE_CUT);
          break;
        }
        out.push(copy(element, depth + 1));
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const [key, element] of Object.entries(item)) {
      if (left <= 0) {
        out[OPAQUE_CUT] = OPAQUE_CUT;
        break;
      }
      out[boundText(key, OPAQUE_LIMITS.chars)] = copy(element, depth + 1);
    }
    return out;
  };
  return copy(value, 0);
}

/** A free-form JSON object (e.g. a channel definition): shown, never depended on, kept within OPAQUE_LIMITS. */
export const opaqueObject = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform((value) => boundedJson(value) as Record<string, unknown>),
);

/**
 * The response of one endpoint did not have the shape the app relies on. Its message is English
 * (the log's); what a person reads is composed from its facts (endpoint, field, issue) in the
 * language in use, by the core (client/contract-words.ts).
 */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    /** e.g. "GET /guide/now" */
    readonly endpoint: string,
    /** e.g. "channels[3].now.startsAt", or "" for the top level */
    readonly field: string,
    readonly issue: IssueFacts,
  ) {
    super(`Unexpected response from ${endpoint}: ${field ? `${field}: ` : ''}${problemText(issue)}`);
  }

  /** what was wrong, in English */
  get problem(): string {
    return problemText(this.issue);
  }
}

/**
 * Reads `input` with `schema` by the rule above: the typed output (with `unreadable` when anything
 * was left out or read as unknown), or a ContractError when what the answer cannot do without is bad.
 */
export function parseWith<S extends v.GenericSchema>(schema: S, endpoint: string, input: unknown): v.InferOutput<S> & { unreadable?: Unreadable } {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) {
    const { value, dropped } = settleKept(result.output);
    const unreadable = unreadableOf(dropped);
    if (unreadable && typeof value === 'object' && value !== null) (value as { unreadable?: Unreadable }).unreadable = unreadable;
    return value as v.InferOutput<S> & { unreadable?: Unreadable };
  }
  const { field, issue } = issueFacts(result.issues);
  throw new ContractError(endpoint, field, issue);
}
