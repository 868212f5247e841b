import { afterEach, describe, expect, it } from 'vitest';
import { applySnapshotUpdate, type AppSnapshot, type SnapshotUpdate } from '../../src/shared/bridge';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { delta, onAirChannel, startCoreHarness, type CoreHarness } from '../support/core-harness';

// The AppController's bridge handlers against the demo server over loopback: what a user does
// from the popover and the tray menu, and what must never happen (a lost setting, a leaked key).

let h: CoreHarness | null = null;
const extra: DemoServer[] = [];
afterEach(async () => {
  await h?.close();
  h = null;
  for (const demo of extra.splice(0)) await demo.close();
});

const state = () => h!.app.store.state;

describe('connecting', () => {
  it('probes first: a wrong key or address saves nothing and loses nothing', async () => {
    h = await startCoreHarness();
    await h.connect();
    const saved = h.settings.values;

    const wrongKey = await h.app.handlers.connect({ server: h.demo.url, apiKey: 'not-the-key', authStyle: 'x-api-key' });
    expect(wrongKey.saved).toBe(false);
    expect(wrongKey.probe.verdict).toBe('key-rejected');
    expect(wrongKey.probe.steps.some((step) => step.outcome === 'fail' && step.fix)).toBe(true);

    const nowhere = await h.app.handlers.connect({ server: 'http://127.0.0.1:1', apiKey: 'k', authStyle: 'x-api-key' });
    expect(nowhere.saved).toBe(false);
    expect(nowhere.probe.verdict).not.toBe('ok');
    const garbage = await h.app.handlers.connect({ server: 'not a url at all', apiKey: 'k', authStyle: 'x-api-key' });
    expect(garbage.saved).toBe(false);
    expect(garbage.probe.summary.length).toBeGreaterThan(10);

    expect(h.settings.values).toEqual(saved);
    expect(h.settings.apiKey()).toBe(h.demo.key);
    await h.step(100);
    expect(state().connection.state).toBe('live'); // still following the saved server
  });

  it('reuses the saved key for the same server when the key field is left empty', async () => {
    h = await startCoreHarness();
    await h.connect();
    const result = await h.app.handlers.connect({ server: h.demo.url, apiKey: '', authStyle: 'bearer' });
    expect(result.saved).toBe(true);
    expect(h.settings.apiKey()).toBe(h.demo.key);
    expect(h.settings.view().authStyle).toBe('bearer');
    // ...but never sends it to another server
    const other = await startDemoServer({ seed: 3, channels: 4, viewers: 0, churn: 0, clock: h.clock });
    extra.push(other);
    const elsewhere = await h.app.handlers.connect({ server: other.url, apiKey: '', authStyle: 'x-api-key' });
    expect(elsewhere.saved).toBe(false);
    expect(other.controls.requestCounts()).toEqual({});
  });

  it('never lets the key into a snapshot, a log line, a notification or an error', async () => {
    const logs: string[] = [];
    h = await startCoreHarness({ app: { log: (line) => logs.push(line) } });
    const updates: string[] = [];
    h.app.subscribe((update) => updates.push(JSON.stringify(update)));
    await h.connect();
    await h.app.handlers.connect({ server: h.demo.url, apiKey: `${h.demo.key}x`, authStyle: 'x-api-key' });
    h.demo.controls.startSession({ user: 'Zed', channelNumber: onAirChannel(h.demo) });
    await h.until(() => h!.notifications.length === 1, { what: 'a notification', stepMs: 200 });
    h.demo.controls.revokeKey();
    await h.app.handlers.refresh({});
    await h.until(() => state().connection.state === 'unauthorized', { what: 'unauthorized', stepMs: 500 });
    const everything = [JSON.stringify(h.app.snapshot()), ...updates, ...logs, JSON.stringify(h.notifications), JSON.stringify(state())].join('\n');
    expect(updates.length).toBeGreaterThan(3);
    expect(everything).not.toContain(h.demo.key);
    expect(h.app.snapshot().settings).toMatchObject({ hasKey: true, keyStorage: 'not-protected' });
  });

  it('starts the built-in demo without touching the saved server and key', async () => {
    let demo: DemoServer | null = null;
    h = await startCoreHarness({
      app: {
        launchDemo: async () => {
          demo = await startDemoServer({ seed: 5, channels: 6, viewers: 1, churn: 0, clock: h!.clock });
          extra.push(demo);
          return demo;
        },
      },
    });
    await h.connect();
    const saved = { server: h.settings.view().server, key: h.settings.apiKey() };
    expect(await h.app.handlers.startDemo({})).toEqual({ ok: true, value: null });
    await h.until(() => state().connection.state === 'live' && state().server?.url === demo!.url, { what: 'demo live' });
    expect(h.app.snapshot().settings.demo).toBe(true);
    expect(saved.server).toBe(h.demo.url);
    expect({ server: h.settings.view().server, key: h.settings.apiKey() }).toEqual(saved);
  });
});

describe('commands', () => {
  it('checks for updates and opens the log folder through the host, and says so when the host cannot', async () => {
    let opened = 0;
    h = await startCoreHarness({
      app: { host: { checkForUpdates: async () => ({ kind: 'up-to-date', checkedAt: 5 }), openLogFolder: async () => void opened++ } },
    });
    expect(await h.app.handlers.checkForUpdates({})).toEqual({ ok: true, value: { kind: 'up-to-date', checkedAt: 5 } });
    expect(await h.app.handlers.openLogFolder({})).toEqual({ ok: true, value: null });
    expect(opened).toBe(1);
    await h.close();

    h = await startCoreHarness({ app: { host: { checkForUpdates: async () => Promise.reject(new Error('boom')), openLogFolder: async () => Promise.reject(new Error('no')) } } });
    expect(await h.app.handlers.checkForUpdates({})).toMatchObject({ ok: false, error: { kind: 'update-failed' } });
    expect(await h.app.handlers.openLogFolder({})).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    await h.close();

    // the preview host has neither: a development answer and a plain sentence, never a throw
    h = await startCoreHarness();
    expect(await h.app.handlers.checkForUpdates({})).toEqual({ ok: true, value: { kind: 'development' } });
    expect(await h.app.handlers.openLogFolder({})).toMatchObject({ ok: false, error: { kind: 'unavailable', message: expect.stringMatching(/log/) } });
  });

  it('hides the popover when the page asks (Escape with nothing open), and only then', async () => {
    let hidden = 0;
    h = await startCoreHarness({ app: { host: { hidePopover: () => void hidden++ } } });
    await h.connect();
    expect(hidden).toBe(0);
    expect(await h.app.handlers.hidePopover({})).toEqual({ ok: true, value: null });
    expect(hidden).toBe(1);
  });

  it('opens only pages of the connected server in the browser', async () => {
    const opened: string[] = [];
    h = await startCoreHarness({ app: { host: { openExternal: async (url) => void opened.push(url) } } });
    await h.connect();
    const open = h.app.handlers.openInBrowser;
    expect(await open({ kind: 'server' })).toEqual({ ok: true, value: null });
    expect(await open({ kind: 'url', url: '/web/index.html#!/details' })).toMatchObject({ ok: true });
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://evil.example/', `http://user:pw@${new URL(h.demo.url).host}/`]) {
      expect(await open({ kind: 'url', url })).toMatchObject({ ok: false, error: { kind: 'invalid-url' } });
    }
    expect(opened).toEqual([`${h.demo.url}/`, `${h.demo.url}/web/index.html#!/details`]);
  });

  it('looks up a channel by number and says when there is none', async () => {
    h = await startCoreHarness();
    await h.connect();
    const first = state().onNow.data!.channels[0]!;
    const found = await h.app.handlers.lookupChannel({ number: first.number });
    expect(found).toMatchObject({ ok: true, value: { number: first.number, channel: { name: first.name } } });
    expect(await h.app.handlers.lookupChannel({ number: 99_999 })).toEqual({
      ok: false,
      error: {
        kind: 'not-found',
        message: expect.stringMatching(/^No channel 99999: this server's channels run from \d+ to \d+ \(\d+ channels\)\.$/),
        // the range alone, for the line under the sheet's "No channel 99999" heading
        detail: expect.stringMatching(/^This server's channels run from \d+ to \d+ \(\d+ channels\)\.$/),
      },
    });
  });

  it('loads the guide for the chosen window and remembers it', async () => {
    h = await startCoreHarness();
    await h.connect();
    expect(await h.app.handlers.loadGuide({ forwardMinutes: 360 })).toEqual({ ok: true, value: null });
    expect(state().guide).toMatchObject({ forwardMinutes: 360, loading: false, error: null, state: 'loaded', window: { windowMinutes: 360 } });
    const total = state().guide.channels;
    expect(total).toBe(h.demo.controls.listChannels().length);
    expect(h.settings.values.guideForwardMinutes).toBe(360);
    // the page asks for the rows it shows: a range, a time span, or some channel numbers
    const window = state().guide.window!;
    const rows = await h.app.handlers.getGuideRows({ from: 1, to: 3, startsAt: window.from, endsAt: window.from + 3_600_000 });
    expect(rows).toMatchObject({ ok: true, value: { total, from: 1, indexes: [1, 2], revision: state().guide.revision } });
    const value = rows.ok ? rows.value : null;
    expect(value!.rows).toHaveLength(2);
    for (const row of value!.rows) {
      expect(row.programs.length).toBeGreaterThan(0);
      for (const p of row.programs) expect(Date.parse(p.endsAt) > window.from && Date.parse(p.startsAt) < window.from + 3_600_000).toBe(true);
    }
    const byNumber = await h.app.handlers.getGuideRows({ from: 0, to: 0, numbers: [value!.rows[1]!.number] });
    expect(byNumber.ok && byNumber.value.rows.map((r) => r.id)).toEqual([value!.rows[1]!.id]);
    // never more than GUIDE_ROWS_MAX at once
    const many = await h.app.handlers.getGuideRows({ from: 0, to: 1_000_000 });
    expect(many.ok && many.value.rows.length).toBe(Math.min(total, 200));
  });

  it('does not send unchanged data again: the renderer rebuilds the same snapshot from lighter updates', async () => {
    h = await startCoreHarness();
    await h.connect();
    const updates: SnapshotUpdate[] = [];
    h.app.subscribe((update) => updates.push(JSON.parse(JSON.stringify(update)) as SnapshotUpdate));
    await h.app.handlers.loadGuide({ forwardMinutes: 180 });
    const loadsBefore = updates.length;
    await h.app.handlers.loadGuide({ forwardMinutes: 360 });
    const flip = updates.slice(loadsBefore).find((u) => u.parts.guide?.loading === true)!;
    expect(flip).toBeDefined();
    // the guide's programmes never travel with the snapshot: the page asks for the rows it shows
    for (const update of updates) expect(JSON.stringify(update)).not.toContain('"programs"');
    let rebuilt: AppSnapshot | null = null;
    for (const update of updates) rebuilt = applySnapshotUpdate(rebuilt, update);
    expect(rebuilt).toEqual(JSON.parse(JSON.stringify(h.app.snapshot())));
    expect(rebuilt!.guide.window!.windowMinutes).toBe(360);
  });

  it('pauses notifications from the tray menu and resumes them', async () => {
    h = await startCoreHarness();
    await h.connect();
    const channel = onAirChannel(h.demo);
    h.app.trayAction({ type: 'pause', choice: '1h' });
    expect(h.settings.values.notifications.pausedUntil).toBe(h.clock.now() + 60 * 60_000);
    h.demo.controls.startSession({ user: 'Quiet', channelNumber: channel });
    await h.until(() => h!.app.trayView.badge === 3, { what: 'badge 3', stepMs: 200 });
    expect(h.notifications).toEqual([]);
    h.app.trayAction({ type: 'pause', choice: 'resume' });
    h.demo.controls.startSession({ user: 'Loud', channelNumber: channel });
    await h.until(() => h!.notifications.length === 1, { what: 'a notification', stepMs: 200 });
    expect(h.notifications[0]!.title).toMatch(/^Loud started watching/);
  });

  it("bounds a pause by the core's clock, not the computer's: an hour is an hour a year from now", async () => {
    h = await startCoreHarness();
    h.clock.jump(365 * 24 * 60 * 60_000);
    h.app.trayAction({ type: 'pause', choice: '1h' });
    // the wall clock's bound (7 days after today) used to cut this to a pause already over
    expect(h.settings.values.notifications.pausedUntil).toBe(h.clock.now() + 60 * 60_000);
  });

  it('applies a new poll interval at once', async () => {
    h = await startCoreHarness({ demo: { sse: false } });
    await h.connect();
    expect(await h.app.handlers.updateSettings({ pollSeconds: 60 })).toMatchObject({ ok: true });
    const before = h.apiRequests();
    await h.runFor(10 * 60_000, 5_000);
    expect(delta(h.apiRequests(), before)['/sessions/count']).toBe(10);
  });

  it('forgets the server: the key is deleted and all traffic stops', async () => {
    h = await startCoreHarness();
    await h.connect();
    expect(await h.app.handlers.forgetServer({})).toMatchObject({ ok: true });
    expect(h.settings.apiKey()).toBeNull();
    expect(h.settings.servers).toEqual([]);
    expect(state().connection.state).toBe('unconfigured');
    expect(h.app.engine.pendingJobs).toEqual([]);
    const before = h.apiRequests();
    await h.runFor(30 * 60_000, 10_000);
    expect(delta(h.apiRequests(), before)).toEqual({});
    expect(h.app.trayView.menu[0]!.label).toBe('Set up Airwave Tray…');
  });
});
