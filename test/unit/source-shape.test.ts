/**
 * The shape of the sources: every file under src/ holds one concern in at most MAX_LINES lines, and
 * no two modules import each other, however indirectly (types flow one way too). A long file or a
 * cycle is where concerns have run together; this test names the file or the loop.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const SRC = join(ROOT, 'src');
/** the most lines a source file may have */
export const MAX_LINES = 420;

const sources = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(tsx?|css)$/.test(name) && !name.endsWith('.d.ts'))
  .map((name) => join(SRC, name));

/** the relative imports of one module, resolved to files that exist */
function importsOf(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|import\s+['"](\.[^'"]+)['"]/g)) {
    const spec = match[1] ?? match[2] ?? match[3] ?? ".";
    const base = resolve(dirname(file), spec);
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((p) => /\.(tsx?|css)$/.test(p) && existsSync(p));
    if (target) found.push(target);
  }
  return found;
}

/** every strongly connected group of more than one module (Tarjan), each as sorted paths */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('the shape of the sources', () => {
  it(`no file under src/ is over ${MAX_LINES} lines`, () => {
    const long = sources
      .map((file) => ({ file: relative(ROOT, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('no import cycle among the modules under src/', () => {
    const graph = new Map(sources.filter((f) => !f.endsWith('.css')).map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
    expect(cycles(graph).map((group) => group.map((f) => relative(ROOT, f)).join(' ↔ '))).toEqual([]);
  });
});
