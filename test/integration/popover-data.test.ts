import { describe, expect, it } from 'vitest';
import type { ViewerEntry } from '../../src/shared/bridge';
import { onAirChannel, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';
import { startHostileServer, type HostileServer } from '../support/hostile-server';
import { startLocalServer, type LocalServer } from '../support/local-server';

// What the popover shows beyond the first version, from the core against the demo over loopback:
// the viewers' /sessions fields, "busy", the names seen, the auth style the test chose, leaving
// the demo, a channel's schedule and the shortcut check.

const core = useCoreHarness();
let h: CoreHarness | null = null;

const state = () => h!.app.store.state;

describe('viewers carry what /sessions adds', () => {
  it('joins playback state, episode, start time and device details by person, without another request', async () => {
    h = await core.start({ demo: { viewers: 0 } });
    await h.connect();
    const channel = onAirChannel(h.demo);
    h.demo.controls.startSession({ user: 'ann', channelNumber: channel, platform: 'tvOS', model: 'Apple TV 4K' });
    const bob = h.demo.controls.startSession({ user: 'bob', channelNumber: channel, platform: 'Roku', model: 'Roku Ultra' });
    h.demo.controls.setPaused(bob.id, true);
    await h.until(() => (h!.app.snapshot().nowPlaying.data ?? []).length === 2 && state().sessions.data?.length === 2, { what: 'two viewers' });
    await h.until(() => h!.app.snapshot().nowPlaying.data!.some((e) => e.playbackState === 'paused'), { what: 'bob paused' });
    const before = h.apiRequests();

    const entries = h.app.snapshot().nowPlaying.data as ViewerEntry[];
    const sessions = state().sessions.data!;
    for (const user of ['ann', 'bob']) {
      const entry = entries.find((e) => e.user === user)!;
      const session = sessions.find((s) => s.user === user)!;
      expect(entry.playbackState).toBe(session.playbackState);
      expect(entry.startedAt).toBe(session.startedAt);
      expect(entry.startedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(entry.season).toBe(session.season);
      expect(entry.episode).toBe(session.episode);
      expect(entry.year).toBe(session.year);
      expect(entry.hdr).toBe(session.device!.hdr);
      expect(entry.osVersion).toBe(session.device!.osVersion);
      expect(entry.onBumper).toBe(session.state === 'bumper');
    }
    expect(entries.find((e) => e.user === 'bob')!.playbackState).toBe('paused');
    expect(entries.find((e) => e.user === 'ann')!.playbackState).toBe('playing');
    // reading the snapshot again asks the server nothing, and keeps the same list (nothing re-sent)
    expect(h.app.snapshot().nowPlaying.data).toBe(h.app.snapshot().nowPlaying.data);
    expect(h.apiRequests()).toEqual(before);
  });

  it('leaves the extras out where the server has no /sessions', async () => {
    h = await core.start({ demo: { viewers: 0 } });
    const front = await noSessionsProxy(h.demo.url);
    core.closeAfter(front);
    await h.connect(front.url);
    h.demo.controls.startSession({ user: 'cat', channelNumber: onAirChannel(h.demo) });
    void h.app.handlers.refresh({});
    await h.until(() => (h!.app.snapshot().nowPlaying.data ?? []).length === 1, { what: 'one viewer' });
    expect(state().sessions.supported).toBe(false);
    const entry = h.app.snapshot().nowPlaying.data![0]!;
    expect(entry.user).toBe('cat');
    expect('playbackState' in entry).toBe(false);
    expect('onBumper' in entry).toBe(false);
  });
});

describe('a busy server', () => {
  it('says busy, with the retry time, on a 503 with Retry-After, and not after it recovers', async () => {
    h = await core.start();
    const hostile: HostileServer = await startHostileServer(h.demo);
    core.closeAfter(hostile);
    await h.connect(hostile.url);
    await hostile.setMode('503-retry-after');
    void h.app.handlers.refresh({});
    await h.until(() => state().connection.state === 'offline', { what: 'offline' });
    const c = h.app.snapshot().connection;
    expect(c.busy).toBe(true);
    expect(c.nextRetryAt).toBeGreaterThan(h.clock.now());

    await hostile.setMode('500');
    await h.until(() => state().connection.state === 'offline' && state().connection.busy === false, { stepMs: 1000, maxSteps: 400, what: 'offline, not busy' });
    await hostile.setMode('ok');
    await h.until(() => ['live', 'polling'].includes(state().connection.state), { stepMs: 1000, maxSteps: 700, what: 'back' });
    expect(h.app.snapshot().connection.busy).toBe(false);
  });

  it('says busy while polling because the event stream was refused as full', async () => {
    h = await core.start({ demo: { maxStreams: 0 } });
    await h.connect();
    expect(state().connection.state).toBe('polling');
    const c = h.app.snapshot().connection;
    expect(c.busy).toBe(true);
    expect(c.nextRetryAt).toBeGreaterThanOrEqual(h.clock.now() + 30_000);
  });
});

describe('names seen, for muted names', () => {
  it('lists the viewers seen this run, newest first, each once, and keeps them after they leave', async () => {
    h = await core.start({ demo: { viewers: 0 } });
    await h.connect();
    expect(h.app.snapshot().seenViewers).toEqual([]);
    const channel = onAirChannel(h.demo);
    const ann = h.demo.controls.startSession({ user: 'ann', channelNumber: channel });
    await h.until(() => h!.app.snapshot().seenViewers.length === 1, { what: 'ann seen' });
    h.demo.controls.startSession({ user: 'ANN', channelNumber: channel, platform: 'Roku', model: 'Roku Ultra' });
    h.demo.controls.startSession({ user: 'bob', channelNumber: channel });
    await h.until(() => h!.app.snapshot().seenViewers.includes('bob'), { what: 'bob seen' });
    h.demo.controls.endSession(ann.id);
    await h.runFor(5_000);
    expect(h.app.snapshot().seenViewers).toEqual(['bob', 'ann']);
  });

  it('pushes the list to the popover when a new name arrives', async () => {
    h = await core.start({ demo: { viewers: 0 } });
    await h.connect();
    const pushed: string[][] = [];
    const off = h.app.subscribe((update) => update.parts.seenViewers && pushed.push(update.parts.seenViewers));
    core.closeAfter({ close: async () => off() });
    h.demo.controls.startSession({ user: 'dave', channelNumber: onAirChannel(h.demo) });
    await h.until(() => pushed.some((names) => names.includes('dave')), { what: 'dave pushed' });
  });
});

describe('testing a connection', () => {
  it('says which auth style the test found working', async () => {
    h = await core.start();
    const tested = await h.app.handlers.testConnection({ server: h.demo.url, apiKey: h.demo.key, authStyle: 'bearer' });
    expect(tested.verdict).toBe('ok');
    expect(tested.authStyle).toBe('bearer');
    const stripped = await onlyHeader(h.demo.url, 'x-api-key');
    core.closeAfter(stripped);
    const viaProxy = await h.app.handlers.testConnection({ server: stripped.url, apiKey: h.demo.key, authStyle: 'bearer' });
    expect(viaProxy.authStyle).toBe('x-api-key');
    const wrong = await h.app.handlers.testConnection({ server: h.demo.url, apiKey: 'airwave_wrong', authStyle: 'x-api-key' });
    expect(wrong.authStyle).toBeNull();
  });
});

describe('leaving the demo', () => {
  it('stops the demo server and returns to first run', async () => {
    let closed = 0;
    h = await core.start({
      app: { launchDemo: async () => ({ url: h!.demo.url, key: h!.demo.key, close: async () => void closed++ }) },
    });
    expect((await h.app.handlers.startDemo({})).ok).toBe(true);
    await h.until(() => ['live', 'polling'].includes(state().connection.state), { what: 'demo live' });
    expect(h.app.snapshot().settings.demo).toBe(true);

    expect(await h.app.handlers.leaveDemo({})).toEqual({ ok: true, value: null });
    expect(closed).toBe(1);
    const s = h.app.snapshot();
    expect(s.settings.demo).toBe(false);
    expect(s.connection.state).toBe('unconfigured');
    expect(s.nowPlaying.data).toBeNull();
    const counted = h.apiRequests();
    await h.runFor(60_000, 5_000);
    expect(h.apiRequests()).toEqual(counted); // nothing follows the demo any more
    expect((await h.app.handlers.leaveDemo({})).ok).toBe(false);
  });

  it('keeps a saved real server and follows it again', async () => {
    h = await core.start({
      app: { launchDemo: async () => ({ url: h!.demo.url, key: h!.demo.key, close: async () => {} }) },
    });
    await h.connect();
    const saved = h.settings.view().server;
    expect(saved).toBe(h.demo.url);
    await h.app.handlers.startDemo({});
    expect(h.settings.values.demo).toBe(true);
    await h.app.handlers.leaveDemo({});
    expect(h.settings.values.demo).toBe(false);
    expect(h.settings.view().server).toBe(saved);
    expect(h.settings.apiKey()).toBe(h.demo.key);
    await h.until(() => ['live', 'polling'].includes(state().connection.state), { what: 'saved server followed' });
  });
});

describe('a channel schedule', () => {
  it('answers from the server, bounded to the hours asked', async () => {
    h = await core.start();
    await h.connect();
    const id = h.demo.controls.listChannels().find((c) => !c.empty)!.id;
    const outcome = await h.app.handlers.getSchedule({ channelId: id, hours: 3 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.value.source).toBe('server');
    expect(outcome.value.programs.length).toBeGreaterThan(1);
    expect(Date.parse(outcome.value.programs.at(-1)!.startsAt)).toBeLessThan(h.clock.now() + 3 * 3_600_000);
    expect(h.apiRequests()['/channels/' + id + '/schedule']).toBe(1);
  });

  it('answers from the held guide where the server has no schedule route, else says it is not available', async () => {
    h = await core.start();
    const front = await noScheduleProxy(h.demo.url);
    core.closeAfter(front);
    await h.connect(front.url);
    const id = h.demo.controls.listChannels().find((c) => !c.empty)!.id;
    const none = await h.app.handlers.getSchedule({ channelId: id, hours: 6 });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.message).toMatch(/does not offer a channel schedule/);

    expect((await h.app.handlers.loadGuide({ forwardMinutes: 360 })).ok).toBe(true);
    const held = await h.app.handlers.getSchedule({ channelId: id, hours: 6 });
    if (!held.ok) throw new Error(held.error.message);
    expect(held.value.source).toBe('guide');
    expect(held.value.asOf).toBe(state().guide.updatedAt);
    expect(held.value.programs.length).toBeGreaterThan(1);
    expect(held.value.programs.every((p) => Date.parse(p.endsAt) > h!.clock.now())).toBe(true);
  });

  it('refuses hours outside 1..24 before anything is asked', async () => {
    const { checkRequest } = await import('../../src/shared/bridge-schema');
    expect(checkRequest('getSchedule', { channelId: 'x', hours: 0 }).ok).toBe(false);
    expect(checkRequest('getSchedule', { channelId: 'x', hours: 25 }).ok).toBe(false);
    expect(checkRequest('getSchedule', { channelId: 'x', hours: 24 }).ok).toBe(true);
  });
});

describe('the global shortcut', () => {
  it('refuses a shortcut that is not one, with the reason, and keeps the saved one', async () => {
    h = await core.start();
    const before = h.settings.view().shortcut;
    const outcome = await h.app.handlers.updateSettings({ shortcut: { enabled: true, accelerator: 'Ctrl+Banana' } });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('invalid-shortcut');
      // the one sentence the Settings field shows too (settings.shortcutProblem), no second sentence around it
      expect(outcome.error.message).toBe('"Ctrl+Banana" cannot be used: "Banana" is not a key a shortcut can use.');
    }
    expect(h.settings.view().shortcut).toEqual(before);
    const good = await h.app.handlers.updateSettings({ shortcut: { enabled: true, accelerator: 'Ctrl+Shift+A' } });
    expect(good.ok).toBe(true);
    expect(h.settings.view().shortcut).toEqual({ enabled: true, accelerator: 'Ctrl+Shift+A' });
  });
});

// ------------------------------------------------------------ proxies in front of the demo

/** Passes everything through except what `refuse` matches, which gets Airwave's plain-text 404. */
function proxy(upstream: string, refuse: (path: string, headers: Record<string, string>) => boolean, strip: string[] = []): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const url = req.url ?? '/';
    const headers: Record<string, string> = {};
    for (const name of ['x-api-key', 'authorization', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string' && !strip.includes(name)) headers[name] = value;
    }
    if (refuse(url.split('?')[0] ?? '', headers)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('404 Not Found');
    }
    fetch(`${upstream}${url}`, { headers, signal: AbortSignal.timeout(10_000) })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(body);
      })
      .catch(() => res.destroy());
  });
}

const noSessionsProxy = (upstream: string) => proxy(upstream, (path) => path === '/api/public/v1/sessions' || path === '/api/public/v1/events');
const noScheduleProxy = (upstream: string) => proxy(upstream, (path) => /\/channels\/[^/]+\/schedule$/.test(path) || path === '/api/public/v1/events');
/** A proxy that passes on only one auth header (as some reverse proxies do). */
const onlyHeader = (upstream: string, keep: 'x-api-key' | 'authorization') =>
  proxy(upstream, () => false, keep === 'x-api-key' ? ['authorization'] : ['x-api-key']);
