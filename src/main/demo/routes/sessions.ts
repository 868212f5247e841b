import type { NowPlaying } from '../../../shared/airwave';
import { sendJson } from '../http';
import type { Route, RouteContext } from './route';

/**
 * Who is watching: `/sessions/count`, `/sessions` and `/now-playing` (which leaves out viewers in
 * state `off`), each only on the channels the key sees.
 */

export function sessionRoutes({ world, pool }: RouteContext): Route[] {
  return [
    {
      pattern: /^\/sessions\/count$/,
      handle: (res, _url, _params, access) => sendJson(res, 200, { count: world.sessionsFor(pool, access).length }),
    },
    {
      pattern: /^\/sessions$/,
      handle: (res, _url, _params, access) => sendJson(res, 200, { sessions: world.sessionsFor(pool, access) }),
    },
    {
      pattern: /^\/now-playing$/,
      handle: (res, _url, _params, access) => {
        const body: NowPlaying = {
          nowPlaying: world
            .sessionsFor(pool, access)
            .filter((s) => s.state !== 'off')
            .map((s) => ({
              user: s.user,
              channelNumber: s.channel?.number ?? null,
              channelName: s.channel?.name ?? null,
              title: s.title,
              showTitle: s.showTitle,
              artworkUrl: s.artworkUrl,
              progress: s.progress,
              device: s.device ? { model: s.device.model, platform: s.device.platform } : null,
            })),
        };
        sendJson(res, 200, body);
      },
    },
  ];
}
