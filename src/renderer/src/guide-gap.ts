import { computed } from '@preact/signals';
import { localTime } from '../../shared/format';
import { snapshot } from './state';
import { serverList } from './server-state';
import { common as t } from './strings/common';

/**
 * Whether the popover has a guide it can stand behind for the shown server, and if not, the
 * words for it: "No guide from Cabin right now (away since 9:01 AM)" while the server is away or
 * refuses the key, "Not in this version of Airwave" where its version has none. Search, On now and
 * the channel sheet say this instead of "nothing airs" or "Loading…", and offer no Follow.
 */
export type GuideGap = { kind: 'lacking'; text: string; detail: string | null } | { kind: 'away'; text: string } | null;

export const guideGap = computed<GuideGap>(() => {
  const s = snapshot.value;
  if (!s) return null;
  if (s.guide.lacking || s.onNow.lacking) return { kind: 'lacking', text: t.notInThisVersion, detail: s.guide.error ?? s.onNow.error };
  const c = s.connection;
  const name = serverList.value.find((server) => server.selected)?.name ?? s.server?.name ?? s.status.data?.name ?? t.noServer;
  if (c.suspended) return { kind: 'away', text: t.noGuideAsleep(name) };
  if (c.state === 'offline' || (c.state === 'connecting' && c.attempt > 0)) return { kind: 'away', text: t.noGuideAway(name, localTime(c.since)) };
  if (c.state === 'unauthorized') return { kind: 'away', text: t.noGuideKey(name) };
  if (c.state === 'incompatible') return { kind: 'away', text: t.noGuideUnsupported(name) };
  return null;
});
