import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconKey, indexStems, lucideName, resolveStem } from '../../src/renderer/src/components/lucide-names';
import { aliasModule, computeAliases, LUCIDE_ESM, lucideExports } from '../support/lucide-aliases';

// The renderer loads one small module per channel icon; these check that every name Lucide
// exports resolves to its file through lucide-names.ts, against the installed package.

const ALIASES_FILE = join(process.cwd(), 'src/renderer/src/components/lucide-aliases.ts');
const version = (JSON.parse(readFileSync(join(LUCIDE_ESM, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
const files = readdirSync(join(LUCIDE_ESM, 'icons')).filter((name) => name.endsWith('.mjs') && name !== 'index.mjs');
const stems = indexStems(files.map((name) => `/x/icons/${name}`));

describe('lucide icon names', () => {
  it('the committed alias table is the one the installed lucide-preact implies', () => {
    const expected = aliasModule(computeAliases(lucideExports()), version);
    if (process.env.UPDATE_LUCIDE_ALIASES) writeFileSync(ALIASES_FILE, expected);
    expect(readFileSync(ALIASES_FILE, 'utf8')).toBe(expected);
  });

  it('no two icon files share a key, so a case-insensitive lookup is unambiguous', () => {
    expect(stems.size).toBe(files.length);
    expect(files.length).toBeGreaterThan(1500);
  });

  it('every exported icon name resolves to the file that exports it', () => {
    const wrong: string[] = [];
    for (const [stem, names] of lucideExports()) for (const name of names) if (resolveStem(name, stems) !== stem) wrong.push(`${name} → ${resolveStem(name, stems)} (want ${stem})`);
    expect(wrong).toEqual([]);
  });

  it('resolves the names the demo and real servers use, in any case, and refuses unknown ones', () => {
    expect(resolveStem('Laugh', stems)).toBe('face-grinning');
    expect(resolveStem('Clapperboard', stems)).toBe('clapperboard');
    expect(resolveStem('ArrowDownAZ', stems)).toBe('arrow-down-a-z');
    expect(resolveStem('arrow-down-a-z', stems)).toBe('arrow-down-a-z');
    expect(resolveStem('TV', stems)).toBe('tv');
    expect(resolveStem('NoSuchIcon', stems)).toBeNull();
    expect(resolveStem('', stems)).toBeNull();
    expect(resolveStem('__proto__', stems)).toBeNull();
    expect(resolveStem('constructor', stems)).toBeNull();
  });

  it('reads only lucide: names, of a sane length', () => {
    expect(lucideName('lucide:Laugh')).toBe('Laugh');
    expect(lucideName('mdi:television')).toBeNull();
    expect(lucideName(null)).toBeNull();
    expect(lucideName('lucide:')).toBeNull();
    expect(lucideName(`lucide:${'A'.repeat(200)}`)).toBeNull();
    expect(iconKey('Arrow-Down_A Z')).toBe('arrowdownaz');
  });
});
