import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/main/core/app';
import { startDemoServer } from '../../src/main/demo';
import { episodeIdentity, MAX_WAITING_PER_TITLE } from '../../src/main/core/features/follow-policy';
import { onAirChannel, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// The watchlist, the activity log and health alerts in the whole core against the demo server over
// loopback, on the fake clock: airings found in a guide loaded anyway and by an hourly scan (never
// more), viewers logged as they come, change channel and go (and while the app was away), and the
// server going away, coming back, rejecting the key, refusing the stream and changing version.

const core = useCoreHarness('airwave-follow');
const min = 60_000;
const connected = core.connected;
const tempDir = core.tempDir;

const guideRequests = (harness: CoreHarness) => harness.apiRequests()['/guide'] ?? 0;
const state = () => core.h.app.store.state;
const healthTitles = () => core.h.notifications.filter((n) => n.id.startsWith('health-')).map((n) => n.title);

/** A title on the demo's guide now (the show of an episode, or the film). */
function titleOnAir(harness: CoreHarness): string {
  for (const row of harness.app.store.state.onNow.data!.channels) {
    const program = row.next ?? row.now;
    if (program && program.ratingKey !== null) return program.showTitle ?? program.title;
  }
  throw new Error('nothing on air');
}

describe('watchlist', () => {
  it('finds airings in a guide loaded anyway, without a request of its own; one Follow reminds of at most 3, never a repeat', { timeout: 90_000 }, async () => {
    const harness = await connected({ demo: { channels: 16 } });
    await harness.app.handlers.loadGuide({ forwardMinutes: 1440 });
    const before = guideRequests(harness);
    // the title with the most airings still to come, among those that repeat an episode or film
    const now = harness.clock.now();
    const airings = new Map<string, { start: number; identity: string }[]>();
    for (const row of harness.app.engine.guide.rows({ from: 0, to: 200 }).rows) {
      for (const p of row.programs) {
        if (p.ratingKey === null || Date.parse(p.startsAt) <= now) continue;
        const title = p.showTitle ?? p.title;
        airings.set(title, [...(airings.get(title) ?? []), { start: Date.parse(p.startsAt), identity: episodeIdentity(p) }]);
      }
    }
    const repeats = (list: { identity: string }[]) => list.length - new Set(list.map((a) => a.identity)).size;
    const [title, list] = [...airings].sort((a, b) => repeats(b[1]) - repeats(a[1]) || b[1].length - a[1].length)[0]!;
    expect(repeats(list)).toBeGreaterThan(0);
    expect(list.length).toBeGreaterThan(MAX_WAITING_PER_TITLE); // before, each of these was a reminder
    const identityAt = (r: { channelId: string; startsAt: string }) => {
      const row = harness.app.engine.guide.row(r.channelId)!;
      return episodeIdentity(row.programs.find((p) => p.startsAt === r.startsAt)!);
    };
    const waiting = () => harness.app.snapshot().reminders.filter((r) => r.from === 'watchlist');

    const followed = await harness.app.handlers.follow({ title: `  ${title.toUpperCase()} ` });
    expect(followed).toMatchObject({ ok: true, value: { title: title.toUpperCase(), policy: 'first', reminders: MAX_WAITING_PER_TITLE, cap: MAX_WAITING_PER_TITLE } });
    expect(guideRequests(harness)).toBe(before);
    const { watchlist } = harness.app.snapshot();
    expect(watchlist.followed).toMatchObject([{ title: title.toUpperCase(), policy: 'first' }]);
    expect(watchlist.comingUp.every((a) => (a.showTitle ?? a.title).toLowerCase() === title.toLowerCase())).toBe(true);
    // the three soonest first airings: different episodes, each the first airing of its episode
    const set = waiting();
    expect(set).toHaveLength(MAX_WAITING_PER_TITLE);
    expect(followed.ok && followed.value.nextAt).toBe(set[0]!.startsAt);
    const identities = set.map(identityAt);
    expect(new Set(identities).size).toBe(set.length);
    const firsts = new Map<string, number>();
    for (const a of [...list].sort((x, y) => x.start - y.start)) if (!firsts.has(a.identity)) firsts.set(a.identity, a.start);
    const wanted = [...firsts.values()].sort((a, b) => a - b).slice(0, MAX_WAITING_PER_TITLE);
    expect(set.map((r) => Date.parse(r.startsAt))).toEqual(wanted);
    expect(watchlist.comingUp.filter((a) => a.repeat).length).toBeGreaterThan(0);

    // as reminders fire, the next first airings take their place: over the evening, never a repeat
    const everSet = new Map(set.map((r) => [r.id, identityAt(r)]));
    for (let i = 0; i < 6 * 20; i++) {
      await harness.step(3 * 60_000);
      for (const r of waiting()) if (!everSet.has(r.id)) everSet.set(r.id, identityAt(r));
      expect(waiting().length).toBeLessThanOrEqual(MAX_WAITING_PER_TITLE);
    }
    expect(everSet.size).toBeGreaterThan(MAX_WAITING_PER_TITLE);
    expect(new Set(everSet.values()).size).toBe(everSet.size);

    // every airing, chosen explicitly: still at most 3 waiting
    const every = await harness.app.handlers.follow({ title, policy: 'every' });
    expect(every).toMatchObject({ ok: true, value: { policy: 'every' } });
    expect(waiting().length).toBeLessThanOrEqual(MAX_WAITING_PER_TITLE);
    // the title's reminders cancelled at once, and not made again by the next look at the guide
    const ids = waiting().map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(await harness.app.handlers.cancelTitleReminders({ title })).toEqual({ ok: true, value: ids.length });
    expect(waiting()).toEqual([]);
    await harness.app.handlers.loadGuide({ forwardMinutes: 720 }); // another look at the guide
    expect(waiting().filter((r) => ids.includes(r.id))).toEqual([]);
    // unfollowing takes its reminders with it
    await harness.app.handlers.unfollow({ title });
    expect(waiting()).toEqual([]);
    expect(harness.app.snapshot().watchlist).toMatchObject({ followed: [], comingUp: [] });
  });

  it('otherwise scans the next 24 hours with one /guide request, at most once an hour, and keeps it across a restart', async () => {
    const dataDir = tempDir();
    const harness = await connected({}, dataDir);
    expect(guideRequests(harness)).toBe(0);
    await harness.app.handlers.follow({ title: titleOnAir(harness) });
    await harness.runFor(15 * min, 30_000); // the first scan: soon after following, at a quiet moment
    expect(guideRequests(harness)).toBe(1);
    const comingUp = harness.app.snapshot().watchlist.comingUp;
    expect(comingUp.length).toBeGreaterThan(0);
    expect(harness.app.snapshot().watchlist.scannedAt).toBeGreaterThan(harness.clock.now() - 15 * min);
    expect(harness.app.snapshot().reminders.filter((r) => r.from === 'watchlist').length).toBeGreaterThan(0);
    // steps shorter than the stream's 45 s watchdog: a 60 s step freezes the world past it, so the
    // stream is dropped and reconnecting at every step, which a real machine never sees
    await harness.runFor(4 * 60 * min, 10_000);
    // hourly (plus a little jitter, and put off while other requests run): never more
    expect(guideRequests(harness)).toBeGreaterThanOrEqual(4);
    expect(guideRequests(harness)).toBeLessThanOrEqual(5);

    await harness.app.close();
    const app = new AppController({ clock: harness.clock, settings: harness.settings, dataDir, random: () => 0.5, minuteOfDay: () => 12 * 60 });
    core.closeAfter(app);
    expect(app.snapshot().watchlist.followed).toHaveLength(1);
    expect(app.snapshot().watchlist.comingUp.length).toBeGreaterThan(0);
  });
});

describe('activity', () => {
  it('logs viewers starting, changing channel and stopping, and what happened while the app was asleep', async () => {
    const harness = await connected();
    const channel = onAirChannel(harness.demo, 0);
    const other = onAirChannel(harness.demo, 1);
    const activity = async (user?: string) => {
      const page = await harness.app.handlers.getActivity({ day: 'today', ...(user ? { user } : {}) });
      if (!page.ok) throw new Error(page.error.message);
      return page.value.entries.map((e) => `${e.kind} ${e.user} ${e.channelNumber}${e.whileAway ? ' away' : ''}`);
    };
    expect(await activity()).toEqual([]); // the viewers already watching are the baseline
    const session = harness.demo.controls.startSession({ user: 'Zed', channelNumber: channel });
    await harness.until(() => harness.app.snapshot().activity.entries === 1, { stepMs: 200, what: 'a start' });
    harness.demo.controls.tune(session.id, other);
    await harness.until(() => harness.app.snapshot().activity.entries === 2, { stepMs: 200, what: 'a change' });
    harness.demo.controls.endSession(session.id);
    await harness.until(() => harness.app.snapshot().activity.entries === 3, { stepMs: 200, what: 'a stop' });
    expect(await activity()).toEqual([`stopped Zed ${other}`, `changed Zed ${other}`, `started Zed ${channel}`]);

    harness.app.suspend();
    harness.demo.controls.startSession({ user: 'Yan', channelNumber: channel });
    harness.clock.set(harness.clock.now() + 20 * min);
    harness.app.resume();
    await harness.until(() => harness.app.snapshot().activity.entries === 4, { stepMs: 200, what: 'what happened while away' });
    expect((await activity())[0]).toBe(`started Yan ${channel} away`);
    expect(await activity('ZED')).toHaveLength(3);
  });
});

describe('health alerts', () => {
  it('tells when the server has been unreachable for 5 minutes, and when it is back', async () => {
    const harness = await connected();
    const port = harness.demo.port;
    await harness.demo.close();
    await harness.runFor(4 * min, 10_000);
    expect(healthTitles()).toEqual([]);
    await harness.runFor(2 * min, 10_000);
    expect(healthTitles()).toEqual([`Cannot reach ${state().server!.name}`]);
    const back = await startDemoServer({ port, seed: 21, channels: 8, viewers: 2, churn: 0, clock: harness.clock });
    core.closeAfter(back);
    await harness.until(() => state().connection.state === 'live', { what: 'live again', stepMs: 5_000, maxSteps: 100 });
    expect(healthTitles()).toHaveLength(2);
    expect(healthTitles()[1]).toMatch(/ is back$/);
  });

  it('tells once that the key is refused now (it had worked)', async () => {
    const harness = await connected({ demo: { sse: false } });
    harness.demo.controls.revokeKey();
    await harness.until(() => state().connection.state === 'unauthorized', { what: 'unauthorized', stepMs: 5_000 });
    await harness.runFor(10 * min, 60_000);
    expect(healthTitles()).toEqual([`${state().server!.name} refuses the API key now`]);
  });

  it('tells when the server refuses the event stream because it is full (503)', async () => {
    await connected({ demo: { maxStreams: 0 } });
    expect(state().connection.state).toBe('polling');
    expect(healthTitles()).toEqual([`${state().server!.name} is full: no live updates`]);
  });

  it('tells when the server was updated while the app was closed, and can be turned off', async () => {
    const dataDir = tempDir();
    const harness = await connected({}, dataDir);
    const name = state().server!.name;
    // the version the demo reports, as the app read it from /status
    const DEMO_VERSION = state().status.data!.version;
    expect(DEMO_VERSION).toMatch(/demo/);
    await harness.app.close();
    // the app last saw this server at 0.8.0 (it has run the demo's version since)
    const file = join(dataDir, 'health.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { servers: [string, string][] };
    expect(saved.servers).toEqual([[state().server!.url, DEMO_VERSION]]);
    writeFileSync(file, JSON.stringify({ ...saved, servers: [[saved.servers[0]![0], '0.8.0']] }));
    const app = new AppController({ clock: harness.clock, settings: harness.settings, dataDir, random: () => 0.5, minuteOfDay: () => 12 * 60 });
    core.closeAfter(app);
    const notes: { title: string; body: string }[] = [];
    app.onNotification((n) => notes.push(n));
    await app.start();
    for (let i = 0; i < 100 && notes.length === 0; i++) {
      harness.clock.advance(100);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(notes).toEqual([{ title: `${name} now runs version ${DEMO_VERSION}`, body: 'It ran 0.8.0 before.' }].map((n) => expect.objectContaining(n)));
    const off = await app.handlers.updateFeatureSettings({ health: { versionChanged: false } });
    expect(off).toMatchObject({ ok: true, value: { health: { versionChanged: false, unreachable: true } } });
  });
});
