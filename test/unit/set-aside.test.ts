import { lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ASIDE_LIMITS, moveAside } from '../../src/main/common/set-aside';
import { ACTIVITY_FILE } from '../../src/main/core/features/activity-log';
import { JsonFileStore } from '../../src/main/core/features/json-store';
import { openSettingsDir } from '../../src/main/core/settings/settings';
import { useTempDirs } from '../support/temp-dirs';

// Issue 28 (6 and 8): damaged files are kept for the user, but within bounds, and no file the app
// keeps is read or appended through a link.

const tempDir = useTempDirs('airwave-aside');
const damaged = (dir: string, stem: string) => readdirSync(dir).filter((name) => name.startsWith(`${stem}.damaged-`)).sort();

describe('set-aside copies', () => {
  it('keep at most ASIDE_LIMITS.copies per file, the newest ones, however often the file is damaged', () => {
    const dir = tempDir();
    for (let start = 1; start <= 12; start++) {
      writeFileSync(join(dir, 'settings.json'), '{ not json');
      const opened = openSettingsDir(dir, start * 1000);
      expect(opened.notices[0]?.text).toMatch(/not readable/);
    }
    expect(damaged(dir, 'settings')).toEqual(['settings.damaged-10000.json', 'settings.damaged-11000.json', 'settings.damaged-12000.json']);
    expect(ASIDE_LIMITS.copies).toBe(3);
  });

  it('remove older copies while all of them together are over ASIDE_LIMITS.bytes, and always keep the newest', () => {
    const dir = tempDir();
    const big = 'x'.repeat(Math.ceil(ASIDE_LIMITS.bytes * 0.6));
    for (let start = 1; start <= 3; start++) {
      writeFileSync(join(dir, 'reminders.json'), big);
      expect(moveAside(join(dir, 'reminders.json'), start)).toBe(`reminders.damaged-${start}.json`);
    }
    // two of 0.6 × the limit are over it: only the newest stays
    expect(damaged(dir, 'reminders')).toEqual(['reminders.damaged-3.json']);
    writeFileSync(join(dir, 'reminders.json'), 'y'.repeat(ASIDE_LIMITS.bytes * 2));
    moveAside(join(dir, 'reminders.json'), 4);
    expect(damaged(dir, 'reminders')).toEqual(['reminders.damaged-4.json']);
  });

  it("leave other files' copies alone", () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'favourites.damaged-1.json'), 'old');
    for (let at = 1; at <= 5; at++) {
      writeFileSync(join(dir, 'reminders.json'), 'x');
      moveAside(join(dir, 'reminders.json'), at);
    }
    expect(damaged(dir, 'favourites')).toHaveLength(1);
    expect(damaged(dir, 'reminders')).toHaveLength(3);
  });
});

describe('links where a file goes', () => {
  it('the activity log is never appended through a link: the link is set aside and a file of our own begins', () => {
    const dir = tempDir();
    const outside = join(dir, 'elsewhere.txt');
    writeFileSync(outside, 'precious\n');
    symlinkSync(outside, join(dir, ACTIVITY_FILE));
    const failures: string[] = [];
    const store = new JsonFileStore(dir, () => 7, (text) => failures.push(text));
    store.appendLog(ACTIVITY_FILE, { at: 1, kind: 'test' }, 100);
    expect(readFileSync(outside, 'utf8')).toBe('precious\n');
    expect(lstatSync(join(dir, ACTIVITY_FILE)).isFile()).toBe(true);
    expect(readFileSync(join(dir, ACTIVITY_FILE), 'utf8')).toBe('{"at":1,"kind":"test"}\n');
    expect(lstatSync(join(dir, `activity.damaged-7.jsonl`)).isSymbolicLink()).toBe(true);
    expect(failures).toEqual([]);
  });

  it('refuses to append through a link that appears after the plain-file check (O_NOFOLLOW is the guard)', () => {
    for (const existing of [true, false]) {
      const dir = tempDir();
      const outside = join(dir, 'elsewhere.txt');
      writeFileSync(outside, 'precious\n');
      const log = join(dir, ACTIVITY_FILE);
      if (existing) writeFileSync(log, '{"at":0,"kind":"old"}\n');
      const failures: string[] = [];
      // the swap lands between the check (a plain file, or none) and the open
      const swap = (path: string) => {
        rmSync(path, { force: true });
        symlinkSync(outside, path);
      };
      const store = new JsonFileStore(dir, () => 7, (text) => failures.push(text), null, swap);
      store.appendLog(ACTIVITY_FILE, { at: 1, kind: 'test' }, 100);
      expect(readFileSync(outside, 'utf8')).toBe('precious\n');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/Could not save activity/);
    }
  });

  it('the activity log is never read through a link', () => {
    const dir = tempDir();
    const outside = join(dir, 'secrets.jsonl');
    writeFileSync(outside, '{"secret":true}\n');
    symlinkSync(outside, join(dir, ACTIVITY_FILE));
    const read = new JsonFileStore(dir, () => 8).readLog(ACTIVITY_FILE);
    expect(read.lines).toEqual([]);
    expect(read.problem).toMatch(/not a plain file\. The app started without it\. It was set aside as activity\.damaged-8\.jsonl\./);
  });

  it('a feature document behind a link is not read', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'target.json'), '["a"]');
    symlinkSync(join(dir, 'target.json'), join(dir, 'favourites.json'));
    const read = new JsonFileStore(dir, () => 9).read('favourites.json', v.array(v.string()));
    expect(read.value).toBeNull();
    expect(read.problem).toMatch(/not a plain file/);
    expect(readFileSync(join(dir, 'target.json'), 'utf8')).toBe('["a"]');
  });
});
