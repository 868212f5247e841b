import { afterEach, describe, expect, it } from 'vitest';
import { delta, startCoreHarness, type CoreHarness } from '../support/core-harness';

/**
 * Issue 33 "Why", against the demo server's answer hook over loopback: a value a real server, a
 * proxy or a clock can produce costs only itself, and a server that answers is never "offline".
 */

type Json = Record<string, unknown>;
const edit = (path: string, change: (body: Json) => Json) => (at: string, body: unknown) => (at === path ? change(body as Json) : body);

describe('odd answers from a server that is up', () => {
  let h: CoreHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const state = () => h!.app.store.state;

  it('a position a little ahead of the clock (-3 s) keeps the viewer list: no offline, no reconnect', async () => {
    h = await startCoreHarness({ demo: { viewers: 2, profile: 'airwave' }, pollSeconds: 5 });
    h.demo.controls.setAnswerHook(
      edit('/now-playing', (body) => ({
        nowPlaying: (body.nowPlaying as Json[]).map((entry, i) => (i === 0 ? { ...entry, progress: { positionSeconds: -3, durationSeconds: 1800 } } : entry)),
      })),
    );
    await h.connect();
    const before = h.apiRequests();
    await h.runFor(120_000, 2_000);
    expect(state().connection.state).not.toBe('offline');
    expect(state().nowPlaying.data?.length).toBe(2);
    expect(state().nowPlaying.data?.[0]?.progress?.positionSeconds).toBe(0);
    // no reconnects: /status only at its slow pace (every 5 minutes), /capabilities never again
    const made = delta(h.apiRequests(), before);
    expect(made['/capabilities'] ?? 0).toBe(0);
    expect(made['/status'] ?? 0).toBeLessThanOrEqual(1);
  });

  it('an answer the app cannot read at all is said on its view, once; never offline, never a reconnect', async () => {
    h = await startCoreHarness({ demo: { viewers: 2, profile: 'airwave' }, pollSeconds: 5 });
    await h.connect();
    h.demo.controls.setAnswerHook(edit('/now-playing', () => ({ nowPlaying: 'everyone' })));
    const before = h.apiRequests();
    const logged: string[] = [];
    const states = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await h.step(2_000);
      states.add(state().connection.state);
      if (state().nowPlaying.error) logged.push(state().nowPlaying.error!);
      // the popover open makes the viewers be asked on every poll
      if (i === 0) h.app.setPopoverOpen(true);
    }
    expect([...states]).not.toContain('offline');
    expect([...states]).not.toContain('connecting');
    expect(state().nowPlaying.error).toBe('The server sent something this app could not read in GET /now-playing.');
    const made = delta(h.apiRequests(), before);
    expect(made['/capabilities'] ?? 0).toBe(0);
    expect(made['/status'] ?? 0).toBeLessThanOrEqual(1);
  });

  it('a viewer on a channel with nothing on is watching: badge, menu, Watching and /sessions/count agree', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 12 } });
    const channels = h.demo.controls.listChannels();
    const dead = channels.find((c) => c.empty)!;
    const live = channels.filter((c) => !c.empty);
    await h.connect();
    h.demo.controls.startSession({ user: 'Ann', channelNumber: live[0]!.number });
    h.demo.controls.startSession({ user: 'Bo', channelNumber: live[1]!.number });
    h.demo.controls.startSession({ user: 'Cy', channelNumber: dead.number });
    h.app.setPopoverOpen(true);
    await h.until(() => state().sessions.data?.length === 3, { stepMs: 1_000, maxSteps: 60, what: 'three sessions' });
    await h.runFor(10_000);
    // the server's own count, and what /now-playing leaves out
    const count = (await fetch(`${h.demo.url}/api/public/v1/sessions/count`, { headers: { 'x-api-key': h.demo.key } }).then((r) => r.json())) as { count: number };
    expect(count.count).toBe(3);
    expect(state().nowPlaying.data).toHaveLength(2);
    // the badge, the tray's menu and Watching all say 3, and who has nothing on
    expect(h.app.trayView.badge).toBe(3);
    const labels = JSON.stringify(h.app.trayView.menu);
    expect(labels).toContain(`Cy: nothing on · ${dead.number}`);
    const snapshot = await h.app.handlers.getSnapshot({});
    expect(snapshot.watching).toBe(3);
    const cy = snapshot.nowPlaying.data?.find((entry) => entry.user === 'Cy');
    expect(cy).toMatchObject({ channelNumber: dead.number, channelName: dead.name, nothingOn: true, title: null });
    expect(snapshot.nowPlaying.data).toHaveLength(3);
  });

  it('a stale schedule (every now/next over, nothing newer) is "nothing on since", not "checking" for ever', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    // every slot of the first channel ended 6 minutes before each answer, as a server with a stale schedule sends it
    h.demo.controls.setAnswerHook(
      edit('/guide/now', (body) => {
        const at = h!.clock.now();
        const channels = (body.channels as Json[]).map((row, i) =>
          i === 0
            ? {
                ...row,
                now: { ...(row.now as Json), startsAt: new Date(at - 60 * 60_000).toISOString(), endsAt: new Date(at - 30 * 60_000).toISOString() },
                next: { ...((row.next ?? row.now) as Json), startsAt: new Date(at - 30 * 60_000).toISOString(), endsAt: new Date(at - 6 * 60_000).toISOString() },
              }
            : row,
        );
        return { ...body, channels };
      }),
    );
    await h.connect();
    h.app.setPopoverOpen(true);
    const before = h.apiRequests()['/guide/now'] ?? 0;
    await h.runFor(120_000, 2_000);
    const outcome = await h.app.handlers.getOnNowRows({ from: 0, to: 10 });
    if (!outcome.ok) throw new Error('no rows');
    const [first, second] = outcome.value.rows;
    expect(first!.waiting).toBe(false);
    expect(first!.now).toBeNull();
    expect(first!.nothingSince).not.toBeNull();
    expect(second!.nothingSince).toBeNull();
    // asked again at the normal pace, not at every step
    const asked = (h.apiRequests()['/guide/now'] ?? 0) - before;
    expect(asked).toBeLessThanOrEqual(4);
  });

  // issue 34 item 4: tolerant per entry, and the groups follow the server's package ids
  it('/packages: one odd count costs that count; renamed ids with the same count are followed on the next read', async () => {
    h = await startCoreHarness({ demo: { profile: 'airwave', channels: 40 } });
    h.demo.controls.setAnswerHook(
      edit('/packages', (body) => ({ packages: (body.packages as Json[]).map((pkg, i) => (i === 0 ? { ...pkg, channelCount: -5 } : pkg)) })),
    );
    await h.connect();
    await h.until(() => h!.app.snapshot().groups !== null, { what: 'the groups', stepMs: 500 });
    const groups = h.app.snapshot().groups!;
    expect(groups.length).toBeGreaterThan(1);
    expect(groups[0]!.channelCount).toBeNull();
    expect(groups[1]!.channelCount).not.toBeNull();
    // the server renames every package id (same count): rows and /packages alike
    const renamed = (id: unknown) => `new_${String(id)}`;
    const rename = (pkg: Json | null) => (pkg ? { ...pkg, id: renamed(pkg.id) } : pkg);
    h.demo.controls.setAnswerHook((path, body) => {
      const b = body as Json;
      if (path === '/packages') return { packages: (b.packages as Json[]).map((pkg) => rename(pkg)) };
      if (path === '/guide/now') return { ...b, channels: (b.channels as Json[]).map((row) => ({ ...row, package: rename(row.package as Json | null) })) };
      return body;
    });
    h.app.setPopoverOpen(true);
    // the next read of what is on now names packages the held list lacks: /packages is read again at once
    await h.runFor(61_000, 1_000);
    const asked = h.apiRequests()['/packages'] ?? 0;
    h.app.engine.refresh();
    await h.until(() => h!.app.snapshot().groups?.[0]?.id.startsWith('new_') === true, { what: 'the renamed groups', stepMs: 200, maxSteps: 20 });
    expect((h.apiRequests()['/packages'] ?? 0) - asked).toBe(1);
    const first = h.app.snapshot().groups![0]!.id;
    const rows = await h.app.handlers.getOnNowRows({ group: first, from: 0, to: 200 });
    if (!rows.ok) throw new Error(rows.error.message);
    expect(rows.value.rows.length).toBeGreaterThan(0);
    // a /packages the app cannot read keeps the groups held, and the snapshot says why (the group menu shows it)
    h.demo.controls.setAnswerHook((path, body) => (path === '/packages' ? { packages: 'none today' } : path === '/guide/now' ? { ...(body as Json), channels: ((body as Json).channels as Json[]).map((row) => ({ ...row, package: rename(rename(row.package as Json | null)) })) } : body));
    await h.runFor(61_000, 1_000);
    h.app.engine.refresh();
    await h.until(() => (h!.app.snapshot().groupsError ?? null) !== null, { what: 'the groups error', stepMs: 200, maxSteps: 20 });
    expect(h.app.snapshot().groupsError).toBe('The server sent something this app could not read in GET /packages.');
    expect(h.app.snapshot().groups?.[0]?.id.startsWith('new_')).toBe(true);
    expect(state().connection.state).toBe('live');
  });
});
