/**
 * Owns where a key moves focus in a grid of rows whose rows hold different numbers of cells (the
 * search results: a programme row has its title and two actions, a channel row only its name).
 * Pure, so it is tested without a page. The view maps the answer onto its elements.
 */

/** A place in the grid: the row (0-based) and the cell in it (0-based). */
export interface GridPlace {
  row: number;
  col: number;
}

/** What a key does: a place to focus, "before" (above the first row: back to what leads in), or nothing. */
export type GridMove = GridPlace | 'before' | null;

/** Rows moved by Page Up and Page Down. */
export const GRID_PAGE = 5;

/**
 * Where `key` goes from `from`, given how many cells each row has (`widths`, each at least 1).
 * Up and Down keep the column where the row has it, else take the row's last cell; Up from the
 * first row is "before". Left and Right stay in the row. Home and End go to the row's first and
 * last cell, with Ctrl (or Cmd) to the first cell of the first row and the last of the last.
 */
export function gridStep(key: string, from: GridPlace, widths: readonly number[], ctrl = false): GridMove {
  const rows = widths.length;
  if (rows === 0) return null;
  const row = Math.max(0, Math.min(rows - 1, from.row));
  const at = (r: number, col: number): GridPlace => ({ row: r, col: Math.max(0, Math.min(widths[r]! - 1, col)) });
  switch (key) {
    case 'ArrowDown':
      return at(Math.min(rows - 1, row + 1), from.col);
    case 'ArrowUp':
      return row === 0 ? 'before' : at(row - 1, from.col);
    case 'ArrowRight':
      return at(row, from.col + 1);
    case 'ArrowLeft':
      return at(row, from.col - 1);
    case 'Home':
      return ctrl ? at(0, 0) : at(row, 0);
    case 'End':
      return ctrl ? at(rows - 1, widths[rows - 1]! - 1) : at(row, widths[row]! - 1);
    case 'PageDown':
      return at(Math.min(rows - 1, row + GRID_PAGE), from.col);
    case 'PageUp':
      return at(Math.max(0, row - GRID_PAGE), from.col);
    default:
      return null;
  }
}
