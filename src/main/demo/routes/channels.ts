import type { ServerResponse } from 'node:http';
import type { Access } from '../auth';
import type { DemoChannel } from '../channels';
import { fail, intParam, sendJson } from '../http';
import type { Route, RouteContext } from './route';

/**
 * The channel routes: `/channels`, `/channels/by-number/{n}` (and its `/now` and `/schedule` where
 * the stage has them), `/channels/{id}`, `/channels/{id}/now` and `/channels/{id}/schedule`. A
 * channel that is unknown, or hidden from the key, is a JSON 404; on Airwave's own router an admin
 * key asking for an unknown id's now or schedule gets 200 with nulls or an empty list instead.
 */

type Then = (c: DemoChannel) => void;

export function channelRoutes({ world, profile, airing }: RouteContext): Route[] {
  if (!profile.channels) return [];
  const withNumber = (res: ServerResponse, raw: string | undefined, access: Access, then: Then) => {
    // any whole number, as Airwave's document says (integer): a negative or eight-digit channel is a channel
    if (!raw || !/^-?\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
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
  /** now and schedule by id: an admin key's unknown id is an empty answer on real servers */
  const withIdOrEmpty = (res: ServerResponse, raw: string | undefined, access: Access, then: Then, empty: () => unknown) => {
    const channel = raw === undefined ? undefined : world.byId.get(raw);
    if (!channel && profile.realRouter && access.role === 'admin') return sendJson(res, 200, empty());
    withId(res, raw, access, then);
  };
  const schedule = (res: ServerResponse, url: URL, c: DemoChannel) => {
    const hours = intParam(url, 'hours', 1, 24, profile.realBreaks ? 3 : 6);
    if (typeof hours === 'string') return fail(res, 422, 'invalid_request', hours);
    const t = world.clock.now();
    const programs = airing.schedule(c, t, t + hours * 3_600_000);
    if (!profile.realBreaks) return sendJson(res, 200, { channel: world.channelRecord(c), programs });
    sendJson(res, 200, { channelId: c.record.id, serverTime: world.nowIso(), programs });
  };
  const definitionAsked = (url: URL) => url.searchParams.get('include') === 'definition';

  const byNumberNow: Route[] = [
    {
      pattern: /^\/channels\/by-number\/([^/]+)\/now$/,
      handle: (res, _url, [n], access) => withNumber(res, n, access, (c) => sendJson(res, 200, airing.now(c, profile.channelInNow))),
    },
  ];
  const byNumberSchedule: Route[] = [
    {
      pattern: /^\/channels\/by-number\/([^/]+)\/schedule$/,
      handle: (res, url, [n], access) => withNumber(res, n, access, (c) => schedule(res, url, c)),
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
    ...(profile.byNumberSchedule ? byNumberSchedule : []),
    {
      pattern: /^\/channels\/by-number\/([^/]+)$/,
      handle: (res, url, [n], access) =>
        withNumber(res, n, access, (c) => sendJson(res, 200, world.channelRecord(c, definitionAsked(url)))),
    },
    {
      pattern: /^\/channels\/([^/]+)\/now$/,
      handle: (res, _url, [id], access) =>
        withIdOrEmpty(res, id, access, (c) => sendJson(res, 200, airing.now(c, profile.channelInNow)), () => ({ current: null, next: null, endsAt: null })),
    },
    {
      pattern: /^\/channels\/([^/]+)\/schedule$/,
      handle: (res, url, [id], access) =>
        withIdOrEmpty(res, id, access, (c) => schedule(res, url, c), () => ({ channelId: id, serverTime: world.nowIso(), programs: [] })),
    },
    {
      pattern: /^\/channels\/([^/]+)$/,
      handle: (res, url, [id], access) =>
        withId(res, id, access, (c) => sendJson(res, 200, world.channelRecord(c, definitionAsked(url)))),
    },
  ];
}
