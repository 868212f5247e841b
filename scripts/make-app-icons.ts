/**
 * Draws the app icon (a 1024 px source: the tray mark in white on a blue rounded square) and
 * turns it into what the installers need, in build/icons/ (generated, not committed): icon.png
 * (the source), icon.icns (macOS), icon.ico (Windows) and linux/<n>x<n>.png. The dist scripts
 * run it; `npm run icons:app` runs it alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import png2icons from 'png2icons';
import { createBitmap, encodePng, type Bitmap } from '../src/main/core/tray/raster';
import { drawTrayIcon, MARK_COLOR } from '../src/main/core/tray/tray-mark';

export const ICON_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icons');
export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512] as const;

const SAMPLES = 4;
const CORNER = 0.225; // corner radius, as a share of the side
const INSET = 0.06; // margin around the square (macOS icon grid)

function insideRoundedSquare(u: number, v: number): boolean {
  const lo = INSET;
  const hi = 1 - INSET;
  if (u < lo || u > hi || v < lo || v > hi) return false;
  const r = CORNER * (hi - lo);
  const cu = Math.min(Math.max(u, lo + r), hi - r);
  const cv = Math.min(Math.max(v, lo + r), hi - r);
  return Math.hypot(u - cu, v - cv) <= r;
}

/** The app icon at `size` pixels. */
export function drawAppIcon(size: number): Bitmap {
  const icon = createBitmap(size, size);
  const [r, g, b] = MARK_COLOR;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) if (insideRoundedSquare((x + (sx + 0.5) / SAMPLES) / size, (y + (sy + 0.5) / SAMPLES) / size)) hits++;
      }
      if (hits === 0) continue;
      const shade = 1 - 0.25 * (y / size); // a little darker towards the bottom
      const i = (y * size + x) * 4;
      icon.data[i] = Math.round(r * shade);
      icon.data[i + 1] = Math.round(g * shade);
      icon.data[i + 2] = Math.round(b * shade);
      icon.data[i + 3] = Math.round((255 * hits) / (SAMPLES * SAMPLES));
    }
  }
  // The tray mark (as a template: its alpha is the shape), white, centred at 60 % of the side.
  const markSize = Math.max(8, Math.round(size * 0.6));
  const mark = drawTrayIcon('normal', markSize, { template: true });
  const offset = Math.round((size - markSize) / 2);
  for (let y = 0; y < markSize; y++) {
    for (let x = 0; x < markSize; x++) {
      const alpha = mark.data[(y * markSize + x) * 4 + 3]! / 255;
      if (alpha === 0) continue;
      const i = ((y + offset) * size + (x + offset)) * 4;
      for (let c = 0; c < 3; c++) icon.data[i + c] = Math.round(255 * alpha + icon.data[i + c]! * (1 - alpha));
      icon.data[i + 3] = Math.max(icon.data[i + 3]!, Math.round(alpha * 255));
    }
  }
  return icon;
}

export function makeAppIcons(outDir = ICON_DIR): string[] {
  mkdirSync(join(outDir, 'linux'), { recursive: true });
  const written: string[] = [];
  const write = (name: string, data: Buffer) => {
    writeFileSync(join(outDir, name), data);
    written.push(name);
  };
  const source = encodePng(drawAppIcon(1024));
  write('icon.png', source);
  const icns = png2icons.createICNS(source, png2icons.BICUBIC, 0);
  const ico = png2icons.createICO(source, png2icons.BICUBIC, 0, false, true);
  if (!icns || !ico) throw new Error('png2icons could not convert build/icons/icon.png');
  write('icon.icns', icns);
  write('icon.ico', ico);
  for (const size of LINUX_SIZES) write(join('linux', `${size}x${size}.png`), encodePng(drawAppIcon(size)));
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const written = makeAppIcons();
  console.log(`wrote ${written.length} icons to build/icons/ (${written.join(', ')})`);
}
