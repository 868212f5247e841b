import { EventTypes, type Capabilities, type Status } from '../../../shared/airwave';
import { PACKAGES } from '../channels';
import { sendJson } from '../http';
import { DEMO_VERSION } from '../world';
import type { Route, RouteContext } from './route';

/** The server's description of itself: `/status`, `/capabilities` and `/packages`. */

export function serverInfoRoutes({ world, pool, sse }: RouteContext): Route[] {
  return [
    {
      pattern: /^\/status$/,
      handle: (res) => {
        const body: Status = {
          product: 'airwave',
          version: DEMO_VERSION,
          instanceId: world.instanceId,
          name: world.name,
          time: world.nowIso(),
          timezone: 'Europe/London',
          uptimeSeconds: Math.max(0, Math.floor((world.clock.now() - world.startedAt) / 1000)),
          counts: { channels: world.channels.length, packages: PACKAGES.length, activeSessions: pool.list().length },
        };
        sendJson(res, 200, body);
      },
    },
    {
      pattern: /^\/capabilities$/,
      handle: (res) => {
        const body: Capabilities = {
          apiVersion: 'v1',
          serverVersion: DEMO_VERSION,
          features: { workflowEngine: true, scopedKeys: true, demo: true },
          webhooks: { supported: true, eventTypes: EventTypes.filter((t) => t !== 'ping') },
          sse: { supported: sse() },
        };
        sendJson(res, 200, body);
      },
    },
    { pattern: /^\/packages$/, handle: (res) => sendJson(res, 200, { packages: PACKAGES }) },
  ];
}
