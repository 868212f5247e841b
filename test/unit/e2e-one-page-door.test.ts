/**
 * The end-to-end suite opens pages one way only: `newPage`/`openPopover` in test/support/browser.ts,
 * which installs the file's clock before anything loads. A context opened by hand lives on the
 * real date while the demo and the host live on the suite's start instant (the guide screens
 * failed for a day that way), so `newContext(` anywhere under test/e2e fails this test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = join(process.cwd(), 'test', 'e2e');

/** every `newContext(` call in a source text, as "line: text" */
export function handMadeContexts(source: string): string[] {
  return source
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => /\bnewContext\s*\(/.test(line))
    .map(({ line, i }) => `${i + 1}: ${line.trim()}`);
}

describe('one way to open a page in the e2e suite', () => {
  it('finds a hand-made context (the check can fail)', () => {
    expect(handMadeContexts("const context = await e2e.browser.newContext({ viewport: POPOVER });")).toHaveLength(1);
    expect(handMadeContexts('const page = await openPopover(e2e.browser, url);')).toEqual([]);
  });

  it('no file under test/e2e calls browser.newContext(): pages come from test/support/browser.ts', () => {
    const found = readdirSync(E2E, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) => handMadeContexts(readFileSync(join(E2E, name), 'utf8')).map((hit) => `${name}:${hit}`));
    expect(found).toEqual([]);
  });
});
