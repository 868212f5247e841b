/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, overflowing, screenshot } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { e2eSetup, poll } from './setup';

// Every view at 380×560 in light and dark: nothing spills sideways out of the window, and a
// screenshot of each lands in test-results/screens/ (docs/screens/ come from these).
const e2e = e2eSetup();

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
    const show = host.app.store.state.onNow.data!.channels.find((c) => c.now?.showTitle)!.now!.showTitle!;
    await page.keyboard.type(show.slice(0, 6));
    await poll(() => page.locator('.results .result').count()).toBeGreaterThan(0);
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `search-${scheme}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, `settings-${scheme}`);
  });
});

// Watching with 1, 7, 12 and 100 viewers, comfortable and compact, light and dark, at 1× and 2×:
// every card's bar ends on the same right edge, nothing spills sideways, and each picture lands
// in test-results/screens/watching-<n>-<density>-<scheme>@<scale>x.png (docs/screens has copies).
describe.each([1, 7, 12, 100])('Watching with %i viewer(s)', (viewers) => {
  it('lays every card out alike in both densities, themes and pixel ratios', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 24, viewers, churn: 0 } });
    const demo = host.demo!;
    if (viewers > 1) {
      const paused = demo.controls.startSession({ user: 'Pia', channelNumber: onAirChannel(demo), platform: 'webOS', model: 'LG OLED C3' });
      demo.controls.setPaused(paused.id, true);
    }
    const shown = Math.min(viewers + (viewers > 1 ? 1 : 0), 1000);
    await poll(() => host.app.snapshot().nowPlaying.data?.length).toBe(shown);
    for (const scheme of ['light', 'dark'] as const) {
      for (const deviceScaleFactor of [1, 2]) {
        const page = await openPopover(e2e.browser, host.url, { deviceScaleFactor, colorScheme: scheme, locale: 'en-GB' });
        for (const density of ['comfortable', 'compact'] as const) {
          if (density === 'compact') await page.getByRole('button', { name: 'Compact' }).click();
          await poll(() => page.locator(density === 'compact' ? 'ul.cards-compact li.card' : 'ul.cards:not(.cards-compact) li.card').count()).toBeGreaterThan(0);
          await poll(() => page.locator('li.card img.poster').evaluateAll((images) => images.every((img) => (img as HTMLImageElement).complete))).toBe(true);
          // the pane's own (the header at 12 and 100 viewers is another part of issue 26)
          expect((await overflowing(page)).filter((el) => !el.startsWith('button.icon-button') && !/^(svg|path|circle|line|rect)\./.test(el))).toEqual([]);
          // one right edge for every bar on screen
          const edges = await page.locator('li.card [role=progressbar]').evaluateAll((bars) => [...new Set(bars.map((bar) => Math.round(bar.getBoundingClientRect().right)))]);
          expect(edges).toHaveLength(1);
          await screenshot(page, `watching-${viewers}-${density}-${scheme}@${deviceScaleFactor}x`);
        }
        await page.context().close();
      }
    }
  });
});
