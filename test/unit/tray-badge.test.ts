import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BADGE_COLORS, DIGIT_FONT, GLYPH_HEIGHT, GLYPH_WIDTH, badgeLayout, badgeText, drawBadge } from '../../src/main/core/tray/tray-badge';
import { contrastRatio, decodePng, encodePng, type Bitmap } from '../../src/main/core/tray/raster';
import { drawTrayIcon, inMark, MARK_COLOR, TROUBLE_COLOR, TROUBLE_DOT, type IconVariant } from '../../src/main/core/tray/tray-mark';
import { traySheet } from '../../scripts/tray-sheet';

type Rgba = [number, number, number, number];
const OUT = join(process.cwd(), 'test-results', 'tray');

function pixel(bitmap: Bitmap, x: number, y: number): [number, number, number, number] {
  const i = (y * bitmap.width + x) * 4;
  return [bitmap.data[i]!, bitmap.data[i + 1]!, bitmap.data[i + 2]!, bitmap.data[i + 3]!];
}

const isText = ([r, g, b, a]: Rgba) => a === 255 && r === 255 && g === 255 && b === 255;
const isFill = ([r, g, b, a]: Rgba) => a > 200 && r > 180 && g < 90 && b < 90;

/** Reads the badge back from the pixels: each glyph cell is matched against the font. */
function readBadge(bitmap: Bitmap, count: number): string {
  const layout = badgeLayout(count, bitmap.width);
  if (!layout) return '';
  let text = '';
  for (let c = 0; c < layout.text.length; c++) {
    const rows: number[] = [];
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      let bits = 0;
      for (let col = 0; col < GLYPH_WIDTH; col++) {
        // sample the centre of each font pixel
        const x = layout.textX + c * (GLYPH_WIDTH + 1) * layout.scale + col * layout.scale + Math.floor(layout.scale / 2);
        const y = layout.textY + row * layout.scale + Math.floor(layout.scale / 2);
        bits = (bits << 1) | (isText(pixel(bitmap, x, y)) ? 1 : 0);
      }
      rows.push(bits);
    }
    const match = Object.entries(DIGIT_FONT).find(([, glyph]) => glyph.every((bits, i) => bits === rows[i]));
    text += match ? match[0] : '?';
  }
  return text;
}

describe('drawTrayIcon', () => {
  const variants: IconVariant[] = ['normal', 'offline', 'key-problem'];

  it('draws a visible mark at 1x and 2x for every variant, with transparent corners', () => {
    for (const variant of variants) {
      for (const size of [16, 32]) {
        const icon = drawTrayIcon(variant, size);
        expect(icon.width).toBe(size);
        expect(icon.data.length).toBe(size * size * 4);
        let opaque = 0;
        for (let i = 3; i < icon.data.length; i += 4) if (icon.data[i]! > 128) opaque++;
        // the mark covers a real share of the icon, but not all of it
        expect(opaque / (size * size)).toBeGreaterThan(0.12);
        expect(opaque / (size * size)).toBeLessThan(0.6);
        expect(pixel(icon, size - 1, 0)[3]).toBe(0);
      }
    }
  });

  it('is a screen, not arcs: at 1x a row under the play triangle is solid across 12 of 16 px, and the triangle is cut out', () => {
    const icon = drawTrayIcon('normal', 16);
    const solid = (y: number) => Array.from({ length: 16 }, (_, x) => pixel(icon, x, y)[3]).filter((a) => a > 200).length;
    expect(solid(13)).toBeGreaterThanOrEqual(12);
    // the middle of the screen row through the triangle: mark, hole, mark
    const row = Array.from({ length: 16 }, (_, x) => pixel(icon, x, 10)[3] > 128);
    expect(row[2]).toBe(true);
    expect(row[7]).toBe(false);
    expect(row[13]).toBe(true);
    expect(pixel(icon, 2, 10).slice(0, 3)).toEqual([...MARK_COLOR]);
    // the shape itself, in unit coordinates: screen, hole, antenna, nothing in the top corners' gaps
    expect([inMark(0.15, 0.8), inMark(0.45, 0.61), inMark(0.4, 0.2), inMark(0.05, 0.05)]).toEqual([true, false, true, false]);
  });

  it('keeps the same mark in trouble and adds only a corner dot (never a different whole icon)', () => {
    for (const size of [16, 32]) {
      const normal = drawTrayIcon('normal', size);
      for (const variant of ['offline', 'key-problem'] as const) {
        const icon = drawTrayIcon(variant, size);
        let changed = 0;
        for (let y = 0; y < size; y++) {
          for (let x = 0; x < size; x++) {
            const dot = Math.hypot((x + 0.5) / size - TROUBLE_DOT.u, (y + 0.5) / size - TROUBLE_DOT.v) <= TROUBLE_DOT.radius + TROUBLE_DOT.gap + 1 / size;
            if (dot) continue;
            expect(pixel(icon, x, y)).toEqual(pixel(normal, x, y));
          }
        }
        // the dot's centre is the trouble colour
        const cx = Math.floor(TROUBLE_DOT.u * size);
        const cy = Math.floor(TROUBLE_DOT.v * size);
        expect(pixel(icon, cx, cy)).toEqual([...TROUBLE_COLOR, 255]);
        for (let i = 0; i < icon.data.length; i += 4) if (icon.data[i] !== normal.data[i]) changed++;
        expect(changed).toBeGreaterThan(0);
      }
    }
  });

  it('draws template images in black with alpha only, the trouble dot too', () => {
    for (const variant of variants) {
      const icon = drawTrayIcon(variant, 32, { template: true });
      let seen = 0;
      for (let i = 0; i < icon.data.length; i += 4) {
        if (icon.data[i + 3]! === 0) continue;
        seen++;
        expect([icon.data[i], icon.data[i + 1], icon.data[i + 2]]).toEqual([0, 0, 0]);
      }
      expect(seen).toBeGreaterThan(50);
    }
  });
});

describe('drawBadge', () => {
  it('leaves the icon unchanged for 0 and does not touch its input', () => {
    const base = drawTrayIcon('normal', 16);
    const before = Uint8Array.from(base.data);
    expect(drawBadge(base, 0).data).toEqual(base.data);
    drawBadge(base, 7);
    expect(base.data).toEqual(before);
  });

  it.each([
    [1, 16],
    [7, 16],
    [42, 16],
    [99, 16],
    [100, 16],
    [3, 32],
    [58, 32],
    [250, 32],
  ])('draws %i legibly at %i px', (count, size) => {
    const icon = drawBadge(drawTrayIcon('normal', size), count);
    expect(readBadge(icon, count)).toBe(badgeText(count));
    const layout = badgeLayout(count, size)!;
    expect(layout.x).toBeGreaterThanOrEqual(0);
    expect(layout.x + layout.width).toBeLessThanOrEqual(size);
    // the text sits on a solid red pill: count both inside the pill's box
    let fill = 0;
    let text = 0;
    for (let y = layout.y; y < layout.y + layout.height; y++) {
      for (let x = layout.x; x < layout.x + layout.width; x++) {
        if (isFill(pixel(icon, x, y))) fill++;
        if (isText(pixel(icon, x, y))) text++;
      }
    }
    const inkBits = [...layout.text].reduce(
      (sum, ch) => sum + DIGIT_FONT[ch]!.reduce((n, row) => n + row.toString(2).replace(/0/g, '').length, 0),
      0,
    );
    expect(text).toBe(inkBits * layout.scale * layout.scale);
    expect(fill).toBeGreaterThan(0.4 * layout.width * layout.height);
    // every glyph has red on its left and right in its middle row
    const middle = layout.textY + 2 * layout.scale;
    for (let c = 0; c <= layout.text.length; c++) {
      const gapX = layout.textX + c * (GLYPH_WIDTH + 1) * layout.scale - 1;
      if (gapX < layout.x + 1 || gapX >= layout.x + layout.width - 1) continue;
      expect(isText(pixel(icon, gapX, middle))).toBe(false);
    }
    // and legible: white on the badge red passes WCAG AA for text
    expect(contrastRatio(BADGE_COLORS.text, BADGE_COLORS.fill)).toBeGreaterThanOrEqual(4.5);
  });

  it('separates the badge from the mark with a transparent gap', () => {
    const icon = drawBadge(drawTrayIcon('normal', 32), 5);
    const layout = badgeLayout(5, 32)!;
    // the pixel just left of the pill's middle row is cleared
    const [, , , alpha] = pixel(icon, layout.x - 1, layout.y + Math.floor(layout.height / 2));
    expect(alpha).toBeLessThan(80);
  });

  // draws and encodes every state twice: seconds on a loaded 2-core machine, so its own time limit
  it('round-trips the contact sheet of every state through PNG (the one in docs/screens, to look at)', { timeout: 30_000 }, () => {
    mkdirSync(OUT, { recursive: true });
    for (const panel of ['light', 'dark'] as const) {
      const sheet = traySheet(panel);
      const png = encodePng(sheet);
      writeFileSync(join(OUT, `tray-states-${panel}.png`), png);
      const back = decodePng(png);
      expect(back.width).toBe(sheet.width);
      expect(back.data).toEqual(sheet.data);
    }
  });
});
