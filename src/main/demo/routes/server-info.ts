import { EventTypes, type Status } from '../../../shared/airwave';
import type { Access } from '../auth';
import { PACKAGES } from '../channels';
import { fail, sendJson } from '../http';
import type { WebhookBook } from '../webhooks';
import type { Route, RouteContext } from './route';

/**
 * The server's description of itself: `/status` (without uptime and counts before 0.14.68 and on
 * a legacy server; counts are per key), `/capabilities` (from 0.14.67), `/packages` (a viewer's
 * key: the packages of its channels; from 0.14.68) and `/webhooks` (admin keys only, from 0.14.71).
 */

export function serverInfoRoutes({ world, pool, profile, sse }: RouteContext, webhooks: WebhookBook): Route[] {
  const packagesFor = (access: Access) => {
    const visible = world.visible(access);
    const counts = new Map<string, number>();
    for (const c of visible) if (c.record.package) counts.set(c.record.package.id, (counts.get(c.record.package.id) ?? 0) + 1);
    // Airwave lists only packages with a channel the key may see, each with how many.
    if (profile.realRouter) return PACKAGES.filter((p) => counts.has(p.id)).map((p) => ({ ...p, channelCount: counts.get(p.id) ?? 0 }));
    if (access.role === 'admin') return PACKAGES;
    return PACKAGES.filter((p) => counts.has(p.id));
  };
  const routes: Route[] = [
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
  ];
  if (profile.capabilities) {
    routes.push({
      pattern: /^\/capabilities$/,
      handle: (res) => {
        const body = {
          apiVersion: 'v1',
          serverVersion: profile.version,
          features: { workflowEngine: true, scopedKeys: true, demo: true },
          webhooks: {
            supported: profile.webhooks || !profile.realRouter,
            eventTypes: profile.webhooks || !profile.realRouter ? EventTypes.filter((t) => t !== 'ping') : [],
          },
          sse: { supported: sse() },
        };
        sendJson(res, 200, body);
      },
    });
  }
  if (profile.guide) {
    routes.push({ pattern: /^\/packages$/, handle: (res, _url, _params, access) => sendJson(res, 200, { packages: packagesFor(access) }) });
  }
  if (profile.webhooks) {
    routes.push({
      pattern: /^\/webhooks$/,
      handle: (res, _url, _params, access) => {
        if (access.role !== 'admin') return fail(res, 403, 'forbidden', 'Webhook management requires an admin API key.');
        sendJson(res, 200, { webhooks: webhooks.list() });
      },
    });
  }
  return routes;
}
