import { PNG } from 'pngjs';

/**
 * A pure rasteriser for the tray icon and its count badge, so Windows and Linux (which have no
 * tray title) can show how many people are watching. Shapes are drawn with 4×4 supersampling for
 * smooth edges; digits come from a 3×5 pixel font scaled by whole pixels so they stay crisp.
 */

export interface Bitmap {
  width: number;
  height: number;
  /** RGBA, row-major, 4 bytes per pixel */
  data: Uint8Array;
}

export type IconVariant = 'normal' | 'offline' | 'key-problem';

type Rgb = readonly [number, number, number];

export const ICON_COLORS: Record<IconVariant, Rgb> = {
  normal: [46, 144, 250], // blue
  offline: [152, 162, 179], // grey
  'key-problem': [247, 144, 9], // amber
};
/** macOS template images are black with alpha; the system tints them for light and dark bars. */
const TEMPLATE_COLOR: Rgb = [0, 0, 0];

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

export function createBitmap(width: number, height: number): Bitmap {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

function cloneBitmap(source: Bitmap): Bitmap {
  return { width: source.width, height: source.height, data: Uint8Array.from(source.data) };
}

/** Source-over blend of a colour with the given coverage (0..1) onto one pixel. */
function blend(bitmap: Bitmap, x: number, y: number, [r, g, b]: Rgb, coverage: number): void {
  if (coverage <= 0 || x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return;
  const i = (y * bitmap.width + x) * 4;
  const data = bitmap.data;
  const srcA = Math.min(1, coverage);
  const dstA = data[i + 3]! / 255;
  const outA = srcA + dstA * (1 - srcA);
  const mix = (src: number, dst: number) => (src * srcA + dst * dstA * (1 - srcA)) / outA;
  data[i] = Math.round(mix(r, data[i]!));
  data[i + 1] = Math.round(mix(g, data[i + 1]!));
  data[i + 2] = Math.round(mix(b, data[i + 2]!));
  data[i + 3] = Math.round(outA * 255);
}

const SUBSAMPLES = 4;

/** The share (0..1) of a pixel's 4×4 sample points that `inside` accepts (unit coordinates 0..1). */
function coverage(size: number, x: number, y: number, inside: (u: number, v: number) => boolean): number {
  let hits = 0;
  for (let sy = 0; sy < SUBSAMPLES; sy++) {
    for (let sx = 0; sx < SUBSAMPLES; sx++) {
      if (inside((x + (sx + 0.5) / SUBSAMPLES) / size, (y + (sy + 0.5) / SUBSAMPLES) / size)) hits++;
    }
  }
  return hits / (SUBSAMPLES * SUBSAMPLES);
}

/** Paints `color` over every pixel by how much of it the shape covers. */
function fillShape(bitmap: Bitmap, color: Rgb, inside: (u: number, v: number) => boolean): void {
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) blend(bitmap, x, y, color, coverage(bitmap.width, x, y, inside));
  }
}

/** Clears pixels (towards transparent) by coverage, used to cut gaps around marks. */
function clearShape(bitmap: Bitmap, inside: (u: number, v: number) => boolean): void {
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      const i = (y * bitmap.width + x) * 4 + 3;
      bitmap.data[i] = Math.round(bitmap.data[i]! * (1 - coverage(bitmap.width, x, y, inside)));
    }
  }
}

// The mark: a broadcast dot with two waves above it (unit coordinates, origin top-left).
const CENTER = { u: 0.5, v: 0.7 };
const DOT_RADIUS = 0.13;
const WAVES = [
  { radius: 0.36, width: 0.11 },
  { radius: 0.6, width: 0.11 },
];
/** Half the opening of the waves around straight up, in radians. */
const WAVE_SPREAD = (50 * Math.PI) / 180;

function inMark(u: number, v: number): boolean {
  const du = u - CENTER.u;
  const dv = v - CENTER.v;
  const distance = Math.hypot(du, dv);
  if (distance <= DOT_RADIUS) return true;
  const angle = Math.atan2(du, -dv); // 0 = straight up
  if (Math.abs(angle) > WAVE_SPREAD) return false;
  return WAVES.some((wave) => Math.abs(distance - wave.radius) <= wave.width / 2);
}

function onSegment(u: number, v: number, a: [number, number], b: [number, number], halfWidth: number): boolean {
  const [ax, ay] = a;
  const [bx, by] = b;
  const lx = bx - ax;
  const ly = by - ay;
  const length2 = lx * lx + ly * ly;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((u - ax) * lx + (v - ay) * ly) / length2));
  return Math.hypot(u - (ax + t * lx), v - (ay + t * ly)) <= halfWidth;
}

const SLASH: [[number, number], [number, number]] = [
  [0.14, 0.1],
  [0.86, 0.92],
];

/** The tray icon at `size` pixels: normal, offline (struck through) or key problem (with a "!"). */
export function drawTrayIcon(variant: IconVariant, size: number, options: { template?: boolean } = {}): Bitmap {
  const bitmap = createBitmap(size, size);
  const color = options.template ? TEMPLATE_COLOR : ICON_COLORS[variant];
  fillShape(bitmap, color, inMark);
  if (variant === 'offline') {
    clearShape(bitmap, (u, v) => onSegment(u, v, SLASH[0], SLASH[1], 0.13));
    fillShape(bitmap, color, (u, v) => onSegment(u, v, SLASH[0], SLASH[1], 0.06));
  }
  if (variant === 'key-problem') {
    // an exclamation mark in the lower left, with a gap cut around it
    const bar: [[number, number], [number, number]] = [
      [0.13, 0.5],
      [0.13, 0.76],
    ];
    const dot = { u: 0.13, v: 0.9 };
    clearShape(bitmap, (u, v) => onSegment(u, v, bar[0], bar[1], 0.14) || Math.hypot(u - dot.u, v - dot.v) <= 0.14);
    fillShape(bitmap, color, (u, v) => onSegment(u, v, bar[0], bar[1], 0.065) || Math.hypot(u - dot.u, v - dot.v) <= 0.075);
  }
  return bitmap;
}

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

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function encodePng(bitmap: Bitmap): Buffer {
  const png = new PNG({ width: bitmap.width, height: bitmap.height });
  png.data = Buffer.from(bitmap.data.buffer, bitmap.data.byteOffset, bitmap.data.byteLength);
  return PNG.sync.write(png);
}

export function decodePng(buffer: Buffer): Bitmap {
  const png = PNG.sync.read(buffer);
  return { width: png.width, height: png.height, data: new Uint8Array(png.data) };
}

/** Scales a bitmap up by a whole factor (nearest neighbour), for looking at 16 px icons. */
export function upscale(bitmap: Bitmap, factor: number): Bitmap {
  const out = createBitmap(bitmap.width * factor, bitmap.height * factor);
  for (let y = 0; y < out.height; y++) {
    for (let x = 0; x < out.width; x++) {
      const src = (Math.floor(y / factor) * bitmap.width + Math.floor(x / factor)) * 4;
      out.data.set(bitmap.data.subarray(src, src + 4), (y * out.width + x) * 4);
    }
  }
  return out;
}
