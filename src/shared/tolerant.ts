/**
 * Reading what the app kept, so that whatever is usable survives damage: valibot schemas whose
 * fields fall back to a default (`orDefault`, `fieldsOrDefault`) and whose lists leave out the
 * entries they cannot read (`eachKept`), and `readKept`, which parses with such a schema and lists
 * what fell back or was left out, for the notice that says so. Each stored shape (the settings, a
 * server entry, every feature file) is one schema built from these around the field schemas the
 * bridge checks requests with (shapes.ts). The server's answers are read with the same rule
 * (airwave/schema.ts: a bad optional field costs that field, a bad row that row).
 */
import * as v from 'valibot';
import { listOf } from './list-format';
import { messages, t } from './i18n/messages';

type Schema<T> = v.GenericSchema<unknown, T>;
type Path = (string | number)[];

/** Where a value did not pass: it becomes its default (a field) or goes (a list entry). */
const FELL_BACK = Symbol('fell back');
interface FellBack {
  readonly [FELL_BACK]: true;
  readonly raw: unknown;
  readonly entry: boolean;
  readonly fallback: unknown;
  /** why the value did not pass (worked out only when it is reported) */
  readonly why?: () => string;
}

const isFellBack = (value: unknown): value is FellBack => typeof value === 'object' && value !== null && FELL_BACK in value;
const fellBack = (raw: unknown, entry: boolean, fallback?: unknown, schema?: v.GenericSchema): FellBack => ({
  [FELL_BACK]: true,
  raw,
  entry,
  fallback,
  ...(schema ? { why: () => firstProblem(schema, raw) } : {}),
});
/** Takes whatever `schema` (before it in a union) refused, and marks it. */
const marking = (entry: boolean, fallback: unknown, schema: v.GenericSchema) =>
  v.pipe(v.unknown(), v.transform((raw) => fellBack(raw, entry, fallback, schema)));

/** The first reason `schema` refuses `raw`, as "startsAt: expected an ISO-8601 time (received "soon")". */
function firstProblem(schema: v.GenericSchema, raw: unknown): string {
  const result = v.safeParse(schema, raw, { abortEarly: true });
  if (result.success) return 'left out';
  const { field, problem } = issueWords(result.issues);
  return `${field ? `${field}: ` : ''}${problem}`;
}

/** What was wrong with a value, as facts: the words are the reader's (English in issueWords, the language in use in the core). */
export type IssueFacts =
  | { kind: 'missing' }
  | { kind: 'expected'; expected: string; received: string }
  /** the structure is not the one expected ("Array"), what came instead not named */
  | { kind: 'shape'; expected: string }
  /** a check of the app's own (`problem` is its English phrase, e.g. "expected an ISO-8601 time") */
  | { kind: 'check'; problem: string; received: string }
  /** a sentence of the app's own that says it all */
  | { kind: 'said'; problem: string };

/** valibot's issues as facts: the field (deepest useful path) and what was wrong. */
export function issueFacts(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): { field: string; issue: IssueFacts } {
  // Unions report their deepest nested issue for a useful path; a nested issue without a path of
  // its own (a plain string | number that was a boolean) leaves the union's issue to name the field.
  let issue: v.BaseIssue<unknown> = issues[0];
  while (issue.issues?.length) {
    const inner: v.BaseIssue<unknown> = issue.issues[0];
    if (!inner.path?.length && issue.path?.length) break;
    issue = inner;
  }
  const field = pathText((issue.path ?? []).map((item) => item.key as string | number));
  // For a missing key valibot reports "received undefined": say "missing" instead.
  if (issue.received === 'undefined' && issue.path?.length) return { field, issue: { kind: 'missing' } };
  if (issue.type === 'check' || issue.type === 'custom') return { field, issue: { kind: 'check', problem: issue.message, received: issue.received } };
  return { field, issue: { kind: 'expected', expected: issue.expected ?? issue.type, received: issue.received } };
}

/** What was wrong, in English (the log's words, and a ContractError's message). */
export function problemText(issue: IssueFacts): string {
  if (issue.kind === 'missing') return 'required field is missing';
  if (issue.kind === 'check') return `${issue.problem} (received ${issue.received})`;
  if (issue.kind === 'said') return issue.problem;
  if (issue.kind === 'shape') return `expected ${issue.expected}`;
  return `expected ${issue.expected} but received ${issue.received}`;
}

/**
 * valibot's issues as the log reads them: the field and what was wrong ("required field is
 * missing", "expected number but received "2"").
 */
export function issueWords(issues: readonly [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): { field: string; problem: string; issue: IssueFacts } {
  const { field, issue } = issueFacts(issues);
  return { field, problem: problemText(issue), issue };
}

/**
 * `schema`, or `fallback` when the value does not pass it (reported by readKept); a missing field
 * is its fallback, silently. The fallback must pass `schema`. Read only through readKept.
 */
export function orDefault<T>(schema: Schema<T>, fallback: T): Schema<T> {
  return v.optional(v.union([schema, marking(false, fallback, schema)]), fallback as never) as unknown as Schema<T>;
}

/** An object of `fields`, each falling back to its value in `defaults` on its own (a list is no such object). */
export function fieldsOrDefault<F extends Record<string, v.GenericSchema>>(
  fields: F,
  defaults: { [K in keyof F]: v.InferOutput<F[K]> },
): Schema<{ [K in keyof F]: v.InferOutput<F[K]> }> {
  const entries = Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, orDefault(schema, defaults[name])]));
  // valibot's object takes an array for an object with no fields; a list is not these settings
  return v.pipe(v.unknown(), v.check((value) => !Array.isArray(value), 'an object'), v.object(entries)) as unknown as Schema<{ [K in keyof F]: v.InferOutput<F[K]> }>;
}

/**
 * A list whose entries that do not pass `item` are left out (each reported by readKept), as are
 * those past `max` and those whose `key` an earlier entry has. `key` may read only fields that
 * have no fallback.
 */
export function eachKept<T>(item: Schema<T>, limits: { max?: number; key?: (entry: T) => string } = {}): Schema<T[]> {
  const { max = Number.POSITIVE_INFINITY, key } = limits;
  return v.pipe(
    v.array(v.union([item, marking(true, undefined, item)])),
    v.transform((list) => {
      const seen = new Set<string>();
      let kept = 0;
      return list.map((entry) => {
        if (isFellBack(entry)) return entry;
        const id = key?.(entry as T);
        if (kept >= max || (id !== undefined && seen.has(id))) return fellBack(entry, true);
        if (id !== undefined) seen.add(id);
        kept++;
        return entry;
      });
    }),
  ) as unknown as Schema<T[]>;
}

/** A field that fell back to its default (`entry` false) or a list entry left out (`entry` true). */
export interface Dropped {
  /** e.g. ["notifications", "pausedUntil"] or ["servers", 1] */
  path: Path;
  /** what was there */
  raw: unknown;
  entry: boolean;
  /** why it did not pass, when known */
  problem?: string;
}

export type Kept<T> = { ok: true; value: T; dropped: Dropped[] } | { ok: false; problem: string };

/**
 * Parses `input` with a tolerant schema: what is usable, and what fell back or was left out. Not
 * ok only where the schema has no fallback (not an object, another version).
 */
export function readKept<T>(schema: Schema<T>, input: unknown): Kept<T> {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    const issue = result.issues[0];
    const where = pathText((issue.path ?? []).map((item) => item.key as string | number));
    return { ok: false, problem: `${where ? `${where}: ` : ''}${issue.message}` };
  }
  return { ok: true, ...settleKept(result.output) };
}

/** A value read with a tolerant schema, its marks replaced by their defaults and entries left out: what fell back or went, listed. */
export function settleKept<T>(output: T): { value: T; dropped: Dropped[] } {
  const dropped: Dropped[] = [];
  return { value: settle(output, [], dropped) as T, dropped };
}

/** The marks replaced by their defaults, entries left out, each noted in `dropped`. */
function settle(value: unknown, path: Path, dropped: Dropped[]): unknown {
  if (isFellBack(value)) {
    dropped.push({ path, raw: value.raw, entry: value.entry, ...(value.why ? { problem: value.why() } : {}) });
    return structuredClone(value.fallback);
  }
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    value.forEach((item, index) => {
      if (isFellBack(item) && item.entry) dropped.push({ path: [...path, index], raw: item.raw, entry: true, ...(item.why ? { problem: item.why() } : {}) });
      else kept.push(settle(item, [...path, index], dropped));
    });
    return kept;
  }
  if (typeof value === 'object' && value !== null) {
    const out = value as Record<string, unknown>;
    for (const key of Object.keys(out)) out[key] = settle(out[key], [...path, key], dropped);
  }
  return value;
}

/** A path as people read it in a notice: "notifications.pausedUntil", "reminders[2]". */
export function pathText(path: readonly (string | number)[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? key : `.${key}`)).join('');
}

/** A dropped field or entry in words, in the language in use: "scannedAt", "entry 3 of reminders". */
export function droppedName(dropped: Dropped): string {
  const words = messages().reading;
  const last = dropped.path[dropped.path.length - 1];
  if (dropped.entry && typeof last === 'number') return t(words.entryOf, { n: last + 1, list: pathText(dropped.path.slice(0, -1)) || words.theList });
  return pathText(dropped.path) || words.everything;
}

/**
 * What a notice says was lost, in the language in use, as one message (`reading.lost`, which
 * joins the two halves with the language's own punctuation): "A and B were not usable and are back
 * to their defaults; C could not be read and was left out". `entriesHint` follows the entries (what to do about them).
 */
export function droppedWords(fields: readonly string[], entries: readonly string[], entriesHint = ''): string {
  if (fields.length === 0 && entries.length === 0) return '';
  const has = fields.length === 0 ? 'entries' : entries.length === 0 ? 'fields' : 'both';
  return t(messages().reading.lost, { has, fields: listOf(fields), nf: fields.length, entries: listOf(entries), ne: entries.length, hinted: entriesHint ? 'yes' : 'no', hint: entriesHint });
}
