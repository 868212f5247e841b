/**
 * What the catalogue tests hold every message to, read with messageformat's own parser: the
 * placeholders it names, and the plural forms it gives against the categories its language has
 * (CLDR's, as Intl.PluralRules lists them: English one/other, French and Spanish one/many/other,
 * Japanese other alone).
 */
import { parse } from '@messageformat/parser';

type Token = ReturnType<typeof parse>[number] | { type: 'octothorpe' };

function walk(tokens: readonly Token[], visit: (token: Token) => void): void {
  for (const token of tokens) {
    visit(token);
    if ('cases' in token) for (const form of token.cases) walk(form.tokens, visit);
  }
}

/** The placeholder names a message uses (plural and select variables included), sorted. */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  walk(parse(text), (token) => {
    if ('arg' in token) names.add(token.arg);
  });
  return [...names].sort();
}

/**
 * Grammar a translation may add: the hour a time shows, given with every time (`hour` beside
 * `time`, `sinceHour` beside `since`), so an article can agree with it ("a la 1:05", "a las 13:05").
 */
export function companions(names: readonly string[]): string[] {
  return names.flatMap((name) => (name === 'time' ? ['hour'] : [`${name}Hour`]));
}

/** The plural categories a `plural` (cardinal) or `selectordinal` of `text` lacks in `locale`, as "n: one, many". */
export function missingPluralForms(text: string, locale: string): string[] {
  const missing: string[] = [];
  walk(parse(text, { strictPluralKeys: false }), (token) => {
    if (!('cases' in token) || token.type === 'select') return;
    const categories = new Intl.PluralRules(locale, { type: token.type === 'selectordinal' ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
    const keys = new Set(token.cases.map((form) => form.key));
    const lacking = categories.filter((category) => !keys.has(category));
    if (lacking.length > 0) missing.push(`${token.arg}: ${lacking.join(', ')}`);
  });
  return missing;
}

/** A `select` that has no `other` form (messageformat falls back to it for any value it does not name). */
export function selectsWithoutOther(text: string): string[] {
  const found: string[] = [];
  walk(parse(text), (token) => {
    if ('cases' in token && token.type === 'select' && !token.cases.some((form) => form.key === 'other')) found.push(token.arg);
  });
  return found;
}

/** every message of a catalogue by its dotted key */
export function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}
