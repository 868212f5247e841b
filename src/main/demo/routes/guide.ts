import { GUIDE_FORWARD_MINUTES, type Guide, type GuideNow } from '../../../shared/airwave';
import { fail, intParam, sendJson } from '../http';
import type { Route, RouteContext } from './route';

/** What is on: `/guide/now` (now and next per channel) and `/guide` (a window of programmes), for the key's channels. */

export function guideRoutes({ world }: RouteContext): Route[] {
  const { schedules, clock } = world;
  return [
    {
      pattern: /^\/guide\/now$/,
      handle: (res, _url, _params, access) => {
        const t = clock.now();
        const body: GuideNow = {
          serverTime: new Date(t).toISOString(),
          channels: world.visible(access).map((c) => {
            const { current, next } = schedules.at(c, t);
            return { ...world.header(c), now: current?.program ?? null, next: next?.program ?? null };
          }),
        };
        sendJson(res, 200, body);
      },
    },
    {
      pattern: /^\/guide$/,
      handle: (res, url, _params, access) => {
        const forward = intParam(url, 'forwardMinutes', GUIDE_FORWARD_MINUTES.min, GUIDE_FORWARD_MINUTES.max, GUIDE_FORWARD_MINUTES.default);
        const back = intParam(url, 'backMinutes', 0, 1440, 60);
        for (const p of [forward, back]) if (typeof p === 'string') return fail(res, 422, 'invalid_request', p);
        const t = clock.now();
        const from = t - (back as number) * 60_000;
        const to = t + (forward as number) * 60_000;
        const body: Guide = {
          serverTime: new Date(t).toISOString(),
          windowMinutes: forward as number,
          backMinutes: back as number,
          channels: world.visible(access).map((c) => ({ ...world.header(c), programs: schedules.between(c, from, to).map((s) => s.program) })),
        };
        sendJson(res, 200, body);
      },
    },
  ];
}
