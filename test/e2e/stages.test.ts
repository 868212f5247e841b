/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Issue 25: each view of the built popover on Airwave's older stages (the demo plays them), in
// Chromium. A view whose route the server lacks says which version it is and what it lacks, never a
// generic failure or an empty list.

const e2e = e2eSetup();

describe('the popover on older Airwave stages', () => {
  for (const version of ['0.14.65', '0.14.67'] as const) {
    it(`names ${version} and what it lacks on Watching and On now`, async () => {
      const demo = await e2e.demo({ serverVersion: version, viewers: 2 });
      const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }] });
      for (const scheme of ['light', 'dark'] as const) {
        const page = await openPopover(e2e.browser, host.url, scheme);
        // the view says which version and what to do; no warning banner repeats it on every tab,
        // and the footer is not a red "Not supported": the server answers (issue 35)
        await poll(() => page.locator('main').textContent()).toBe(`Not in this version of AirwaveAirwave ${version} has no viewer list in its public API; update Airwave to see who is watching`);
        expect(await page.locator('.notice-warning').count()).toBe(0);
        expect(await page.locator('.footer .dot').getAttribute('class')).not.toContain('dot-bad');
        expect(await page.locator('.footer-state').textContent()).toMatch(/^Connected · older Airwave/);
        await screenshot(page, `stage-${version}-watching-${scheme}`);
        await page.getByRole('tab', { name: 'On now' }).click();
        await poll(() => page.locator('main').textContent()).toBe(`Not in this version of AirwaveAirwave ${version} has no guide in its public API; update Airwave to see what is on`);
        expect(await page.locator('.notice-warning').count()).toBe(0);
        await screenshot(page, `stage-${version}-on-now-${scheme}`);
        await page.getByRole('tab', { name: 'Guide' }).click();
        await poll(() => page.locator('main').textContent()).toBe(`Not in this version of AirwaveAirwave ${version} has no guide in its public API; update Airwave to see what is on`);
        await screenshot(page, `stage-${version}-guide-${scheme}`);
        await page.close();
      }
    });
  }

  it('shows viewers and On now on 0.14.68 (posters aside: artworkPath is never fetched)', async () => {
    const demo = await e2e.demo({ serverVersion: '0.14.68', viewers: 2 });
    const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }] });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('.card').count()).toBe(2);
    expect(await page.locator('main').textContent()).not.toContain('has no');
    await screenshot(page, 'stage-0.14.68-watching-light');
    await page.getByRole('tab', { name: 'On now' }).click();
    await poll(() => page.locator('.channel-row').count()).toBeGreaterThan(0);
    await screenshot(page, 'stage-0.14.68-on-now-light');
  });
});
