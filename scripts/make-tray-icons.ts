/**
 * Writes the tray icons the app starts with (resources/tray): the three variants at 1x and 2x,
 * and the macOS template image. Run `npm run icons` after changing src/main/core/tray-badge.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawTrayIcon, encodePng, type IconVariant } from '../src/main/core/tray-badge';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'tray');
mkdirSync(outDir, { recursive: true });

const variants: IconVariant[] = ['normal', 'offline', 'key-problem'];
const write = (name: string, png: Buffer) => {
  writeFileSync(join(outDir, name), png);
  console.log(`wrote resources/tray/${name}`);
};
for (const variant of variants) {
  write(`tray-${variant}.png`, encodePng(drawTrayIcon(variant, 16)));
  write(`tray-${variant}@2x.png`, encodePng(drawTrayIcon(variant, 32)));
}
// macOS picks up "Template" in the name and the @2x sibling automatically.
write('trayTemplate.png', encodePng(drawTrayIcon('normal', 16, { template: true })));
write('trayTemplate@2x.png', encodePng(drawTrayIcon('normal', 32, { template: true })));
