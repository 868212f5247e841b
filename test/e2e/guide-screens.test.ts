/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// The guide, search, Follow and the channel sheet at 380 × 560, light and dark, 1× and 2×, with
// 24 and 3,000 channels: a screenshot of each state lands in test-results/screens/ (docs/screens/
// takes its pictures from these), and the axe sweep stays clean in each.
const e2e = e2eSetup();

/** `poll` with a longer timeout (a 3,000-channel day loads for search in real seconds). */
const pollLong = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000, interval: 200 });

async function open(url: string, scheme: 'light' | 'dark', scale: 1 | 2): Promise<Page> {
  return openPopover(e2e.browser, url, { colorScheme: scheme, deviceScaleFactor: scale, locale: 'en-GB', timeout: 20_000 });
}

describe.each([
  [24, 1],
  [24, 2],
  [3000, 1],
] as const)('the guide with %i channels at %ix', (channels, scale) => {
  it.each(['light', 'dark'] as const)('%s', { timeout: 180_000 }, async (scheme) => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels, viewers: 1, churn: 0 } });
    const page = await open(host.url, scheme, scale);
    const name = (what: string) => `${what}-${channels}-${scheme}${scale === 2 ? '@2x' : ''}`;
    await page.getByRole('tab', { name: 'Guide' }).click();
    await page.locator('.block').first().waitFor();
    await poll(() => host.app.snapshot().guide.state === 'loaded' && !host.app.snapshot().guide.loading).toBe(true);
    await page.waitForTimeout(300); // icons in place
    // a programme focused: the detail strip reads it
    await page.getByRole('grid').locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.locator('.guide-detail[data-detail-starts]').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, name('guide'));
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('.guide-list-row:not(.guide-row-pending)').first().waitFor();
    await screenshot(page, name('guide-list'));
    await page.getByRole('button', { name: 'List' }).click();

    await page.keyboard.press('/');
    await page.getByRole('searchbox').fill('night');
    await pollLong(() => page.locator('.search-scope').textContent()).toMatch(/results? in the next 24 hours/);
    // however many channels are called "night", programmes are found too
    expect(await page.locator('.result-group').allTextContents()).toEqual(expect.arrayContaining(['Channels']));
    expect((await page.locator('.result-group').allTextContents()).some((g) => g === 'On now' || g === 'Later')).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, name('search'));
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'On now' }).click();
    await page.keyboard.type('101');
    const sheet = page.getByRole('dialog', { name: 'Channel 101' });
    await sheet.locator('.definition-sentence').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, name('channel'));
    await page.context().close();
  });
});
