import { systemClock, type Clock } from '../common/clock';
import { KeyRing } from './auth';
import { createControls, type DemoControls } from './controls';
import { EventHub } from './event-hub';
import { ViewerHabits } from './habits';
import type { AnswerHook } from './http';
import { listen } from './listener';
import { Airing } from './airing';
import { demoProfile, type DemoProfileName } from './profile';
import { createRouter } from './router';
import { SessionPool } from './sessions';
import { WebhookBook } from './webhooks';
import { DemoWorld } from './world';
import { demoPast, type DemoPast } from './past';
import { airwavePlatform } from './session-records';

/**
 * The demo Airwave server: the public API of airwave-api.md on node:http, with generated channels,
 * schedules, viewers and artwork, and the /events stream, in one of three profiles or one of
 * Airwave's version stages (profile.ts).
 * Used by the tests, `npm run demo-server` and the app's "Try the demo". `startDemoServer` only
 * wires the parts; everything follows from the seed and the injected clock.
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
  /** which server to imitate: seed (default), airwave or legacy */
  profile?: DemoProfileName;
  /**
   * an Airwave version whose stage of the public API to play (airwave-api.md's version table, e.g.
   * 0.14.67, 0.14.68, 0.15.12, 0.15.13); implies the airwave profile
   */
  serverVersion?: string;
  /** offer the /events stream (capabilities.sse.supported); always off on legacy */
  sse?: boolean;
  /** the admin key (sees every channel); default derived from the seed */
  apiKey?: string;
  /** a viewer's key (sees only `viewerChannels`); default derived from the seed */
  viewerKey?: string;
  /** channel numbers the viewer key sees; default every other channel from the first (101, 103, …) */
  viewerChannels?: readonly number[];
  /** open event streams allowed at once; more get 503 */
  maxStreams?: number;
  name?: string;
}

export interface DemoServer {
  /** http://host:port, no trailing slash */
  readonly url: string;
  readonly port: number;
  readonly profile: DemoProfileName;
  /** the Airwave version it plays (what /status says) */
  readonly version: string;
  /** the admin key (changes when a test regenerates it) */
  readonly key: string;
  /** the viewer-scoped key */
  readonly viewerKey: string;
  readonly controls: DemoControls;
  /** the demo household's week before `now`, as the app would have seen it (past.ts) */
  past(now: number): DemoPast;
  close(): Promise<void>;
}

export async function startDemoServer(options: DemoOptions = {}): Promise<DemoServer> {
  const seed = options.seed ?? 1;
  const clock = options.clock ?? systemClock;
  const profile = demoProfile(options.profile ?? (options.serverVersion !== undefined ? 'airwave' : 'seed'), options.serverVersion);
  const world = new DemoWorld(seed, clock, options.name ?? 'Airwave Demo', options.channels ?? 24);
  const keys = new KeyRing({
    seed,
    adminKey: options.apiKey,
    viewerKey: options.viewerKey,
    viewerChannels: options.viewerChannels ?? world.channels.filter((_, i) => i % 2 === 0).map((c) => c.record.number),
  });
  const hub = new EventHub({
    clock,
    maxStreams: options.maxStreams ?? 8,
    hello: () => ({ name: world.name, instanceId: world.instanceId }),
    compact: profile.compactEvents,
    followKey: profile.eventsFollowKey,
    airwaveFrames: profile.epochKeepalive,
    smallData: profile.noTunedEvents === true,
  });
  let sse = profile.eventStream && profile.sseSupported && (options.sse ?? true);

  const pool = new SessionPool({
    seed,
    clock,
    channels: world.channels,
    schedules: world.schedules,
    emit: (event) => hub.emit(event),
    churnPerHour: Math.max(0, options.churn ?? 4),
    heartbeats: profile.heartbeats,
    lowercasePlatforms: profile.lowercasePlatforms,
    browserRestarts: profile.browserRestarts,
    everyPlayerRestarts: profile.noTunedEvents === true,
    bareDevices: profile.bareDevices === true,
    playbackEvents: profile.deviceDetails,
  });
  pool.begin(Math.max(0, Math.floor(options.viewers ?? 3)));
  // Viewers who also change channel and drop out now and then, as on real servers (churn only).
  const habits = profile.heartbeats ? new ViewerHabits(seed, clock, pool, world.channels, Math.max(0, options.churn ?? 4)) : null;

  const webhooks = new WebhookBook(clock);
  const airing = new Airing(world, profile);
  let answerHook: AnswerHook | null = null;
  const router = createRouter({ world, pool, profile, airing, keys, hub, webhooks, sse: () => sse, answerHook: () => answerHook });
  const listener = await listen(router, options.port ?? 0, options.host ?? '127.0.0.1').catch((error: unknown) => {
    habits?.close();
    pool.close();
    throw error;
  });

  const controls = createControls({
    world,
    pool,
    hub,
    keys,
    listener,
    webhooks,
    setAnswerHook(hook) {
      answerHook = hook;
    },
    setSse(supported) {
      if (supported && !profile.eventStream) throw new Error(`The ${profile.name} profile has no event stream.`);
      sse = supported;
      if (!supported) hub.closeAll();
    },
  });

  let closing: Promise<void> | null = null;
  return {
    url: listener.url,
    port: listener.port,
    profile: profile.name,
    version: profile.version,
    get key() {
      return keys.key('admin');
    },
    get viewerKey() {
      return keys.key('viewer');
    },
    controls,
    past: (now) => demoPast(world, now, profile.lowercasePlatforms ? airwavePlatform : undefined),
    close() {
      closing ??= (async () => {
        habits?.close();
        pool.close();
        hub.closeAll();
        await listener.close();
      })();
      return closing;
    },
  };
}
