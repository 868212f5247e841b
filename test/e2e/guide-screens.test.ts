/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';
import { TITLE_MIN_PX } from '../../src/renderer/src/views/guide-timeline';

// The guide, search, Follow and the channel sheet at 380 × 560, light and dark, 1× and 2×, with
// 24 and 3,000 channels: a screenshot of each state lands in test-results/screens/ (docs/screens/
// takes its pictures from these), and the axe sweep stays clean in each.
const e2e = e2eSetup();

/** `poll` with a longer timeout (a 3,000-channel day loads for search in real seconds). */
const pollLong = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000, interval: 200 });

async function open(url: string, scheme: 'light' | 'dark', scale: 1 | 2): Promise<Page> {
  return openPopover(e2e.browser, url, { colorScheme: scheme, deviceScaleFactor: scale, locale: 'en-GB', timeout: 20_000 });
}

/** The blocks on screen wider than the title minimum that show no text (none should). */
const bareWide = (page: Page) =>
  page.evaluate((min) => {
    const scroll = document.querySelector('.guide-scroll')!.getBoundingClientRect();
    const edge = document.querySelector('.guide-head')!.getBoundingClientRect().right;
    return [...document.querySelectorAll<HTMLElement>('.block')]
      .filter((b) => {
        const box = b.getBoundingClientRect();
        return box.width >= min && box.right > edge + 1 && box.left < scroll.right - 1 && box.bottom > scroll.top + 26 && box.top < scroll.bottom;
      })
      .filter((b) => (b.querySelector('.block-title')?.textContent ?? '').trim() === '')
      .map((b) => b.title);
  }, TITLE_MIN_PX);

describe.each([
  [24, 1],
  [24, 2],
  [3000, 1],
  [3000, 2],
] as const)('the guide with %i channels at %ix', (channels, scale) => {
  it.each(['light', 'dark'] as const)('%s', { timeout: 180_000 }, async (scheme) => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels, viewers: 1, churn: 0 } });
    const page = await open(host.url, scheme, scale);
    const name = (what: string) => `${what}-${channels}-${scheme}${scale === 2 ? '@2x' : ''}`;
    await page.getByRole('tab', { name: 'Guide' }).click();
    await page.locator('.block').first().waitFor();
    await poll(() => host.app.snapshot().guide.state === 'loaded' && !host.app.snapshot().guide.loading).toBe(true);
    await page.waitForTimeout(300); // icons in place
    // each zoom, as it opens (the guide opens at 1 h): every block wide enough shows its title
    for (const hours of [1, 3, 6, 24]) {
      await page.getByRole('radio', { name: `${hours} h` }).click();
      await pollLong(() => host.app.snapshot().guide.window?.windowMinutes === hours * 60 && !host.app.snapshot().guide.loading).toBe(true);
      await poll(() => page.locator('.guide').getAttribute('data-window-minutes')).toBe(String(hours * 60));
      await page.locator('.guide-row:not(.guide-row-pending)').first().waitFor();
      await poll(() => bareWide(page)).toEqual([]);
      await screenshot(page, name(`guide-${hours}h`));
    }
    await page.getByRole('radio', { name: '1 h' }).click();
    await poll(() => page.locator('.guide').getAttribute('data-window-minutes')).toBe('60');
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
