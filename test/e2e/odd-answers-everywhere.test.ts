/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, shots } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Issue 48 in the popover: what Airwave's own OpenAPI document allows reads as something true.
// One set of viewers (the count and why the lists disagree), a programme named when its times are
// not, a time on another day with its date, a channel of any number typed and opened, and search
// naming only what it searched. Each view in light and dark, at 1x and 2x (test-results/screens/).
const e2e = e2eSetup();

type Json = Record<string, unknown>;
const DAY = 86_400_000;

describe('a bad value costs only itself, in the popover (issue 48)', () => {
  it('Watching: one set of viewers, with the count and why the lists disagree; a progress that cannot be true is none', async () => {
    const clock = e2e.clearOfScheduleEdge();
    const demo = await e2e.demo({ profile: 'airwave', viewers: 0, channels: 8, clock });
    const channel = { number: await e2e.channelOnAir(demo, { clock, forMs: 10 * 60_000 }) };
    demo.controls.startSession({ user: 'dolor', channelNumber: channel.number, deviceId: 'dev_dolor' });
    demo.controls.startSession({ user: 'Ann', channelNumber: channel.number, deviceId: 'dev_ann' });
    demo.controls.setAnswerHook((path, body) => {
      const b = body as Json;
      // the sessions list names dolor alone; /now-playing names five others, one with a progress no programme has
      if (path === '/sessions') return { sessions: (b.sessions as Json[]).filter((session) => session.user === 'dolor') };
      if (path === '/now-playing') {
        const first = (b.nowPlaying as Json[]).find((entry) => entry.user === 'Ann') ?? (b.nowPlaying as Json[])[0]!;
        return {
          nowPlaying: ['Ann', 'Bo', 'Cy', 'Di', 'Ed'].map((user, i) => ({
            ...first,
            user,
            device: { model: `Player ${user}`, platform: 'web' },
            ...(i === 0 ? { progress: { positionSeconds: -1_379_430, durationSeconds: 61_439_696 } } : {}),
          })),
        };
      }
      return body;
    });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key, clock });
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(6);
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', clock });
    await poll(() => page.locator('li.card').count()).toBeGreaterThan(0);
    const said = page.locator('.watching-differs');
    await poll(() => said.textContent()).toMatch(/^The server counts \d+ watching but its viewer lists name 6 people: its answers disagree\.$/);
    // the tab's count is the tray's, the server's
    expect(await page.getByRole('tab', { name: /Watching/ }).locator('.count').textContent()).toBe(String(host.app.trayView.badge));
    // Ann's progress could not be true: no bar's figure, no "17066 h 35 min left"
    const ann = page.locator('li.card').filter({ has: page.getByText('Ann', { exact: true }) });
    expect(await ann.textContent()).not.toMatch(/\d+ h \d+ min left/);
    await shots(page, 'watching-count-differs');
    await page.close();
  });

  it('On now: a programme named without times reads "times unknown"; a channel silent for two months says since when, with the date', async () => {
    const demo = await e2e.demo({ profile: 'airwave', viewers: 0, channels: 8 });
    const [named, silent] = demo.controls.listChannels().filter((c) => !c.empty);
    demo.controls.setAnswerHook((path, body) => {
      if (path !== '/guide/now') return body;
      const iso = (ms: number) => new Date(ms).toISOString();
      const ago = e2e.now() - 61 * DAY;
      const rows = (body as { channels: Json[] }).channels.map((row) => {
        const slot = (row.now ?? row.next) as Json | null;
        if (row.id === named!.id && slot) return { ...row, now: { ...slot, startsAt: 'string' }, next: null };
        if (row.id === silent!.id && slot) return { ...row, now: { ...slot, startsAt: iso(ago - 30 * 60_000), endsAt: iso(ago - 10 * 60_000) }, next: { ...slot, startsAt: iso(ago - 10 * 60_000), endsAt: iso(ago) } };
        return row;
      });
      return { ...(body as Json), channels: rows };
    });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key });
    const page = await openPopover(e2e.browser, host.url, 'light');
    await page.getByRole('tab', { name: 'On now' }).click();
    const row = (name: string) => page.locator('.channel-row', { hasText: name }).first();
    await poll(() => row(named!.name).textContent()).toMatch(/times unknown/);
    expect(await row(named!.name).textContent()).not.toMatch(/Nothing on/);
    // two months ago: the time with its date, never a bare "since 6:22 PM"
    await poll(() => row(silent!.name).textContent()).toMatch(/Nothing on since \p{L}{3} \d{1,2}, \d/u);
    await shots(page, 'on-now-times-unknown');
    await page.close();
  });

  it('a channel numbered 23795074 is typed whole and opened; search without a guide names only what it searched', async () => {
    const clock = e2e.clearOfScheduleEdge();
    const demo = await e2e.demo({ profile: 'airwave', viewers: 0, channels: 8, clock });
    const number = await e2e.channelOnAir(demo, { clock, forMs: 10 * 60_000 });
    const far = demo.controls.listChannels().find((c) => c.number === number)!;
    demo.controls.setAnswerHook((path, body) => {
      const b = body as Json;
      if (path === '/guide/now') return { ...b, channels: (b.channels as Json[]).map((row) => (row.id === far.id ? { ...row, number: 23795074 } : row)) };
      // a guide the app cannot read: search has only On now and the viewers to look in
      if (path === '/guide') return { channels: 'not today' };
      return body;
    });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key, clock });
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', clock });
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.locator('.channel-row', { hasText: far.name }).first().waitFor();
    await page.keyboard.type('23795074');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: /23795074/ });
    await poll(() => sheet.locator('.channel-heading').textContent()).toContain('23795074');
    expect(await sheet.textContent()).not.toMatch(/Invalid value|Expected <=|lookupChannel/);
    await shots(page, 'channel-23795074');
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.getByRole('searchbox').fill('Zebra Crossing Quarterly');
    const empty = page.locator('.search-empty');
    await poll(() => empty.textContent()).toMatch(/Nothing called “Zebra Crossing Quarterly” on now or next on 8 channels, and nobody by that name is watching\. The guide could not be searched\./);
    expect(await empty.textContent()).not.toMatch(/in the next 24 hours/);
    await shots(page, 'search-guide-unread');
    await page.close();
  });
});
