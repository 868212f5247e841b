import { afterEach, describe, expect, it } from 'vitest';
import type { Guide } from '../../src/shared/airwave';
import { AirwaveClient } from '../../src/main/core/client';
import { fetchDayGuide } from '../../src/main/core/features/guide-source';
import { MAX_WAITING_PER_TITLE } from '../../src/main/core/features/follow-policy';
import { findAirings, MAX_AIRINGS_PER_TITLE } from '../../src/main/core/features/watchlist';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';

// The watchlist's day scan (`/guide?forwardMinutes=1440`) read as it streams in, against the demo
// server over loopback: it finds what a whole-guide scan finds while keeping only the followed
// titles' airings, and at 3,000 channels (a 67 MB answer, over the 20 MB cap of one-piece answers)
// the whole core's hourly scan finds airings.

const tempDir = useTempDirs('airwave-day-scan');
let h: CoreHarness | null = null;
const demos: DemoServer[] = [];
const clients: AirwaveClient[] = [];
afterEach(async () => {
  await h?.close();
  h = null;
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(demos.splice(0).map((d) => d.close()));
});

const titleOf = (p: { showTitle: string | null; title: string }) => p.showTitle ?? p.title;
const programmes = (guide: Guide) => guide.channels.flatMap((c) => c.programs);

describe('the watchlist day scan', () => {
  it('keeps only the followed titles, and finds exactly the airings a scan of the whole guide finds', async () => {
    const clock = new ManualClock('2026-09-27T18:07:00.000Z');
    const demo = await startDemoServer({ port: 0, seed: 5, channels: 40, viewers: 0, churn: 0, clock });
    demos.push(demo);
    const client = new AirwaveClient({ server: demo.url, apiKey: demo.key });
    clients.push(client);
    const whole = await client.guide(1440, { backMinutes: 0 });
    // the two titles with the most airings (so the per-title cap is met) and the one with the fewest
    const counts = new Map<string, number>();
    for (const p of programmes(whole)) if (p.ratingKey !== null) counts.set(titleOf(p), (counts.get(titleOf(p)) ?? 0) + 1);
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    expect(ranked[0]![1]).toBeGreaterThan(MAX_AIRINGS_PER_TITLE);
    const followed = [ranked[0]![0], ranked[1]![0].toUpperCase(), ranked[ranked.length - 1]![0]].map((title) => ({ title }));

    const now = clock.now();
    const day = await fetchDayGuide(client, followed, now);
    expect(findAirings(day, followed, now)).toEqual(findAirings(whole, followed, now));
    expect(findAirings(day, followed, now).length).toBeGreaterThan(MAX_AIRINGS_PER_TITLE);
    // nothing else is kept: the followed titles' soonest airings only, at most the cap per title
    const wanted = new Set(followed.map((f) => f.title.toLowerCase()));
    expect(programmes(day).every((p) => wanted.has(p.title.toLowerCase()) || wanted.has((p.showTitle ?? '').toLowerCase()))).toBe(true);
    expect(programmes(day).length).toBeLessThanOrEqual(followed.length * MAX_AIRINGS_PER_TITLE);
    expect(programmes(day).length).toBeLessThan(programmes(whole).length / 10);
    // it speaks for the same span as the whole guide (so an airing gone from that span is dropped)
    const earliest = Math.min(...programmes(whole).map((p) => Date.parse(p.startsAt)));
    expect(Date.parse(day.serverTime) - day.backMinutes * 60_000).toBeLessThanOrEqual(earliest);
    expect(Date.parse(day.serverTime) - day.backMinutes * 60_000).toBeGreaterThan(earliest - 60_000);
    expect(day.windowMinutes).toBe(1440);
  });

  it('finds airings among 3,000 channels (a 67 MB day) with one /guide request, in the whole core', { timeout: 180_000 }, async () => {
    h = await startCoreHarness({ demo: { channels: 3000 }, app: { dataDir: tempDir() } });
    await h.app.start();
    await h.connect();
    // a title on the last channel that plays something
    const rows = h.app.store.state.onNow.data!.channels;
    expect(rows).toHaveLength(3000);
    const playing = (row: (typeof rows)[number]) => [row.next, row.now].find((p) => p && p.ratingKey !== null);
    const row = rows.findLast((row) => playing(row) !== undefined)!;
    const title = titleOf(playing(row)!);
    await h.app.handlers.follow({ title });
    // the scan comes a few simulated minutes after following; the 67 MB answer takes real seconds
    // (bounded: 50 simulated minutes, before the next hourly scan, or 150 s of real time)
    const started = { real: Date.now(), simulated: h.clock.now() };
    while (h.app.snapshot().watchlist.scannedAt === null && h.clock.now() - started.simulated < 50 * 60_000 && Date.now() - started.real < 150_000) await h.step(200);
    const { watchlist, reminders } = h.app.snapshot();
    expect(watchlist.scannedAt).not.toBeNull();
    expect(h.apiRequests()['/guide']).toBe(1);
    expect(watchlist.comingUp.length).toBeGreaterThan(0);
    expect(watchlist.comingUp.every((a) => titleOf(a) === title)).toBe(true);
    // the soonest airings of a title that plays on many of the 3,000 channels: as many as are kept per title
    expect(watchlist.comingUp).toHaveLength(MAX_AIRINGS_PER_TITLE);
    // those still to start come before those already on, so there is something to remind about
    const future = watchlist.comingUp.filter((a) => Date.parse(a.startsAt) > h!.clock.now());
    expect(future.length).toBeGreaterThan(0);
    // but one Follow reminds of at most three of them, each a different episode (no repeats)
    const set = reminders.filter((r) => r.from === 'watchlist');
    expect(set.length).toBeGreaterThan(0);
    expect(set.length).toBeLessThanOrEqual(Math.min(MAX_WAITING_PER_TITLE, future.length));
    const episodes = set.map((r) => watchlist.comingUp.find((a) => a.channelId === r.channelId && a.startsAt === r.startsAt)!);
    expect(episodes.every((a) => a.reminded && !a.repeat)).toBe(true);
  });
});
