import { describe, expect, it } from 'vitest';
import {
  placePopover,
  taskbarEdge,
  type DisplayInfo,
  type Placement,
  type PlacementInput,
  type Rect,
} from '../../src/main/core/tray/popover-placement';

const WINDOW = { width: 380, height: 560 };
const MARGIN = 8;

function display(id: number, bounds: Rect, workArea: Rect): DisplayInfo {
  return { id, bounds, workArea };
}

// A 1440×900 MacBook: 25 pt menu bar, Dock hidden.
const MAC = display(1, { x: 0, y: 0, width: 1440, height: 900 }, { x: 0, y: 25, width: 1440, height: 875 });
// The same MacBook with the Dock showing at the bottom (70 pt, more than the menu bar).
const MAC_WITH_DOCK = display(1, { x: 0, y: 0, width: 1440, height: 900 }, { x: 0, y: 25, width: 1440, height: 805 });

// 1920×1080 at 100 %, with the 40 px taskbar on each side in turn (62 px wide when vertical).
const FULL_HD = { x: 0, y: 0, width: 1920, height: 1080 };
const WIN_BOTTOM = display(10, FULL_HD, { x: 0, y: 0, width: 1920, height: 1040 });
const WIN_TOP = display(11, FULL_HD, { x: 0, y: 40, width: 1920, height: 1040 });
const WIN_LEFT = display(12, FULL_HD, { x: 62, y: 0, width: 1858, height: 1080 });
const WIN_RIGHT = display(13, FULL_HD, { x: 0, y: 0, width: 1858, height: 1080 });

// A 2560×1440 monitor at 200 % (1280×720 in DIPs) to the left of the primary, its top 200 px
// lower, with its own taskbar at the bottom.
const WIN_SECONDARY = display(
  20,
  { x: -1280, y: 200, width: 1280, height: 720 },
  { x: -1280, y: 200, width: 1280, height: 680 },
);

// GNOME: 32 px top bar. KDE: 44 px panel at the bottom. A second GNOME screen above the primary.
const GNOME = display(30, FULL_HD, { x: 0, y: 32, width: 1920, height: 1048 });
const KDE = display(31, FULL_HD, { x: 0, y: 0, width: 1920, height: 1036 });
const GNOME_ABOVE = display(
  32,
  { x: 320, y: -900, width: 1440, height: 900 },
  { x: 320, y: -868, width: 1440, height: 868 },
);

function input(overrides: Partial<PlacementInput> & Pick<PlacementInput, 'platform' | 'primary'>): PlacementInput {
  return { window: WINDOW, displays: [overrides.primary], ...overrides };
}

/** Place, and check what must hold for every answer: integers, fully inside the work area. */
function place(placement: PlacementInput): Placement {
  const result = placePopover(placement);
  const margin = placement.margin ?? MARGIN;
  const area = result.display.workArea;
  expect(placement.displays).toContain(result.display);
  expect(Number.isInteger(result.x) && Number.isInteger(result.y)).toBe(true);
  expect(result.x).toBeGreaterThanOrEqual(area.x + margin);
  expect(result.y).toBeGreaterThanOrEqual(area.y + margin);
  expect(result.x + placement.window.width).toBeLessThanOrEqual(area.x + area.width - margin);
  expect(result.y + placement.window.height).toBeLessThanOrEqual(area.y + area.height - margin);
  return result;
}

describe('taskbarEdge', () => {
  it('is the side the work area is inset from', () => {
    expect(taskbarEdge(MAC)).toBe('top');
    expect(taskbarEdge(WIN_BOTTOM)).toBe('bottom');
    expect(taskbarEdge(WIN_TOP)).toBe('top');
    expect(taskbarEdge(WIN_LEFT)).toBe('left');
    expect(taskbarEdge(WIN_RIGHT)).toBe('right');
    expect(taskbarEdge(WIN_SECONDARY)).toBe('bottom');
    expect(taskbarEdge(GNOME_ABOVE)).toBe('top');
  });

  it('picks the largest inset when the work area is inset from several sides', () => {
    expect(taskbarEdge(MAC_WITH_DOCK)).toBe('bottom');
    const dockLeft = display(1, MAC.bounds, { x: 64, y: 25, width: 1376, height: 875 });
    expect(taskbarEdge(dockLeft)).toBe('left');
  });

  it('is bottom when there is no inset (an auto-hiding taskbar) or a tie', () => {
    expect(taskbarEdge(display(1, FULL_HD, FULL_HD))).toBe('bottom');
    const tied = display(1, FULL_HD, { x: 0, y: 40, width: 1880, height: 1040 });
    expect(taskbarEdge(tied)).toBe('bottom');
  });
});

describe('placePopover: macOS menu bar', () => {
  it('hangs below a tray item in the middle of the menu bar, centred on it', () => {
    const tray = { x: 900, y: 0, width: 24, height: 25 };
    expect(place(input({ platform: 'darwin', primary: MAC, tray }))).toStrictEqual({
      x: 912 - 190,
      y: 25 + MARGIN,
      display: MAC,
      edge: 'top',
      anchoredTo: 'tray',
    });
  });

  it('keeps a popover for a tray item near the right edge inside the screen', () => {
    const tray = { x: 1410, y: 0, width: 24, height: 25 };
    const result = place(input({ platform: 'darwin', primary: MAC, tray }));
    expect(result).toMatchObject({ x: 1440 - 380 - MARGIN, y: 33, edge: 'top', anchoredTo: 'tray' });
  });

  it('still lands under the menu bar when a visible Dock is the larger inset', () => {
    const tray = { x: 1200, y: 0, width: 24, height: 25 };
    const result = place(input({ platform: 'darwin', primary: MAC_WITH_DOCK, tray }));
    expect(result).toMatchObject({ x: 1212 - 190, y: 25 + MARGIN, anchoredTo: 'tray' });
  });

  it('honours a custom margin', () => {
    const tray = { x: 900, y: 0, width: 24, height: 25 };
    const result = place(input({ platform: 'darwin', primary: MAC, tray, margin: 4 }));
    expect(result).toMatchObject({ x: 722, y: 29 });
    expect(place(input({ platform: 'darwin', primary: MAC, tray, margin: 0 }))).toMatchObject({ x: 722, y: 25 });
  });
});

describe('placePopover: Windows taskbar', () => {
  it('sits above a bottom taskbar, centred on the notification-area icon', () => {
    const tray = { x: 1600, y: 1040, width: 24, height: 40 };
    expect(place(input({ platform: 'win32', primary: WIN_BOTTOM, tray }))).toStrictEqual({
      x: 1612 - 190,
      y: 1040 - 560 - MARGIN,
      display: WIN_BOTTOM,
      edge: 'bottom',
      anchoredTo: 'tray',
    });
  });

  it('is pulled in from the right for an icon at the far end of a bottom taskbar', () => {
    const tray = { x: 1860, y: 1040, width: 24, height: 40 };
    const result = place(input({ platform: 'win32', primary: WIN_BOTTOM, tray }));
    expect(result).toMatchObject({ x: 1920 - 380 - MARGIN, y: 472 });
  });

  it('sits to the right of a taskbar on the left, pulled up from the bottom', () => {
    const tray = { x: 0, y: 980, width: 62, height: 24 };
    const result = place(input({ platform: 'win32', primary: WIN_LEFT, tray }));
    expect(result).toMatchObject({ x: 62 + MARGIN, y: 1080 - 560 - MARGIN, edge: 'left', anchoredTo: 'tray' });
  });

  it('centres vertically on an icon partway up a vertical taskbar', () => {
    const tray = { x: 0, y: 500, width: 62, height: 24 };
    const result = place(input({ platform: 'win32', primary: WIN_LEFT, tray }));
    expect(result).toMatchObject({ x: 70, y: 512 - 280, edge: 'left' });
  });

  it('sits to the left of a taskbar on the right', () => {
    const tray = { x: 1858, y: 980, width: 62, height: 24 };
    const result = place(input({ platform: 'win32', primary: WIN_RIGHT, tray }));
    expect(result).toMatchObject({ x: 1858 - 380 - MARGIN, y: 512, edge: 'right', anchoredTo: 'tray' });
  });

  it('hangs below a taskbar at the top', () => {
    const tray = { x: 1600, y: 0, width: 24, height: 40 };
    const result = place(input({ platform: 'win32', primary: WIN_TOP, tray }));
    expect(result).toMatchObject({ x: 1422, y: 40 + MARGIN, edge: 'top', anchoredTo: 'tray' });
  });
});

describe('placePopover: several displays', () => {
  const displays = [WIN_BOTTOM, WIN_SECONDARY];

  it('places the popover on the secondary display (negative x) when the tray is there', () => {
    const tray = { x: -600, y: 880, width: 24, height: 40 };
    expect(place(input({ platform: 'win32', primary: WIN_BOTTOM, displays, tray }))).toStrictEqual({
      x: -588 - 190,
      y: 880 - 560 - MARGIN,
      display: WIN_SECONDARY,
      edge: 'bottom',
      anchoredTo: 'tray',
    });
  });

  it('clamps to the secondary display, not the primary, near their shared edge', () => {
    const tray = { x: -30, y: 880, width: 24, height: 40 };
    const result = place(input({ platform: 'win32', primary: WIN_BOTTOM, displays, tray }));
    expect(result).toMatchObject({ x: 0 - 380 - MARGIN, display: WIN_SECONDARY });
  });

  it('uses the primary display when the tray is there, wherever the cursor is', () => {
    const tray = { x: 1600, y: 1040, width: 24, height: 40 };
    const cursor = { x: -640, y: 500 };
    const result = place(input({ platform: 'win32', primary: WIN_BOTTOM, displays, tray, cursor }));
    expect(result).toMatchObject({ x: 1422, y: 472, display: WIN_BOTTOM, anchoredTo: 'tray' });
  });

  it('gives a point on the edge two displays share to the display that starts there', () => {
    const cursor = { x: 0, y: 500 };
    const result = place(input({ platform: 'linux', primary: WIN_BOTTOM, displays, cursor }));
    expect(result.display).toBe(WIN_BOTTOM);
  });

  it('falls back to the nearest display when the tray is outside every display', () => {
    // left of the secondary
    const farLeft = { x: -1500, y: 500, width: 24, height: 24 };
    expect(place(input({ platform: 'win32', primary: WIN_BOTTOM, displays, tray: farLeft })).display).toBe(
      WIN_SECONDARY,
    );
    // right of the primary
    const farRight = { x: 2000, y: 1050, width: 24, height: 40 };
    const right = place(input({ platform: 'win32', primary: WIN_BOTTOM, displays, tray: farRight }));
    expect(right).toMatchObject({ x: 1532, y: 1040 - 560 - MARGIN, display: WIN_BOTTOM });
    // in the gap above the secondary: 100 px from the primary, 150 px from the secondary
    const gap = { x: -112, y: 38, width: 24, height: 24 };
    expect(place(input({ platform: 'win32', primary: WIN_BOTTOM, displays, tray: gap })).display).toBe(WIN_BOTTOM);
  });

  it('falls back to the nearest display when the cursor is outside every display', () => {
    const cursor = { x: -900, y: 1200 };
    const result = place(input({ platform: 'linux', primary: WIN_BOTTOM, displays, cursor }));
    expect(result).toMatchObject({ display: WIN_SECONDARY, anchoredTo: 'cursor' });
  });
});

describe('placePopover: tray bounds unknown (Linux)', () => {
  const zero = { x: 0, y: 0, width: 0, height: 0 };

  it('anchors to the cursor under a GNOME top bar', () => {
    const cursor = { x: 1000, y: 14 };
    expect(place(input({ platform: 'linux', primary: GNOME, tray: zero, cursor }))).toStrictEqual({
      x: 1000 - 190,
      y: 32 + MARGIN,
      display: GNOME,
      edge: 'top',
      anchoredTo: 'cursor',
    });
  });

  it('keeps a cursor-anchored popover near the right edge on screen', () => {
    const cursor = { x: 1900, y: 14 };
    const result = place(input({ platform: 'linux', primary: GNOME, tray: null, cursor }));
    expect(result).toMatchObject({ x: 1532, y: 40, anchoredTo: 'cursor' });
  });

  it('anchors to the cursor above a KDE panel at the bottom', () => {
    // the cursor is in the panel, so the bottom of the work area is what limits the popover
    const cursor = { x: 1500, y: 1060 };
    const result = place(input({ platform: 'linux', primary: KDE, cursor }));
    expect(result).toMatchObject({ x: 1310, y: 1036 - 560 - MARGIN, edge: 'bottom', anchoredTo: 'cursor' });
  });

  it('anchors to a cursor inside the work area just above it', () => {
    const cursor = { x: 1500, y: 900 };
    const result = place(input({ platform: 'linux', primary: KDE, cursor }));
    expect(result).toMatchObject({ x: 1310, y: 900 - 560 - MARGIN, anchoredTo: 'cursor' });
  });

  it('follows the cursor to a display above the primary (negative y)', () => {
    const cursor = { x: 1500, y: -890 };
    const displays = [GNOME, GNOME_ABOVE];
    const result = place(input({ platform: 'linux', primary: GNOME, displays, tray: zero, cursor }));
    expect(result).toMatchObject({ x: 1310, y: -868 + MARGIN, display: GNOME_ABOVE, edge: 'top' });
  });
});

describe('placePopover: neither tray nor cursor', () => {
  function corner(platform: string, primary: DisplayInfo): Placement {
    const result = place(input({ platform, primary, tray: { x: 0, y: 0, width: 0, height: 0 }, cursor: null }));
    expect(result.anchoredTo).toBe('corner');
    return result;
  }

  it('macOS: top right, under the menu bar, even with the Dock showing', () => {
    expect(corner('darwin', MAC)).toMatchObject({ x: 1052, y: 33 });
    expect(corner('darwin', MAC_WITH_DOCK)).toMatchObject({ x: 1052, y: 33 });
  });

  it('Windows: bottom right above the taskbar, the bottom corner beside a vertical one', () => {
    expect(corner('win32', WIN_BOTTOM)).toMatchObject({ x: 1532, y: 472 });
    expect(corner('win32', WIN_LEFT)).toMatchObject({ x: 70, y: 512 });
    expect(corner('win32', WIN_RIGHT)).toMatchObject({ x: 1470, y: 512 });
    expect(corner('win32', WIN_TOP)).toMatchObject({ x: 1532, y: 48 });
  });

  it('Linux: top right under a top bar, bottom right above a bottom panel', () => {
    expect(corner('linux', GNOME)).toMatchObject({ x: 1532, y: 40, edge: 'top' });
    expect(corner('linux', KDE)).toMatchObject({ x: 1532, y: 1036 - 560 - MARGIN, edge: 'bottom' });
    expect(corner('freebsd', KDE)).toMatchObject({ x: 1532, y: 468 });
  });

  it('uses the primary display, not the first one listed', () => {
    const result = place(
      input({ platform: 'win32', primary: WIN_SECONDARY, displays: [WIN_BOTTOM, WIN_SECONDARY] }),
    );
    expect(result).toMatchObject({ x: -380 - MARGIN, y: 880 - 560 - MARGIN, display: WIN_SECONDARY });
  });
});

describe('placePopover: small work areas and rounding', () => {
  it('aligns to the top-left of a work area smaller than the window', () => {
    const tiny = display(40, { x: -400, y: -300, width: 320, height: 480 }, { x: -400, y: -280, width: 320, height: 440 });
    const tray = { x: -100, y: -300, width: 20, height: 20 };
    const result = placePopover({ window: WINDOW, tray, displays: [tiny], primary: tiny, platform: 'linux' });
    expect(result).toMatchObject({ x: -400, y: -280, display: tiny, anchoredTo: 'tray' });
    // the window overflows only to the right and below
    expect(result.x + WINDOW.width).toBeGreaterThan(-400 + 320);
    expect(result.y + WINDOW.height).toBeGreaterThan(-280 + 440);
  });

  it('clamps normally along an axis where the window does fit', () => {
    const short = display(41, { x: 0, y: 0, width: 1280, height: 500 }, { x: 0, y: 0, width: 1280, height: 460 });
    const result = placePopover({ window: WINDOW, displays: [short], primary: short, platform: 'win32' });
    expect(result).toMatchObject({ x: 1280 - 380 - MARGIN, y: 0, anchoredTo: 'corner' });
  });

  it('shrinks the margins rather than leave the work area when only they do not fit', () => {
    const snug = display(42, { x: 0, y: 0, width: 390, height: 700 }, { x: 0, y: 0, width: 390, height: 660 });
    const result = place(input({ platform: 'win32', primary: snug, margin: 0 }));
    expect(result.x).toBe(390 - 380);
    const withMargin = placePopover(input({ platform: 'win32', primary: snug }));
    expect(withMargin.x).toBe(5);
  });

  it('rounds to whole pixels, negative coordinates included', () => {
    const window = { width: 380, height: 561 };
    const tray = { x: -601, y: 880, width: 23, height: 40 };
    const result = place({ window, tray, displays: [WIN_BOTTOM, WIN_SECONDARY], primary: WIN_BOTTOM, platform: 'win32' });
    // tray centre −589.5, minus half the window → −779.5, which rounds to −779; 880 − 561 − 8 = 311
    expect(result).toMatchObject({ x: -779, y: 311, display: WIN_SECONDARY });
  });
});
