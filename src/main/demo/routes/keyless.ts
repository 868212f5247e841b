import type { ServerResponse } from 'node:http';
import { API_PREFIX } from '../../../shared/airwave';
import { sendJson } from '../http';
import type { DemoProfile } from '../profile';
import type { DemoWorld } from '../world';

/**
 * What answers without a key on Airwave's own server: `GET /api/identity` (which server this is),
 * `GET /api/health`, and `GET /api/public/v1/openapi.json`, the OpenAPI document whose `paths` list
 * every public route this stage has (`/events` aside), so a client can learn them without trying.
 */

/** The public routes a stage has, as its OpenAPI document names them (relative to the API prefix). */
export function publicPaths(profile: DemoProfile): string[] {
  const paths = ['/status'];
  if (profile.capabilities) paths.push('/capabilities');
  if (profile.channels) {
    paths.push('/channels', '/channels/{channelId}', '/channels/by-number/{number}', '/channels/{channelId}/now', '/channels/{channelId}/schedule');
  }
  if (profile.byNumberNow) paths.push('/channels/by-number/{number}/now');
  if (profile.byNumberSchedule) paths.push('/channels/by-number/{number}/schedule');
  if (profile.guide) paths.push('/guide', '/guide/now', '/packages', '/sessions', '/sessions/count', '/now-playing');
  if (profile.artwork === 'url') paths.push('/channels/{channelId}/artwork/{ratingKey}');
  if (profile.webhooks) paths.push('/webhooks');
  return paths;
}

function openApiDocument(profile: DemoProfile): unknown {
  const paths: Record<string, unknown> = {};
  for (const path of publicPaths(profile)) paths[path] = { get: { responses: { 200: { description: 'OK' } } } };
  return {
    openapi: '3.1.0',
    info: { title: 'Airwave Public API', version: profile.version },
    servers: [{ url: API_PREFIX }],
    paths,
  };
}

/** Answers a keyless route and returns true, or returns false for any other path. */
export function answerKeyless(res: ServerResponse, pathname: string, world: DemoWorld, profile: DemoProfile): boolean {
  if (profile.identity && pathname === '/api/identity') {
    sendJson(res, 200, { product: 'airwave', version: profile.version, instanceId: world.instanceId, name: world.name });
    return true;
  }
  if (profile.identity && pathname === '/api/health') {
    sendJson(res, 200, { ok: true });
    return true;
  }
  if (profile.openapi && pathname === `${API_PREFIX}/openapi.json`) {
    sendJson(res, 200, openApiDocument(profile));
    return true;
  }
  return false;
}
