/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Issue 33 in the popover: a viewer on a channel with nothing on is watching ("on 106 Dead Air ·
// nothing on"), and a channel whose every slot the server holds has ended reads "Nothing on since".
const e2e = e2eSetup();

type Json = Record<string, unknown>;

describe('what a server sends that the app now reads as it is', () => {
  it('shows a viewer with nothing on, and a stale channel as nothing on since', async () => {
    const demo = await e2e.demo({ profile: 'airwave', viewers: 0, channels: 12 });
    const channels = demo.controls.listChannels();
    const dead = channels.find((c) => c.empty)!;
    const live = channels.filter((c) => !c.empty);
    // the first live channel's slots all ended 6 minutes ago in every /guide/now answer (a stale
    // schedule); its row may be in a break, where `now` is null and only `next` holds a programme
    const stale = live[0]!;
    demo.controls.setAnswerHook((path, body) => {
      if (path !== '/guide/now') return body;
      const at = e2e.now();
      const iso = (minutes: number) => new Date(at + minutes * 60_000).toISOString();
      const rows = (body as { channels: Json[] }).channels;
      const ended = (row: Json, from: number, to: number) => ({ ...((row.now ?? row.next) as Json), startsAt: iso(from), endsAt: iso(to) });
      return { ...(body as Json), channels: rows.map((row) => (row.id === stale.id ? { ...row, now: ended(row, -60, -30), next: ended(row, -30, -6) } : row)) };
    });
    demo.controls.startSession({ user: 'Ann', channelNumber: live[1]!.number });
    demo.controls.startSession({ user: 'Bo', channelNumber: live[2]!.number });
    demo.controls.startSession({ user: 'Cy', channelNumber: dead.number });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key });
    await poll(() => host.app.snapshot().watching).toBe(3);
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(3);

    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopover(e2e.browser, host.url, scheme);
      await poll(() => page.locator('li.card').count()).toBe(3);
      // the card whose viewer is Cy (a programme title may hold "Cy" too: "Amélie’s Bicycle")
      expect(await page.locator('li.card').filter({ has: page.getByText('Cy', { exact: true }) }).textContent()).toContain(`on ${dead.number} ${dead.name} · nothing on`);
      await screenshot(page, `watching-nothing-on-${scheme}`);
      await page.getByRole('tab', { name: 'On now' }).click();
      await poll(() => page.getByText(/Nothing on since/).count()).toBeGreaterThan(0);
      await screenshot(page, `on-now-nothing-since-${scheme}`);
      await page.close();
    }
  });

  // issue 33 item 5: the channel sheet and the guide say it too, from the same rule (shared/on-air.ts endedSince)
  it('a channel whose every slot has ended reads "Nothing on since" in its sheet and in the guide\'s list', async () => {
    const demo = await e2e.demo({ profile: 'airwave', viewers: 0, channels: 8 });
    const stale = demo.controls.listChannels().find((c) => !c.empty)!;
    // every answer about that channel holds only slots that ended 6 minutes ago (a stale schedule)
    demo.controls.setAnswerHook((path, body) => {
      const iso = (minutes: number) => new Date(e2e.now() + minutes * 60_000).toISOString();
      const ended = (slot: unknown, from: number, to: number) => ({ ...(slot as Json), startsAt: iso(from), endsAt: iso(to) });
      const b = body as Json;
      if (path === '/guide/now') return { ...b, channels: (b.channels as Json[]).map((row) => (row.id === stale.id ? { ...row, now: ended(row.now ?? row.next, -60, -30), next: ended(row.next ?? row.now, -30, -6) } : row)) };
      if (path === '/guide') return { ...b, channels: (b.channels as Json[]).map((row) => (row.id === stale.id ? { ...row, programs: [ended((row.programs as Json[])[0], -30, -6)] } : row)) };
      if (path === `/channels/by-number/${stale.number}/now` || path === `/channels/${stale.id}/now`) {
        const slot = b.current ?? b.next;
        return { ...b, current: ended(slot, -60, -30), next: ended(b.next ?? slot, -30, -6), endsAt: iso(-30) };
      }
      // the same stale server has nothing ahead for it either
      if (path.endsWith('/schedule') && (path.includes(`/${stale.number}/`) || path.includes(`/${stale.id}/`))) return { ...b, programs: [] };
      return body;
    });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key });
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopover(e2e.browser, host.url, scheme);
      await page.getByRole('tab', { name: 'Guide' }).click();
      // the grid's detail strip, for the channel pointed at
      await page.locator('.guide-channel', { hasText: stale.name }).first().hover();
      await poll(() => page.locator('.guide-detail').textContent()).toMatch(/Nothing on since \S/);
      await screenshot(page, `guide-detail-nothing-since-${scheme}`);
      await page.getByRole('button', { name: 'List' }).click();
      const row = page.locator('.guide-list-row', { hasText: stale.name }).first();
      await poll(() => row.textContent()).toMatch(/Nothing on since \S/);
      await screenshot(page, `guide-list-nothing-since-${scheme}`);
      await row.locator('.guide-list-channel').click();
      const sheet = page.getByRole('dialog');
      await poll(() => sheet.textContent()).toMatch(/Nothing on since \S/);
      await screenshot(page, `sheet-nothing-since-${scheme}`);
      await page.close();
    }
  });

  it('the group menu says when the groups could not be read, below the groups it still offers', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { profile: 'airwave', channels: 20, viewers: 1, churn: 0 } });
    await poll(() => host.app.snapshot().groups?.length ?? 0).toBeGreaterThan(1);
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openPopover(e2e.browser, host.url, scheme);
      // the core's snapshot as it is after a /packages it could not read (odd-answers.test.ts pins the core side)
      await page.route('**/__bridge/snapshot', async (route) => {
        const snapshot = { ...host.app.snapshot(), groupsError: 'The server sent something this app could not read in GET /packages.' };
        await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: `retry: 60000\nevent: snapshot\ndata: ${JSON.stringify({ full: true, parts: snapshot })}\n\n` });
      });
      await page.reload();
      await page.getByRole('tab', { name: 'On now' }).click();
      await page.locator('.on-now-toolbar .group-button').click();
      await poll(() => page.getByTestId('groups-unreadable').count()).toBe(1);
      expect(await page.getByTestId('groups-unreadable').textContent()).toContain('The groups could not be read just now');
      expect(await page.locator('.group-menu [role=menuitemradio]').count()).toBeGreaterThan(2);
      await screenshot(page, `groups-unreadable-${scheme}`);
      await page.close();
    }
  });
});
