/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/shared/airwave';
import type { AppSnapshot, ViewerEntry } from '../../src/shared/bridge';
import { personKey } from '../../src/shared/viewer-identity';
import { viewersOf } from '../../src/main/core/viewers/watching';
import type { PreviewHost } from '../../src/main/preview/host';
import { focused, openPopover, screenshot } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { e2eSetup, poll } from './setup';

// Watching: viewer cards, their sheet, compact density, honest empty states.
const e2e = e2eSetup();
const cards = (page: Page) => page.locator('li.card');

/**
 * The snapshot stream with each viewer's `/sessions` fields (playback state, season/episode,
 * start, HDR) added, as the core will send them once it carries them: the records are the demo
 * server's real `/sessions` answer; only the bridge's delivery is taken over.
 */
async function withSessionFields(page: Page, host: PreviewHost): Promise<void> {
  await page.route('**/__bridge/snapshot', async (route) => {
    const demo = host.demo!;
    const response = await fetch(`${demo.url}/api/public/v1/sessions`, { headers: { 'x-api-key': demo.key } });
    const { sessions } = (await response.json()) as { sessions: Session[] };
    const snapshot: AppSnapshot = host.app.snapshot();
    const nowPlaying = snapshot.nowPlaying.data!.map((entry) => {
      const session = sessions.find((s) => s.user === entry.user && s.device?.model === entry.device?.model)!;
      return { ...entry, playbackState: session.playbackState, season: session.season, episode: session.episode, startedAt: session.startedAt, hdr: session.device?.hdr ?? null, onBumper: session.state === 'bumper' };
    });
    const body = `retry: 60000\nevent: snapshot\ndata: ${JSON.stringify({ full: true, parts: { ...snapshot, nowPlaying: { ...snapshot.nowPlaying, data: nowPlaying } } })}\n\n`;
    await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body });
  });
}

/**
 * Waits until the core's viewers carry their start times (they come with /sessions, maybe a
 * moment after the list), so a page opened now gets its final order at once.
 */
async function withStartTimes(host: PreviewHost, count: number): Promise<void> {
  await poll(() => {
    const data = host.app.snapshot().nowPlaying.data;
    return data?.length === count && data.every((entry) => entry.startedAt);
  }).toBe(true);
}

describe('Watching', () => {
  it('opens a viewer sheet with Enter and by click, and gives focus back to the card', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 3, churn: 0 } });
    await withStartTimes(host, 3);
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => cards(page).count()).toBe(3);
    // tabs, search, settings, the density toggle, then the list
    for (let i = 0; i < 6 && !(await focused(page)).className.includes('card-button'); i++) await page.keyboard.press('Tab');
    expect((await focused(page)).className).toContain('card-button');
    // one tab stop: Tab leaves the list (to the footer's refresh), Shift+Tab comes back to the same card
    await page.keyboard.press('Tab');
    await poll(async () => (await focused(page)).label).toBe('Refresh');
    await page.keyboard.press('Shift+Tab');
    await poll(async () => (await focused(page)).className).toContain('card-button');
    await page.keyboard.press('ArrowDown');
    // focus moves once the card is rendered (the next frame): the second card, in the DOM as on screen
    await poll(() => page.evaluate(() => document.activeElement?.closest('li.card')?.getAttribute('aria-posinset'))).toBe('2');
    // which card holds focus, by its viewer (its text also holds times that move on with the clock)
    const focusedUser = () => page.evaluate(() => document.activeElement?.closest('li.card')?.querySelector('.card-user-name')?.textContent ?? null);
    const second = await page.locator('li.card').nth(1).locator('.card-user-name').textContent();
    expect(second).toBeTruthy();
    await poll(focusedUser).toBe(second);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    const user = newestFirst(host.app.snapshot().nowPlaying.data!)[1]!.user;
    expect(await sheet.getByRole('heading').first().textContent()).toBe(user);
    expect(await sheet.locator('.facts').textContent()).toMatch(/Device/);
    await screenshot(page, 'viewer-light');
    // focus stays inside the sheet
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      await poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await poll(focusedUser).toBe(second);
    // a click opens it too
    await page.locator('.card-button').first().click();
    await page.getByRole('dialog').waitFor();
  });

  it('shows paused viewers, season and episode and since when, when the data carries them', async () => {
    // an episode on air for a while (not the demo's last minutes before a schedule edge)
    const clock = e2e.clearOfScheduleEdge();
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 3, churn: 0 }, clock });
    const demo = host.demo!;
    const paused = demo.controls.startSession({ user: 'Pia', channelNumber: await e2e.episodeChannel(demo, clock), platform: 'tvOS', model: 'Apple TV 4K' });
    demo.controls.setPaused(paused.id, true);
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(4);
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'dark', clock });
    await withSessionFields(page, host);
    await page.reload();
    await poll(() => cards(page).count()).toBe(4);
    const card = page.locator('li.card', { hasText: 'Pia' });
    // paused: an icon with its word
    await poll(() => card.locator('.card-state-paused').textContent()).toBe('Paused');
    expect(await card.locator('.card-state-paused svg').count()).toBe(1);
    // the state is part of the card's name for a screen reader (its visible text)
    expect(await card.getByRole('button').textContent()).toContain('Paused');
    // the title line: show, season and episode, episode title, in that order
    expect(await card.locator('.card-title').textContent()).toMatch(/^.+ · S\d+ E\d+ · .+$/);
    // the end as a clock time (with its weekday when it is not today: a card read just before
    // midnight ends "Fri 12:18 AM", shared/when.ts's short form), and the time left
    expect(await card.locator('.card-ends').textContent()).toMatch(/^ends (\p{L}{2,4}\.? )?\d{1,2}:\d{2}/u);
    expect(await card.locator('.time-left').textContent()).toMatch(/left$/);
    // a playing viewer has no state mark
    expect(await page.locator('li.card', { hasNotText: 'Pia' }).locator('.card-state').count()).toBe(0);
    // HDR and the device are the viewer sheet's, not the card's
    expect(await page.locator('li.card').evaluateAll((items) => items.some((item) => /HDR|Apple TV|tvOS/.test(item.textContent ?? '')))).toBe(false);
    await screenshot(page, 'watching-states-dark');
    await card.locator('.card-button').click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    // the OS version follows its platform, never alone, after the model (shared/device-label.ts)
    expect(await sheet.locator('.facts').textContent()).toMatch(/Since\d/);
    const device = await sheet.locator('.facts dd', { hasText: 'Apple TV 4K' }).textContent();
    expect(device).toMatch(/^Apple TV 4K( · tvOS [\d.]+)?(HDR)?$/);
  });

  it('fits nine or more viewers in compact density, one line each, and keeps the choice', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 5, channels: 20, viewers: 14, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    const fullyVisible = () =>
      page.locator('li.card').evaluateAll((items) => {
        const pane = items[0]!.closest('.cards-scroll')!.getBoundingClientRect();
        return items.filter((item) => {
          const r = item.getBoundingClientRect();
          return r.top >= pane.top - 1 && r.bottom <= pane.bottom + 1;
        }).length;
      });
    const comfortable = await fullyVisible();
    await page.getByRole('button', { name: 'Compact' }).click();
    await poll(fullyVisible).toBeGreaterThanOrEqual(9);
    expect(comfortable).toBeLessThan(6);
    await screenshot(page, 'watching-compact-light');
    await page.reload();
    await poll(() => page.getByRole('button', { name: 'Compact' }).getAttribute('aria-pressed')).toBe('true');
    await poll(fullyVisible).toBeGreaterThanOrEqual(9);
    // one line per viewer: who, what, a mini bar and the end time, all inside the card; every bar ends on one edge
    const layout = await page.locator('li.card').evaluateAll((items) =>
      items.map((card) => {
        const box = card.getBoundingClientRect();
        const parts = [...card.querySelectorAll('.card-user-name, .card-title, [role=progressbar], .card-end-time')].map((el) => el.getBoundingClientRect());
        return { parts: parts.length, inside: parts.every((r) => r.right <= box.right + 0.5 && r.top >= box.top && r.bottom <= box.bottom), bar: Math.round(card.querySelector('[role=progressbar]')!.getBoundingClientRect().right) };
      }),
    );
    expect(layout.every((card) => card.parts === 4 && card.inside)).toBe(true);
    expect(new Set(layout.map((card) => card.bar)).size).toBe(1);
    expect(await page.locator('li.card .card-end-time').first().textContent()).toMatch(/^\d{1,2}:\d{2}/);
  });

  it('lists the newest viewer first, or by channel as a choice', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 3, churn: 0 } });
    const demo = host.demo!;
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => cards(page).count()).toBe(3);
    demo.controls.startSession({ user: 'Ann', channelNumber: onAirChannel(demo), platform: 'tvOS', model: 'Apple TV 4K' });
    await poll(() => cards(page).count()).toBe(4);
    // Bea starts after Ann is on screen, so strictly later
    demo.controls.startSession({ user: 'Bea', channelNumber: onAirChannel(demo), platform: 'Roku', model: 'Roku Ultra' });
    await poll(() => cards(page).count()).toBe(5);
    const names = () => page.locator('li.card .card-user-name').allTextContents();
    await poll(async () => (await names()).slice(0, 2)).toEqual(['Bea', 'Ann']);
    // or by channel, as a choice the page keeps: real groups, a heading per channel in number
    // order, and compact rows under it that each keep their channel number
    await page.getByRole('button', { name: 'By channel' }).click();
    const channels = () => page.locator('li.card').evaluateAll((cards) => cards.map((card) => Number((card.querySelector('.card-line-channel')?.textContent ?? '').match(/^\d+/)?.[0] ?? 'NaN')));
    await poll(async () => {
      const numbers = await channels();
      return numbers.length === 5 && numbers.every((n, i) => i === 0 || numbers[i - 1]! <= n);
    }).toBe(true);
    const headings = await page.locator('li.card-heading .card-heading-name').allTextContents();
    expect(headings.map((h) => Number(h.match(/^\d+/)?.[0]))).toEqual([...new Set(await channels())]);
    expect(await page.locator('ul.cards-compact').count()).toBe(1);
    await screenshot(page, 'watching-by-channel-light');
    expect(await page.getByRole('button', { name: 'By channel' }).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await poll(() => page.getByRole('button', { name: 'By channel' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('promises notifications only when they will come', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 0, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByText('Nobody is watching right now').waitFor();
    expect(await page.locator('.empty-text').textContent()).toBe('You will get a notification when someone starts.');
    await host.app.handlers.updateSettings({ notifications: { enabled: false } });
    await poll(() => page.locator('.empty-text').textContent()).toMatch(/Notifications are off/);
    await host.app.handlers.updateSettings({ notifications: { enabled: true, pausedUntil: e2e.now() + 3_600_000 } });
    await poll(() => page.locator('.empty-text').textContent()).toMatch(/paused until/);
  });
});

/** The order the Watching tab lists viewers in: newest start first, unknown starts last; a tie by server, user and device, then as sent. */
function newestFirst(entries: readonly ViewerEntry[]): ViewerEntry[] {
  const at = (entry: ViewerEntry) => (entry.startedAt ? Date.parse(entry.startedAt) : -Infinity);
  const who = (entry: ViewerEntry) => `${entry.serverId ?? ''}/${personKey(entry.user, entry.device)}`;
  return entries
    .map((entry, i) => ({ entry, i, at: at(entry), who: who(entry) }))
    .sort((a, b) => (a.at !== b.at ? b.at - a.at : a.who !== b.who ? (a.who < b.who ? -1 : 1) : a.i - b.i))
    .map(({ entry }) => entry);
}

describe('Watching with thousands of viewers', () => {
  const VIEWERS = 2000;
  const rendered = (page: Page) => page.locator('li.card').count();
  /** the 1-based place of the card holding keyboard focus, as its aria-posinset says */
  const focusedPlace = (page: Page) => page.evaluate(() => Number(document.activeElement?.closest('li.card')?.getAttribute('aria-posinset') ?? 0));

  it('keeps few cards in the DOM; End reaches and focuses the last viewer; a notification scrolls to its viewer', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 3, channels: 40, viewers: VIEWERS, churn: 0 } });
    await withStartTimes(host, VIEWERS);
    const page = await openPopover(e2e.browser, host.url);
    const list = page.getByRole('list', { name: '2,000 viewers' });
    await list.waitFor();
    await poll(() => rendered(page)).toBeGreaterThan(0);
    expect(await rendered(page)).toBeLessThan(40);
    // every card says where it stands in the whole list, not in the DOM
    expect(await page.locator('li.card').first().getAttribute('aria-setsize')).toBe(String(VIEWERS));
    expect(await page.locator('li.card').first().getAttribute('aria-posinset')).toBe('1');

    // keyboard: into the list, End goes to the last viewer (scrolled to and focused), Home back
    for (let i = 0; i < 6 && !(await focused(page)).className.includes('card-button'); i++) await page.keyboard.press('Tab');
    expect(await focusedPlace(page)).toBe(1);
    await page.keyboard.press('End');
    await poll(() => focusedPlace(page)).toBe(VIEWERS);
    const last = newestFirst(host.app.snapshot().nowPlaying.data!).at(-1)!;
    expect(await page.evaluate(() => document.activeElement?.closest('li.card')?.querySelector('.card-user-name')?.textContent)).toBe(last.user);
    expect(await rendered(page)).toBeLessThan(40);
    await page.keyboard.press('ArrowUp');
    await poll(() => focusedPlace(page)).toBe(VIEWERS - 1);
    await page.keyboard.press('Home');
    await poll(() => focusedPlace(page)).toBe(1);

    // a notification click on a viewer far down the list: scrolled to, marked and focused
    const order = newestFirst(host.app.snapshot().nowPlaying.data!);
    const firstPlace = new Map<string, number>();
    order.forEach((entry, i) => {
      const person = personKey(entry.user, entry.device);
      if (!firstPlace.has(person)) firstPlace.set(person, i);
    });
    const [person, place] = [...firstPlace].reduce((far, item) => (item[1] > far[1] ? item : far));
    expect(place).toBeGreaterThan(30); // out of view and out of the DOM before the click
    expect(await page.locator(`li.card[aria-posinset="${place + 1}"]`).count()).toBe(0);
    // the click, as the Electron host's notifier makes it: the notification's viewer key
    const key = viewersOf(host.app.store.state)!.viewers.find((viewer) => viewer.person === person)!.key;
    host.app.focus({ view: 'watching', viewer: key });
    await poll(() => focusedPlace(page)).toBe(place + 1);
    const card = page.locator(`li.card[aria-posinset="${place + 1}"]`);
    expect(await card.getAttribute('class')).toContain('card-focused');
    const inView = await card.evaluate((el) => {
      const pane = el.closest('.cards-scroll')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.top >= pane.top - 1 && r.bottom <= pane.bottom + 1;
    });
    expect(inView).toBe(true);
    expect(await rendered(page)).toBeLessThan(40);
  });
});

describe('artwork at the size shown', () => {
  it('asks for each poster at its CSS size times the pixel ratio, and gets an image that size', async () => {
    // clear of the demo's schedule edge: there the viewers sit on breaks, which have no poster
    const clock = e2e.clearOfScheduleEdge();
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 2, churn: 0 }, clock });
    for (const deviceScaleFactor of [1, 2]) {
      const page = await openPopover(e2e.browser, host.url, { deviceScaleFactor, clock });
      await poll(() => page.locator('img.poster').count()).toBeGreaterThan(0);
      const poster = page.locator('img.poster').first();
      await poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const src = new URL((await poster.getAttribute('src'))!, host.url);
      const w = Number(src.searchParams.get('w'));
      const h = Number(src.searchParams.get('h'));
      // 60 × 90 CSS pixels: at least that many device pixels, rounded up to one of a few widths, 2:3 kept
      expect(w).toBeGreaterThanOrEqual(60 * deviceScaleFactor);
      expect(w).toBeLessThan(60 * deviceScaleFactor * 2);
      expect(h / w).toBeCloseTo(1.5, 1);
      expect(await poster.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([w, h]);
      await page.context().close();
    }
  });
});
