/**
 * Writes the tray icons the app starts with (resources/tray): the normal icon at 1x and 2x for
 * Windows and Linux, and the macOS template image (nativeImage picks up the @2x siblings). The
 * other states (offline, key problem) and the count badge are drawn in memory by the tray adapter.
 * Run `npm run icons` after changing src/main/core/tray/tray-badge.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawTrayIcon, encodePng } from '../src/main/core/tray/tray-badge';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'tray');
mkdirSync(outDir, { recursive: true });

const write = (name: string, png: Buffer) => {
  writeFileSync(join(outDir, name), png);
  console.log(`wrote resources/tray/${name}`);
};
write('tray-normal.png', encodePng(drawTrayIcon('normal', 16)));
write('tray-normal@2x.png', encodePng(drawTrayIcon('normal', 32)));
// macOS picks up "Template" in the name and the @2x sibling automatically.
write('trayTemplate.png', encodePng(drawTrayIcon('normal', 16, { template: true })));
write('trayTemplate@2x.png', encodePng(drawTrayIcon('normal', 32, { template: true })));
