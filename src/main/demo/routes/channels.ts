import type { ServerResponse } from 'node:http';
import type { DemoChannel } from '../channels';
import { fail, intParam, sendJson } from '../http';
import type { Route, RouteContext } from './route';

/**
 * The channel routes: `/channels`, `/channels/by-number/{n}` and its `/now`, `/channels/{id}`,
 * `/channels/{id}/now` and `/channels/{id}/schedule`. An unknown channel is a JSON 404.
 */

export function channelRoutes({ world }: RouteContext): Route[] {
  const withNumber = (res: ServerResponse, raw: string | undefined, then: (c: DemoChannel) => void) => {
    if (!raw || !/^\d{1,9}$/.test(raw)) {
      return fail(res, 422, 'invalid_request', 'number must be a whole channel number, like 101.');
    }
    const channel = world.byNumber.get(Number(raw));
    if (!channel) return fail(res, 404, 'not_found', 'Channel not found.');
    then(channel);
  };
  const withId = (res: ServerResponse, raw: string | undefined, then: (c: DemoChannel) => void) => {
    const channel = raw === undefined ? undefined : world.byId.get(raw);
    if (!channel) return fail(res, 404, 'not_found', 'Channel not found.');
    then(channel);
  };
  const definitionAsked = (url: URL) => url.searchParams.get('include') === 'definition';

  return [
    {
      pattern: /^\/channels$/,
      handle: (res, url) => {
        const include = (url.searchParams.get('include') ?? '').split(',').map((s) => s.trim());
        sendJson(res, 200, { channels: world.channels.map((c) => world.channelRecord(c, include.includes('definition'))) });
      },
    },
    {
      pattern: /^\/channels\/by-number\/([^/]+)\/now$/,
      handle: (res, _url, [n]) => withNumber(res, n, (c) => sendJson(res, 200, world.channelNow(c))),
    },
    {
      pattern: /^\/channels\/by-number\/([^/]+)$/,
      handle: (res, url, [n]) => withNumber(res, n, (c) => sendJson(res, 200, world.channelRecord(c, definitionAsked(url)))),
    },
    {
      pattern: /^\/channels\/([^/]+)\/now$/,
      handle: (res, _url, [id]) => withId(res, id, (c) => sendJson(res, 200, world.channelNow(c))),
    },
    {
      pattern: /^\/channels\/([^/]+)\/schedule$/,
      handle: (res, url, [id]) =>
        withId(res, id, (c) => {
          const hours = intParam(url, 'hours', 1, 24, 6);
          if (typeof hours === 'string') return fail(res, 422, 'invalid_request', hours);
          const t = world.clock.now();
          const programs = world.schedules.between(c, t, t + hours * 3_600_000).map((s) => s.program);
          sendJson(res, 200, { channel: world.channelRecord(c), programs });
        }),
    },
    {
      pattern: /^\/channels\/([^/]+)$/,
      handle: (res, url, [id]) => withId(res, id, (c) => sendJson(res, 200, world.channelRecord(c, definitionAsked(url)))),
    },
  ];
}
