import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, dialog } from 'electron';

/**
 * Saving a text file the person chose where to put: the system's save dialog, opened in the
 * Downloads folder with the suggested name (the History CSV). False when they cancelled.
 * https://www.electronjs.org/docs/latest/api/dialog#dialogshowsavedialogwindow-options
 */
export async function saveTextFile(suggestedName: string, text: string): Promise<boolean> {
  const { canceled, filePath } = await dialog.showSaveDialog({
    defaultPath: join(app.getPath('downloads'), suggestedName),
    filters: [{ name: 'CSV', extensions: ['csv'] }],
  });
  if (canceled || !filePath) return false;
  await writeFile(filePath, text, { mode: 0o600 });
  return true;
}
