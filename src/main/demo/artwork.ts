import { PNG } from 'pngjs';
import type { ArtworkKind } from '../../shared/airwave';
import { hash } from './rng';

/**
 * Real PNG artwork, drawn from the rating key: a two-colour diagonal gradient with a few discs,
 * in the shapes real servers serve (poster 2:3, background 16:9, thumb 16:9 and small), or at the
 * size asked for (`w`/`h`, as real servers resize through the media server). Each image is
 * deterministic; recent ones are kept in a small LRU bounded by count and bytes.
 */

const ARTWORK_SIZES: Record<ArtworkKind, { width: number; height: number }> = {
  poster: { width: 200, height: 300 },
  background: { width: 320, height: 180 },
  thumb: { width: 240, height: 135 },
};

/** The pixel bounds `w` and `h` accept; anything else is a 422. */
export const ARTWORK_PIXELS = { min: 16, max: 2000 } as const;

export interface ArtworkSize {
  width: number;
  height: number;
}

/** The size to draw: the kind's own, or `w`/`h` (one of them keeps the kind's aspect ratio). */
export function artworkSize(kind: ArtworkKind, w: number | null, h: number | null): ArtworkSize {
  const natural = ARTWORK_SIZES[kind];
  const clamp = (n: number) => Math.min(ARTWORK_PIXELS.max, Math.max(ARTWORK_PIXELS.min, Math.round(n)));
  if (w !== null && h !== null) return { width: w, height: h };
  if (w !== null) return { width: w, height: clamp((w * natural.height) / natural.width) };
  if (h !== null) return { width: clamp((h * natural.width) / natural.height), height: h };
  return natural;
}

const CACHE_LIMIT = 256;
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cachedBytes = 0;

function colour(seed: number): [number, number, number] {
  // Hue from the seed; moderate saturation and lightness read well in light and dark themes.
  const hue = (seed % 360) / 360;
  const s = 0.55;
  const l = 0.45 + ((seed >>> 9) % 20) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(hue + 1 / 3), channel(hue), channel(hue - 1 / 3)].map((v) => Math.round(v * 255)) as [number, number, number];
}

export function renderArtwork(ratingKey: string, kind: ArtworkKind, size: ArtworkSize = ARTWORK_SIZES[kind]): Buffer {
  const { width, height } = size;
  const cacheKey = `${kind}:${width}x${height}:${ratingKey}`;
  const hit = cache.get(cacheKey);
  if (hit) {
    cache.delete(cacheKey);
    cache.set(cacheKey, hit);
    return hit;
  }
  const seed = hash('artwork', ratingKey);
  const from = colour(seed);
  const to = colour(hash('artwork-2', ratingKey));
  const discs = Array.from({ length: 3 }, (_, i) => {
    const h = hash('disc', ratingKey, i);
    return { x: h % width, y: (h >>> 10) % height, r: 12 + ((h >>> 20) % Math.floor(Math.min(width, height) / 3)) };
  });
  const png = new PNG({ width, height });
  const data = png.data;
  const [r0, g0, b0] = from;
  const [r1, g1, b1] = to;
  // Plain arithmetic, no allocation per pixel: a 2000 × 2000 image must not stall the server.
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let r = r0 * (1 - t) + r1 * t;
      let g = g0 * (1 - t) + g1 * t;
      let b = b0 * (1 - t) + b1 * t;
      for (const d of discs) {
        if ((x - d.x) ** 2 + (y - d.y) ** 2 <= d.r * d.r) {
          r = r * 0.7 + 77;
          g = g * 0.7 + 77;
          b = b * 0.7 + 77;
        }
      }
      const i = (y * width + x) * 4;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  }
  const bytes = PNG.sync.write(png, { filterType: 1 }); // one filter (Sub) suits a gradient and is 4× faster than trying all
  cache.set(cacheKey, bytes);
  cachedBytes += bytes.length;
  for (const [oldest, old] of cache) {
    if (cache.size <= CACHE_LIMIT && cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.length;
  }
  return bytes;
}
