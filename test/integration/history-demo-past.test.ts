import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { sleep } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

/**
 * "Try the demo" opens on a History with a past: a week of the demo household's viewing played from
 * the demo's own schedules, recorded through the app's own rules (no break is a programme), marked
 * as the demo's, and gone when the demo is left (the saved server's record untouched).
 */

const DAY = 24 * 3_600_000;
const core = useCoreHarness('airwave-history-demo-past');

describe('the demo with a past', () => {
  it('shows a week of the demo household, breaks never a programme, and drops it when the demo is left', async () => {
    let demo: DemoServer | null = null;
    const dataDir = core.tempDir();
    const h = await core.connected({
      demo: { viewers: 0, churn: 0 },
      app: {
        launchDemo: async () => {
          demo = core.closeAfter(await startDemoServer({ seed: 5, channels: 12, viewers: 1, churn: 0, clock: h.clock, profile: 'airwave' }));
          return demo;
        },
      },
    }, dataDir);
    // the saved server's own record: one viewer for a while
    const ana = h.demo.controls.startSession({ user: 'Ana', channelNumber: h.demo.controls.listChannels().find((c) => !c.empty)!.number });
    await h.runFor(10 * 60_000, 10_000);
    h.demo.controls.endSession(ana.id);
    await h.runFor(60_000, 10_000);

    expect(await h.app.handlers.startDemo({})).toEqual({ ok: true, value: null });
    await h.until(() => h.app.store.state.connection.state === 'live' && h.app.store.state.server?.url === demo!.url, { what: 'demo live' });
    for (let i = 0; i < 500 && !h.app.snapshot().history.ready; i++) await sleep(20);
    expect(h.app.snapshot().history.ready).toBe(true);

    const week = await h.app.handlers.getHistory({ span: '7d', server: 'demo' });
    if (!week.ok) throw new Error(week.error.message);
    const v = week.value;
    // the household, several days of it, marked as the demo's
    expect(v.demo).toBe(true);
    expect(v.people.count).toBeGreaterThanOrEqual(4);
    expect(v.watchedMs).toBeGreaterThan(10 * 3_600_000);
    expect(v.followedMs).toBeGreaterThan(5 * 12 * 3_600_000);
    expect(new Set(v.buckets.filter((b) => b.watchedMs > 0).map((b) => Math.floor((b.from - v.from) / DAY))).size).toBeGreaterThanOrEqual(5);
    // its breaks went to the programmes they introduce: no show is a break
    const shows = [...v.shows.top.map((s) => s.name)];
    expect(shows.length).toBeGreaterThan(3);
    expect(shows.filter((name) => /^Up next/.test(name))).toEqual([]);
    const csv = await h.app.handlers.exportHistory({ span: '7d', server: 'demo' });
    if (!csv.ok) throw new Error(csv.error.message);
    expect(csv.value.csv).not.toMatch(/Up next/);
    expect(csv.value.csv!.split('\r\n')[1]).toMatch(/^Airwave Demo,/); // the server named as the app names it

    // a person's page from it
    const top = v.people.top[0]!;
    const page = await h.app.handlers.getHistoryPerson({ span: '7d', person: { server: top.serverId, name: top.name } });
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value).toMatchObject({ name: top.name, demo: true });
    expect(page.value.watchedMs).toBeGreaterThan(0);
    expect(page.value.devices.count).toBeGreaterThanOrEqual(1);
    expect(page.value.firstSeen).not.toBeNull();

    // leaving the demo: its record goes, the saved server's stays
    expect(readdirSync(join(dataDir, 'history'))).toContain('demo');
    expect(await h.app.handlers.leaveDemo({})).toMatchObject({ ok: true });
    for (let i = 0; i < 500 && !h.app.snapshot().history.ready; i++) await sleep(20);
    await h.runFor(5_000, 1_000);
    const after = await h.app.handlers.getHistory({ span: '7d' });
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.demo).toBe(false);
    expect(after.value.people.top.map((p) => p.name)).toEqual(['Ana']);
    expect(existsSync(join(dataDir, 'history', 'demo'))).toBe(false);
  });
});
