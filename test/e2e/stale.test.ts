/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Stale is not live: data held while the server is away or the key is rejected is marked, with
// its time, everywhere it appears (cards, On now, the tab badge); times follow the locale.
const e2e = e2eSetup();

describe('stale data', () => {
  it('marks cards, On now and the tab badge as of the last update while the server is away, and clears it on return', async () => {
    const demo = await e2e.demo();
    const port = demo.port;
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key, app: { tuning: { backoffBaseMs: 250, backoffCapMs: 1_000 } } });
    const page = await openPopover(e2e.browser, host.url, 'light', 'en-GB');
    await poll(() => page.locator('li.card').count()).toBe(2);
    expect(await page.locator('.watching').getAttribute('class')).not.toContain('stale');
    expect(await page.locator('.count').getAttribute('aria-label')).toBe('2 watching');
    await e2e.drop(demo);
    await expect.poll(() => page.locator('.footer-state').textContent(), { timeout: 10_000 }).toMatch(/^Offline/);
    await poll(() => page.locator('.watching').getAttribute('class')).toContain('stale');
    // en-GB writes 24-hour times
    expect(await page.locator('.stale-note').first().textContent()).toMatch(/^as of \d{1,2}:\d{2}$/);
    expect(await page.locator('.count').getAttribute('aria-label')).toMatch(/^2 watching, as of \d{1,2}:\d{2}$/);
    expect(await page.locator('.count').getAttribute('class')).toContain('count-stale');
    expect(await page.locator('.footer-age').textContent()).toMatch(/^stale, as of \d{1,2}:\d{2}$/);
    // posters go grey: a filter is applied
    expect(await page.locator('li.card .poster').first().evaluate((img) => getComputedStyle(img).filter)).toContain('grayscale');
    await screenshot(page, 'offline-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'offline-dark');
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.locator('.on-now.stale .stale-note').waitFor();
    await e2e.demo({ port });
    await expect.poll(() => page.locator('.footer-state').textContent(), { timeout: 10_000 }).toBe('Live');
    await poll(() => page.locator('.on-now').getAttribute('class')).not.toContain('stale');
    await page.getByRole('tab', { name: /Watching/ }).click();
    await poll(() => page.locator('.count').getAttribute('class')).not.toContain('count-stale');
  });

  it('writes times as the locale does: 12-hour in en-US', async () => {
    // On now's next times: past one of the demo's schedule edges every held row moves on to its
    // next programme and knows none after it until /guide/now is read again (no time to show)
    const clock = e2e.clearOfScheduleEdge();
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 1, churn: 0 }, clock });
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-US', clock });
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.locator('.next-time').first().waitFor();
    expect(await page.locator('.next-time').first().textContent()).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    const gb = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-GB', clock });
    await gb.getByRole('tab', { name: 'On now' }).click();
    await gb.locator('.next-time').first().waitFor();
    expect(await gb.locator('.next-time').first().textContent()).toMatch(/^\d{1,2}:\d{2}$/);
  });
});
