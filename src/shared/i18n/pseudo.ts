/**
 * The pseudo-locale (the preview's `--lang pseudo`): English with every letter accented and each
 * message about 40% longer, in brackets, so a word the catalogue does not carry, a cut label or an
 * overflow shows at a glance. Placeholders, plural and select syntax are left as they are (the
 * message is read with messageformat's parser). The popover's build compiles this catalogue ahead
 * of time too (scripts/vite-i18n.ts), so the pseudo-locale reads as the others do.
 */
import { parse } from '@messageformat/parser';
import type { PopoverCatalogue } from './en';

const ACCENTED: Record<string, string> = {
  a: 'å', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', w: 'ŵ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', G: 'Ĝ', I: 'Î', K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ö', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', W: 'Ŵ', Y: 'Ý',
};

type Token = ReturnType<typeof parse>[number] | { type: 'octothorpe'; ctx: { offset: number; text: string } };

/** Where a message's own text is (offset and length in the source), inside plural and select forms too. */
function textRanges(tokens: readonly Token[], out: [number, number][] = []): [number, number][] {
  for (const token of tokens) {
    if (token.type === 'content') out.push([token.ctx.offset, token.ctx.text.length]);
    else if ('cases' in token) for (const form of token.cases) textRanges(form.tokens, out);
  }
  return out;
}

/** Accents the message's own text; placeholders, plural and select syntax and `#` are left as they are. */
function accent(source: string): string {
  let out = '';
  let at = 0;
  for (const [offset, length] of textRanges(parse(source)).sort((a, b) => a[0] - b[0])) {
    out += source.slice(at, offset) + [...source.slice(offset, offset + length)].map((char) => ACCENTED[char] ?? char).join('');
    at = offset + length;
  }
  return out + source.slice(at);
}

/**
 * A message made ~40% longer: accented, padded, and bracketed, ⟦ where it starts and ⟧ where it
 * ends, so two messages glued into one sentence show as two (⟦…⟧ ⟦…⟧), and a message filled into
 * another shows inside it.
 */
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
