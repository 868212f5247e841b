/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPopover, screenshot } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { e2eSetup, poll } from './setup';

// Every view at 380×560 in light and dark: nothing spills sideways out of the window, and a
// screenshot of each lands in test-results/screens/ (the README's come from these).
const e2e = e2eSetup();

/** Elements (other than scrolling lists) whose box reaches past the window's right edge. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => !el.closest('.guide') && el.getBoundingClientRect().right > window.innerWidth + 1 && el.getClientRects().length > 0)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 5),
  );

describe.each(['light', 'dark'] as const)('every view fits 380 px (%s)', (scheme) => {
  it('Watching, a viewer, On now, a channel, search and Settings', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 3, churn: 0 } });
    const demo = host.demo!;
    const paused = demo.controls.startSession({ user: 'Pia', channelNumber: onAirChannel(demo), platform: 'webOS', model: 'LG OLED C3' });
    demo.controls.setPaused(paused.id, true);
    const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
    await poll(() => page.locator('li.card').count()).toBe(4);
    await poll(() => page.locator('li.card img.poster').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).complete))).toBe(true);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `watching-${scheme}`);
    await page.locator('.card-button').first().click();
    await page.getByRole('dialog').waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `viewer-${scheme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Guide' }).click(); // loads the guide, so the channel sheet lists the hours ahead
    await poll(() => host.app.snapshot().guide.state === 'loaded' && !host.app.snapshot().guide.loading).toBe(true);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '16 channels' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `on-now-${scheme}`);
    await page.keyboard.type('101');
    const sheet = page.getByRole('dialog', { name: 'Channel 101' });
    await sheet.locator('.facts').waitFor();
    await poll(() => sheet.locator('.later-list li').count()).toBeGreaterThan(0);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `channel-101-${scheme}`);
    await page.keyboard.press('Escape');

    await page.keyboard.press('/');
    await poll(() => page.getByRole('searchbox').evaluate((el) => el === document.activeElement)).toBe(true);
    const show = host.app.snapshot().onNow.data!.channels.find((c) => c.now?.showTitle)!.now!.showTitle!;
    await page.keyboard.type(show.slice(0, 6));
    await poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `search-${scheme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `settings-${scheme}`);
  });
});
