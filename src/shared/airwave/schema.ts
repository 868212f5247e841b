import * as v from 'valibot';
import { boundText, cleanServerText, TEXT_LIMITS } from '../text';

/**
 * Building blocks shared by every response schema, and the one place that turns valibot issues
 * into an error a person can act on ("GET /guide/now: channels[3].now.startsAt: expected string").
 *
 * Conventions (see airwave-api.md): unknown fields are accepted and dropped from the output;
 * fields a real server may send as null (or leave out) come out as `null`; a required field that
 * is missing or mistyped fails the whole response.
 */

/** A field real servers send as `T | null`; older servers may leave it out, which reads as null. */
export const nullable = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema), null);

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

/** ISO-8601 time as the server sent it; kept as a string so snapshots stay serialisable. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
export const isoTime = v.pipe(
  v.string(),
  // Date.parse alone also takes "1" or "March 7 2026"; real servers send e.g. 2026-09-27T18:00:00.000Z.
  v.check((text) => ISO_TIME.test(text) && !Number.isNaN(Date.parse(text)), 'expected an ISO-8601 time'),
);

/**
 * A string field with known values that a newer server may extend. Known values keep their literal
 * types for exhaustive handling; an unknown value passes through as-is instead of failing the
 * whole response.
 */
export const openEnum = <const T extends readonly [string, ...string[]]>(_known: T) =>
  v.custom<T[number] | (string & {})>((input) => typeof input === 'string', 'expected a string');

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

/** The response of one endpoint did not have the shape the app relies on. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    /** e.g. "GET /guide/now" */
    readonly endpoint: string,
    /** e.g. "channels[3].now.startsAt", or "" for the top level */
    readonly field: string,
    readonly problem: string,
  ) {
    super(`Unexpected response from ${endpoint}: ${field ? `${field}: ` : ''}${problem}`);
  }
}

function pathOf(issue: v.BaseIssue<unknown>): string {
  let text = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === 'number') text += `[${key}]`;
    else text += text ? `.${String(key)}` : String(key);
  }
  return text;
}

function problemOf(issue: v.BaseIssue<unknown>): string {
  // For a missing key valibot reports "received undefined": say "missing" instead.
  if (issue.received === 'undefined' && issue.path?.length) return 'required field is missing';
  if (issue.type === 'check' || issue.type === 'custom') return `${issue.message} (received ${issue.received})`;
  return `expected ${issue.expected ?? issue.type} but received ${issue.received}`;
}

/** Validates `input` against `schema`, returning the typed output or throwing a ContractError. */
export function parseWith<S extends v.GenericSchema>(schema: S, endpoint: string, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortEarly: true });
  if (result.success) return result.output;
  // abortEarly keeps one issue; unions report their deepest nested issue for a useful path.
  // A union's own issue carries the field path; its nested issues may not, so keep the deepest path.
  // A union's nested issues can lack a path of their own (a plain string | number that was a
  // boolean): then the union's own issue names the field and what it expected.
  let issue: v.BaseIssue<unknown> = result.issues[0];
  while (issue.issues?.length) {
    const inner: v.BaseIssue<unknown> = issue.issues[0];
    if (!inner.path?.length && issue.path?.length) break;
    issue = inner;
  }
  throw new ContractError(endpoint, pathOf(issue), problemOf(issue));
}
