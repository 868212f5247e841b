/**
 * A closed app costs the same whatever the size of the server (issue 40): with the popover closed,
 * the core following a demo server arms about as many timers at 3,000 channels as at 50, live and
 * polling. Before, the held On now rows moved on at every programme end with the popover closed
 * too: one timer per programme end, about one a second at 3,000 channels. Timers are counted
 * through the core's clock (the demo server's own timers are not counted). The tray, which no
 * longer hears of every programme end, is redrawn by a timer of its own at the ends of what it names.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Program } from '../../src/shared/airwave';
import { menuText, programmeLabel } from '../../src/main/core/tray/tray-view';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { countingClock } from '../support/counting-clock';
import { ManualClock } from '../support/manual-clock';

/** Simulated time counted, after a minute to settle in. */
const WINDOW_MS = 60 * 60_000;
const STEP_MS = 10_000;

let h: CoreHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Timers the core arms in WINDOW_MS of a closed app following `channels` channels. */
async function closedApp(channels: number, sse: boolean): Promise<{ armed: number; onNowChanges: number }> {
  const manual = new ManualClock();
  const { clock: counted, count } = countingClock(manual);
  h = await startCoreHarness({ clock: manual, demo: { channels, viewers: 3, churn: 0, sse }, app: { clock: counted } });
  await h.connect();
  expect(h.app.store.state.connection.state).toBe(sse ? 'live' : 'polling');
  await h.runFor(60_000, STEP_MS);
  expect(h.app.store.state.onNow.data?.channels.length).toBe(channels);
  let onNowChanges = 0;
  const off = h.app.store.subscribe((_state, changed) => void (changed.has('onNow') && count.on && onNowChanges++));
  count.on = true;
  await h.runFor(WINDOW_MS, STEP_MS);
  count.on = false;
  off();
  await h.close();
  h = null;
  return { armed: count.armed, onNowChanges };
}

describe('a closed app', () => {
  for (const sse of [true, false]) {
    it(`arms as many timers at 3,000 channels as at 50 (${sse ? 'live' : 'polling'})`, { timeout: 240_000 }, async () => {
      const small = await closedApp(50, sse);
      const large = await closedApp(3000, sse);
      console.log(`${sse ? 'live' : 'polling'}, ${WINDOW_MS / 60_000} simulated minutes: timers armed ${small.armed} at 50 channels, ${large.armed} at 3,000; On now changed ${small.onNowChanges} and ${large.onNowChanges} times`);
      // Following each programme end (the demo's fall on a 30 s grid: every 30 s somewhere among
      // 3,000 channels) armed ~35 more an hour at 3,000 than at 50; now the difference is the
      // tray's few rows, whose programmes end at other moments.
      expect(large.armed).toBeLessThanOrEqual(small.armed + 6);
      // the schedules themselves: status, /guide/now, the tray's rows, the count poll (polling), the stream watchdog (live)
      expect(large.armed).toBeLessThanOrEqual(360);
      // closed, the held rows change only with a new /guide/now (every 10 minutes), not at programme ends
      expect(large.onNowChanges).toBeLessThanOrEqual(small.onNowChanges + 1);
      expect(large.onNowChanges).toBeLessThanOrEqual(7);
    });
  }
});

describe('the closed tray', () => {
  it('names the next programme of a channel it lists within a second of the programme end, with nothing else happening', { timeout: 60_000 }, async () => {
    h = await startCoreHarness({ demo: { channels: 24, viewers: 0, churn: 0, sse: false }, pollSeconds: 300 });
    await h.connect();
    const whatsOn = () => h!.app.trayView.menu.find((item) => item.id === 'whats-on')!.submenu!;
    // a row whose programme now and next are both programmes (a bumper is shown as "Bumper"), back to back
    const row = h.app.store.state.onNow.data!.channels.find(
      (r) => r.now?.ratingKey && r.next?.ratingKey && r.next.title !== r.now.title && Date.parse(r.next.startsAt) === Date.parse(r.now.endsAt),
    )!;
    expect(row).toBeDefined();
    const label = () => whatsOn().find((item) => item.id === `channel:${row.number}`)!.label;
    const naming = (program: Program) => menuText(`${row.number} ${row.name}: ${programmeLabel(program)}`);
    expect(label()).toBe(naming(row.now!));
    // polling every 5 minutes and no stream: nothing else changes the state in this minute, so only
    // the tray's own timer can redraw it (without it, this fails: the label stays on the programme that ended)
    const end = Date.parse(row.now!.endsAt);
    await h.step(end - h.clock.now() - 1_000);
    expect(label()).toBe(naming(row.now!));
    await h.step(1_500);
    expect(label()).toBe(naming(row.next!));
  });
});

describe('opening the popover', () => {
  it('works the held rows out as of now before anything is asked, after programmes ended while it was closed', { timeout: 60_000 }, async () => {
    h = await startCoreHarness({ demo: { channels: 24, viewers: 0, churn: 0, sse: false }, pollSeconds: 300 });
    await h.connect();
    const held = () => h!.app.store.state.onNow.data!.channels;
    // the row whose programme ends first (before the next /guide/now, 10 minutes on), back to back with the next
    const row = held()
      .filter((r) => r.now && r.next && Date.parse(r.next.startsAt) === Date.parse(r.now.endsAt) && Date.parse(r.next.endsAt) - Date.parse(r.now.endsAt) > 5_000)
      .sort((a, b) => Date.parse(a.now!.endsAt) - Date.parse(b.now!.endsAt))[0]!;
    expect(row).toBeDefined();
    const fetchedAt = h.app.store.state.onNow.updatedAt;
    await h.step(Date.parse(row.now!.endsAt) - h.clock.now() + 1_000);
    expect(h.app.store.state.onNow.updatedAt).toBe(fetchedAt);
    // closed: the held row was not moved on (the tray works out its own rows as it draws them)
    expect(held().find((r) => r.id === row.id)!.now).toEqual(row.now);
    h.app.setPopoverOpen(true);
    // at once, before any answer: what the page reads is as of now
    expect(held().find((r) => r.id === row.id)!.now).toEqual(row.next);
    h.app.setPopoverOpen(false);
  });
});
