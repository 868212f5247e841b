/**
 * The popover's build compiles the catalogue ahead of time (scripts/vite-i18n.ts); Node compiles
 * the same sources at first use (src/shared/i18n/compile.ts). Both must say the same: every
 * section of every language, compiled as the build does, gives the same text as the catalogue the
 * main process holds, for each plural form; a plain message stays a string; a broken message
 * fails the build, naming it; and the pseudo catalogue the build writes is the pseudo-locale's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { compileCatalogueModule, pseudoModule } from '../../scripts/vite-i18n';
import { CATALOGUES } from '../../src/shared/i18n/catalogues';
import { LOCALES, type Locale } from '../../src/shared/i18n/locales';
import { formatMessage, type CompiledMessage } from '../../src/shared/i18n/message-format';
import { pseudoCatalogue } from '../../src/shared/i18n/pseudo';
import { flatten, placeholders } from '../support/i18n-check';

const I18N = join(process.cwd(), 'src', 'shared', 'i18n');

/** A compiled module's text, imported as the build would run it (its runtime imports resolved here). */
async function importCompiled(code: string): Promise<Record<string, unknown>> {
  const resolved = code.replace(/^(import [^;]* from )"([^"]+)";$/gm, (_all, head: string, specifier: string) => `${head}${JSON.stringify(import.meta.resolve(specifier))};`);
  return (await import(`data:text/javascript;base64,${Buffer.from(resolved).toString('base64')}`)) as Record<string, unknown>;
}

/** a section file compiled as the popover's build compiles it */
async function builtSection(locale: Locale, name: string): Promise<Record<string, unknown>> {
  const file = join(I18N, locale, name);
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  return importCompiled(compileCatalogueModule(code.replace(/^import [^;]*;$/gm, ''), locale));
}

/** sample values for a message: each number that picks a different form somewhere (0, 1, 2, a million), names as words */
const samples = (text: string): Record<string, string | number>[] =>
  [0, 1, 2, 1_000_000].map((n) => Object.fromEntries(placeholders(text).map((name) => [name, /^(n|count|hour|hours|rows|people|programmes|more|listed|read|channels|minutes)$|Hour$/.test(name) ? n : `‹${name}›`])));

describe('the catalogue compiled ahead of time', () => {
  it.each(LOCALES)('%s: the build’s functions say what Node’s compiled messages say', async (locale) => {
    const sections = readdirSync(join(I18N, locale)).filter((name) => !['index.ts', 'host.ts'].includes(name));
    const built: Record<string, unknown> = {};
    for (const name of sections) Object.assign(built, await builtSection(locale, name));
    const source = flatten(CATALOGUES[locale]);
    const compiled = flattenAny(built);
    expect([...compiled.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of source) {
      const message = compiled.get(key)!;
      if (!/[{}]/.test(text)) expect(message, key).toBe(text);
      else for (const params of samples(text)) expect((message as CompiledMessage)(params), key).toBe(formatMessage(text, params, locale));
    }
  });

  it('a message that does not compile fails the build and names it', () => {
    expect(() => compileCatalogueModule("export const x = { a: '{n, plural, one {#}' };", 'en')).toThrow(/\{n, plural, one \{#\}/);
    expect(() => compileCatalogueModule("export const x = { a: '{n, plural, few {#} other {#}}' };", 'de')).toThrow(/de: the message/);
    // a plain message stays a string; one with syntax becomes a function
    expect(compileCatalogueModule("export const x = { a: 'Close', b: 'Hi {name}' };", 'en')).toMatch(/a: "Close", b: \(d\) => "Hi " \+ d\.name/);
  });

  it('the pseudo catalogue the build writes is the pseudo-locale’s', async () => {
    const module = await importCompiled(await pseudoModule(I18N, () => {}));
    const expected = flatten(pseudoCatalogue(CATALOGUES.en));
    for (const [key, message] of flattenAny(module.pseudo)) {
      const text = expected.get(key)!;
      const params = samples(text)[2]!;
      expect(typeof message === 'function' ? (message as CompiledMessage)(params) : message, key).toBe(formatMessage(text, params, 'en'));
    }
  });
});

/** every message of a compiled catalogue (a string or a function) by its dotted key */
function flattenAny(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node as object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || typeof value === 'function') out.set(path, value);
    else for (const [k, v] of flattenAny(value, path)) out.set(k, v);
  }
  return out;
}
