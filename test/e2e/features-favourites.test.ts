/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, focused, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Favourite channels in the popover: a star per On now row (reached with the arrow keys inside the
// one-tab-stop list), a star in the channel sheet, and starred channels first in On now.
const e2e = e2eSetup();

const firstChannels = (page: Page, n: number) =>
  page.locator('.virtual-row .channel-row').evaluateAll((rows, count) => rows.slice(0, count).map((row) => row.getAttribute('data-channel')), n);

describe('favourite channels', () => {
  it('stars a row from the keyboard, puts it first, and stars another from the channel sheet', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '16 channels' }).waitFor();
    expect(await firstChannels(page, 1)).toEqual(['101']);
    await page.locator('[data-channel="101"]').focus();
    // one press at a time, each once focus has moved (focus follows a frame later)
    for (const next of ['102', '103', '104']) {
      await page.keyboard.press('ArrowDown');
      await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-channel'))).toBe(next);
    }
    // ArrowRight reaches the row's star (no extra tab stop), Space presses it
    await page.keyboard.press('ArrowRight');
    await poll(async () => (await focused(page)).label ?? '').toMatch(/^Star 104 /);
    expect((await focused(page)).className).toContain('row-star');
    await page.keyboard.press('Space');
    await poll(() => host.app.snapshot().favourites.map((f) => f.channelNumber)).toEqual([104]);
    await poll(() => firstChannels(page, 2)).toEqual(['104', '101']);
    // focus stays on the star that moved to the top, so Space again would undo it
    await poll(async () => (await focused(page)).label ?? '').toMatch(/^Star 104 /);
    expect(await page.locator('[data-channel="104"]').locator('xpath=..').locator('.row-star').getAttribute('aria-pressed')).toBe('true');
    // ArrowLeft goes back to a row; Tab still leaves the list in one press
    await page.locator('.virtual-row .row-star').first().focus();
    await page.keyboard.press('ArrowLeft');
    await poll(async () => (await focused(page)).className).toContain('channel-row');
    await page.keyboard.press('Tab');
    await poll(async () => (await focused(page)).label).toBe('Refresh');

    // the channel sheet has a star too
    await page.locator('[data-channel="107"]').click();
    const sheet = page.getByRole('dialog', { name: 'Channel 107' });
    await sheet.waitFor();
    const sheetStar = sheet.getByRole('button', { name: /^Star 107 / });
    expect(await sheetStar.getAttribute('aria-pressed')).toBe('false');
    await sheetStar.click();
    await poll(() => sheetStar.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await poll(() => firstChannels(page, 3)).toEqual(['104', '107', '101']);
    // unstarring puts it back in its place
    await page.locator('[data-channel="104"]').locator('xpath=..').locator('.row-star').click();
    await poll(() => firstChannels(page, 3)).toEqual(['107', '101', '102']);
    expect(host.app.snapshot().favourites.map((f) => f.channelNumber)).toEqual([107]);
  });

  it.each(['light', 'dark'] as const)('On now with stars has no serious axe findings (%s)', async (scheme) => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '16 channels' }).waitFor();
    await page.locator('[data-channel="103"]').locator('xpath=..').locator('.row-star').click();
    await poll(() => firstChannels(page, 1)).toEqual(['103']);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-on-now-${scheme}`);
  });
});
