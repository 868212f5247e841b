import type { NowPlaying } from '../../../shared/airwave';
import { sendJson } from '../http';
import type { Route, RouteContext } from './route';

/** Who is watching: `/sessions/count`, `/sessions` and `/now-playing` (which leaves out viewers in state `off`). */

export function sessionRoutes({ pool }: RouteContext): Route[] {
  return [
    { pattern: /^\/sessions\/count$/, handle: (res) => sendJson(res, 200, { count: pool.list().length }) },
    { pattern: /^\/sessions$/, handle: (res) => sendJson(res, 200, { sessions: pool.list() }) },
    {
      pattern: /^\/now-playing$/,
      handle: (res) => {
        const body: NowPlaying = {
          nowPlaying: pool
            .list()
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
