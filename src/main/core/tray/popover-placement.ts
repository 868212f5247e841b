/**
 * Where the tray popover goes, as plain geometry: no Electron, no Node. The host passes in the
 * tray bounds, the cursor and the displays (all in DIPs, as Electron's `screen` reports them) and
 * moves the window to the answer.
 *
 * The popover hangs off the tray on the side of the taskbar the work area is on: below a macOS
 * menu bar, above a Windows taskbar, beside a vertical one. When the tray's bounds are unknown
 * (common on Linux) the cursor stands in for it; with neither, the popover goes to the corner of
 * the work area where trays usually live. The result always lies inside the work area.
 */
import { maxOf } from '../../../shared/extent';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface DisplayInfo {
  id: number;
  bounds: Rect;
  workArea: Rect;
}

export type Platform = 'darwin' | 'win32' | 'linux' | string;

export type Edge = 'top' | 'bottom' | 'left' | 'right';

export interface PlacementInput {
  window: { width: number; height: number };
  /** tray icon bounds; null/undefined or zero-size when unknown (common on Linux) */
  tray?: Rect | null;
  /** cursor position when the popover was asked for */
  cursor?: Point | null;
  /** all displays (non-empty) */
  displays: DisplayInfo[];
  primary: DisplayInfo;
  platform: Platform;
  /** gap from the work-area edge and from the tray; default 8 */
  margin?: number;
}

export interface Placement {
  x: number;
  y: number;
  display: DisplayInfo;
  edge: Edge;
  anchoredTo: 'tray' | 'cursor' | 'corner';
}

export const DEFAULT_MARGIN = 8;

/**
 * The side of the display the taskbar (or menu bar) sits on: the side whose work area is inset
 * furthest from the display bounds. No inset (an auto-hiding taskbar) or a tie gives 'bottom'.
 */
export function taskbarEdge(display: DisplayInfo): Edge {
  const { bounds: b, workArea: w } = display;
  const insets: [Edge, number][] = [
    ['top', w.y - b.y],
    ['bottom', b.y + b.height - (w.y + w.height)],
    ['left', w.x - b.x],
    ['right', b.x + b.width - (w.x + w.width)],
  ];
  const largest = maxOf(insets.map(([, inset]) => inset));
  const sides = insets.filter(([, inset]) => inset === largest).map(([side]) => side);
  return largest > 0 && sides.length === 1 && sides[0] ? sides[0] : 'bottom';
}

export function placePopover(input: PlacementInput): Placement {
  const { window: size, platform } = input;
  const margin = input.margin ?? DEFAULT_MARGIN;
  const tray = input.tray && input.tray.width > 0 && input.tray.height > 0 ? input.tray : null;
  const cursor = input.cursor ?? null;

  const anchor: Rect | null = tray ?? (cursor ? { ...cursor, width: 0, height: 0 } : null);
  const display = anchor ? displayAt(input.displays, centre(anchor)) : input.primary;
  const edge = taskbarEdge(display);
  const area = display.workArea;

  const wanted = anchor ? besideAnchor(anchor, size, edge, margin) : inCorner(area, size, edge, platform, margin);
  return {
    x: Math.round(clamp(wanted.x, area.x, area.width, size.width, margin)),
    y: Math.round(clamp(wanted.y, area.y, area.height, size.height, margin)),
    display,
    edge,
    anchoredTo: tray ? 'tray' : cursor ? 'cursor' : 'corner',
  };
}

/** Centred on the anchor along the taskbar, just past it towards the work area. */
function besideAnchor(anchor: Rect, size: PlacementInput['window'], edge: Edge, margin: number): Point {
  const mid = centre(anchor);
  switch (edge) {
    case 'top':
      return { x: mid.x - size.width / 2, y: anchor.y + anchor.height + margin };
    case 'bottom':
      return { x: mid.x - size.width / 2, y: anchor.y - size.height - margin };
    case 'left':
      return { x: anchor.x + anchor.width + margin, y: mid.y - size.height / 2 };
    case 'right':
      return { x: anchor.x - size.width - margin, y: mid.y - size.height / 2 };
  }
}

/**
 * The corner trays usually live in: top-right under the macOS menu bar whatever else the work
 * area is inset by; elsewhere the right-hand end of a horizontal taskbar, or the bottom of a
 * vertical one.
 */
function inCorner(area: Rect, size: PlacementInput['window'], edge: Edge, platform: Platform, margin: number): Point {
  const top = platform === 'darwin' || edge === 'top';
  const left = platform !== 'darwin' && edge === 'left';
  return {
    x: left ? area.x + margin : area.x + area.width - size.width - margin,
    y: top ? area.y + margin : area.y + area.height - size.height - margin,
  };
}

/**
 * One axis of "fully inside the work area, `margin` from its edges". When the margins do not fit
 * they shrink; when the window itself does not fit it starts at the work area's start.
 */
function clamp(value: number, start: number, length: number, size: number, margin: number): number {
  const slack = length - size;
  if (slack <= 0) return start;
  const gap = Math.min(margin, slack / 2);
  return Math.min(Math.max(value, start + gap), start + slack - gap);
}

function centre(rect: Rect): Point {
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/** The display containing the point, else the one whose bounds are nearest to it. */
function displayAt(displays: DisplayInfo[], point: Point): DisplayInfo {
  const containing = displays.find(({ bounds: b }) => contains(b, point));
  if (containing) return containing;
  let nearest = displays[0];
  for (const display of displays) {
    if (nearest && distanceSquared(display.bounds, point) < distanceSquared(nearest.bounds, point)) nearest = display;
  }
  if (!nearest) throw new Error('placePopover: no displays');
  return nearest;
}

/** Half-open, so a point on the edge two displays share belongs to only one of them. */
function contains(rect: Rect, point: Point): boolean {
  return (
    point.x >= rect.x && point.x < rect.x + rect.width && point.y >= rect.y && point.y < rect.y + rect.height
  );
}

function distanceSquared(rect: Rect, point: Point): number {
  const dx = Math.max(rect.x - point.x, 0, point.x - (rect.x + rect.width));
  const dy = Math.max(rect.y - point.y, 0, point.y - (rect.y + rect.height));
  return dx * dx + dy * dy;
}
