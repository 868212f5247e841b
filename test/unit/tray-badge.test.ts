import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BADGE_COLORS,
  DIGIT_FONT,
  GLYPH_HEIGHT,
  GLYPH_WIDTH,
  badgeLayout,
  badgeText,
  contrastRatio,
  createBitmap,
  decodePng,
  drawBadge,
  drawTrayIcon,
  encodePng,
  upscale,
  type Bitmap,
  type IconVariant,
} from '../../src/main/core/tray/tray-badge';

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

/** Lays bitmaps side by side on a neutral background, upscaled, for a person to look at. */
function contactSheet(rows: Bitmap[][], factor: number, background: [number, number, number]): Bitmap {
  const cell = 32 * factor + 8;
  const width = Math.max(...rows.map((r) => r.length)) * cell;
  const sheet = createBitmap(width, rows.length * cell);
  for (let i = 0; i < sheet.data.length; i += 4) sheet.data.set([...background, 255], i);
  rows.forEach((row, r) =>
    row.forEach((bitmap, c) => {
      const big = upscale(bitmap, (32 * factor) / bitmap.width);
      for (let y = 0; y < big.height; y++) {
        for (let x = 0; x < big.width; x++) {
          const [sr, sg, sb, sa] = pixel(big, x, y);
          const i = ((r * cell + 4 + y) * sheet.width + c * cell + 4 + x) * 4;
          const a = sa / 255;
          sheet.data[i] = Math.round(sr * a + sheet.data[i]! * (1 - a));
          sheet.data[i + 1] = Math.round(sg * a + sheet.data[i + 1]! * (1 - a));
          sheet.data[i + 2] = Math.round(sb * a + sheet.data[i + 2]! * (1 - a));
        }
      }
    }),
  );
  return sheet;
}

describe('badgeText', () => {
  it('hides zero, shows the count and caps at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-3)).toBe('');
    expect(badgeText(Number.NaN)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(42)).toBe('42');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});

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

  it('tells the variants apart', () => {
    const [normal, offline, key] = variants.map((v) => encodePng(drawTrayIcon(v, 16)).toString('base64'));
    expect(new Set([normal, offline, key]).size).toBe(3);
  });

  it('draws template images in black with alpha only', () => {
    const icon = drawTrayIcon('normal', 32, { template: true });
    let seen = 0;
    for (let i = 0; i < icon.data.length; i += 4) {
      if (icon.data[i + 3]! === 0) continue;
      seen++;
      expect([icon.data[i], icon.data[i + 1], icon.data[i + 2]]).toEqual([0, 0, 0]);
    }
    expect(seen).toBeGreaterThan(50);
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

  // draws and encodes 54 icons: seconds on a loaded 2-core machine, so its own time limit
  it('round-trips through PNG and writes a contact sheet to look at', { timeout: 30_000 }, () => {
    const counts = [0, 1, 7, 42, 99, 100];
    const rows = (['normal', 'offline', 'key-problem'] as IconVariant[]).flatMap((variant) => [
      counts.map((n) => drawBadge(drawTrayIcon(variant, 16), n)),
      counts.map((n) => drawBadge(drawTrayIcon(variant, 32), n)),
    ]);
    rows.push([drawTrayIcon('normal', 16, { template: true }), drawTrayIcon('normal', 32, { template: true })]);
    mkdirSync(OUT, { recursive: true });
    for (const [name, bg] of [
      ['badges-light.png', [240, 240, 240]],
      ['badges-dark.png', [32, 32, 36]],
    ] as const) {
      const sheet = contactSheet(rows, 2, [...bg]);
      const png = encodePng(sheet);
      writeFileSync(join(OUT, name), png);
      const back = decodePng(png);
      expect(back.width).toBe(sheet.width);
      expect(back.data).toEqual(sheet.data);
    }
  });
});
