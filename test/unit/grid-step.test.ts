import { describe, expect, it } from 'vitest';
import { GRID_PAGE, gridStep } from '../../src/renderer/src/components/grid-step';

// Where the keys move focus in the search results' grid, whose rows hold 1 to 3 cells.

describe('grid step', () => {
  // a programme row (title, bell, follow), a channel row (its name only), two more programme rows
  const widths = [3, 1, 3, 3];

  it('moves by row with Up and Down, keeping the column where the row has one', () => {
    expect(gridStep('ArrowDown', { row: 0, col: 2 }, widths)).toEqual({ row: 1, col: 0 });
    expect(gridStep('ArrowDown', { row: 1, col: 0 }, widths)).toEqual({ row: 2, col: 0 });
    expect(gridStep('ArrowDown', { row: 2, col: 1 }, widths)).toEqual({ row: 3, col: 1 });
    expect(gridStep('ArrowDown', { row: 3, col: 1 }, widths)).toEqual({ row: 3, col: 1 }); // the last row stays
    expect(gridStep('ArrowUp', { row: 3, col: 2 }, widths)).toEqual({ row: 2, col: 2 });
    expect(gridStep('ArrowUp', { row: 0, col: 1 }, widths)).toBe('before'); // back to the field
  });

  it('moves between a row main cell and its actions with Left and Right, never out of the row', () => {
    expect(gridStep('ArrowRight', { row: 0, col: 0 }, widths)).toEqual({ row: 0, col: 1 });
    expect(gridStep('ArrowRight', { row: 0, col: 2 }, widths)).toEqual({ row: 0, col: 2 });
    expect(gridStep('ArrowLeft', { row: 0, col: 0 }, widths)).toEqual({ row: 0, col: 0 });
    expect(gridStep('ArrowRight', { row: 1, col: 0 }, widths)).toEqual({ row: 1, col: 0 });
  });

  it('goes to the row ends with Home and End, and the grid ends with Ctrl', () => {
    expect(gridStep('End', { row: 2, col: 0 }, widths)).toEqual({ row: 2, col: 2 });
    expect(gridStep('Home', { row: 2, col: 2 }, widths)).toEqual({ row: 2, col: 0 });
    expect(gridStep('Home', { row: 2, col: 2 }, widths, true)).toEqual({ row: 0, col: 0 });
    expect(gridStep('End', { row: 0, col: 0 }, widths, true)).toEqual({ row: 3, col: 2 });
  });

  it('pages a few rows at a time, and ignores other keys and an empty grid', () => {
    const long = Array.from({ length: 12 }, () => 3);
    expect(gridStep('PageDown', { row: 0, col: 1 }, long)).toEqual({ row: GRID_PAGE, col: 1 });
    expect(gridStep('PageDown', { row: 10, col: 1 }, long)).toEqual({ row: 11, col: 1 });
    expect(gridStep('PageUp', { row: 3, col: 0 }, long)).toEqual({ row: 0, col: 0 });
    expect(gridStep('a', { row: 0, col: 0 }, widths)).toBeNull();
    expect(gridStep('ArrowDown', { row: 0, col: 0 }, [])).toBeNull();
  });
});
