/**
 * The guide-gap rule, written once: whether the app has a guide it can stand behind for a server,
 * and if not, why. The popover (renderer guide-gap.ts) and the tray's "What's on"
 * (core/tray/tray-view.ts) both read it and say it in the catalogue's words
 * ("No guide from Cabin right now (away since 9:01 AM)"), instead of "nothing airs", "Loading…"
 * or channels held from before.
 */
import type { ConnectionView } from './bridge-connection';
import { clock } from './format';
import { messages, t } from './i18n/messages';

export type GuideGapCause =
  /** this server's version has no guide; `detail` names the version */
  | { kind: 'lacking'; detail: string | null }
  /** paused while the computer sleeps */
  | { kind: 'asleep' }
  /** offline, or connecting again after a failed attempt, since `since` */
  | { kind: 'away'; since: number }
  /** the key was refused */
  | { kind: 'key' }
  /** the server's version is not supported */
  | { kind: 'unsupported' };

/** What the rule reads of a server's state (the core's AppState and the popover's snapshot both have it). */
export interface GuideGapInput {
  guide: { lacking?: boolean; error: string | null };
  onNow: { lacking?: boolean; error: string | null };
  connection: Pick<ConnectionView, 'state' | 'since' | 'attempt' | 'suspended'>;
}

/** Why there is no guide to stand behind, or null while there is one. */
export function guideGapOf(s: GuideGapInput): GuideGapCause | null {
  if (s.guide.lacking || s.onNow.lacking) return { kind: 'lacking', detail: s.guide.error ?? s.onNow.error };
  const c = s.connection;
  if (c.suspended) return { kind: 'asleep' };
  if (c.state === 'offline' || (c.state === 'connecting' && c.attempt > 0)) return { kind: 'away', since: c.since };
  if (c.state === 'unauthorized') return { kind: 'key' };
  if (c.state === 'incompatible') return { kind: 'unsupported' };
  return null;
}

/** The gap in the language in use: "Not in this version of Airwave", "No guide from `server` right now (…)". */
export function guideGapText(cause: GuideGapCause, server: string, locale?: string): string {
  const w = messages().common;
  switch (cause.kind) {
    case 'lacking':
      return w.notInThisVersion;
    case 'asleep':
      return t(w.noGuideAsleep, { server });
    case 'away':
      return t(w.noGuideAway, { server, ...clock(cause.since, 'since', locale) });
    case 'key':
      return t(w.noGuideKey, { server });
    case 'unsupported':
      return t(w.noGuideUnsupported, { server });
  }
}
