/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseChannels } from '../../src/shared/airwave';
import type { DemoServer } from '../../src/main/demo';
import { axeFindings, focused, openPopover, screenshot } from '../support/browser';
import { demoGet } from '../support/demo-client';
import { startOlderServer } from '../support/older-server';
import { e2eSetup, poll } from './setup';

// Channel groups in the popover, in Chromium through the preview host against the demo's airwave
// profile: the group menu filters On now and the guide (each page remembers its own choice across
// a reload), there is no menu where the server has no /packages, and screenshots at 380 × 560 in
// light and dark, 1× and 2×, with 24 and 3,000 channels land in test-results/screens/.
const e2e = e2eSetup();

/** The demo's channel numbers of one package (null: in none), in guide order, from its own /channels. */
async function channelsOf(demo: DemoServer, packageId: string | null): Promise<string[]> {
  const { channels } = parseChannels((await demoGet(demo)('/channels')).json);
  return channels.filter((c) => (c.package?.id ?? null) === packageId).map((c) => String(c.number));
}

const onNowRows = (page: Page) => page.locator('.virtual-row .channel-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-channel')));
const guideRows = (page: Page) =>
  page.locator('.guide-row[data-position]').evaluateAll((rows) =>
    rows
      .map((row) => ({ at: Number(row.getAttribute('data-position')), number: /^Channel (\d+),/.exec(row.getAttribute('aria-label') ?? '')?.[1] ?? '?' }))
      .sort((a, b) => a.at - b.at)
      .map((row) => row.number),
  );

/** Opens a page's group menu and chooses `name` (the keyboard: arrows to it, Enter). */
async function chooseGroup(page: Page, menuButton: string, name: string): Promise<void> {
  await page.locator(menuButton).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Channel group' });
  await menu.waitFor();
  const names = await menu.getByRole('menuitemradio').evaluateAll((items) => items.map((item) => item.querySelector('.group-item-name')?.textContent));
  const target = names.indexOf(name);
  expect(target).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Home');
  for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
  await poll(async () => (await focused(page)).className).toContain('group-item');
  await page.keyboard.press('Enter');
  await menu.waitFor({ state: 'detached' });
}

describe('channel groups', () => {
  it('filter On now and the guide by a package and by Other, remembered across a reload', { timeout: 120_000 }, async () => {
    const demo = await e2e.demo({ seed: 7, channels: 24, viewers: 1, churn: 0, profile: 'airwave' });
    const comedy = await channelsOf(demo, 'pkg_comedy');
    const family = await channelsOf(demo, 'pkg_family');
    const movies = await channelsOf(demo, 'pkg_movies');
    const info = await channelsOf(demo, 'pkg_info');
    const world = await channelsOf(demo, 'pkg_world');
    const other = await channelsOf(demo, null);
    const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }] });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '24 channels' }).waitFor();
    const button = page.locator('.on-now-toolbar .group-button');
    await poll(() => button.getAttribute('aria-label')).toBe('Channel group: All channels. Choose another group');

    // the menu: All first, every package with its count, Other last
    await button.click();
    const items = page.getByRole('menu', { name: 'Channel group' }).getByRole('menuitemradio');
    expect(await items.evaluateAll((list) => list.map((item) => item.textContent))).toEqual([
      'All channels24',
      `Comedy${comedy.length}`,
      `Movies${movies.length}`,
      `Family & Kids${family.length}`,
      `News & Sport${info.length}`,
      `World · العالم · 世界${world.length}`,
      `Other${other.length}`,
    ]);
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await poll(async () => (await focused(page)).className).toContain('group-button');

    await chooseGroup(page, '.on-now-toolbar .group-button', 'Comedy');
    await page.getByRole('list', { name: `${comedy.length} channels` }).waitFor();
    await poll(() => onNowRows(page)).toEqual(comedy);
    await chooseGroup(page, '.on-now-toolbar .group-button', 'Other');
    await poll(() => onNowRows(page)).toEqual(other);
    expect(await axeFindings(page)).toEqual([]);

    // the guide keeps its own choice
    await page.getByRole('tab', { name: 'Guide' }).click();
    await page.locator('.block').first().waitFor();
    await poll(async () => (await guideRows(page))[0]).toBe('101');
    await chooseGroup(page, '.guide-tools .group-button', 'Family & Kids');
    await poll(() => guideRows(page)).toEqual(family);
    expect(await page.getByRole('grid').getAttribute('aria-label')).toBe(`Guide, ${family.length} channels`);
    // with Favourites only too: the starred channels of the group
    await page.getByRole('button', { name: 'Favourites only' }).click();
    await poll(() => page.locator('.empty').first().textContent()).toContain('No favourite channels yet');
    await page.getByRole('button', { name: 'Favourites only' }).click();
    for (const number of [comedy[0], family[1]]) {
      const found = await host.app.handlers.getOnNowRows({ numbers: [Number(number)] });
      const row = found.ok ? found.value.rows[0]! : null;
      await host.app.handlers.setFavourite({ channelId: row!.id, channelNumber: row!.number, channelName: row!.name, favourite: true });
    }
    await page.getByRole('button', { name: 'Favourites only' }).click();
    await poll(() => guideRows(page)).toEqual([family[1]]);
    await page.getByRole('button', { name: 'Favourites only' }).click();
    expect(await axeFindings(page)).toEqual([]);

    // both choices survive a reload of the page
    await page.reload();
    await page.getByRole('tab', { name: 'Guide' }).click();
    await poll(() => guideRows(page)).toEqual(family);
    await page.getByRole('tab', { name: 'On now' }).click();
    await poll(() => onNowRows(page)).toEqual(other);
    await poll(() => page.locator('.on-now-toolbar .group-button').getAttribute('data-group')).toBe(':other');
    // All again: every channel
    await chooseGroup(page, '.on-now-toolbar .group-button', 'All channels');
    await page.getByRole('list', { name: '24 channels' }).waitFor();
  });

  it('shows no group menu where the server has no /packages', { timeout: 60_000 }, async () => {
    const demo = await e2e.demo({ seed: 7, channels: 12, viewers: 0, churn: 0, profile: 'airwave' });
    const proxy = await startOlderServer(demo.url, { noPackages: true, noEvents: true });
    try {
      const host = await e2e.preview({ servers: [{ url: proxy.url, apiKey: demo.key }] });
      const page = await openPopover(e2e.browser, host.url);
      await page.evaluate(() => localStorage.setItem('airwave.onNowGroup', 'pkg_comedy'));
      await page.reload();
      await page.getByRole('tab', { name: 'On now' }).click();
      await page.getByRole('list', { name: '12 channels' }).waitFor();
      expect(host.app.store.state.packages.supported).toBe(false);
      expect(await page.locator('.group-button').count()).toBe(0);
      // a group remembered from another server falls back to All, quietly
      expect((await onNowRows(page)).length).toBeGreaterThan(4);
      await page.getByRole('tab', { name: 'Guide' }).click();
      await page.locator('.block').first().waitFor();
      expect(await page.locator('.group-button').count()).toBe(0);
    } finally {
      await proxy.close();
    }
  });
});

describe.each([
  [24, 1],
  [24, 2],
  [3000, 1],
] as const)('channel group screens with %i channels at %ix', (channels, scale) => {
  it.each(['light', 'dark'] as const)('%s', { timeout: 180_000 }, async (scheme) => {
    const demo = await e2e.demo({ seed: 7, channels, viewers: 1, churn: 0, profile: 'airwave' });
    const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }] });
    const page = await openPopover(e2e.browser, host.url, { deviceScaleFactor: scale, colorScheme: scheme, locale: 'en-GB', timeout: 30_000 });
    const name = (what: string) => `groups-${what}-${channels}-${scheme}${scale === 2 ? '@2x' : ''}`;
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.locator('.on-now-toolbar .group-button').click();
    await page.getByRole('menu', { name: 'Channel group' }).waitFor();
    await page.waitForTimeout(300); // icons in place
    await screenshot(page, name('on-now-menu'));
    await chooseGroup(page, '.on-now-toolbar .group-button', 'Movies');
    await page.locator('.virtual-row .channel-row:not(.channel-row-pending)').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, name('on-now'));
    await page.getByRole('tab', { name: 'Guide' }).click();
    await page.locator('.block').first().waitFor();
    await chooseGroup(page, '.guide-tools .group-button', 'Family & Kids');
    await poll(() => page.locator('.guide-tools .group-button').getAttribute('data-group')).toBe('pkg_family');
    await page.locator('.guide-row[data-position="0"]').waitFor();
    await page.waitForTimeout(300);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, name('guide'));
    await page.locator('.guide-tools .group-button').click();
    await page.getByRole('menu', { name: 'Channel group' }).waitFor();
    await screenshot(page, name('guide-menu'));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('.guide-list-row:not(.guide-row-pending)').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, name('guide-list'));
    await page.getByRole('button', { name: 'List' }).click();
    await page.context().close();
  });
});
