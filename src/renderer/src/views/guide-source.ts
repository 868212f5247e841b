import type { GuideChannel } from '../../../shared/airwave';
import type { Outcome } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { snapshot } from '../state';

/**
 * Owns where the guide view's data comes from, so the view never reads the snapshot's guide
 * itself: the state of the load, the window shown, and the rows for a range of channels and a
 * span of time. Today the rows are cut from the full guide in the snapshot; later they come from
 * a bridge query for just the visible rows, behind the same functions (a row not yet known is
 * `null`, which the view draws as a placeholder).
 */

export interface GuideStatus {
  /** a window is being fetched */
  loading: boolean;
  /** the window asked for last (minutes ahead) */
  requestedMinutes: number;
  /** the window on screen, null before the first one arrived */
  shownMinutes: number | null;
  /** why the last load failed, in words */
  error: string | null;
  /** the span the shown window covers, ms since the epoch */
  window: { serverTime: number; from: number; to: number } | null;
  channelCount: number;
}

export function guideStatus(): GuideStatus {
  const guide = snapshot.value!.guide;
  const data = guide.data;
  const serverTime = data ? Date.parse(data.serverTime) : 0;
  return {
    loading: guide.loading,
    requestedMinutes: guide.forwardMinutes,
    shownMinutes: data?.windowMinutes ?? null,
    error: guide.error,
    window: data ? { serverTime, from: serverTime - data.backMinutes * 60_000, to: serverTime + data.windowMinutes * 60_000 } : null,
    channelCount: data?.channels.length ?? 0,
  };
}

/** Channels `first`..`last` (exclusive, guide order) with the programmes overlapping [from, to). */
export function guideRows(first: number, last: number, from: number, to: number): (GuideChannel | null)[] {
  const channels = snapshot.value!.guide.data?.channels ?? [];
  return channels.slice(Math.max(0, first), Math.max(0, last)).map((channel) => ({
    ...channel,
    programs: channel.programs.filter((program) => Date.parse(program.endsAt) > from && Date.parse(program.startsAt) < to),
  }));
}

/** Asks for another window (minutes ahead); the outcome says why when it could not be loaded. */
export function requestWindow(forwardMinutes: number): Promise<Outcome<null>> {
  return bridge.loadGuide({ forwardMinutes });
}
