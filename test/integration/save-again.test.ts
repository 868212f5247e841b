import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WRITE_RETRY_FIRST_MS } from '../../src/main/core/features/json-store';
import { startCoreHarness } from '../support/core-harness';
import { useTempDirs } from '../support/temp-dirs';

// Issue 34 item 9, through the whole core: a feature file that could not be saved is saved when the
// data folder takes it again, and the "Could not save" notice goes. (Root ignores a read-only mode:
// a file standing where the folder goes makes it unwritable instead.)

const tempDir = useTempDirs('airwave-save-again');

describe('the "Could not save" notice', () => {
  it('goes when the held write goes through', async () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    const h = await startCoreHarness({ app: { dataDir } });
    try {
      await h.app.start();
      rmSync(dataDir, { recursive: true, force: true });
      writeFileSync(dataDir, 'not a folder');
      const star = { channelId: 'ch-1', channelNumber: 101, channelName: 'One', favourite: true };
      await h.app.handlers.setFavourite(star);
      const notices = () => h.app.snapshot().notices.map((n) => n.text);
      expect(notices().some((text) => text.startsWith('Could not save favourites.json'))).toBe(true);
      rmSync(dataDir, { force: true });
      await h.step(WRITE_RETRY_FIRST_MS);
      expect(notices().some((text) => text.startsWith('Could not save'))).toBe(false);
      expect(JSON.parse(readFileSync(join(dataDir, 'favourites.json'), 'utf8'))).toMatchObject({ version: 1 });
    } finally {
      await h.close();
    }
  });
});
