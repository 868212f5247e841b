/**
 * Owns what the app says of a programme the server named but whose times cannot be read (issue
 * 48): its name with "times unknown", in On now, the channel sheet and the tray alike, never
 * "Nothing on". The reading is the contract's (`withUntimed` in airwave/common.ts).
 */
import type { UntimedProgram } from './airwave/common';
import { programmeTitle } from './format';
import { messages, t } from './i18n/messages';

/** "times unknown · Friends: The One with the Cake" in one line (the tray's menu, where a long line is cut at its end), in the language in use. */
export const untimedLine = (program: Pick<UntimedProgram, 'title' | 'showTitle'>): string => t(messages().onNow.timesUnknown, { title: programmeTitle(program) });

/** What a row or an answer holds on now without times: the named programme, when nothing timed airs. */
/** "times unknown", where the title stands on a line of its own (On now, the channel sheet). */
export const untimedNote = (): string => messages().onNow.timesUnknownNote;

export function untimedNow(slots: { nowUntimed?: UntimedProgram; currentUntimed?: UntimedProgram }): UntimedProgram | null {
  return slots.nowUntimed ?? slots.currentUntimed ?? null;
}
