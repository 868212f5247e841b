/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, openPopover, POPOVER, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';
import { TITLE_MIN_PX } from '../../src/renderer/src/views/guide-timeline';

// The guide at each control's setting (the zoom at 1 h and 3 h, +1 h, the day menu and a day
// jumped to, a programme in hand, List), grouped search, and the channel sheet, at 380 × 560,
// light and dark, 1× and 2×, with 24 and 3,000 channels: a screenshot of each lands in
// test-results/screens/ (docs/screens/ takes its pictures from these), the axe sweep stays clean,
// every block wide enough shows its title and the first channel row starts in the top 30%.
const e2e = e2eSetup();

/** `poll` with a longer timeout (a 3,000-channel day loads in real seconds). */
const pollLong = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 90_000, interval: 200 });

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
] as const)('the guide with %i channels at %ix', (channels, scale) => {
  it.each(['light', 'dark'] as const)('%s', { timeout: 240_000 }, async (scheme) => {
    const clock = e2e.clearOfScheduleEdge();
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels, viewers: 1, churn: 0, profile: 'airwave' }, clock });
    const page = await openPopover(e2e.browser, host.url, { colorScheme: scheme, deviceScaleFactor: scale, locale: 'en-GB', timeout: 20_000, clock });
    const name = (what: string) => `${what}-${channels}-${scheme}${scale === 2 ? '@2x' : ''}`;
    const settled = () => pollLong(() => host.app.snapshot().guide.state === 'loaded' && !host.app.snapshot().guide.loading).toBe(true);
    await page.getByRole('tab', { name: 'Guide' }).click();
    await page.locator('.block').first().waitFor();
    await settled();
    await page.waitForTimeout(300); // icons in place
    // each zoom (the guide opens at 1 h): every block wide enough shows its title; content first
    for (const hours of [1, 3]) {
      await page.getByRole('radio', { name: `${hours} h` }).click();
      await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe(String(hours));
      await settled();
      await page.locator('.guide-row:not(.guide-row-pending)').first().waitFor();
      await poll(() => bareWide(page)).toEqual([]);
      expect(await page.locator('.guide-row[data-position="0"]').evaluate((row) => row.getBoundingClientRect().top)).toBeLessThanOrEqual(POPOVER.height * 0.3);
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, name(`guide-${hours}h`));
    }
    await page.getByRole('radio', { name: '1 h' }).click();
    await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe('1');
    // +1 h: an hour on (a longer window loads when the one shown ends too soon)
    await page.getByRole('button', { name: '+1 h', exact: true }).click();
    await settled();
    await poll(() => bareWide(page)).toEqual([]);
    await screenshot(page, name('guide-plus-hour'));
    // the day menu, in the grid's corner, and a day jumped to (tomorrow's first time, or the last)
    await page.locator('.guide-day-button').click();
    await page.getByRole('menuitem').first().waitFor();
    await screenshot(page, name('guide-day-menu'));
    const items = await page.getByRole('menuitem').allTextContents();
    await page.getByRole('menuitem', { name: items.find((item) => item.startsWith('Tomorrow')) ?? items.at(-1)! }).click();
    await settled();
    await poll(() => bareWide(page)).toEqual([]);
    await page.mouse.move(5, POPOVER.height - 5); // the pointer off the grid: no strip for what it last passed over
    await poll(() => page.locator('.guide-detail').count()).toBe(0);
    await screenshot(page, name('guide-day'));
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    // a programme in hand: the strip floats over the grid, clear of it
    await page.getByRole('grid').locator('[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.locator('.guide-detail[data-detail-starts]').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, name('guide-detail'));
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('.guide-list-row:not(.guide-row-pending)').first().waitFor();
    await screenshot(page, name('guide-list'));
    await page.getByRole('button', { name: 'List' }).click();

    // grouped search: one row per programme, with its next airing and how many more, and one opened
    await page.keyboard.press('/');
    await page.keyboard.type('night', { delay: 20 });
    await pollLong(() => page.locator('.search-scope').textContent()).toMatch(/results? in the next 24 hours/);
    expect(await page.locator('.result-group').allTextContents()).toEqual(expect.arrayContaining(['Channels']));
    expect((await page.locator('.result-group').allTextContents()).some((g) => g === 'On now' || g === 'Later')).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, name('search'));
    const opens = page.locator('.result-main[aria-expanded="false"]').first();
    if (await opens.count()) {
      await opens.click();
      await page.locator('.result-airing').first().waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, name('search-opened'));
    }
    // Escape: from a row to the field, then from the field out of search
    for (let i = 0; i < 3 && (await page.getByRole('searchbox').count()) > 0; i++) await page.keyboard.press('Escape');
    await page.getByRole('searchbox').waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'On now' }).click();
    await page.keyboard.type('101');
    const sheet = page.getByRole('dialog', { name: 'Channel 101' });
    await sheet.locator('.definition-sentence').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, name('channel'));
    await page.context().close();
  });
});
