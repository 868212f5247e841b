import { signal } from '@preact/signals';
import type { HistoryRangeRequest, PersonRef } from '../../../shared/bridge';

/**
 * What History shows, kept apart from its (lazily loaded) view so a card, a log line, the away line
 * or a notification can open it on a range or a person before it renders: the range, all servers
 * or one, and the person whose page is open (null: the overview). `openHistory` (state.ts) sets them
 * and shows the tab.
 */
export const historyRange = signal<HistoryRangeRequest>({ span: '24h' });
/** null: every server together */
export const historyServer = signal<string | null>(null);
export const historyPerson = signal<PersonRef | null>(null);

/** Points History at a range and a person's page (or the overview). */
export function aimHistory(target: { range?: HistoryRangeRequest; person?: PersonRef | null }): void {
  if (target.range) historyRange.value = target.range;
  historyPerson.value = target.person ?? null;
}
