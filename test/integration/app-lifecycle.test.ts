import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DemoHandle } from '../../src/main/core/app';
import { SettingsService } from '../../src/main/core/settings/settings';
import { StateStore } from '../../src/main/core/state';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { onAirChannel, startCoreHarness, total, type CoreHarness } from '../support/core-harness';
import { accepts, settled, startSocketMeter, type SocketMeter } from '../support/socket-meter';

// AppController.close() against the demo server over loopback: whatever the core started (the
// engine's timers and sockets, the built-in demo server, its subscriptions) is gone afterwards,
// and nothing that was still under way when it closed can start it again.

let h: CoreHarness | null = null;
const meters: SocketMeter[] = [];
const demos: DemoServer[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
  h = null;
  for (const meter of meters.splice(0)) await meter.close();
  for (const demo of demos.splice(0)) await demo.close();
});

/** Counts subscriptions made through `proto[method]` that have not been undone yet. */
function liveSubscriptions<T extends object, K extends keyof T>(proto: T, method: K): () => number {
  const original = proto[method] as unknown as (this: unknown, ...args: unknown[]) => () => void;
  let live = 0;
  vi.spyOn(proto, method as never).mockImplementation(function (this: unknown, ...args: unknown[]) {
    const off = original.apply(this, args);
    live++;
    let undone = false;
    return () => {
      if (!undone) live--;
      undone = true;
      off();
    };
  } as never);
  return () => live;
}

/** A launcher for the built-in demo whose server is reached through a socket meter. */
function meteredLauncher(harness: () => CoreHarness, gate?: Promise<void>) {
  const launched: { demo: DemoServer; meter: SocketMeter }[] = [];
  const launch = async (): Promise<DemoHandle> => {
    const demo = await startDemoServer({ seed: 9, channels: 6, viewers: 1, churn: 4, clock: harness().clock });
    const meter = await startSocketMeter(demo.url);
    demos.push(demo);
    meters.push(meter);
    launched.push({ demo, meter });
    await gate;
    return { url: meter.url, key: demo.key, close: () => demo.close() };
  };
  return { launch, launched };
}

describe('closing the core', () => {
  it('leaves no timer, no socket at the server and no subscriber behind', async () => {
    const storeSubscriptions = liveSubscriptions(StateStore.prototype, 'subscribe');
    const settingsSubscriptions = liveSubscriptions(SettingsService.prototype, 'onChange');
    h = await startCoreHarness({ demo: { churn: 0 } });
    const meter = await startSocketMeter(h.demo.url);
    meters.push(meter);
    const heard = { snapshots: 0, trays: 0, notifications: 0 };
    h.app.subscribe(() => void heard.snapshots++);
    h.app.onTray(() => void heard.trays++);
    h.app.onNotification(() => void heard.notifications++);
    expect(h.clock.timerCount).toBe(0); // an idle demo without churn schedules nothing of its own

    await h.connect(meter.url);
    h.demo.controls.startSession({ user: 'Ada', channelNumber: onAirChannel(h.demo) });
    await h.until(() => heard.notifications === 1, { what: 'a notification', stepMs: 200 });
    expect(h.app.engine.streamOpen).toBe(true);
    expect(h.clock.timerCount).toBeGreaterThan(0);
    expect(meter.open()).toBeGreaterThan(0);
    expect(storeSubscriptions()).toBeGreaterThan(0);
    expect(settingsSubscriptions()).toBeGreaterThan(0);

    await h.app.close();
    expect(await settled(() => meter.open() === 0 && h!.demo.controls.openStreams() === 0)).toBe(true);
    expect(h.clock.timerCount).toBe(0); // the engine's and the demo's keepalive alike
    expect(h.app.engine.pendingJobs).toEqual([]);
    expect(storeSubscriptions()).toBe(0);
    expect(settingsSubscriptions()).toBe(0);

    // nothing reaches the host any more, whatever changes underneath
    const before = { ...heard };
    h.app.store.update({ nowPlaying: { ...h.app.store.state.nowPlaying, data: [] } });
    h.settings.update({ pollSeconds: 60 }, h.clock.now());
    h.app.focus({ view: 'settings' });
    h.demo.controls.startSession({ user: 'Bo', channelNumber: onAirChannel(h.demo) });
    const requests = total(h.apiRequests());
    const connections = meter.accepted();
    await h.runFor(30 * 60_000, 10_000);
    expect(heard).toEqual(before);
    expect(total(h.apiRequests())).toBe(requests);
    expect(meter.accepted()).toBe(connections);
    expect(meter.open()).toBe(0);
  });

  it('stops the built-in demo server it started: its timers, its sockets and its port', async () => {
    const { launch, launched } = meteredLauncher(() => h!);
    h = await startCoreHarness({ app: { launchDemo: launch } });
    expect(await h.app.handlers.startDemo({})).toEqual({ ok: true, value: null });
    await h.until(() => h!.app.store.state.connection.state === 'live', { what: 'demo live' });
    const { demo, meter } = launched[0]!;
    expect(meter.open()).toBeGreaterThan(0);
    expect(h.clock.timerCount).toBeGreaterThan(1); // the engine's, the demo's keepalive and churn

    await h.app.close();
    expect(await settled(() => meter.open() === 0)).toBe(true);
    expect(h.clock.timerCount).toBe(0);
    expect(await accepts(demo.url)).toBe(false);
  });

  it('a connect still probing when the core closes does not start following', async () => {
    h = await startCoreHarness();
    const meter = await startSocketMeter(h.demo.url);
    meters.push(meter);
    const connecting = h.app.handlers.connect({ server: meter.url, apiKey: h.demo.key, authStyle: 'x-api-key' });
    await h.app.close();
    await connecting;
    await h.runFor(10 * 60_000, 10_000);
    expect(h.app.engine.client).toBeNull();
    expect(h.app.store.state.connection.state).toBe('unconfigured');
    expect(await settled(() => meter.open() === 0)).toBe(true);
    expect(h.clock.timerCount).toBe(0);
    expect(h.apiRequests()['/events'] ?? 0).toBe(0);
  });

  it('a demo still starting when the core closes is stopped as soon as it is up', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { launch, launched } = meteredLauncher(() => h!, gate);
    h = await startCoreHarness({ app: { launchDemo: launch } });
    const starting = h.app.handlers.startDemo({});
    await settled(() => launched.length === 1);
    await h.app.close();
    release();
    expect(await starting).toMatchObject({ ok: false });
    const { demo, meter } = launched[0]!;
    await h.runFor(10 * 60_000, 10_000);
    expect(meter.accepted()).toBe(0);
    expect(h.clock.timerCount).toBe(0);
    expect(await accepts(demo.url)).toBe(false);
  });

  it('two overlapping demo starts leave one demo server, and close() stops it', async () => {
    const { launch, launched } = meteredLauncher(() => h!);
    h = await startCoreHarness({ app: { launchDemo: launch } });
    const outcomes = await Promise.all([h.app.handlers.startDemo({}), h.app.handlers.startDemo({})]);
    expect(outcomes).toEqual([
      { ok: true, value: null },
      { ok: true, value: null },
    ]);
    expect(launched).toHaveLength(2);
    const running = await Promise.all(launched.map(({ demo }) => accepts(demo.url)));
    expect(running.filter(Boolean)).toHaveLength(1);
    await h.app.close();
    expect(await Promise.all(launched.map(({ demo }) => accepts(demo.url)))).toEqual([false, false]);
    expect(h.clock.timerCount).toBe(0);
  });
});
