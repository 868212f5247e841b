import type { GuideNowRow, Program } from '../../../shared/airwave';
import { airing, programmeTitle } from '../../../shared/format';
import { messages } from '../../../shared/i18n/messages';
import { untimedLine, untimedNow } from '../../../shared/untimed';

/**
 * What a channel's row says in the tray's "What's on" menu: the programme airing (moving on to the
 * held next one), a break, one named whose times cannot be read ("times unknown", issue 48), or
 * nothing on. Worked out as the menu is drawn, so a closed popover keeps no timers per row.
 */

/** The programme on a channel at `now`, moving on to `next` when `now` has ended since the fetch. */
export function currentProgramme(row: GuideNowRow, now: number): Program | null {
  return airing([row.now, row.next], now);
}

export function programmeLabel(program: Program | null): string {
  if (!program) return messages().tray.nothingOn;
  if (program.ratingKey === null) return messages().tray.bumper;
  return programmeTitle(program);
}

/** What a channel has on, for the menu: the programme airing, else one named whose times cannot be read ("times unknown", issue 48), else nothing on. */
export function rowLabel(row: GuideNowRow, now: number): string {
  const program = currentProgramme(row, now);
  const untimed = program ? null : untimedNow(row);
  return untimed ? untimedLine(untimed) : programmeLabel(program);
}
