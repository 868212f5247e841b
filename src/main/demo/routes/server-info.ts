import { EventTypes, type Capabilities, type Status } from '../../../shared/airwave';
import type { Access } from '../auth';
import { PACKAGES } from '../channels';
import { sendJson } from '../http';
import type { Route, RouteContext } from './route';

/**
 * The server's description of itself: `/status` (without uptime and counts on a legacy server;
 * counts are per key), `/capabilities` and `/packages` (a viewer's key: the packages of its channels).
 */

export function serverInfoRoutes({ world, pool, profile, sse }: RouteContext): Route[] {
  const packagesFor = (access: Access) => {
    if (access.role === 'admin') return PACKAGES;
    const ids = new Set(world.visible(access).map((c) => c.record.package?.id));
    return PACKAGES.filter((p) => ids.has(p.id));
  };
  return [
    {
      pattern: /^\/status$/,
      handle: (res, _url, _params, access) => {
        const identity = {
          product: 'airwave',
          version: profile.version,
          instanceId: world.instanceId,
          name: world.name,
          time: world.nowIso(),
          timezone: 'Europe/London',
        };
        if (!profile.fullStatus) return sendJson(res, 200, identity);
        const body: Status = {
          ...identity,
          uptimeSeconds: Math.max(0, Math.floor((world.clock.now() - world.startedAt) / 1000)),
          counts: {
            channels: world.visible(access).length,
            packages: packagesFor(access).length,
            activeSessions: world.sessionsFor(pool, access).length,
          },
        };
        sendJson(res, 200, body);
      },
    },
    {
      pattern: /^\/capabilities$/,
      handle: (res) => {
        const body: Capabilities = {
          apiVersion: 'v1',
          serverVersion: profile.version,
          features: { workflowEngine: true, scopedKeys: true, demo: true },
          webhooks: { supported: true, eventTypes: EventTypes.filter((t) => t !== 'ping') },
          sse: { supported: sse() },
        };
        sendJson(res, 200, body);
      },
    },
    { pattern: /^\/packages$/, handle: (res, _url, _params, access) => sendJson(res, 200, { packages: packagesFor(access) }) },
  ];
}
