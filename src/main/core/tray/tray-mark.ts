import { clearShape, createBitmap, fillShape, onSegment, type Bitmap, type Rgb } from './raster';

/**
 * The app's own tray mark: a small TV screen with a play triangle cut out of it and a two-stub
 * antenna on top (no arcs, nothing like a Wi-Fi or signal symbol). Trouble never swaps the mark
 * for another picture: it adds a small dot on the top-right corner, with a gap cut around it, and
 * the tooltip says which server and what is wrong. The same shapes make the coloured icon
 * (Windows, Linux) and the macOS template (black with alpha; the system tints it).
 */

/** normal, or a corner mark for trouble: a server away (or unsupported), or its key rejected. */
export type IconVariant = 'normal' | 'offline' | 'key-problem';

/** The mark's colour on Windows and Linux: a blue that reads on light and dark panels. */
export const MARK_COLOR: Rgb = [46, 144, 250];
/** The trouble dot's colour on Windows and Linux (amber: attention, not the badge's red). */
export const TROUBLE_COLOR: Rgb = [247, 144, 9];
/** macOS template images are black with alpha; the system tints them for light and dark bars. */
export const TEMPLATE_COLOR: Rgb = [0, 0, 0];

// The shapes, in unit coordinates (0..1, origin top-left).
/** The screen: a rounded rectangle across the lower two thirds. */
const SCREEN = { left: 0.06, right: 0.94, top: 0.32, bottom: 0.88, radius: 0.14 };
/** The play triangle cut out of the screen (pointing right). */
const PLAY: readonly [number, number][] = [
  [0.38, 0.45],
  [0.38, 0.77],
  [0.67, 0.61],
];
/** The antenna: two stubs from the screen's top middle. */
const ANTENNA: readonly [[number, number], [number, number]][] = [
  [
    [0.5, 0.32],
    [0.3, 0.08],
  ],
  [
    [0.5, 0.32],
    [0.64, 0.12],
  ],
];
const ANTENNA_HALF_WIDTH = 0.055;
/** The trouble dot on the top-right corner and the gap cut around it. */
export const TROUBLE_DOT = { u: 0.82, v: 0.18, radius: 0.17, gap: 0.08 };

function inScreen(u: number, v: number): boolean {
  const { left, right, top, bottom, radius } = SCREEN;
  if (u < left || u > right || v < top || v > bottom) return false;
  // the corners: inside the quarter circles
  const cu = Math.min(Math.max(u, left + radius), right - radius);
  const cv = Math.min(Math.max(v, top + radius), bottom - radius);
  return Math.hypot(u - cu, v - cv) <= radius;
}

/** Whether (u, v) is inside the triangle (same side of all three edges). */
function inPlay(u: number, v: number): boolean {
  const side = (a: [number, number], b: [number, number]) => (b[0] - a[0]) * (v - a[1]) - (b[1] - a[1]) * (u - a[0]);
  const [a, b, c] = PLAY as [[number, number], [number, number], [number, number]];
  const s1 = side(a, b);
  const s2 = side(b, c);
  const s3 = side(c, a);
  return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

/** The mark itself (screen less the play triangle, and the antenna). */
export function inMark(u: number, v: number): boolean {
  if (inScreen(u, v)) return !inPlay(u, v);
  return ANTENNA.some(([a, b]) => onSegment(u, v, a, b, ANTENNA_HALF_WIDTH));
}

const inDot = (u: number, v: number, grow: number) => Math.hypot(u - TROUBLE_DOT.u, v - TROUBLE_DOT.v) <= TROUBLE_DOT.radius + grow;

/** The tray mark at `size` pixels; trouble adds the corner dot, the mark itself stays the same. */
export function drawTrayIcon(variant: IconVariant, size: number, options: { template?: boolean } = {}): Bitmap {
  const bitmap = createBitmap(size, size);
  fillShape(bitmap, options.template ? TEMPLATE_COLOR : MARK_COLOR, inMark);
  if (variant !== 'normal') {
    clearShape(bitmap, (u, v) => inDot(u, v, TROUBLE_DOT.gap));
    fillShape(bitmap, options.template ? TEMPLATE_COLOR : TROUBLE_COLOR, (u, v) => inDot(u, v, 0));
  }
  return bitmap;
}
