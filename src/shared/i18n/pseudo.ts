/**
 * The pseudo-locale (the preview's `--lang pseudo`): English with every letter accented and each
 * message about 40% longer, in brackets, so a word the catalogue does not carry, a cut label or an
 * overflow shows at a glance. Placeholders and plural syntax are left as they are.
 */
import type { PopoverCatalogue } from './en';

const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', w: 'ŵ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', G: 'Ĝ', I: 'Î', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', W: 'Ŵ', Y: 'Ý',
};

/** The index of the `}` closing the `{` at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length - 1;
}

/** Accents the text outside `{…}` (placeholders keep their names; a plural's forms are text again). */
function accent(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    const plain = open < 0 ? text.slice(i) : text.slice(i, open);
    out += [...plain].map((char) => ACCENTED[char] ?? char).join('');
    if (open < 0) break;
    const end = closing(text, open);
    const inner = text.slice(open + 1, end);
    const head = /^([^,{}]+,\s*plural\s*,)/.exec(inner)?.[1];
    if (head === undefined) out += `{${inner}}`;
    else {
      let body = inner.slice(head.length);
      let forms = '';
      while (body.includes('{')) {
        const brace = body.indexOf('{');
        const stop = closing(body, brace);
        forms += `${body.slice(0, brace)}{${accent(body.slice(brace + 1, stop))}}`;
        body = body.slice(stop + 1);
      }
      out += `{${head}${forms}}`;
    }
    i = end + 1;
  }
  return out;
}

/** A message made ~40% longer: accented, padded, bracketed. */
export function pseudoMessage(text: string): string {
  const letters = text.replace(/\{[^{}]*\}/g, '').length;
  const pad = '·'.repeat(Math.max(1, Math.round(letters * 0.4) - 2));
  return `⟦${accent(text)} ${pad}⟧`;
}

/** The pseudo catalogue made from English. */
export function pseudoCatalogue<T extends PopoverCatalogue>(source: T): T {
  const walk = (node: unknown): unknown =>
    typeof node === 'string' ? pseudoMessage(node) : Object.fromEntries(Object.entries(node as object).map(([key, value]) => [key, walk(value)]));
  return walk(source) as T;
}
