import type { ServerResponse } from 'node:http';
import type { Access } from '../auth';
import type { DemoChannel } from '../channels';
import { fail, intParam, sendJson } from '../http';
import type { Route, RouteContext } from './route';

/**
 * The channel routes: `/channels`, `/channels/by-number/{n}` (and its `/now` where the profile has
 * it), `/channels/{id}`, `/channels/{id}/now` and `/channels/{id}/schedule`. A channel that is
 * unknown, or hidden from the key, is a JSON 404.
 */

type Then = (c: DemoChannel) => void;

export function channelRoutes({ world, profile }: RouteContext): Route[] {
  const withNumber = (res: ServerResponse, raw: string | undefined, access: Access, then: Then) => {
    if (!raw || !/^\d{1,9}$/.test(raw)) {
      return fail(res, 422, 'invalid_request', 'number must be a whole channel number, like 101.');
    }
    const channel = world.byNumber.get(Number(raw));
    if (!channel || !access.sees(channel.record.number)) return fail(res, 404, 'not_found', 'Channel not found.');
    then(channel);
  };
  const withId = (res: ServerResponse, raw: string | undefined, access: Access, then: Then) => {
    const channel = raw === undefined ? undefined : world.byId.get(raw);
    if (!channel || !access.sees(channel.record.number)) return fail(res, 404, 'not_found', 'Channel not found.');
    then(channel);
  };
  const definitionAsked = (url: URL) => url.searchParams.get('include') === 'definition';

  const byNumberNow: Route[] = [
    {
      pattern: /^\/channels\/by-number\/([^/]+)\/now$/,
      handle: (res, _url, [n], access) => withNumber(res, n, access, (c) => sendJson(res, 200, world.channelNow(c, true))),
    },
  ];

  return [
    {
      pattern: /^\/channels$/,
      handle: (res, url, _params, access) => {
        const include = (url.searchParams.get('include') ?? '').split(',').map((s) => s.trim());
        const channels = world.visible(access).map((c) => world.channelRecord(c, include.includes('definition')));
        sendJson(res, 200, { channels });
      },
    },
    ...(profile.byNumberNow ? byNumberNow : []),
    {
      pattern: /^\/channels\/by-number\/([^/]+)$/,
      handle: (res, url, [n], access) =>
        withNumber(res, n, access, (c) => sendJson(res, 200, world.channelRecord(c, definitionAsked(url)))),
    },
    {
      pattern: /^\/channels\/([^/]+)\/now$/,
      handle: (res, _url, [id], access) =>
        withId(res, id, access, (c) => sendJson(res, 200, world.channelNow(c, profile.channelInNow))),
    },
    {
      pattern: /^\/channels\/([^/]+)\/schedule$/,
      handle: (res, url, [id], access) =>
        withId(res, id, access, (c) => {
          const hours = intParam(url, 'hours', 1, 24, 6);
          if (typeof hours === 'string') return fail(res, 422, 'invalid_request', hours);
          const t = world.clock.now();
          const programs = world.schedules.between(c, t, t + hours * 3_600_000).map((s) => s.program);
          sendJson(res, 200, { channel: world.channelRecord(c), programs });
        }),
    },
    {
      pattern: /^\/channels\/([^/]+)$/,
      handle: (res, url, [id], access) =>
        withId(res, id, access, (c) => sendJson(res, 200, world.channelRecord(c, definitionAsked(url)))),
    },
  ];
}
