import { PNG } from 'pngjs';

/**
 * A small pure rasteriser for the tray's pictures: RGBA bitmaps, shapes filled by coverage with
 * 4×4 supersampling for smooth edges, gaps cut by coverage, PNG in and out, whole-factor upscaling
 * for looking at 16 px icons, and WCAG contrast for checking colours.
 */

export interface Bitmap {
  width: number;
  height: number;
  /** RGBA, row-major, 4 bytes per pixel */
  data: Uint8Array;
}

export type Rgb = readonly [number, number, number];

export function createBitmap(width: number, height: number): Bitmap {
  return { width, height, data: new Uint8Array(width * height * 4) };
}

export function cloneBitmap(source: Bitmap): Bitmap {
  return { width: source.width, height: source.height, data: Uint8Array.from(source.data) };
}

/** Source-over blend of a colour with the given coverage (0..1) onto one pixel. */
export function blend(bitmap: Bitmap, x: number, y: number, [r, g, b]: Rgb, coverage: number): void {
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
export function fillShape(bitmap: Bitmap, color: Rgb, inside: (u: number, v: number) => boolean): void {
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) blend(bitmap, x, y, color, coverage(bitmap.width, x, y, inside));
  }
}

/** Clears pixels (towards transparent) by coverage, used to cut gaps around marks. */
export function clearShape(bitmap: Bitmap, inside: (u: number, v: number) => boolean): void {
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      const i = (y * bitmap.width + x) * 4 + 3;
      bitmap.data[i] = Math.round(bitmap.data[i]! * (1 - coverage(bitmap.width, x, y, inside)));
    }
  }
}

export function onSegment(u: number, v: number, a: [number, number], b: [number, number], halfWidth: number): boolean {
  const [ax, ay] = a;
  const [bx, by] = b;
  const lx = bx - ax;
  const ly = by - ay;
  const length2 = lx * lx + ly * ly;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((u - ax) * lx + (v - ay) * ly) / length2));
  return Math.hypot(u - (ax + t * lx), v - (ay + t * ly)) <= halfWidth;
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
