import { afterEach, describe, expect, it } from 'vitest';
import { checkRequest } from '../../src/shared/bridge-schema';
import { probeServer } from '../../src/main/core/connection-test/probe';
import { UNKNOWN_COUNT_VIEWERS_MS } from '../../src/main/core/sync/schedules';
import { EXIT_CODES, formatReport } from '../../src/main/doctor/report';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { startLocalServer, type LocalServer } from '../support/local-server';

/**
 * Issue 48: "a bad value costs only itself" in every answer the app reads, not only the five a
 * refresh reads (odd-answers.test.ts). Each case is a value Airwave's own OpenAPI document allows
 * (any string, any integer), served by the demo's answer hook over loopback; each fails without
 * the change it names.
 */

type Json = Record<string, unknown>;
const edit = (path: string, change: (body: Json) => Json) => (at: string, body: unknown) => (at === path ? change(body as Json) : body);
/**
 * A proxy in front of the demo: `route` may answer a path itself (a plain-text 404, say) or send
 * it upstream as another path; the event stream is refused, so the app polls through it.
 */
function front(upstream: string, route: (path: string) => { answer: number } | { path: string }): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const [path = '', query] = (req.url ?? '/').split('?');
    const to = path.endsWith('/events') ? { answer: 404 } : route(path);
    if ('answer' in to) {
      res.writeHead(to.answer, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('404 Not Found');
    }
    const headers: Record<string, string> = {};
    for (const name of ['x-api-key', 'authorization', 'accept']) if (typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    fetch(`${upstream}${to.path}${query ? `?${query}` : ''}`, { headers, signal: AbortSignal.timeout(10_000) })
      .then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
}

/** A sentence only a validator writes: no view may show one. */
const VALIDATOR = /Unexpected response|expected an ISO-8601|Invalid value|Expected <=|received /;

describe('every answer the app reads costs only its bad value (issue 48)', () => {
  let h: CoreHarness | undefined;
  let proxy: LocalServer | undefined;
  afterEach(async () => {
    await proxy?.close();
    await h?.close();
    h = undefined;
    proxy = undefined;
  });
  const state = () => h!.app.store.state;

  it('item 1: /guide with "serverTime": "string" loads every channel, placed by the local clock; no view shows the validator', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    const logged: string[] = [];
    h.demo.controls.setAnswerHook(edit('/guide', (body) => ({ ...body, serverTime: 'string' })));
    await h.connect();
    const loaded = await h.app.handlers.loadGuide({ forwardMinutes: 180 });
    expect(loaded.ok).toBe(true);
    const guide = state().guide;
    expect(guide.error).toBeNull();
    expect(guide.state).toBe('loaded');
    expect(guide.channels).toBe(6);
    // the window is placed at the local clock, as /guide/now falls back to it
    expect(guide.window?.serverTime).toBe(new Date(h.clock.now()).toISOString());
    const rows = await h.app.handlers.getGuideRows({ from: 0, to: 6 });
    if (!rows.ok) throw new Error(rows.error.message);
    expect(rows.value.rows.filter((row) => row.programs.length > 0).length).toBeGreaterThan(0);
    // search reads the same guide: no validator's sentence there either
    const search = await h.app.handlers.searchGuide({ query: 'a', limit: 20, after: h.clock.now() });
    expect(JSON.stringify(search)).not.toMatch(VALIDATOR);
    expect(JSON.stringify(h.app.snapshot())).not.toMatch(VALIDATOR);
    void logged;
  });

  it('item 1: /sessions/count of -86827633 is an unknown count: set-up saves, the doctor exits 0 and says the count is unknown', async () => {
    h = await startCoreHarness({ demo: { viewers: 2, profile: 'airwave', channels: 6 }, pollSeconds: 5 });
    h.demo.controls.setAnswerHook(edit('/sessions/count', () => ({ count: -86827633 })));
    const report = await probeServer({ server: h.demo.url, apiKey: h.demo.key });
    expect(report.summary).toBe('This server and key will work.');
    expect(EXIT_CODES[report.verdict]).toBe(0);
    const sessions = report.steps.find((step) => step.id === 'sessions')!;
    expect(sessions.outcome).toBe('warn');
    expect(sessions.detail).toMatch(/count is unknown/);
    expect(formatReport(report, h.demo.url)).not.toMatch(VALIDATOR);
    // set-up saves, and the app follows the server, counting the viewers it lists
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.until(() => state().nowPlaying.data?.length === 2, { what: 'the viewers', stepMs: 1_000, maxSteps: 30 });
    expect(state().sessionCount.error).toBeNull();
    expect(state().sessionCount.data).toBeNull();
    expect(h.app.trayView.badge).toBe(2);
    expect(h.app.snapshot().watching).toBe(2);
    expect(['live', 'polling']).toContain(state().connection.state);
  });

  it('item 4: the doctor explains two counts it prints that differ (/status 2, /sessions/count 0)', async () => {
    h = await startCoreHarness({ demo: { viewers: 2, profile: 'airwave', channels: 6 } });
    h.demo.controls.setAnswerHook(edit('/sessions/count', () => ({ count: 0 })));
    const report = await probeServer({ server: h.demo.url, apiKey: h.demo.key });
    const printed = formatReport(report, h.demo.url);
    expect(printed).toMatch(/2 active sessions/);
    expect(report.steps.find((step) => step.id === 'sessions')!.detail).toBe(
      '0 active sessions; /status counted 2 a moment before: viewers started or stopped between the two answers, or the server counts them differently',
    );
  });

  // issue 48 item 3: /now-playing with 5 entries and /sessions with 1 (dolor) named different people in the badge, the menu and Watching
  it('item 3: one set of viewers: the badge, the tray menu and Watching name the same people, with the count and why it differs', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    const channel = h.demo.controls.listChannels().find((c) => !c.empty)!;
    h.demo.controls.startSession({ user: 'dolor', channelNumber: channel.number, deviceId: 'dev_dolor' });
    h.demo.controls.startSession({ user: 'Ann', channelNumber: channel.number, deviceId: 'dev_ann' });
    // the sessions list names dolor alone; /now-playing names five others
    let sessionsOnly: Json[] | null = null;
    h.demo.controls.setAnswerHook((at, body) => {
      const b = body as Json;
      if (at === '/sessions') {
        sessionsOnly ??= (b.sessions as Json[]).filter((session) => session.user === 'dolor');
        return { sessions: sessionsOnly };
      }
      if (at === '/now-playing') {
        const [first] = b.nowPlaying as Json[];
        return { nowPlaying: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((user) => ({ ...first, user, device: { model: user, platform: null } })) };
      }
      return body;
    });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.until(() => (h!.app.snapshot().nowPlaying.data?.length ?? 0) >= 5, { what: 'the viewers', stepMs: 1_000, maxSteps: 30 });
    await h.runFor(3_000);
    const snapshot = h.app.snapshot();
    const cards = new Set((snapshot.nowPlaying.data ?? []).map((entry) => entry.user));
    const menu = h.app.trayView.menu.filter((entry) => entry.id.startsWith('viewer:')).map((entry) => ('label' in entry ? String(entry.label) : '').split(':')[0]);
    // the same people everywhere: the five /now-playing names and dolor
    expect([...cards].sort()).toEqual(['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'dolor']);
    expect(new Set(menu)).toEqual(cards);
    // the badge is the server's count, and every view says that its lists disagree with it
    expect(h.app.trayView.badge).toBe(snapshot.watching);
    expect(snapshot.nowPlaying.differs).toEqual({ counted: snapshot.watching, listed: 6 });
    expect(JSON.stringify(h.app.trayView.menu)).toContain(`The server counts ${snapshot.watching} watching but lists 6 people`);
  });

  it('item 3: never a badge of 3 over "Nobody is watching": sessions the now-playing list leaves out are viewers', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    const channels = h.demo.controls.listChannels().filter((c) => !c.empty);
    for (const [i, user] of ['Ann', 'Bo', 'Cy'].entries()) h.demo.controls.startSession({ user, channelNumber: channels[i]!.number, deviceId: `dev_${user}` });
    h.demo.controls.setAnswerHook(edit('/now-playing', () => ({ nowPlaying: [] })));
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.until(() => state().sessions.data?.length === 3, { what: 'three sessions', stepMs: 1_000, maxSteps: 30 });
    await h.runFor(3_000);
    const snapshot = h.app.snapshot();
    expect(snapshot.watching).toBe(3);
    expect(h.app.trayView.badge).toBe(3);
    expect((snapshot.nowPlaying.data ?? []).map((entry) => entry.user).sort()).toEqual(['Ann', 'Bo', 'Cy']);
    expect(JSON.stringify(h.app.trayView.menu)).not.toContain('Nobody is watching');
  });

  it('item 2: a channel numbered 23795074 or -88990223 is listed, opened and looked up, never refused by the bridge', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    const [first, second] = h.demo.controls.listChannels().filter((c) => !c.empty);
    const renumber = new Map<unknown, number>([
      [first!.id, 23795074],
      [second!.id, -88990223],
    ]);
    const renumbered = (record: Json) => (renumber.has(record.id) ? { ...record, number: renumber.get(record.id) } : record);
    h.demo.controls.setAnswerHook((at, body) => {
      const b = body as Json;
      if (at === '/guide/now') return { ...b, channels: (b.channels as Json[]).map(renumbered) };
      if (/^\/channels\/[^/]+\/now$/.test(at) && b.channel) return { ...b, channel: renumbered(b.channel as Json) };
      return body;
    });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(3_000);
    const rows = await h.app.handlers.getOnNowRows({ numbers: [23795074, -88990223] });
    if (!rows.ok) throw new Error(rows.error.message);
    expect(rows.value.rows.map((row) => row.number).sort()).toEqual([-88990223, 23795074]);
    for (const number of [23795074, -88990223]) {
      // the bridge lets the popover ask for it (a bound on length, not on a value a server may use)
      expect(checkRequest('lookupChannel', { number }).ok).toBe(true);
      const found = await h.app.handlers.lookupChannel({ number });
      if (!found.ok) throw new Error(found.error.message);
      const row = rows.value.rows.find((r) => r.number === number)!;
      expect(found.value.channel?.id).toBe(row.id);
      expect(found.value.now.current?.title ?? null).toBe(row.now?.title ?? null);
    }
    // a number longer than any a server can send is no channel number: refused before anything is asked
    expect(checkRequest('lookupChannel', { number: 2 ** 60 }).ok).toBe(false);
  });

  it('item 2: an answer for another number than the one asked is refused in words', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    const asked = 0;
    const real = h.demo.controls.listChannels()[0]!.number;
    // by-number/0 answers for channel 101 (both routes, so either lookup form meets it)
    proxy = await front(h.demo.url, (path) => ({ path: path.replace(`/channels/by-number/${asked}`, `/channels/by-number/${real}`) }));
    await h.connect(proxy.url);
    const looked = await h.app.handlers.lookupChannel({ number: asked });
    expect(looked.ok).toBe(false);
    if (!looked.ok) expect(looked.error.message).toBe(`The server answered for channel ${real} when asked for channel ${asked}, so its answer is not shown.`);
  });

  it('item 2: a lookup uses what the app holds: five lookups in a row ask by the held id, never the missing route, never refused by the brake', async () => {
    // Airwave 0.15.13's route list names /channels/by-number/{n}/now
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', serverVersion: '0.15.13', channels: 6 } });
    // the route list offers /channels/by-number/{n}/now, but the server answers it with a plain 404
    proxy = await front(h.demo.url, (path) => (/\/channels\/by-number\/[^/]+\/now$/.test(path) ? { answer: 404 } : { path }));
    await h.connect(proxy.url);
    h.app.setPopoverOpen(true);
    await h.runFor(3_000);
    const number = h.demo.controls.listChannels().find((c) => !c.empty)!.number;
    const before = proxy.requests.length;
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await h.app.handlers.lookupChannel({ number }));
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.message))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const asked = proxy.requests.slice(before).map((r) => r.url.split('?')[0]!);
    expect(asked.filter((url) => url.includes('/by-number/'))).toEqual([]);
    expect(asked.filter((url) => /\/channels\/[^/]+\/now$/.test(url))).toHaveLength(5);
  });

  it('item 1: a named programme whose startsAt is not a time is still named ("times unknown") in On now, the tray and the sheet, never "Nothing on"', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    const channel = h.demo.controls.listChannels().find((c) => !c.empty)!;
    const untimed = (slot: Json | null) => (slot ? { ...slot, startsAt: 'string' } : slot);
    h.demo.controls.setAnswerHook((at, body) => {
      const b = body as Json;
      if (at === '/guide/now') return { ...b, channels: (b.channels as Json[]).map((row) => (row.id === channel.id ? { ...row, now: untimed(row.now as Json | null) } : row)) };
      if (at === `/channels/${channel.id}/now`) return { ...b, current: untimed(b.current as Json | null) };
      return body;
    });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(3_000);
    const rows = await h.app.handlers.getOnNowRows({ numbers: [channel.number] });
    if (!rows.ok) throw new Error(rows.error.message);
    const row = rows.value.rows[0]!;
    expect(row.now).toBeNull();
    expect(row.nowUntimed?.title).toEqual(expect.any(String));
    const named = `times unknown · ${row.nowUntimed!.showTitle && row.nowUntimed!.showTitle !== row.nowUntimed!.title ? `${row.nowUntimed!.showTitle}: ` : ''}${row.nowUntimed!.title}`;
    const whatsOn = h.app.trayView.menu.find((entry) => entry.id === 'whats-on') as { submenu: { label: string }[] };
    expect(whatsOn.submenu.map((entry) => entry.label).join('\n')).toContain(`${channel.number} ${channel.name}: ${named}`.slice(0, 59));
    const looked = await h.app.handlers.lookupChannel({ number: channel.number });
    if (!looked.ok) throw new Error(looked.error.message);
    expect(looked.value.now.current).toBeNull();
    expect(looked.value.now.currentUntimed?.title).toBe(row.nowUntimed!.title);
  });

  it('item 4: a progress of -1,379,430 s of 61,439,696 s is unknown, never a figure; -3 s of 1,800 s is a heartbeat ahead (0)', async () => {
    h = await startCoreHarness({ demo: { viewers: 3, profile: 'airwave', channels: 6 } });
    const progress = [
      { positionSeconds: -1_379_430, durationSeconds: 61_439_696 },
      { positionSeconds: -3, durationSeconds: 1_800 },
      { positionSeconds: 600, durationSeconds: -1 },
    ];
    const odd = (list: Json[]) => list.map((entry, i) => ({ ...entry, progress: progress[i] ?? entry.progress }));
    h.demo.controls.setAnswerHook((at, body) => {
      const b = body as Json;
      if (at === '/now-playing') return { nowPlaying: odd(b.nowPlaying as Json[]) };
      if (at === '/sessions') return { sessions: odd(b.sessions as Json[]) };
      return body;
    });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.until(() => h!.app.snapshot().nowPlaying.data?.length === 3, { what: 'three viewers', stepMs: 1_000, maxSteps: 30 });
    const entries = h.app.snapshot().nowPlaying.data!;
    expect(entries.map((entry) => entry.progress)).toEqual([null, { positionSeconds: 0, durationSeconds: 1_800 }, null]);
  });

  it('item 4: search names what it searched only when it searched it (a guide the app could not read was not searched)', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    h.demo.controls.setAnswerHook(edit('/guide', () => ({ channels: 'not today' })));
    await h.connect();
    const refused = await h.app.handlers.searchGuide({ query: 'zebra', limit: 20, after: h.clock.now() });
    if (!refused.ok) throw new Error(refused.error.message);
    expect(refused.value).toEqual({ titles: [], searched: { hours: 0, channels: 0 } });
    // a guide it can read: the next 24 hours of its channels
    h.demo.controls.setAnswerHook(null);
    await h.step(10 * 60_000);
    const read = await h.app.handlers.searchGuide({ query: 'zebra', limit: 20, after: h.clock.now() });
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.searched).toEqual({ hours: 24, channels: 6 });
  });

  it('item 1: polling a server whose count is unknown reads its viewer lists at most once a minute (UNKNOWN_COUNT_VIEWERS_MS)', async () => {
    // Airwave before live events: the app polls the count every 5 s here
    h = await startCoreHarness({ demo: { viewers: 2, profile: 'airwave', serverVersion: '0.14.75', channels: 6 }, pollSeconds: 5 });
    h.demo.controls.setAnswerHook(edit('/sessions/count', () => ({ count: 'many' })));
    await h.connect();
    expect(state().connection.state).toBe('polling');
    await h.runFor(60_000, 1_000);
    const before = h.apiRequests();
    await h.runFor(5 * 60_000, 1_000);
    const asked = (path: string) => (h!.apiRequests()[path] ?? 0) - (before[path] ?? 0);
    expect(asked('/sessions/count')).toBeGreaterThanOrEqual(55);
    expect(asked('/now-playing')).toBeGreaterThanOrEqual(4);
    expect(asked('/now-playing')).toBeLessThanOrEqual(5 * 60_000 / UNKNOWN_COUNT_VIEWERS_MS + 1);
    expect(h.app.trayView.badge).toBe(2);
  });
});
