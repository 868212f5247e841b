import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/main/core/app';
import { onAirChannel, settle, sleep, type CoreHarness } from '../support/core-harness';
import { utcCalendar } from '../../src/main/core/history/calendar';
import { useCoreHarness } from '../support/use-core-harness';

/**
 * History against the demo over loopback with scripted viewers: four at once at the peak, then
 * the app stops for an hour and starts again on the same data folder. History shows the right
 * peak, hours and people after the restart, the stop as a gap, and the CSV one row per viewing.
 */

const MIN = 60_000;
const core = useCoreHarness('airwave-history-demo');
let h: CoreHarness | null = null;
let second: AppController | null = null;

function parseCsv(text: string): string[][] {
  // the app's own CSV: a byte-order mark, then no field here holds a quote or a line break, so CRLF and commas split it
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

describe('History against the demo', () => {
  it('shows the peak, hours and people, after a restart too, with the stop as a gap; the CSV has a row per viewing', async () => {
    const dataDir = core.tempDir();
    h = await core.start({ demo: { viewers: 0, churn: 0 }, app: { dataDir } });
    await h.connect();
    const t0 = h.clock.now();
    const channel = onAirChannel(h.demo);
    const ids: string[] = [];
    for (const user of ['Ava', 'Ben', 'Cy', 'Dee']) {
      ids.push(h.demo.controls.startSession({ user, channelNumber: channel }).id);
      await h.runFor(MIN, 5_000);
    }
    // four watching from about t0 + 3 min; Cy and Dee leave 10 min later, Ava and Ben 20 min later
    await h.runFor(10 * MIN, 10_000);
    h.demo.controls.endSession(ids[2]!);
    h.demo.controls.endSession(ids[3]!);
    await h.runFor(10 * MIN, 10_000);
    h.demo.controls.endSession(ids[0]!);
    h.demo.controls.endSession(ids[1]!);
    await h.runFor(5 * MIN, 10_000);

    const before = await h.app.handlers.getHistory({ span: '24h' });
    if (!before.ok) throw new Error(before.error.message);
    expect(before.value.peak?.count).toBe(4);
    const peakAt = before.value.peak!.at;
    expect(peakAt - t0).toBeGreaterThanOrEqual(3 * MIN);
    expect(peakAt - t0).toBeLessThan(4 * MIN);
    expect(before.value.people.top.map((p) => p.name).sort()).toEqual(['Ava', 'Ben', 'Cy', 'Dee']);
    // Ava ~23 min, Ben ~22, Cy ~12, Dee ~11: about 68 min, within the app's observing latency
    expect(before.value.watchedMs).toBeGreaterThanOrEqual(60 * MIN);
    expect(before.value.watchedMs).toBeLessThanOrEqual(72 * MIN);

    // the app stops for an hour; a new one starts on the same folder
    const stoppedAt = Math.round(h.clock.now() / 1000) * 1000; // the record keeps whole seconds
    await h.app.close();
    h.clock.advance(60 * MIN);
    const saved: { name: string; text: string }[] = [];
    second = core.closeAfter(new AppController({ clock: h.clock, settings: h.settings, dataDir, random: () => 0.5, minuteOfDay: () => 12 * 60, calendar: utcCalendar, host: { saveFile: async (name, text) => (saved.push({ name, text }), true) } }));
    await second.start();
    const app = second;
    for (let i = 0; i < 200 && !['live', 'polling'].includes(app.store.state.connection.state); i++) {
      h.clock.advance(1_000);
      await settle(() => app.engine.inFlight);
    }
    for (let i = 0; i < 6; i++) {
      h.clock.advance(5_000);
      await settle(() => app.engine.inFlight);
    }
    // the record is read after the first viewer list (off the start-up path): History says so until then
    for (let i = 0; i < 500 && !app.snapshot().history.ready; i++) await sleep(20);
    expect(app.snapshot().history.ready).toBe(true);
    const after = await app.handlers.getHistory({ span: '24h' });
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.peak).toEqual(before.value.peak);
    expect(after.value.watchedMs).toBe(before.value.watchedMs);
    expect(after.value.people).toEqual(before.value.people);
    // the hour the app was stopped is a gap (it starts where the first app closed)
    const stop = after.value.gaps.find((g) => g.from === stoppedAt);
    expect(stop).toBeDefined();
    expect(stop!.to - stop!.from).toBeGreaterThanOrEqual(60 * MIN);
    expect(stop!.to - stop!.from).toBeLessThan(62 * MIN);

    // the tray's tooltip says today's peak after the count
    expect(app.trayView.tooltip.split('\n')[2]).toBe('0 watching, peak today 4 · Live');

    // the CSV from the tray menu: through the host's save dialog, a header and one row per viewing
    app.trayAction({ type: 'export-history', span: '24h' });
    await settle(() => (saved.length === 0 ? 1 : 0));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^airwave-history-24h-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await app.handlers.exportHistory({ span: '24h' });
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.value).toMatchObject({ saved: true, csv: null, rows: 4 });
    const rows = parseCsv(saved[0]!.text);
    expect(rows[0]).toEqual(['server', 'person', 'device', 'channel', 'programme', 'start', 'end', 'minutes']);
    expect(rows.slice(1).map((r) => r[1]).sort()).toEqual(['Ava', 'Ben', 'Cy', 'Dee']);
    expect(rows.slice(1).every((r) => r.length === 8 && Number(r[7]) > 0 && r[3]!.startsWith(String(channel)))).toBe(true);
    const minutes = rows.slice(1).reduce((sum, r) => sum + Number(r[7]), 0);
    expect(Math.abs(minutes * MIN - after.value.watchedMs)).toBeLessThan(MIN);

    // kept only on this computer: one folder per server, month files in it, small
    // (and `.days`, the day summaries long ranges read)
    const folders = readdirSync(join(dataDir, 'history')).filter((name) => name !== 'settings.json' && name !== '.days');
    expect(folders).toHaveLength(1);
    const files = readdirSync(join(dataDir, 'history', folders[0]!));
    expect(files.every((f) => /^\d{4}-\d{2}\.jsonl$/.test(f))).toBe(true);
    expect(files.reduce((sum, f) => sum + statSync(join(dataDir, 'history', folders[0]!, f)).size, 0)).toBeLessThan(4_000);
  });
});
