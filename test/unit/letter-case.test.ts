import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 44, point 5: a name reads as the server spells it ("90s Sitcoms" had become "90S SITCOMS" on
// On now) and the app's own words as the catalogue writes them. No stylesheet, inline style or
// page under src/ may change a letter's case: no text-transform but `none`, no small or petite
// capitals, no unicase.

const ROOT = process.cwd();
const SRC = join(ROOT, 'src');

/** Each place in `text` that changes a letter's case, as "line: declaration". */
export function caseChanges(text: string): string[] {
  const found: string[] = [];
  const rules = [
    /text-transform\s*:\s*(?!none\b)[a-z-]+/gi,
    /textTransform\s*:\s*['"`](?!none['"`])[a-z-]+/gi,
    /font-variant(?:-caps)?\s*:[^;}"']*\b(?:small-caps|all-small-caps|petite-caps|all-petite-caps|unicase|titling-caps)\b/gi,
    /fontVariant(?:Caps)?\s*:\s*['"`][^'"`]*\b(?:small-caps|all-small-caps|petite-caps|all-petite-caps|unicase|titling-caps)\b/gi,
  ];
  for (const rule of rules) {
    for (const match of text.matchAll(rule)) found.push(`${text.slice(0, match.index).split('\n').length}: ${match[0]}`);
  }
  return found;
}

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(css|tsx?|html)$/.test(name))
  .map((name) => join(SRC, name));

describe('letters as written', () => {
  it('finds a case change where there is one (the check can fail)', () => {
    expect(caseChanges('.channel-name {\n  color: red;\n  text-transform: uppercase;\n}')).toEqual(['3: text-transform: uppercase']);
    expect(caseChanges('h2 { text-transform: capitalize }')).toHaveLength(1);
    expect(caseChanges('p { font-variant: small-caps; }')).toHaveLength(1);
    expect(caseChanges('p { font-variant-caps: all-small-caps; }')).toHaveLength(1);
    expect(caseChanges('<span style={{ textTransform: "lowercase" }}>')).toHaveLength(1);
    expect(caseChanges('p { text-transform: none; font-variant-numeric: tabular-nums; }')).toEqual([]);
  });

  it('no stylesheet, inline style or page under src/ changes a letter', () => {
    expect(files.length).toBeGreaterThan(100);
    const changes = files.flatMap((file) => caseChanges(readFileSync(file, 'utf8')).map((change) => `${relative(ROOT, file)}:${change}`));
    expect(changes).toEqual([]);
  });
});
