import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppController, type AppOptions } from '../../src/main/core/app';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { openSettingsDir, plainSecretBox, SettingsService } from '../../src/main/core/settings/settings';
import { startDemoServer, type DemoOptions, type DemoServer } from '../../src/main/demo';
import { ManualClock } from './manual-clock';
import { utcCalendar } from '../../src/main/core/history/calendar';

/** Real-time pause: lets loopback I/O complete between steps of the fake clock. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** After the fake clock moved: lets loopback answers land until nothing is in flight, at most ~1 s. */
export async function settle(inFlight: () => number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await sleep(i < 2 ? 1 : 5);
    if (inFlight() === 0 && i >= 1) return;
  }
}

/**
 * The core (AppController + SyncEngine) following a demo server over loopback, both on one
 * ManualClock. Simulated time moves only through `step`/`runFor`/`until`; every wait is bounded.
 */
export interface CoreHarness {
  clock: ManualClock;
  demo: DemoServer;
  app: AppController;
  settings: SettingsService;
  notifications: NotificationRequest[];
  dataDir: string;
  /** advance the fake clock, then let the network settle (bounded) */
  step(ms: number): Promise<void>;
  /** simulated time in steps of `stepMs` */
  runFor(ms: number, stepMs?: number): Promise<void>;
  /** steps the clock until `check` holds; throws after `maxSteps` */
  until(check: () => boolean, options?: { stepMs?: number; maxSteps?: number; what?: string }): Promise<void>;
  /** connects to the demo (or another server in front of it) with the demo's key (or its viewer key) */
  connect(server?: string): Promise<void>;
  /** requests the demo served for paths under /api/public/v1, keyed by the path after it */
  apiRequests(): Record<string, number>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  demo?: DemoOptions;
  app?: Partial<AppOptions>;
  pollSeconds?: number;
  /** connect with the demo's viewer-scoped key (it sees only `demo.controls.viewerChannels()`) */
  viewerKey?: boolean;
  /** the demo keeps its own time when the computer's clock is set (`clock.jump`), as a real server does */
  steadyServer?: boolean;
  /** the fake clock to run on (a subclass that records what is scheduled, say); a fresh one by default */
  clock?: ManualClock;
}

export async function startCoreHarness(options: HarnessOptions = {}): Promise<CoreHarness> {
  const clock = options.clock ?? new ManualClock('2026-09-27T18:00:00.000Z');
  const demo = await startDemoServer({ seed: 21, channels: 8, viewers: 2, churn: 0, ...options.demo, clock: options.steadyServer ? clock.steady : clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'airwave-core-'));
  const { backend } = openSettingsDir(dataDir);
  const settings = new SettingsService(backend, plainSecretBox);
  if (options.pollSeconds) settings.update({ pollSeconds: options.pollSeconds }, clock.now());
  const app = new AppController({
    clock,
    settings,
    random: () => 0.5,
    minuteOfDay: () => 12 * 60,
    // History's days in UTC: nothing a test checks depends on the zone it runs in
    calendar: utcCalendar,
    ...options.app,
  });
  const notifications: NotificationRequest[] = [];
  app.onNotification((request) => notifications.push(request));

  // every followed server's requests, not only the selected one's
  const inFlight = () => app.servers.slots.reduce((sum, slot) => sum + slot.engine.inFlight, 0);
  const step = async (ms: number) => {
    clock.advance(ms);
    await settle(inFlight);
  };
  const harness: CoreHarness = {
    clock,
    demo,
    app,
    settings,
    notifications,
    dataDir,
    step,
    async runFor(ms, stepMs = 1_000) {
      for (let done = 0; done < ms; done += stepMs) await step(Math.min(stepMs, ms - done));
    },
    async until(check, { stepMs = 50, maxSteps = 400, what = 'condition' } = {}) {
      for (let i = 0; i < maxSteps; i++) {
        if (check()) return;
        await step(stepMs);
      }
      if (!check()) throw new Error(`timed out waiting for ${what} (state: ${JSON.stringify(app.store.state.connection)})`);
    },
    async connect(server = demo.url) {
      const apiKey = options.viewerKey ? demo.viewerKey : demo.key;
      const result = await app.handlers.connect({ server, apiKey, authStyle: 'x-api-key' });
      if (!result.saved) throw new Error(`connect failed: ${result.probe.summary}`);
      await harness.until(() => ['live', 'polling'].includes(app.store.state.connection.state), { what: 'live or polling' });
    },
    apiRequests() {
      const counts: Record<string, number> = {};
      for (const [path, n] of Object.entries(demo.controls.requestCounts())) {
        if (path.startsWith('/api/public/v1')) counts[path.slice('/api/public/v1'.length)] = n;
      }
      return counts;
    },
    async close() {
      await app.close();
      await demo.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** A channel of the demo that has programmes on air (the `index`-th such channel). */
export const onAirChannel = (demo: DemoServer, index = 0) => demo.controls.listChannels().filter((c) => !c.empty)[index]!.number;

export const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Requests made between two `apiRequests()` readings. */
export function delta(after: Record<string, number>, before: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [path, n] of Object.entries(after)) {
    const d = n - (before[path] ?? 0);
    if (d > 0) out[path] = d;
  }
  return out;
}

/** Today's activity log as lines, "changed Rita 101→102", "started Ann 101" (newest first, as the app keeps it). */
export async function activityLines(harness: CoreHarness): Promise<string[]> {
  const page = await harness.app.handlers.getActivity({ day: 'today' });
  if (!page.ok) throw new Error(page.error.message);
  return page.value.entries.map((e) => `${e.kind} ${e.user} ${e.fromChannelNumber === null ? '' : `${e.fromChannelNumber}→`}${e.channelNumber}`);
}

/** The "… started watching" notifications the core asked for. */
export const startedWatchingNotes = (harness: CoreHarness) => harness.notifications.filter((n) => n.title.includes('started watching'));
