import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fake, report } from '../support/fake-electron/electron.mjs';

// The History CSV from the Electron host: a save dialog in Downloads with the suggested name, the
// file written where the person chose (private to them), nothing written on Cancel.
vi.mock('electron', async () => import('../support/fake-electron/electron.mjs'));
const { saveTextFile } = await import('../../src/main/electron/save-file');

beforeAll(() => fake.markReady());
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  fake.saveDialogAnswer = null;
  fake.saveDialogs.length = 0;
  expect(report.violations.splice(0)).toEqual([]);
});

describe('saving the History CSV', () => {
  it('asks where through the save dialog and writes the file there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'airwave-save-'));
    dirs.push(dir);
    fake.saveDialogAnswer = join(dir, 'history.csv');
    expect(await saveTextFile('airwave-history-24h-2026-11-27.csv', 'server,person\r\n')).toBe(true);
    expect(fake.saveDialogs).toEqual([{ defaultPath: join(fake.userData, 'downloads', 'airwave-history-24h-2026-11-27.csv'), filters: [{ name: 'CSV', extensions: ['csv'] }] }]);
    expect(readFileSync(join(dir, 'history.csv'), 'utf8')).toBe('server,person\r\n');
    if (process.platform !== 'win32') expect(statSync(join(dir, 'history.csv')).mode & 0o777).toBe(0o600);
  });

  it('writes nothing when the person cancels', async () => {
    expect(await saveTextFile('x.csv', 'a')).toBe(false);
    expect(fake.saveDialogs).toHaveLength(1);
    expect(existsSync(join(fake.userData, 'downloads', 'x.csv'))).toBe(false);
  });
});
