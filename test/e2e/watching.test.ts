/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/shared/airwave';
import type { AppSnapshot } from '../../src/shared/bridge';
import type { PreviewHost } from '../../src/main/preview/host';
import { focused, openPopover, screenshot } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { e2eSetup, poll } from './setup';
import { pinPageClock } from '../support/e2e-clock';

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

describe('Watching', () => {
  it('opens a viewer sheet with Enter and by click, and gives focus back to the card', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 3, churn: 0 } });
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
    const secondText = () => page.evaluate(() => document.activeElement?.textContent);
    const second = await page.locator('.card-button').nth(1).textContent();
    await poll(secondText).toBe(second);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    const user = host.app.snapshot().nowPlaying.data![1]!.user;
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
    await poll(secondText).toBe(second);
    // a click opens it too
    await page.locator('.card-button').first().click();
    await page.getByRole('dialog').waitFor();
  });

  it('shows paused viewers, season and episode and since when, when the data carries them', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 3, churn: 0 } });
    const demo = host.demo!;
    const paused = demo.controls.startSession({ user: 'Pia', channelNumber: onAirChannel(demo), platform: 'tvOS', model: 'Apple TV 4K' });
    demo.controls.setPaused(paused.id, true);
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(4);
    const page = await openPopover(e2e.browser, host.url, 'dark');
    await withSessionFields(page, host);
    await page.reload();
    await poll(() => cards(page).count()).toBe(4);
    const card = page.locator('li.card', { hasText: 'Pia' });
    await poll(() => card.locator('.badge-paused').textContent()).toBe('Paused');
    // the state is part of the card's name for a screen reader (its visible text)
    expect(await card.getByRole('button').textContent()).toContain('Paused');
    expect(await card.locator('.card-since').textContent()).toMatch(/^watching since \d/);
    // a playing viewer has no state badge
    expect(await page.locator('li.card', { hasNotText: 'Pia' }).locator('.badge-paused').count()).toBe(0);
    await screenshot(page, 'watching-states-dark');
  });

  it('fits six or more viewers in compact density, and keeps the choice', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 5, channels: 20, viewers: 7, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => cards(page).count()).toBe(7);
    const fullyVisible = () =>
      page.locator('li.card').evaluateAll((items) => {
        const list = items[0]!.parentElement!.getBoundingClientRect();
        return items.filter((item) => {
          const r = item.getBoundingClientRect();
          return r.top >= list.top - 1 && r.bottom <= list.bottom + 1;
        }).length;
      });
    const comfortable = await fullyVisible();
    await page.getByRole('button', { name: 'Compact' }).click();
    await poll(fullyVisible).toBeGreaterThanOrEqual(6);
    expect(comfortable).toBeLessThan(6);
    await screenshot(page, 'watching-compact-light');
    await page.reload();
    await poll(() => page.getByRole('button', { name: 'Compact' }).getAttribute('aria-pressed')).toBe('true');
    // a long channel name never pushes the device off the card: both end inside it
    const inside = await page.locator('li.card').first().evaluate((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll('.card-channel, .card-device')].every((el) => el.getBoundingClientRect().right <= box.right + 0.5);
    });
    expect(inside).toBe(true);
    expect(await page.locator('.card-device').first().getAttribute('title')).toBeTruthy();
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

describe('artwork at the size shown', () => {
  it('asks for each poster at its CSS size times the pixel ratio, and gets an image that size', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 2, churn: 0 } });
    for (const deviceScaleFactor of [1, 2]) {
      const context = await e2e.browser.newContext({ viewport: { width: 380, height: 560 }, deviceScaleFactor });
      await pinPageClock(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(host.url);
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
      await context.close();
    }
  });
});
