import { clearShape, cloneBitmap, fillShape, onSegment, type Bitmap, type Rgb } from './raster';

/**
 * The count badge drawn onto the tray mark where the tray has no title (Windows, Linux): what it
 * reads ("7", "99+"), where it sits (bottom right, as wide as the text needs) and the red pill
 * with digits from a 3×5 pixel font scaled by whole pixels so they stay crisp.
 */

export const BADGE_COLORS = { fill: [217, 45, 32] as Rgb, text: [255, 255, 255] as Rgb };

/** What the badge reads: nothing for 0, the number up to 99, then "99+". */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** A 3×5 pixel font: each row is 3 bits, most significant bit on the left. */
export const DIGIT_FONT: Record<string, readonly number[]> = {
  '0': [0b111, 0b101, 0b101, 0b101, 0b111],
  '1': [0b010, 0b110, 0b010, 0b010, 0b111],
  '2': [0b111, 0b001, 0b111, 0b100, 0b111],
  '3': [0b111, 0b001, 0b011, 0b001, 0b111],
  '4': [0b101, 0b101, 0b111, 0b001, 0b001],
  '5': [0b111, 0b100, 0b111, 0b001, 0b111],
  '6': [0b111, 0b100, 0b111, 0b101, 0b111],
  '7': [0b111, 0b001, 0b010, 0b010, 0b010],
  '8': [0b111, 0b101, 0b111, 0b101, 0b111],
  '9': [0b111, 0b101, 0b111, 0b001, 0b111],
  '+': [0b000, 0b010, 0b111, 0b010, 0b000],
};
export const GLYPH_WIDTH = 3;
export const GLYPH_HEIGHT = 5;

export interface BadgeLayout {
  /** whole pixels per font pixel */
  scale: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** top-left of the first glyph */
  textX: number;
  textY: number;
  text: string;
}

/** Where the badge goes on a `size` icon: bottom right, as wide as the text needs. */
export function badgeLayout(count: number, size: number, shown: string = badgeText(count)): BadgeLayout | null {
  const text = shown;
  if (!text) return null;
  const scale = Math.max(1, Math.floor(size / 16));
  const textWidth = text.length * GLYPH_WIDTH * scale + (text.length - 1) * scale;
  const padX = scale * (text.length === 1 ? 2 : 1);
  const height = GLYPH_HEIGHT * scale + 2 * scale;
  const width = Math.min(size, Math.max(height, textWidth + 2 * padX));
  const x = size - width;
  const y = size - height;
  return {
    scale,
    x,
    y,
    width,
    height,
    textX: x + Math.floor((width - textWidth) / 2),
    textY: y + scale,
    text,
  };
}

/**
 * A copy of `base` with the count in a red pill at the bottom right; 0 leaves it unchanged.
 * `shown` is what the pill reads when it is not the plain count ("6+": a server left out).
 */
export function drawBadge(base: Bitmap, count: number, shown?: string): Bitmap {
  const bitmap = cloneBitmap(base);
  const layout = badgeLayout(count, base.width, shown);
  if (!layout) return bitmap;
  const { x, y, width, height, scale } = layout;
  const size = base.width;
  const radius = height / 2;
  // a stadium: the segment between the two end-cap centres, thickened by the radius
  const cy = y + radius;
  const ends: [[number, number], [number, number]] = [
    [x + radius, cy],
    [x + width - radius, cy],
  ];
  const inPill = (px: number, py: number, grow: number): boolean => onSegment(px, py, ends[0], ends[1], radius + grow);
  // a transparent gap of one pixel around the pill keeps it apart from the mark
  clearShape(bitmap, (u, v) => inPill(u * size, v * size, scale));
  fillShape(bitmap, BADGE_COLORS.fill, (u, v) => inPill(u * size, v * size, 0));
  for (let c = 0; c < layout.text.length; c++) {
    const glyph = DIGIT_FONT[layout.text[c]!]!;
    const gx = layout.textX + c * (GLYPH_WIDTH + 1) * scale;
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      for (let col = 0; col < GLYPH_WIDTH; col++) {
        if (!((glyph[row]! >> (GLYPH_WIDTH - 1 - col)) & 1)) continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const px = gx + col * scale + dx;
            const py = layout.textY + row * scale + dy;
            const i = (py * size + px) * 4;
            bitmap.data.set([...BADGE_COLORS.text, 255], i);
          }
        }
      }
    }
  }
  return bitmap;
}

