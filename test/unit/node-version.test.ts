/**
 * The Node version the repository names (`.nvmrc`, which nvm and CI read) satisfies the one
 * package.json requires (`engines.node`): "22" alone would let nvm pick an older 22.x.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/built';

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

describe('.nvmrc', () => {
  it('names a whole version that satisfies engines.node', () => {
    const named = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
    expect(named).toMatch(/^\d+\.\d+\.\d+$/);
    const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const floor = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines)?.[1];
    expect(floor, `engines.node is "${engines}"`).toBeDefined();
    const [a, b] = [parts(named), parts(floor!)];
    const cmp = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
    expect(cmp).toBeGreaterThanOrEqual(0);
  });
});
