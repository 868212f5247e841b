/**
 * Several servers at once, over loopback on one fake clock: three demo servers (Home, Cabin,
 * Office) followed by one core. The merged badge, notifications that name their server, one
 * server down while the others stay live, one server under two addresses, the switcher's
 * selection, pausing and removing, and timers, sockets and memory bounded with three servers.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { startSocketCounter, type SocketCounter } from '../support/socket-counter';
import { startLocalServer } from '../support/local-server';
import { VERIFIED_ADDRESS_MS } from '../../src/main/core/app/handlers/server-handlers';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MIN = 60_000;
let h: CoreHarness | null = null;
const extra: DemoServer[] = [];
const counters: SocketCounter[] = [];

afterEach(async () => {
  await h?.close();
  h = null;
  for (const demo of extra.splice(0)) await demo.close();
  for (const counter of counters.splice(0)) await counter.close();
});

const live = (state: string) => state === 'live' || state === 'polling';

/** Home (the harness's demo), Cabin and Office, each added through the bridge; their ids. */
async function threeServers(options: { sockets?: boolean } = {}) {
  h = await startCoreHarness({ demo: { name: 'Home', seed: 21, viewers: 0, churn: 0 } });
  const cabin = await startDemoServer({ name: 'Cabin', seed: 33, channels: 6, viewers: 0, churn: 0, clock: h.clock });
  const office = await startDemoServer({ name: 'Office', seed: 44, channels: 5, viewers: 0, churn: 0, clock: h.clock });
  extra.push(cabin, office);
  const demos = [h.demo, cabin, office];
  const urls: string[] = [];
  for (const demo of demos) {
    if (!options.sockets) urls.push(demo.url);
    else {
      const counter = await startSocketCounter(demo.port);
      counters.push(counter);
      urls.push(counter.url);
    }
  }
  const ids: string[] = [];
  for (const [i, demo] of demos.entries()) {
    const result = await h.app.handlers.addServer({ server: urls[i]!, apiKey: demo.key, authStyle: 'x-api-key' });
    expect(result.kind).toBe('added');
    if (result.kind === 'added') ids.push(result.id);
  }
  await h.until(() => h!.app.servers.slots.length === 3 && h!.app.servers.slots.every((s) => live(s.store.state.connection.state)), { what: 'three servers live' });
  return { home: h.demo, cabin, office, ids: ids as [string, string, string] };
}

describe('several servers', () => {
  it('counts everyone on every server in one badge, or one chosen server, and breaks it down per server', async () => {
    const { home, cabin, ids } = await threeServers();
    home.controls.startSession({ user: 'James', channelNumber: home.controls.listChannels()[0]!.number, deviceId: 'dev_tv' });
    cabin.controls.startSession({ user: 'Ana', channelNumber: cabin.controls.listChannels()[0]!.number, deviceId: 'dev_a' });
    cabin.controls.startSession({ user: 'Ben', channelNumber: cabin.controls.listChannels()[1]!.number, deviceId: 'dev_b' });
    await h!.until(() => h!.app.snapshot().watching === 3, { what: 'three watching', stepMs: 1_000, maxSteps: 120 });

    const snapshot = h!.app.snapshot();
    expect(snapshot.servers.map((s) => [s.name, s.watching])).toEqual([['Home', 1], ['Cabin', 2], ['Office', 0]]);
    expect(snapshot.nowPlaying.data!.map((v) => `${v.user}@${v.serverName}`).sort()).toEqual(['Ana@Cabin', 'Ben@Cabin', 'James@Home']);
    const tray = h!.app.trayView;
    expect(tray.badge).toBe(3);
    expect(tray.tooltip.split('\n')).toEqual(['Airwave Tray', '3 watching, peak today 3', 'Home: 1 watching', 'Cabin: 2 watching', 'Office: 0 watching']);
    expect(tray.menu.filter((m) => m.id.startsWith('server:')).map((m) => m.label)).toEqual(['Home: 1 watching', 'Cabin: 2 watching', 'Office: 0 watching']);

    // the badge for one server only
    expect((await h!.app.handlers.updateSettings({ badgeServer: ids[1] })).ok).toBe(true);
    expect(h!.app.snapshot().watching).toBe(2);
    expect(h!.app.trayView.badge).toBe(2);
    await h!.app.handlers.updateSettings({ badgeServer: null });
    expect(h!.app.trayView.badge).toBe(3);
  });

  it('names the server in each notification, and its click lands on that server', async () => {
    const { cabin, ids } = await threeServers();
    await h!.step(5_000); // every server's first list is a baseline
    h!.notifications.length = 0;
    cabin.controls.startSession({ user: 'James', channelNumber: cabin.controls.listChannels()[0]!.number, deviceId: 'dev_tv' });
    await h!.until(() => h!.notifications.length > 0, { what: 'a notification', stepMs: 1_000, maxSteps: 120 });
    const [request] = h!.notifications;
    expect(request!.title).toMatch(/^James started watching .+ on Cabin$/);
    expect(request!.target).toMatchObject({ view: 'watching', server: ids[1] });
    expect(h!.notifications).toHaveLength(1);
  });

  it('keeps following the others while one server is down, says which, and picks it up again', async () => {
    const { home, cabin } = await threeServers();
    const port = cabin.port;
    await cabin.close();
    extra.splice(extra.indexOf(cabin), 1);
    await h!.until(() => !live(h!.app.servers.slots[1]!.store.state.connection.state), { what: 'Cabin down', stepMs: 1_000, maxSteps: 120 });
    await h!.runFor(5 * MIN, 5_000);
    const [homeSlot, cabinSlot, officeSlot] = h!.app.servers.slots;
    expect(live(homeSlot!.store.state.connection.state)).toBe(true);
    expect(live(officeSlot!.store.state.connection.state)).toBe(true);
    expect(cabinSlot!.store.state.connection.state).toMatch(/offline|connecting/);
    expect(h!.app.trayView.icon).toBe('offline');
    expect(h!.app.trayView.tooltip).toMatch(/^Cabin: (Offline, retrying|Reconnecting…)$/m);

    // news from a server that is up is not held back by the one that is down
    h!.notifications.length = 0;
    home.controls.startSession({ user: 'Zoe', channelNumber: home.controls.listChannels()[0]!.number, deviceId: 'dev_z' });
    await h!.until(() => h!.notifications.some((n) => /^Zoe started watching .+ on Home$/.test(n.title)), { what: "Zoe's notification", stepMs: 1_000, maxSteps: 120 });

    const back = await startDemoServer({ name: 'Cabin', seed: 33, channels: 6, viewers: 0, churn: 0, clock: h!.clock, port, apiKey: cabin.key });
    extra.push(back);
    await h!.until(() => live(h!.app.servers.slots[1]!.store.state.connection.state), { what: 'Cabin back', stepMs: 5_000, maxSteps: 200 });
    expect(h!.app.trayView.icon).toBe('normal');
  });

  it('recognises a listed server under another address and offers it as a second address, never a second entry', async () => {
    const { home, ids } = await threeServers();
    const again = await h!.app.handlers.addServer({ server: home.url, apiKey: home.key, authStyle: 'x-api-key' });
    expect(again).toMatchObject({ kind: 'already-listed', id: ids[0], name: 'Home' });
    const other = `http://localhost:${home.port}`;
    const offer = await h!.app.handlers.addServer({ server: other, apiKey: home.key, authStyle: 'x-api-key' });
    expect(offer).toMatchObject({ kind: 'same-server', id: ids[0], name: 'Home', address: other, keyMatches: true });
    expect(h!.settings.servers).toHaveLength(3);

    const kept = await h!.app.handlers.addAddress({ id: ids[0], address: other });
    expect(kept.ok && kept.value.servers[0]!.addresses).toEqual([home.url, other]);
    // follow the other address: the same entry, the same slot, live again there
    expect((await h!.app.handlers.updateServer({ id: ids[0], address: other })).ok).toBe(true);
    expect(h!.settings.servers.map((s) => s.address)[0]).toBe(other);
    await h!.until(() => h!.app.servers.slots[0]!.store.state.server?.url === other && live(h!.app.servers.slots[0]!.store.state.connection.state), { what: 'Home at localhost' });
    expect(h!.app.servers.slots).toHaveLength(3);
    // an address it was never told of is refused
    const unknown = await h!.app.handlers.updateServer({ id: ids[0], address: 'http://10.9.9.9:36020' });
    expect(unknown.ok).toBe(false);
  });

  it('never hands a saved key to an address the page names: addAddress without the core\'s own check is refused, and the other server receives nothing', async () => {
    const { ids } = await threeServers();
    const thief = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    try {
      // the exfiltration sequence a hostile page would send: keep an address, then follow it
      const kept = await h!.app.handlers.addAddress({ id: ids[0], address: thief.url });
      expect(kept).toMatchObject({ ok: false, error: { kind: 'not-verified' } });
      const follow = await h!.app.handlers.updateServer({ id: ids[0], address: thief.url });
      expect(follow.ok).toBe(false);
      await h!.runFor(30_000, 1_000);
      expect(thief.requests).toEqual([]);
      expect(h!.settings.entry(ids[0])!.addresses).not.toContain(thief.url);
    } finally {
      await thief.close();
    }
  });

  it('offers the same server under another key without adopting the address, and a check is used once', async () => {
    const { home, ids } = await threeServers();
    const other = `http://localhost:${home.port}`;
    const offer = await h!.app.handlers.addServer({ server: other, apiKey: home.viewerKey, authStyle: 'x-api-key' });
    expect(offer).toMatchObject({ kind: 'same-server', id: ids[0], keyMatches: false });
    expect((await h!.app.handlers.addAddress({ id: ids[0], address: other })).ok).toBe(false);
    // with Home's own key it is checked, and the check serves one addAddress
    expect(await h!.app.handlers.addServer({ server: other, apiKey: home.key, authStyle: 'x-api-key' })).toMatchObject({ keyMatches: true });
    expect((await h!.app.handlers.addAddress({ id: ids[0], address: other })).ok).toBe(true);
    expect((await h!.app.handlers.removeServer({ id: ids[1] })).ok).toBe(true);
  });

  it('forgets a check after ten minutes', async () => {
    const { home, ids } = await threeServers();
    const other = `http://localhost:${home.port}`;
    expect(await h!.app.handlers.addServer({ server: other, apiKey: home.key, authStyle: 'x-api-key' })).toMatchObject({ keyMatches: true });
    h!.clock.advance(VERIFIED_ADDRESS_MS + 1_000);
    expect(await h!.app.handlers.addAddress({ id: ids[0], address: other })).toMatchObject({ ok: false, error: { kind: 'not-verified' } });
  });

  it('shows the selected server in On now and lookup, and switches without reconnecting anything', async () => {
    const { cabin, ids } = await threeServers();
    await h!.until(() => h!.app.store.state.onNow.data !== null, { what: "Home's On now" });
    const homeNames = h!.app.store.state.onNow.data!.channels.map((c) => c.name);
    const connects = h!.app.servers.slots.map((s) => s.store.state.connection.since);

    expect((await h!.app.handlers.selectServer({ id: ids[1] })).ok).toBe(true);
    expect(h!.app.snapshot().settings.selectedServer).toBe(ids[1]);
    await h!.until(() => h!.app.store.state.onNow.data !== null, { what: "Cabin's On now" });
    const cabinNames = h!.app.store.state.onNow.data!.channels.map((c) => c.name);
    expect(cabinNames).toEqual(cabin.controls.listChannels().map((c) => c.name));
    expect(cabinNames).not.toEqual(homeNames);
    const number = cabin.controls.listChannels()[0]!.number;
    const lookup = await h!.app.handlers.lookupChannel({ number });
    expect(lookup.ok && lookup.value.channel?.name).toBe(cabin.controls.listChannels()[0]!.name);
    expect(h!.app.servers.slots.map((s) => s.store.state.connection.since)).toEqual(connects);
    expect((await h!.app.handlers.selectServer({ id: 'srv-nothing' })).ok).toBe(false);
  });

  it('asks nothing of a paused server, and forgets a removed one with its key', async () => {
    const { home, office, ids } = await threeServers();
    home.controls.startSession({ user: 'James', channelNumber: home.controls.listChannels()[0]!.number, deviceId: 'dev_tv' });
    await h!.until(() => h!.app.snapshot().watching === 1, { what: 'one watching', stepMs: 1_000, maxSteps: 120 });
    await h!.app.handlers.updateSettings({ badgeServer: ids[2] });
    expect(h!.app.snapshot().watching).toBe(0);
    expect((await h!.app.handlers.updateServer({ id: ids[2], paused: true })).ok).toBe(true);
    // the badge's own server paused counts nobody (not everyone elsewhere)
    expect(h!.app.snapshot().watching).toBe(0);
    await h!.step(1_000);
    const before = office.controls.requestCounts();
    await h!.runFor(10 * MIN, 10_000);
    expect(office.controls.requestCounts()).toEqual(before);
    expect(h!.app.snapshot().servers[2]).toMatchObject({ name: 'Office', paused: true, watching: 0 });
    expect(h!.app.trayView.tooltip).toMatch(/^Office: paused$/m);

    const removed = await h!.app.handlers.removeServer({ id: ids[2] });
    expect(removed.ok && removed.value.servers.map((s) => s.name)).toEqual(['Home', 'Cabin']);
    expect(h!.app.servers.slots.map((s) => s.name)).toEqual(['Home', 'Cabin']);
    expect(h!.settings.allKeys()).not.toContain(office.key);
  });

  it("keeps favourites per server, and checks and names a reminder with its own server's schedule", async () => {
    const { home, cabin, ids } = await threeServers();
    const homeChannel = home.controls.listChannels()[0]!;
    await h!.app.handlers.setFavourite({ channelId: homeChannel.id, channelNumber: homeChannel.number, channelName: homeChannel.name, favourite: true });
    expect(h!.app.snapshot().favourites.map((f) => f.channelName)).toEqual([homeChannel.name]);
    await h!.app.handlers.selectServer({ id: ids[1] });
    // the same channel id means nothing on Cabin: its list starts empty
    expect(h!.app.snapshot().favourites).toEqual([]);
    const cabinChannel = cabin.controls.listChannels()[1]!;
    await h!.app.handlers.setFavourite({ channelId: cabinChannel.id, channelNumber: cabinChannel.number, channelName: cabinChannel.name, favourite: true });
    expect(h!.app.snapshot().favourites.map((f) => f.channelName)).toEqual([cabinChannel.name]);

    // a reminder set while Cabin is shown is Cabin's, checked there even once Home is shown again
    expect((await h!.app.handlers.loadGuide({ forwardMinutes: 180 })).ok).toBe(true);
    const now = h!.clock.now();
    const row = h!.app.engine.guide.rows({ from: 0, to: 50 }).rows.find((r) => r.programs.some((p) => p.ratingKey && Date.parse(p.startsAt) > now + 10 * MIN));
    const program = row!.programs.find((p) => p.ratingKey && Date.parse(p.startsAt) > now + 10 * MIN)!;
    const added = await h!.app.handlers.addReminder({ channelId: row!.id, channelNumber: row!.number, channelName: row!.name, title: program.title, showTitle: program.showTitle, ratingKey: program.ratingKey, startsAt: program.startsAt, endsAt: program.endsAt });
    expect(added.ok && added.value).toMatchObject({ server: ids[1], serverName: 'Cabin' });
    await h!.app.handlers.selectServer({ id: ids[0] });
    expect(h!.app.snapshot().favourites.map((f) => f.channelName)).toEqual([homeChannel.name]);
    const cabinSchedules = () => Object.entries(cabin.controls.requestCounts()).filter(([path]) => /\/schedule$/.test(path)).reduce((n, [, c]) => n + c, 0);
    const before = cabinSchedules();
    h!.notifications.length = 0;
    await h!.until(() => h!.notifications.some((n) => n.id.startsWith('reminder-')), { what: 'the reminder', stepMs: 30_000, maxSteps: 400 });
    const note = h!.notifications.find((n) => n.id.startsWith('reminder-'))!;
    expect(note.title).toContain(program.showTitle ?? program.title);
    expect(note.body).toMatch(/ · Cabin$/);
    expect(cabinSchedules()).toBe(before + 1);
  });

  it('keeps timers, sockets and memory bounded with three servers, and leaves none behind on close', { timeout: 120_000 }, async () => {
    await threeServers({ sockets: true });
    const churn = (demo: DemoServer, i: number) => {
      const channel = demo.controls.listChannels()[i % 3]!.number;
      const session = demo.controls.startSession({ user: `U${i}`, channelNumber: channel, deviceId: `dev_${i}` });
      return () => demo.controls.endSession(session.id);
    };
    const demos = [h!.demo, ...extra];
    const round = async (i: number) => {
      const ends = demos.map((demo) => churn(demo, i));
      await h!.runFor(4 * MIN, 10_000);
      for (const end of ends) end();
      await h!.runFor(2 * MIN, 10_000);
    };
    for (let i = 0; i < 5; i++) await round(i);
    gc();
    const steady = { timers: h!.clock.timerCount, sockets: counters.reduce((n, c) => n + c.open(), 0), heap: process.memoryUsage().heapUsed };
    for (let i = 5; i < 25; i++) await round(i);
    gc();
    const end = { timers: h!.clock.timerCount, sockets: counters.reduce((n, c) => n + c.open(), 0), heap: process.memoryUsage().heapUsed };
    expect(end.timers).toBeLessThanOrEqual(steady.timers + 3);
    expect(end.sockets).toBeLessThanOrEqual(steady.sockets + 3);
    expect(end.heap - steady.heap).toBeLessThan(8 * 1024 * 1024);
    console.log(`three servers, 2 h of churn: timers ${steady.timers} → ${end.timers}, sockets ${steady.sockets} → ${end.sockets}, heap ${((end.heap - steady.heap) / 1024 / 1024).toFixed(2)} MB`);

    await h!.app.close();
    for (const counter of counters) await counter.waitForOpen(0, 5_000);
    // the demo servers share the clock: with them closed too, no timer is left
    for (const demo of extra.splice(0)) await demo.close();
    await h!.demo.close();
    expect(h!.clock.timerCount).toBe(0);
  });
});
