/**
 * The tray's badge counts only what it can vouch for, read through the tray port (the view the
 * hosts draw): a server away or rejecting the key is left out and the badge marked "6+", with the
 * tooltip naming it; when no counted server is current the held count is shown as not current.
 * Two servers with one name are told apart by their address in the tray, the summaries and cards.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

let h: CoreHarness | null = null;
const extra: DemoServer[] = [];

afterEach(async () => {
  await h?.close();
  h = null;
  for (const demo of extra.splice(0)) await demo.close().catch(() => {});
});

const live = (state: string) => state === 'live' || state === 'polling';

async function follow(demos: DemoServer[]): Promise<string[]> {
  const ids: string[] = [];
  for (const demo of demos) {
    const result = await h!.app.handlers.addServer({ server: demo.url, apiKey: demo.key, authStyle: 'x-api-key' });
    expect(result.kind).toBe('added');
    if (result.kind === 'added') ids.push(result.id);
  }
  await h!.until(() => h!.app.servers.slots.length === demos.length && h!.app.servers.slots.every((s) => live(s.store.state.connection.state)), { what: 'every server live' });
  return ids;
}

describe('the badge counts only what it can vouch for', () => {
  it('leaves out a server whose key is rejected or that is away, marks the badge "n+", and says which in the tooltip', async () => {
    h = await startCoreHarness({ demo: { name: 'Home', seed: 21, viewers: 0, churn: 0 } });
    const cabin = await startDemoServer({ name: 'Cabin', seed: 33, channels: 6, viewers: 0, churn: 0, clock: h.clock });
    const office = await startDemoServer({ name: 'Office', seed: 44, channels: 5, viewers: 0, churn: 0, clock: h.clock });
    extra.push(cabin, office);
    await follow([h.demo, cabin, office]);
    h.demo.controls.startSession({ user: 'James', channelNumber: h.demo.controls.listChannels()[0]!.number, deviceId: 'dev_tv' });
    cabin.controls.startSession({ user: 'Ana', channelNumber: cabin.controls.listChannels()[0]!.number, deviceId: 'dev_a' });
    cabin.controls.startSession({ user: 'Ben', channelNumber: cabin.controls.listChannels()[1]!.number, deviceId: 'dev_b' });
    office.controls.startSession({ user: 'Cy', channelNumber: office.controls.listChannels()[0]!.number, deviceId: 'dev_c' });
    await h.until(() => h!.app.trayView.badge === 4, { what: 'four watching', stepMs: 1_000, maxSteps: 120 });
    expect(h.app.trayView.badgeText).toBe('4');
    expect(h.app.trayView.tooltip.split('\n')[1]).toBe('4 watching, peak today 4');

    // Cabin's key is revoked: its two viewers are no longer vouched for
    cabin.controls.revokeKey();
    h.app.servers.refresh();
    await h.until(() => h!.app.servers.slots[1]!.store.state.connection.state === 'unauthorized', { what: 'Cabin rejects the key', stepMs: 1_000, maxSteps: 120 });
    await h.until(() => h!.app.trayView.badge === 2, { what: 'Cabin left out' });
    let tray = h.app.trayView;
    expect(tray.badgeText).toBe('2+');
    expect(tray.title).toBe('2+');
    expect(tray.tooltip.split('\n')[1]).toBe('2+ watching, peak today 4: Cabin (key rejected) not counted');
    expect(tray.icon).toBe('key-problem');
    // the menu's "Fix the API key of Cabin…" shows Cabin and opens its key field
    const cabinId = h.app.servers.slots[1]!.id;
    const fix = tray.menu.find((entry) => entry.id === `fix-key:${cabinId}`)!;
    expect(fix.action).toEqual({ type: 'open', focus: { view: 'settings', fixKey: true, server: cabinId } });
    h.app.trayAction(fix.action!);
    expect(h.app.snapshot().settings.selectedServer).toBe(cabinId);
    expect(h.app.snapshot().focus?.target).toEqual({ view: 'settings', fixKey: true, server: cabinId });

    // Office goes away too
    await office.close();
    h.app.servers.refresh();
    await h.until(() => h!.app.servers.slots[2]!.store.state.connection.state === 'offline', { what: 'Office away', stepMs: 1_000, maxSteps: 120 });
    tray = h.app.trayView;
    expect(tray.badge).toBe(1);
    expect(tray.badgeText).toBe('1+');
    expect(tray.tooltip.split('\n')[1]).toBe('1+ watching, peak today 4: Cabin (key rejected) and Office (away) not counted');

    // the badge set to count Cabin alone: nothing current to count, so the held number is shown as not current
    expect((await h.app.handlers.updateSettings({ badgeServer: h.app.servers.slots[1]!.id })).ok).toBe(true);
    tray = h.app.trayView;
    expect(tray.badge).toBe(2);
    expect(tray.badgeText).toBe('2');
    expect(tray.tooltip.split('\n')[1]).toBe('2 watching, not current: no server it counts can be reached');
    // the popover's count follows the same rule
    expect(h.app.snapshot().watching).toBe(2);
    await h.app.handlers.updateSettings({ badgeServer: null });
    expect(h.app.snapshot().watching).toBe(1);
  });

  it('tells two servers with one name apart by their address, in the summaries, the cards and the tray', async () => {
    h = await startCoreHarness({ demo: { name: 'Home', seed: 21, viewers: 1, churn: 0 } });
    const other = await startDemoServer({ name: 'Home', seed: 33, channels: 6, viewers: 1, churn: 0, clock: h.clock });
    extra.push(other);
    await follow([h.demo, other]);
    await h.until(() => h!.app.trayView.badge === 2, { what: 'two watching', stepMs: 1_000, maxSteps: 120 });
    const names = h.app.snapshot().servers.map((s) => s.name);
    expect(names).toEqual([`Home (127.0.0.1:${h.demo.port})`, `Home (127.0.0.1:${other.port})`]);
    expect(new Set(h.app.snapshot().nowPlaying.data!.map((v) => v.serverName)).size).toBe(2);
    const lines = h.app.trayView.tooltip.split('\n');
    expect(lines.slice(2)).toEqual([`${names[0]}: 1 watching`, `${names[1]}: 1 watching`]);
    // a rename that makes the names differ drops the address
    await h.app.handlers.updateServer({ id: h.app.servers.slots[1]!.id, name: 'Cabin' });
    expect(h.app.snapshot().servers.map((s) => s.name)).toEqual(['Home', 'Cabin']);
  });
});
