/**
 * The message grammar of the catalogue, written once: a subset of ICU MessageFormat that every
 * translator knows. `{name}` is a placeholder; `{n, plural, one {# channel} other {# channels}}`
 * picks a form through Intl.PluralRules for the locale (`#` is the number as the locale writes it;
 * `=0 {…}` matches an exact number). Nothing else: no select, no nesting beyond placeholders inside
 * a plural's forms.
 *
 * One rule of grammar is the formatter's, as it depends on the value filled in: Spanish names the
 * hour with an article that agrees with it, "a la 1:00" but "a las 13:00" (also "desde la",
 * "hasta la"), so in Spanish a message's "las " right before a time at one o'clock becomes "la "
 * (see `agree`). French "à 1:00", German "um 1:00" and Japanese "1:00 に" need nothing.
 */

export type Params = Readonly<Record<string, string | number>>;

/** One piece of a parsed message. */
type Part = string | { name: string } | { name: string; forms: Record<string, Part[]> };

const parsed = new Map<string, Part[]>();
const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function pluralRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) rules.set(locale, (found = new Intl.PluralRules(locale)));
  return found;
}

function numberFormat(locale: string): Intl.NumberFormat {
  let found = numbers.get(locale);
  if (!found) numbers.set(locale, (found = new Intl.NumberFormat(locale)));
  return found;
}

/** The index of the `}` closing the `{` at `open` (braces nest). */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unclosed { in message: ${text}`);
}

function parse(text: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) {
      parts.push(text.slice(i));
      break;
    }
    if (open > i) parts.push(text.slice(i, open));
    const end = closing(text, open);
    const inner = text.slice(open + 1, end);
    const comma = inner.indexOf(',');
    if (comma < 0) parts.push({ name: inner.trim() });
    else {
      const name = inner.slice(0, comma).trim();
      const rest = inner.slice(comma + 1);
      const kind = rest.indexOf(',');
      if (rest.slice(0, kind).trim() !== 'plural') throw new Error(`Only plural is supported: ${text}`);
      const forms: Record<string, Part[]> = {};
      let body = rest.slice(kind + 1);
      while (body.trim() !== '') {
        const brace = body.indexOf('{');
        const key = body.slice(0, brace).trim();
        const stop = closing(body, brace);
        forms[key] = parse(body.slice(brace + 1, stop));
        body = body.slice(stop + 1);
      }
      if (!forms.other) throw new Error(`A plural needs an "other" form: ${text}`);
      parts.push({ name, forms });
    }
    i = end + 1;
  }
  return parts;
}

function partsOf(text: string): Part[] {
  let found = parsed.get(text);
  if (!found) parsed.set(text, (found = parse(text)));
  return found;
}

/** A time at one o'clock as Intl writes it ("1:05", "01:05", "1:05 p. m."), not 10:05 or 13:05, nor a bare count. */
const ONE_OCLOCK = /^0?1[:.]\d\d/;

/** The words before a filled-in value, agreeing with it where the language wants (the Spanish hour's article). */
function agree(before: string, value: string, locale: string): string {
  if (!/^es\b/i.test(locale) || !ONE_OCLOCK.test(value)) return before;
  return before.replace(/(^|[\s(])(l)as $/i, '$1$2a ');
}

function render(parts: Part[], params: Params, locale: string, count: number | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += count === null ? part : part.replace(/#/g, numberFormat(locale).format(count));
    else if (!('forms' in part)) {
      const value = String(params[part.name] ?? `{${part.name}}`);
      out = agree(out, value, locale) + value;
    } else {
      const n = Number(params[part.name] ?? 0);
      const form = part.forms[`=${n}`] ?? part.forms[pluralRules(locale).select(n)] ?? part.forms.other ?? [];
      out += render(form, params, locale, n);
    }
  }
  return out;
}

/** Fills a message's placeholders; plurals follow `locale`'s rules. */
export function formatMessage(text: string, params: Params, locale: string): string {
  return render(partsOf(text), params, locale, null);
}

/** The placeholder names a message uses (plural variables included), sorted: the same in every language. */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === 'string') continue;
      names.add(part.name);
      if ('forms' in part) for (const form of Object.values(part.forms)) walk(form);
    }
  };
  walk(partsOf(text));
  return [...names].sort();
}
