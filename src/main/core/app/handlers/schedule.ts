/**
 * The channel sheet's "later" list: one channel's programmes for the next hours, from the server's
 * schedule route when it has one (channel-schedule.ts: asked once with the lookup, its own times
 * learned), else (or while the server is away) from the guide the app holds, with the rule's times.
 * A server whose `/openapi.json` does not list the route is not asked.
 */
import { hasRoute, ROUTES, type Program } from '../../../../shared/airwave';
import type { BridgeHandlers, ChannelScheduleView, Outcome } from '../../../../shared/bridge';
import { isApiError, isMissingResource, isMissingRoute } from '../../client';
import type { StateStore } from '../../state';
import type { EngineView } from '../servers';
import type { ChannelSchedules } from './channel-schedule';
import { failed, failure, ok } from './outcome';
import { messages } from '../../../../shared/i18n/messages';

export function scheduleHandlers(engine: EngineView, store: StateStore, now: () => number, schedules: ChannelSchedules): Pick<BridgeHandlers, 'getSchedule'> {
  return {
    // one request per person opening a sheet (the client's governor spaces and coalesces them)
    getSchedule: async ({ channelId, hours }) => {
      const client = engine.client;
      if (!client) return failed('unconfigured', messages().errors.connectFirst);
      if (hasRoute(store.state.routes, ROUTES.schedule) === false) {
        return fromGuide(engine, store, channelId, hours, now()) ?? failed('unavailable', messages().errors.noSchedule, messages().errors.noScheduleFix);
      }
      try {
        return ok({ channelId, source: 'server', asOf: null, programs: await schedules.programmes(channelId, hours) });
      } catch (error) {
        if (isMissingResource(error)) return failed('not-found', messages().errors.channelGone);
        if (isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'cancelled')) return failure(error);
        // no schedule route on this server, or the server is away: what the held guide says
        const held = fromGuide(engine, store, channelId, hours, now());
        if (held) return held;
        if (isMissingRoute(error)) {
          return failed('unavailable', messages().errors.noSchedule, messages().errors.noScheduleFix);
        }
        return failure(error);
      }
    },
  };
}

/** The held guide's programmes of the channel from now to `hours` ahead (the rule's times: GuideWindows.row), or null when it does not have the channel. */
function fromGuide(engine: EngineView, store: StateStore, channelId: string, hours: number, at: number): Outcome<ChannelScheduleView> | null {
  const guide = store.state.guide;
  const row = engine.guide.row(channelId);
  if (!row) return null;
  const until = at + hours * 3_600_000;
  const programs = row.programs.filter((program: Program) => Date.parse(program.endsAt) > at && Date.parse(program.startsAt) < until);
  return ok({ channelId, source: 'guide', asOf: guide.updatedAt, programs });
}
