/**
 * Owns the guide grid's fixed sizes (px) and its zoom steps, shared by the grid, its rows, the
 * ruler, the keyboard handling and the list: one place for each number.
 */

/** The forward windows on offer, in hours: each is also the zoom. */
export const GUIDE_WINDOWS = [1, 3, 6, 12, 24] as const;
export const ROW = 40;
export const RULER = 26;
/** the pinned channel column: star, number over icon, and room for a name like "Cartoon Corner" on two lines */
export const COLUMN = 132;
export const LIST_ROW = 92;
/**
 * rows drawn beyond the visible ones (two: with the controls on one row, two or three more rows
 * are in view than before, and the rows drawn in all stay as many: issue 47), and pixels of
 * timeline beyond the right edge
 */
export const OVERSCAN_ROWS = 2;
export const OVERSCAN_PX = 240;
