import { systemClock, type Clock } from '../common/clock';
import { demoKey, KeyRing } from './auth';
import { createControls, type DemoControls } from './controls';
import { EventHub } from './event-hub';
import { listen } from './listener';
import { createRouter } from './router';
import { SessionPool } from './sessions';
import { DemoWorld } from './world';

/**
 * The demo Airwave server: the public API of airwave-api.md on node:http, with generated channels,
 * schedules, viewers and artwork, and the /events stream. Used by the tests, `npm run demo-server`
 * and the app's "Try the demo". `startDemoServer` only wires the parts; everything follows from the
 * seed and the injected clock.
 */

export interface DemoOptions {
  /** 0 (default) picks a free port */
  port?: number;
  host?: string;
  seed?: number | string;
  channels?: number;
  /** viewers watching at start */
  viewers?: number;
  /** average new viewers per hour; 0 keeps the viewers fixed */
  churn?: number;
  clock?: Clock;
  /** offer the /events stream (capabilities.sse.supported) */
  sse?: boolean;
  apiKey?: string;
  /** open event streams allowed at once; more get 503 */
  maxStreams?: number;
  name?: string;
}

export interface DemoServer {
  /** http://host:port, no trailing slash */
  url: string;
  port: number;
  key: string;
  controls: DemoControls;
  close(): Promise<void>;
}

export async function startDemoServer(options: DemoOptions = {}): Promise<DemoServer> {
  const seed = options.seed ?? 1;
  const clock = options.clock ?? systemClock;
  const world = new DemoWorld(seed, clock, options.name ?? 'Airwave Demo', options.channels ?? 24);
  const keys = new KeyRing(options.apiKey ?? demoKey(seed));
  const hub = new EventHub({
    clock,
    maxStreams: options.maxStreams ?? 8,
    hello: () => ({ name: world.name, instanceId: world.instanceId }),
  });
  let sse = options.sse ?? true;

  const pool = new SessionPool(seed, clock, world.channels, world.schedules, (type, session) => hub.emit(type, session), Math.max(0, options.churn ?? 4));
  pool.begin(Math.max(0, Math.floor(options.viewers ?? 3)));

  const router = createRouter({ world, pool, keys, hub, sse: () => sse });
  const listener = await listen(router, options.port ?? 0, options.host ?? '127.0.0.1').catch((error: unknown) => {
    pool.close();
    throw error;
  });

  const controls = createControls({
    world,
    pool,
    hub,
    keys,
    listener,
    setSse(supported) {
      sse = supported;
      if (!supported) hub.closeAll();
    },
  });

  let closing: Promise<void> | null = null;
  return {
    url: listener.url,
    port: listener.port,
    key: keys.key,
    controls,
    close() {
      closing ??= (async () => {
        pool.close();
        hub.closeAll();
        await listener.close();
      })();
      return closing;
    },
  };
}
