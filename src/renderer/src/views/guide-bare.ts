import type { GuideChannel } from '../../../shared/airwave';
import { block, TITLE_MIN_PX, type Timeline } from './guide-timeline';

/**
 * Owns "most blocks bare": whether most programmes in view (the rows drawn, the time across the
 * width) are too narrow for a title at this zoom, so the guide can say so instead of showing rows
 * of empty boxes without a word. Counts at most MAX_COUNTED blocks (bounded work per draw).
 */

const MAX_COUNTED = 400;
/** fewer blocks in view than this say nothing either way */
const MIN_COUNTED = 6;

export function mostlyBare(rows: readonly (GuideChannel | null)[], line: Timeline, from: number, to: number): boolean {
  let bare = 0;
  let counted = 0;
  for (const row of rows) {
    if (!row) continue;
    for (const program of row.programs) {
      const place = block(line, Date.parse(program.startsAt), Date.parse(program.endsAt), from, to);
      if (!place) continue;
      counted++;
      if (place.width < TITLE_MIN_PX) bare++;
      if (counted >= MAX_COUNTED) return bare * 2 > counted;
    }
  }
  return counted >= MIN_COUNTED && bare * 2 > counted;
}
