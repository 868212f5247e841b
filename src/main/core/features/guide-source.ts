/**
 * What the features read of a server's schedule, in one place: the next 24 hours of the guide (for
 * the watchlist) and one channel's next hour (to check a reminder). When the guide fetch changes
 * (a streamed guide store), only this file follows it.
 */
import type { Guide, GuideChannel } from '../../../shared/airwave';
import type { AppState } from '../state';
import { isApiError, type AirwaveClient } from '../client';
import { windowOf, type ScheduleWindow } from './schedule-check';

/** The guide for the next 24 hours, without past programmes: one request. */
export function fetchDayGuide(client: AirwaveClient): Promise<Guide> {
  return client.guide(1440, { backMinutes: 0 });
}

export type ChannelWindow = (client: AirwaveClient | null, state: AppState, channelId: string, at: number, now: number) => Promise<ScheduleWindow | null>;

/**
 * One channel's programmes around `at`: `/channels/{id}/schedule?hours=1` where the server has it,
 * else the guide the app holds, else the now/next row of `/guide/now`. Null when none covers it.
 * A server whose router has no schedule route (a plain 404) is not asked again.
 */
export function channelWindowSource(held: HeldRow): ChannelWindow {
  const noScheduleRoute = new Set<string>();
  return (client, state, channelId, at, now) => channelWindow(noScheduleRoute, held, client, state, channelId, at, now);
}

/** A channel's row in the guide window the app holds (null when it holds none, or not that channel). */
export type HeldRow = (channelId: string) => GuideChannel | null;

async function channelWindow(noScheduleRoute: Set<string>, heldRow: HeldRow, client: AirwaveClient | null, state: AppState, channelId: string, at: number, now: number): Promise<ScheduleWindow | null> {
  const root = client?.server.root ?? '';
  if (client && !noScheduleRoute.has(root) && channelId !== '.' && channelId !== '..') {
    try {
      const { programs } = await client.channelSchedule(channelId, 1);
      return { programs, from: now, to: now + 60 * 60_000 };
    } catch (error) {
      if (isApiError(error) && error.kind === 'unauthorized') throw error;
      if (isApiError(error) && error.kind === 'not-found' && error.serverCode === undefined) {
        if (noScheduleRoute.size > 100) noScheduleRoute.clear();
        noScheduleRoute.add(root);
      }
      // otherwise (a missing channel, a bad answer, no network): what the app holds decides
    }
  }
  const held = heldRow(channelId);
  const fromGuide = held ? windowOf(held.programs) : null;
  if (fromGuide && fromGuide.from <= at && at < fromGuide.to) return fromGuide;
  const row = state.onNow.data?.channels.find((c) => c.id === channelId);
  return row ? windowOf([row.now, row.next]) : fromGuide;
}
