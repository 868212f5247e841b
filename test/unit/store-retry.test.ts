import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonFileStore, MAX_HELD_LINES, WRITE_RETRY_FIRST_MS, WRITE_RETRY_MAX_MS } from '../../src/main/core/features/json-store';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';

// Issue 34 item 9: with the data folder unwritable for a while, "Could not save activity.jsonl …
// keeps it in memory for now", but once it was writable again the held line was never written and
// the notices stayed. Now what failed is held, in order, tried again with a backoff (and at every
// later write), and `saved` is told when it is on disk. (The tests run as root, where a read-only
// mode does not stop writes: a file standing where the folder goes makes it unwritable instead.)

const tempDir = useTempDirs('airwave-store-retry');

function setup() {
  const root = tempDir();
  const dir = join(root, 'data');
  const clock = new ManualClock(Date.parse('2026-09-27T18:00:00.000Z'));
  const failed: string[] = [];
  const saved: string[] = [];
  const store = new JsonFileStore(dir, () => clock.now(), (text) => failed.push(text), { later: (fn, ms) => clock.setTimeout(fn, ms), saved: (name) => saved.push(name) });
  const block = () => writeFileSync(dir, 'not a folder');
  const unblock = () => rmSync(dir, { force: true });
  const lines = () => readFileSync(join(dir, 'activity.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { n: number });
  return { dir, clock, failed, saved, store, block, unblock, lines };
}

describe('writes that failed', () => {
  it('are written when the folder is writable again, in order, and saved is told once per file', () => {
    const { clock, failed, saved, store, block, unblock, lines, dir } = setup();
    mkdirSync(dir, { recursive: true });
    store.appendLog('activity.jsonl', { n: 1 }, 1_000);
    rmSync(dir, { recursive: true, force: true });
    block();
    store.appendLog('activity.jsonl', { n: 2 }, 1_000);
    store.appendLog('activity.jsonl', { n: 3 }, 1_000);
    store.write('reminders.json', { version: 1, reminders: ['a'] });
    store.write('reminders.json', { version: 1, reminders: ['a', 'b'] });
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(saved).toEqual([]);
    // still unwritable: the tries back off and keep what they hold
    clock.advance(WRITE_RETRY_FIRST_MS);
    expect(saved).toEqual([]);
    unblock();
    clock.advance(WRITE_RETRY_FIRST_MS * 2);
    expect(saved.sort()).toEqual(['activity.jsonl', 'reminders.json']);
    expect(lines().map((l) => l.n)).toEqual([2, 3]);
    expect(JSON.parse(readFileSync(join(dir, 'reminders.json'), 'utf8'))).toEqual({ version: 1, reminders: ['a', 'b'] });
    // nothing held: no timer left
    expect(clock.timerCount).toBe(0);
    store.appendLog('activity.jsonl', { n: 4 }, 1_000);
    expect(lines().map((l) => l.n)).toEqual([2, 3, 4]);
  });

  it('a later write that goes through writes what was held before it, never after', () => {
    const { saved, store, block, unblock, lines } = setup();
    block();
    store.appendLog('activity.jsonl', { n: 1 }, 1_000);
    unblock();
    store.appendLog('activity.jsonl', { n: 2 }, 1_000);
    expect(lines().map((l) => l.n)).toEqual([1, 2]);
    expect(saved).toEqual(['activity.jsonl']);
  });

  it('holds at most MAX_HELD_LINES lines of one log, and the retry waits at most WRITE_RETRY_MAX_MS', () => {
    const { clock, store, block, unblock, lines } = setup();
    block();
    for (let n = 0; n < MAX_HELD_LINES + 10; n++) store.appendLog('activity.jsonl', { n }, 100_000);
    let waited = 0;
    for (let i = 0; i < 20; i++) {
      clock.advance(WRITE_RETRY_MAX_MS);
      waited += WRITE_RETRY_MAX_MS;
    }
    unblock();
    clock.advance(WRITE_RETRY_MAX_MS);
    const written = lines();
    expect(written).toHaveLength(MAX_HELD_LINES);
    expect(written[0]!.n).toBe(10);
    expect(waited).toBeGreaterThan(0);
    store.close();
  });
});
