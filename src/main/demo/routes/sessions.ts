import type { Session } from '../../../shared/airwave';
import { sendJson } from '../http';
import type { DemoProfile } from '../profile';
import type { Route, RouteContext } from './route';

/**
 * Who is watching: `/sessions/count`, `/sessions` and `/now-playing` (which leaves out viewers in
 * state `off`), each only on the channels the key sees; absent before 0.14.68, and without
 * `deviceId`, `playbackState` and the full device before 0.15.10.
 */

export function sessionRoutes({ world, pool, profile, airing }: RouteContext): Route[] {
  if (!profile.guide) return [];
  return [
    {
      pattern: /^\/sessions\/count$/,
      handle: (res, _url, _params, access) => sendJson(res, 200, { count: world.sessionsFor(pool, access).length }),
    },
    {
      pattern: /^\/sessions$/,
      handle: (res, _url, _params, access) =>
        sendJson(res, 200, { sessions: world.sessionsFor(pool, access).map((s) => airing.wire(staged(s, profile))) }),
    },
    {
      pattern: /^\/now-playing$/,
      handle: (res, _url, _params, access) => {
        const nowPlaying = world
          .sessionsFor(pool, access)
          .filter((s) => s.state !== 'off')
          .map((s) =>
            airing.wire({
              user: s.user,
              channelNumber: s.channel?.number ?? null,
              channelName: s.channel?.name ?? null,
              title: s.title,
              showTitle: s.showTitle,
              artworkUrl: s.artworkUrl,
              progress: s.progress,
              device: s.device ? { model: s.device.model, platform: s.device.platform } : null,
            }),
          );
        sendJson(res, 200, { nowPlaying });
      },
    },
  ];
}

/** A session as a server before 0.15.10 lists it: no deviceId, no playbackState, a device of model and platform. */
function staged(session: Session, profile: DemoProfile): Omit<Session, 'device' | 'deviceId' | 'playbackState'> & { device: unknown } {
  if (profile.deviceDetails) return session;
  const { deviceId: _deviceId, playbackState: _playbackState, device, ...rest } = session;
  return { ...rest, device: device ? { platform: device.platform, model: device.model } : null };
}
