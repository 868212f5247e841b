import type { GuideNowRow, Program } from '../../../shared/airwave';
import { clock, programmeTitle } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';
import { onAir, type OnAir } from '../../../shared/on-air';
import { untimedLine, untimedNow } from '../../../shared/untimed';

/**
 * What a channel's row says in the tray's "What's on" menu, as On now says it (its one rule,
 * shared/on-air.ts): the programme airing (moving on to the held next one), else one named whose
 * times cannot be read ("times unknown", issue 48), else a break named as one with what follows
 * and when, else nothing on. Worked out as the menu is drawn, so a closed popover keeps no timers
 * per row.
 */

/** What a channel has on at `now` (On now's one rule, shared/on-air.ts): a programme, or a break and what it leads to. */
export function channelOnAir(row: GuideNowRow, now: number): OnAir<Program> {
  return onAir([row.now, row.next], now);
}

/** The programme on a channel at `now` (never a break), moving on to `next` when `now` has ended since the fetch. */
export function currentProgramme(row: GuideNowRow, now: number): Program | null {
  return channelOnAir(row, now).current;
}

export function programmeLabel(program: Program | null): string {
  if (!program) return messages().tray.nothingOn;
  if (program.ratingKey === null) return messages().tray.bumper;
  return programmeTitle(program);
}

/** What's on, in words: the programme, or a break named as one with what follows and when ("Break · then Amélie's Bicycle at 9:54 PM"), as On now says it. */
export function onAirLabel(air: OnAir<Program>, locale?: string): string {
  if (air.current) return programmeLabel(air.current);
  if (air.break) return t(messages().onNow.breakLine, { ...clock(air.break.at, 'time', locale), title: programmeTitle(air.break.then) });
  return messages().tray.nothingOn;
}

/** A row's words for the menu: what airs, else the programme named without times ("times unknown", issue 48), else a break or nothing on. */
export function rowLabel(row: GuideNowRow, now: number, locale?: string): string {
  const air = channelOnAir(row, now);
  const untimed = air.current ? null : untimedNow(row);
  return untimed ? untimedLine(untimed) : onAirLabel(air, locale);
}
