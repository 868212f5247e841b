import { describe, expect, it } from 'vitest';
import { getJson } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { e2eSetup, poll } from './setup';

// Notifications at once, storms still one (issue 44, point 4), end to end on the Airwave 0.15.13
// demo with its live event stream, through the preview host's list of notification requests, on
// the file's flowing clock (real time, so the network's round trips count): a lone viewer is told
// within a second of the server's event; five starting 2 s apart are at most two notifications,
// the first at once, nobody named twice.
const e2e = e2eSetup();

/** The README's promise: a lone viewer is told at most this long after the server's event. */
const LONE_START_MS = 1_000;

type Note = { title: string; body: string; at: number };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function live() {
  const host = await e2e.preview({ demo: true, demoOptions: { profile: 'airwave', serverVersion: '0.15.13', seed: 7, channels: 16, viewers: 0, churn: 0 } });
  await poll(() => host.app.store.state.connection.state).toBe('live');
  const notes = () => getJson<Note[]>(`${host.url}/__preview/notifications`);
  return { host, demo: host.demo!, notes };
}

describe('notifications on a live server', () => {
  it('tells a lone viewer within 1 s of the event', async () => {
    const { demo, notes } = await live();
    const eventAt = e2e.now();
    demo.controls.startSession({ user: 'Lena', channelNumber: onAirChannel(demo), platform: 'iOS', model: 'iPhone 15', deviceId: 'dev_lena' });
    await expect.poll(async () => (await notes()).length, { timeout: 5_000, interval: 25 }).toBe(1);
    const [lena] = await notes();
    expect(lena!.title).toMatch(/^Lena (started|is) watching /);
    expect(lena!.at - eventAt).toBeLessThanOrEqual(LONE_START_MS);
  });

  it('says five starting 2 s apart in at most two notifications, the first at once, nobody named twice', async () => {
    const { demo, notes } = await live();
    const channel = onAirChannel(demo);
    const household = ['James', 'Ann', 'Bea', 'Cal', 'Dot'];
    const t0 = e2e.now();
    for (const [i, user] of household.entries()) {
      demo.controls.startSession({ user, channelNumber: channel, platform: 'Roku', model: `Roku ${user}`, deviceId: `dev_${user}` });
      if (i === 0) await expect.poll(async () => (await notes()).length, { timeout: 5_000, interval: 25 }).toBe(1);
      if (i < household.length - 1) await sleep(2_000 - (i === 0 ? Math.min(1_900, e2e.now() - t0) : 0));
    }
    await expect.poll(async () => (await notes()).length, { timeout: 15_000, interval: 100 }).toBe(2);
    await sleep(2_000); // nothing more comes
    const [first, followUp] = (await notes()) as [Note, Note];
    expect(await notes()).toHaveLength(2);
    expect(first.at - t0).toBeLessThanOrEqual(LONE_START_MS);
    expect(first.title).toMatch(/^James (started|is) watching/);
    expect(followUp.title).toMatch(/^Ann, Bea and 2 others (also started|are also) watching/);
    expect(followUp.at - first.at).toBeGreaterThanOrEqual(10_000);
    expect(followUp.at - first.at).toBeLessThan(12_000); // a timer on a busy machine; the integration test pins 10 s exactly
  });
});
