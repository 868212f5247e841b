import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { iconKey } from '../../src/renderer/src/components/lucide-names';

/**
 * Reads the installed lucide-preact's export list and works out which icon names cannot be found
 * from a file stem alone (old names such as `Laugh` for `face-grinning`): the content of
 * src/renderer/src/components/lucide-aliases.ts, which test/unit/lucide-icons.test.ts checks
 * and (with UPDATE_LUCIDE_ALIASES=1) rewrites.
 */
export const LUCIDE_ESM = join(process.cwd(), 'node_modules', 'lucide-preact', 'dist', 'esm');

/** Every exported name of each icon file, keyed by stem (variants `…Icon` and `Lucide…` left out). */
export function lucideExports(): Map<string, string[]> {
  const text = readFileSync(join(LUCIDE_ESM, 'lucide-preact.mjs'), 'utf8');
  const byStem = new Map<string, string[]>();
  for (const match of text.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    const names = [...match[1]!.matchAll(/default as (\w+)/g)].map((m) => m[1]!);
    const all = new Set(names);
    const plain = names.filter((name) => !(name.startsWith('Lucide') && all.has(name.slice(6))) && !(name.endsWith('Icon') && all.has(name.slice(0, -4))));
    byStem.set(match[2]!, [...new Set([...(byStem.get(match[2]!) ?? []), ...plain])]);
  }
  return byStem;
}

/** alias key → stem, for every name whose key is not its own file's stem key. */
export function computeAliases(byStem: Map<string, string[]>): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const [stem, names] of byStem) {
    for (const name of names) if (iconKey(name) !== iconKey(stem)) aliases.set(iconKey(name), stem);
  }
  return new Map([...aliases].sort(([a], [b]) => a.localeCompare(b)));
}

/** The source of lucide-aliases.ts for these aliases. */
export function aliasModule(aliases: Map<string, string>, version: string): string {
  const entries = [...aliases].map(([key, stem]) => `${key}: '${stem}',`);
  const lines: string[] = [];
  for (let i = 0; i < entries.length; i += 4) lines.push(`  ${entries.slice(i, i + 4).join(' ')}`);
  return [
    `// Generated from lucide-preact ${version} by test/unit/lucide-icons.test.ts (UPDATE_LUCIDE_ALIASES=1): do not edit.`,
    '// Icon names Lucide still accepts that are not their file\'s own name (lower case, letters and digits only) → file stem.',
    'export const LUCIDE_ALIASES: Readonly<Record<string, string>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}
