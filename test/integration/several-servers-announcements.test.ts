/**
 * The promise of docs/several-servers.md, pinned over a long run: three demo servers (Home,
 * Cabin, Office; Office without an event stream, so it is polled) and one core on one fake clock,
 * viewers starting and stopping interleaved, minutes apart, for three simulated hours, with the
 * same names on different servers and quiet hours in the middle. Every start outside quiet hours
 * is announced exactly once, on its own server, soon after it happened; none twice, none missed,
 * and nothing started in quiet hours is announced later.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

const MIN = 60_000;
const START = '2026-09-27T18:00:00.000Z'; // the harness's clock starts here
const QUIET = { start: '19:30', end: '20:00' }; // 90 to 120 minutes into the run
const RUN_MINUTES = 180;

let h: CoreHarness | null = null;
const extra: DemoServer[] = [];

afterEach(async () => {
  await h?.close();
  h = null;
  for (const demo of extra.splice(0)) await demo.close();
});

interface Planned {
  server: number;
  user: string;
  channelIndex: number;
  startMin: number;
  endMin: number;
}

const SERVERS = ['Home', 'Cabin', 'Office'] as const;
const USERS = ['James', 'Ana', 'Ben', 'Zoe', 'Kai', 'Mia', 'Leo'];

/**
 * A start every 4 to 6 minutes, rotating over the servers (so each server sees one every 12 to
 * 18 minutes), each watching 7 to 31 minutes, so sessions on one server overlap now and then.
 * Names repeat across servers, sometimes while the same name is on elsewhere. A
 * name comes back to a server only well after it left there (past the rejoin grace), and never
 * while it is still on there (one person, one viewer).
 */
function plan(): Planned[] {
  const out: Planned[] = [];
  let minute = 3;
  for (let k = 0; minute < RUN_MINUTES - 20; k++) {
    const server = k % 3;
    const startMin = minute;
    const endMin = startMin + 7 + ((k * 11) % 25);
    let u = (k * 3) % USERS.length;
    // the same name on the same server again only once its last session there ended 5+ minutes ago
    while (out.some((p) => p.server === server && p.user === USERS[u] && p.endMin + 5 > startMin)) u = (u + 1) % USERS.length;
    out.push({ server, user: USERS[u]!, channelIndex: k % 4, startMin, endMin });
    minute += 4 + (k % 3);
  }
  return out;
}

const inQuiet = (minute: number) => minute >= 90 && minute < 120;

describe('several servers, exactly once', () => {
  it('announces each viewer start on three servers exactly once over three simulated hours', { timeout: 240_000 }, async () => {
    h = await startCoreHarness({
      demo: { name: 'Home', seed: 21, viewers: 0, churn: 0 },
      // quiet hours follow the fake clock (UTC), not the machine's time zone
      app: { minuteOfDay: (ms) => Math.floor(ms / MIN) % 1440 },
    });
    expect(h.clock.now()).toBe(Date.parse(START));
    const cabin = await startDemoServer({ name: 'Cabin', seed: 33, channels: 6, viewers: 0, churn: 0, clock: h.clock });
    const office = await startDemoServer({ name: 'Office', seed: 44, channels: 5, viewers: 0, churn: 0, clock: h.clock });
    extra.push(cabin, office);
    office.controls.setSse(false);
    const demos = [h.demo, cabin, office];
    for (const demo of demos) {
      const result = await h.app.handlers.addServer({ server: demo.url, apiKey: demo.key, authStyle: 'x-api-key' });
      expect(result.kind).toBe('added');
    }
    expect((await h.app.handlers.updateSettings({ notifications: { ...h.settings.values.notifications, quietHours: QUIET } })).ok).toBe(true);
    const live = (state: string) => state === 'live' || state === 'polling';
    await h.until(() => h!.app.servers.slots.length === 3 && h!.app.servers.slots.every((s) => live(s.store.state.connection.state)), { what: 'three servers live' });
    expect(h.app.servers.slots.map((s) => s.name)).toEqual([...SERVERS]);
    await h.step(5_000); // every server's first list is a baseline
    h.notifications.length = 0;

    const planned = plan();
    expect(planned.length).toBeGreaterThan(25);
    // the plan really interleaves: several servers have someone on at once, and names repeat across servers
    expect(planned.some((a) => planned.some((b) => a.server !== b.server && a.user === b.user))).toBe(true);

    const t0 = h.clock.now();
    const minuteNow = () => (h!.clock.now() - Date.parse(START)) / MIN;
    const started: { p: Planned; at: number; id: string }[] = [];
    const ended = new Set<Planned>();
    const stepMs = 10_000;
    while (h.clock.now() - t0 < RUN_MINUTES * MIN) {
      const now = minuteNow();
      for (const p of planned) {
        const demo = demos[p.server]!;
        if (!started.some((s) => s.p === p) && p.startMin <= now) {
          const channel = demo.controls.listChannels()[p.channelIndex]!.number;
          const session = demo.controls.startSession({ user: p.user, channelNumber: channel, deviceId: `dev_${p.user}` });
          started.push({ p, at: h.clock.now(), id: session.id });
        }
        const start = started.find((s) => s.p === p);
        if (start && !ended.has(p) && p.endMin <= now) {
          expect(demo.controls.endSession(start.id)).toBe(true);
          ended.add(p);
        }
      }
      await h.step(stepMs);
    }
    expect(started).toHaveLength(planned.length);

    // every notification is one viewer's start on one server: "James started watching … on Cabin"
    // (a long title is cut, so the server is read from the request, which names it)
    const ids = h.app.servers.slots.map((s) => s.id);
    const others: string[] = [];
    const shown = h.notifications.flatMap((n) => {
      const match = /^(\S+) started watching/.exec(n.title);
      if (!match || n.target.view !== 'watching' || !n.target.viewer) {
        others.push(`${n.title} at minute ${(n.at - Date.parse(START)) / MIN}`);
        return [];
      }
      expect(n.target.server).toBe(n.server);
      return [{ user: match[1]!, server: ids.indexOf(n.server ?? ''), at: n.at, title: n.title }];
    });
    const expected = started.filter((s) => !inQuiet(s.p.startMin));
    const quiet = started.filter((s) => inQuiet(s.p.startMin));
    expect(quiet.length).toBeGreaterThan(0);

    // match each expected start to one notification for the same name on the same server, within a minute
    const unmatched = [...shown];
    const missed: string[] = [];
    for (const s of expected) {
      const i = unmatched.findIndex((n) => n.user === s.p.user && n.server === s.p.server && n.at >= s.at && n.at <= s.at + MIN);
      if (i < 0) missed.push(`${s.p.user} on ${SERVERS[s.p.server]} at minute ${s.p.startMin}`);
      else unmatched.splice(i, 1);
    }
    const twice = unmatched.map((n) => `${n.title} at minute ${(n.at - Date.parse(START)) / MIN}`);
    expect({ missed, twice, others }).toEqual({ missed: [], twice: [], others: [] });
    expect(shown).toHaveLength(expected.length);
  });
});
