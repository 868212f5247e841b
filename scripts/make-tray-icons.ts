/**
 * Writes the tray icons the app starts with (resources/tray): the mark at 1x and 2x for Windows
 * and Linux, and the macOS template image (nativeImage picks up the @2x siblings). The trouble dot
 * and the count badge are drawn in memory by the tray adapter. Also writes the contact sheet of
 * every state, light and dark panel, to docs/screens/tray-states-{light,dark}.png.
 * Run `npm run icons` after changing src/main/core/tray/tray-mark.ts or tray-badge.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePng } from '../src/main/core/tray/raster';
import { drawTrayIcon } from '../src/main/core/tray/tray-mark';
import { traySheet } from './tray-sheet';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'resources', 'tray');
mkdirSync(outDir, { recursive: true });

const write = (path: string, png: Buffer) => {
  writeFileSync(join(root, path), png);
  console.log(`wrote ${path}`);
};
write('resources/tray/tray-normal.png', encodePng(drawTrayIcon('normal', 16)));
write('resources/tray/tray-normal@2x.png', encodePng(drawTrayIcon('normal', 32)));
// macOS picks up "Template" in the name and the @2x sibling automatically.
write('resources/tray/trayTemplate.png', encodePng(drawTrayIcon('normal', 16, { template: true })));
write('resources/tray/trayTemplate@2x.png', encodePng(drawTrayIcon('normal', 32, { template: true })));
write('docs/screens/tray-states-light.png', encodePng(traySheet('light')));
write('docs/screens/tray-states-dark.png', encodePng(traySheet('dark')));
