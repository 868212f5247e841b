import { computed } from '@preact/signals';
import { guideGapOf, guideGapText } from '../../shared/guide-gap';
import { snapshot } from './state';
import { serverList } from './server-state';
import { common as t } from './strings/common';

/**
 * Whether the popover has a guide it can stand behind for the shown server, and if not, the
 * words for it: "No guide from Cabin right now (away since 9:01 AM)" while the server is away or
 * refuses the key, "Not in this version of Airwave" where its version has none. Search, On now and
 * the channel sheet say this instead of "nothing airs" or "Loading…", and offer no Follow.
 * The rule and its words are shared with the tray's menu (src/shared/guide-gap.ts).
 */
export type GuideGap = { kind: 'lacking'; text: string; detail: string | null } | { kind: 'away'; text: string } | null;

export const guideGap = computed<GuideGap>(() => {
  const s = snapshot.value;
  if (!s) return null;
  const cause = guideGapOf(s);
  if (!cause) return null;
  const name = serverList.value.find((server) => server.selected)?.name ?? s.server?.name ?? s.status.data?.name ?? t.noServer;
  const text = guideGapText(cause, name);
  return cause.kind === 'lacking' ? { kind: 'lacking', text, detail: cause.detail } : { kind: 'away', text };
});
