/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focused, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// A glance you can trust (issue 26): trouble you can get out of (the popover's root never scrolls,
// Escape and Back leave Settings, focus on opening), the header at many viewers, several servers
// told apart, and the set-up words.
const e2e = e2eSetup();

/** How far each of the popover's outer boxes is scrolled, and where the header and footer sit. */
function rootScroll(page: Page) {
  return page.evaluate(() => {
    const boxes = [document.scrollingElement, document.documentElement, document.body, document.getElementById('app'), document.querySelector('.app')];
    const header = document.querySelector('.header')!.getBoundingClientRect();
    const footer = document.querySelector('.footer')!.getBoundingClientRect();
    return {
      scrolled: boxes.map((box) => (box ? box.scrollTop + box.scrollLeft : 0)).reduce((a, b) => a + b, 0),
      headerTop: Math.round(header.top),
      footerBottom: Math.round(footer.bottom),
    };
  });
}

describe('trouble you can get out of', () => {
  it('"Fix the key" scrolls only the pane; saving a working key brings the user back, live again', async () => {
    const demo = await e2e.demo({ viewers: 3 });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(3);
    demo.controls.revokeKey();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('button', { name: 'Fix the key' }).click();
    await poll(async () => (await focused(page)).name).toBe('apiKey');
    expect(await rootScroll(page)).toEqual({ scrolled: 0, headerTop: 0, footerBottom: 560 });
    await expect(page.getByRole('button', { name: 'Settings' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'glance-fix-key-light');

    // a working key: back on Watching, and the app says it is live again
    const fresh = demo.controls.regenerateKey();
    await page.fill('input[name=apiKey]', fresh);
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => page.getByRole('tab', { name: /Watching/ }).getAttribute('aria-selected')).toBe('true');
    await poll(() => page.locator('.notice-ok').textContent()).toMatch(/live again/i);
    await poll(() => page.locator('li.card').count()).toBe(3);
    expect(await rootScroll(page)).toEqual({ scrolled: 0, headerTop: 0, footerBottom: 560 });
  });

  it('Escape leaves Settings, from a field too after its own Escape; Back is visible; focus never starts on the body', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, `${host.url}/#on-now`);
    await page.locator('.channel-row').first().waitFor();
    await poll(async () => (await focused(page)).tag).not.toBe('body');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    // Escape from the page
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('tab', { name: 'On now' }).getAttribute('aria-selected')).toBe('true');
    // Back
    await page.getByRole('button', { name: 'Settings' }).click();
    const back = page.getByRole('button', { name: /^Back/ });
    expect(await back.isVisible()).toBe(true);
    await back.click();
    await poll(() => page.getByRole('tab', { name: 'On now' }).getAttribute('aria-selected')).toBe('true');
    // from a field: the shortcut recorder's own Escape first (cancels recording), then Settings closes
    await page.getByRole('button', { name: 'Settings' }).click();
    const record = page.getByRole('button', { name: /Shortcut Record/ });
    await record.click();
    await page.keyboard.press('Escape');
    await poll(() => record.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.settings').count()).toBe(1);
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.settings').count()).toBe(0);
    // from a text field
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByPlaceholder('Another name').focus();
    await page.keyboard.press('Escape');
    await poll(() => page.locator('.settings').count()).toBe(0);
    expect((await focused(page)).tag).not.toBe('body');
  });
});
