/**
 * A contact sheet of every tray state, for a person to look at (docs/screens/tray-states-*.png):
 * on a light and a dark panel, each row one state, each state at 1x (shown 4×) and 2x (shown 2×),
 * with the same icons at their true size in the strip under it. Rows: the mark with counts
 * 0, 1, 7, 42, 99, 100 and "6+" (Windows/Linux badge); a server away; a key rejected (with and
 * without a count); the macOS template as the system tints it (black on a light bar, white on a
 * dark one), where the count is the item's title beside it, not drawn.
 */
import { createBitmap, upscale, type Bitmap } from '../src/main/core/tray/raster';
import { drawBadge } from '../src/main/core/tray/tray-badge';
import { drawTrayIcon, type IconVariant } from '../src/main/core/tray/tray-mark';

export type Panel = 'light' | 'dark';
const BACKGROUND: Record<Panel, [number, number, number]> = { light: [236, 236, 236], dark: [30, 30, 34] };
const CELL = 72;
const SHOWN = 64;

/** One state: its 1x and 2x icons. */
interface State {
  one: Bitmap;
  two: Bitmap;
}

const coloured = (variant: IconVariant, count: number, shown?: string): State => ({
  one: drawBadge(drawTrayIcon(variant, 16), count, shown),
  two: drawBadge(drawTrayIcon(variant, 32), count, shown),
});

/** A template image as macOS tints it: black on a light bar, white on a dark one. */
function tinted(variant: IconVariant, panel: Panel): State {
  const tint = (bitmap: Bitmap) => {
    if (panel === 'dark') for (let i = 0; i < bitmap.data.length; i += 4) bitmap.data.set([255, 255, 255], i);
    return bitmap;
  };
  return { one: tint(drawTrayIcon(variant, 16, { template: true })), two: tint(drawTrayIcon(variant, 32, { template: true })) };
}

/** The rows of the sheet, top to bottom. */
export function trayStates(panel: Panel): State[][] {
  return [
    [0, 1, 7, 42, 99, 100].map((n) => coloured('normal', n)).concat(coloured('normal', 6, '6+')),
    [coloured('offline', 0), coloured('offline', 3), coloured('offline', 6, '6+'), coloured('key-problem', 0), coloured('key-problem', 2, '2+')],
    [tinted('normal', panel), tinted('offline', panel), tinted('key-problem', panel)],
  ];
}

function paint(sheet: Bitmap, bitmap: Bitmap, left: number, top: number): void {
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      const s = (y * bitmap.width + x) * 4;
      const a = bitmap.data[s + 3]! / 255;
      const i = ((top + y) * sheet.width + left + x) * 4;
      for (let c = 0; c < 3; c++) sheet.data[i + c] = Math.round(bitmap.data[s + c]! * a + sheet.data[i + c]! * (1 - a));
    }
  }
}

/** The sheet on one panel: per state two enlarged cells (1x, 2x), and the true sizes under them. */
export function traySheet(panel: Panel): Bitmap {
  const rows = trayStates(panel);
  const rowHeight = CELL + 40;
  const width = Math.max(...rows.map((row) => row.length)) * 2 * CELL;
  const sheet = createBitmap(width, rows.length * rowHeight);
  for (let i = 0; i < sheet.data.length; i += 4) sheet.data.set([...BACKGROUND[panel], 255], i);
  rows.forEach((row, r) =>
    row.forEach((state, c) => {
      const left = c * 2 * CELL;
      const top = r * rowHeight;
      paint(sheet, upscale(state.one, SHOWN / 16), left + 4, top + 4);
      paint(sheet, upscale(state.two, SHOWN / 32), left + CELL + 4, top + 4);
      // true size: the 16 px icon, and the 32 px one as a 2x screen shows it in 16 points
      paint(sheet, state.one, left + 4 + 24, top + CELL + 8);
      paint(sheet, state.two, left + CELL + 4 + 16, top + CELL + 4);
    }),
  );
  return sheet;
}
