import type { ServerResponse } from 'node:http';
import { GUIDE_FORWARD_MINUTES, type Guide } from '../../../shared/airwave';
import { fail, intParam, isRewritten, sendJson } from '../http';
import type { Route, RouteContext } from './route';

/**
 * What is on: `/guide/now` (now and next per channel) and `/guide` (a window of programmes), for the
 * key's channels, with breaks as the profile's server has them (airing.ts); absent before 0.14.68. `/guide` is written channel by channel as it is built, so a client sees the first
 * rows before the last are computed; the bytes are exactly those of `JSON.stringify` of the whole.
 */

export function guideRoutes({ world, profile, airing }: RouteContext): Route[] {
  if (!profile.guide) return [];
  const { clock } = world;
  return [
    {
      pattern: /^\/guide\/now$/,
      handle: (res, _url, _params, access) => {
        const t = clock.now();
        const body = {
          serverTime: new Date(t).toISOString(),
          channels: world.visible(access).map((c) => ({ ...world.header(c), ...airing.guideNow(c, t) })),
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
        const head: Omit<Guide, 'channels'> = { serverTime: new Date(t).toISOString(), windowMinutes: forward as number, backMinutes: back as number };
        const channels = world.visible(access);
        // with an answer hook set (tests), the window is sent whole, so the hook can rewrite it
        if (isRewritten(res)) return sendJson(res, 200, { ...head, channels: channels.map((c) => ({ ...world.header(c), programs: airing.guide(c, from, to) })) });
        void streamGuide(res, head, channels.length, (i) => {
          const c = channels[i]!;
          return { ...world.header(c), programs: airing.guide(c, from, to) };
        });
      },
    },
  ];
}

/** Flush to the socket once this much text is waiting (fewer, larger writes). */
const FLUSH_CHARS = 64 * 1024;

/**
 * Writes `{...head, channels: [...]}` as JSON, one channel at a time, waiting for the socket to
 * drain when it is full and stopping if the client goes away. Same bytes as one `JSON.stringify`.
 */
async function streamGuide(res: ServerResponse, head: Omit<Guide, 'channels'>, count: number, channel: (i: number) => unknown): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  const opening = JSON.stringify(head);
  let pending = `${opening.slice(0, -1)}${opening.length > 2 ? ',' : ''}"channels":[`;
  for (let i = 0; i < count; i++) {
    if (res.destroyed) return;
    pending += (i > 0 ? ',' : '') + JSON.stringify(channel(i));
    if (pending.length >= FLUSH_CHARS) {
      const more = res.write(pending);
      pending = '';
      if (!more) await drained(res);
    }
  }
  if (!res.destroyed) res.end(`${pending}]}`);
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
