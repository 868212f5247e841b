/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PreviewOptions } from '../../src/main/preview/host';
import { getJson, openPopover, screenshot } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { startHostileServer } from '../support/hostile-server';
import { e2eSetup } from './setup';

// The real popover (built renderer) in Debian's Chromium, against the preview host running the
// real core over loopback. Every wait is bounded by Playwright's timeouts.

const e2e = e2eSetup();

/** Content-Security-Policy violations the page reported (the built page carries the app's CSP). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const preview = (options: Partial<PreviewOptions> = {}) => e2e.preview(options);
const demoServer = (options: Parameters<typeof e2e.demo>[0] = {}) => e2e.demo(options);

const cards = (page: Page) => page.locator('li.card');
const loadedPosters = (page: Page) =>
  page.locator('li.card img.poster').evaluateAll((images) => images.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length);

describe('first run', () => {
  it('says the key is wrong, keeps what was typed, and connects once the key is fixed', async () => {
    const demo = await demoServer();
    const host = await preview();
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
    await screenshot(page, 'first-run-light');
    await page.fill('input[name=server]', demo.url);
    await page.fill('input[name=apiKey]', 'airwave_wrong_key');
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').first();
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/key/i);
    await expect.poll(() => page.locator('.step-fail').count()).toBeGreaterThan(0);
    await screenshot(page, 'first-run-key-rejected-light');
    // nothing typed is lost
    expect(await page.inputValue('input[name=server]')).toBe(demo.url);
    expect(await page.inputValue('input[name=apiKey]')).toBe('airwave_wrong_key');

    await page.fill('input[name=apiKey]', demo.key);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: /Watching/ }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(2);
    await expect.poll(() => page.locator('.footer-state').textContent()).toContain('Live');
  });

  it('"Try the demo" starts the built-in demo and connects to it', async () => {
    const host = await preview({ demoOptions: { seed: 4, channels: 10, viewers: 3, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url, 'dark');
    await page.getByRole('button', { name: 'Try the demo' }).waitFor();
    await screenshot(page, 'first-run-dark');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.getByRole('tab', { name: /Watching/ }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(3);
    await expect.poll(() => page.locator('.footer-state').textContent()).toContain('demo');
  });
});

describe('following the demo', () => {
  it('shows a card per viewer with real posters; a new session adds a card, a notification and a badge', async () => {
    const host = await preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 3, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await expect.poll(() => cards(page).count()).toBe(3);
    // posters that actually loaded: every card has an image with pixels
    const posterWidths = () =>
      page.locator('li.card img.poster').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth));
    // a viewer on a bumper has no poster: expect one image per viewer with artwork
    const withArtwork = () => host.app.store.state.nowPlaying.data!.filter((entry) => entry.artworkUrl).length;
    await expect.poll(async () => (await posterWidths()).length).toBe(withArtwork());
    await expect.poll(async () => (await posterWidths()).every((width) => typeof width === 'number' && width > 0)).toBe(true);
    await screenshot(page, 'watching-light');
    expect((await getJson<{ badge: number }>(`${host.url}/__preview/tray`)).badge).toBe(3);

    const demo = host.demo!;
    const session = demo.controls.startSession({ user: 'Nadia', channelNumber: onAirChannel(demo), platform: 'tvOS', model: 'Apple TV 4K' });
    // brought by the event stream, well before the 20 s count poll could have brought it
    await page.getByText('Nadia', { exact: true }).waitFor({ timeout: 10_000 });
    await expect.poll(() => cards(page).count()).toBe(4);
    await expect
      // a lone start is said as soon as the app knows (notifications/storms.ts; its latency: e2e/notifications.test.ts)
      .poll(async () => (await getJson<{ title: string; body: string }[]>(`${host.url}/__preview/notifications`)).map((n) => n.title), { timeout: 5_000, interval: 200 })
      .toEqual([expect.stringMatching(/^Nadia started watching/)]);
    await expect.poll(async () => (await getJson<{ badge: number }>(`${host.url}/__preview/tray`)).badge).toBe(4);

    demo.controls.endSession(session.id);
    await expect.poll(() => cards(page).count()).toBe(3);
    await expect.poll(async () => (await getJson<{ badge: number }>(`${host.url}/__preview/tray`)).badge).toBe(3);
    expect(await page.getByText('Nadia', { exact: true }).count()).toBe(0);
  });

  it('lists every channel on now, and looks up a typed channel number', async () => {
    const host = await preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '16 channels' }).waitFor();
    await screenshot(page, 'on-now-light');
    // typing digits anywhere opens that channel
    await page.keyboard.type('101');
    const dialog = page.getByRole('dialog', { name: 'Channel 101' });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('.slot').count()).toBe(2);
    await expect.poll(() => dialog.locator('.facts').count()).toBe(1);
    await screenshot(page, 'channel-101-light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.type('999');
    await page.getByRole('dialog', { name: 'Channel 999' }).getByRole('alert').waitFor();
    expect(await page.getByRole('dialog', { name: 'Channel 999' }).getByRole('alert').textContent()).toMatch(/^This server's channels run from \d+ to \d+/);
  });

  it('keeps the data and says it is offline while the server is down, then goes live again', async () => {
    const demo = await demoServer();
    const port = demo.port;
    const host = await preview({
      server: demo.url,
      apiKey: demo.key,
      app: { tuning: { backoffBaseMs: 250, backoffCapMs: 1_000 } },
    });
    const page = await openPopover(e2e.browser, host.url);
    await expect.poll(() => cards(page).count()).toBe(2);
    const posters = host.app.store.state.nowPlaying.data!.filter((entry) => entry.artworkUrl).length;
    await expect.poll(() => loadedPosters(page)).toBe(posters);
    await e2e.drop(demo);
    await expect.poll(() => page.locator('.footer-state').textContent(), { timeout: 10_000 }).toMatch(/Offline, retrying in \d+ s/);
    expect(await cards(page).count()).toBe(2); // the last good data stays, posters too
    expect(await loadedPosters(page)).toBe(posters);
    expect(await page.locator('.footer-age').textContent()).toContain('stale');
    expect(await page.locator('.problem').textContent()).toMatch(/Nothing is listening|closed the connection/);
    await screenshot(page, 'offline-light');
    await demoServer({ port });
    await expect.poll(() => page.locator('.footer-state').textContent(), { timeout: 10_000 }).toBe('Live');
    // live and current: "Live" alone, no age and nothing stale (issue 35)
    await expect.poll(() => page.locator('.footer-age').count()).toBe(0);
    expect(await page.locator('footer').getAttribute('class')).not.toContain('footer-stale');
  });
});

describe('a misbehaving server', () => {
  // what each fault must be called; the huge body gets time to stream up to the 20 MB cap (a loaded machine needs more than 0.8 s)
  const faults = [
    { mode: 'hang', says: /did not answer/, bodyMs: 800 },
    { mode: 'html', says: /not JSON/, bodyMs: 800 },
    { mode: 'huge', says: /larger than 20 MB/, bodyMs: 20_000 },
  ] as const;
  it.each(faults)('$mode: the popover says what is wrong, keeps the data and keeps responding', async ({ mode, says, bodyMs }) => {
    const demo = await demoServer();
    const hostile = await startHostileServer(demo);
    try {
      const host = await preview({
        server: hostile.url,
        apiKey: demo.key,
        app: { client: { timeouts: { headersMs: 500, bodyMs } }, tuning: { backoffBaseMs: 300, backoffCapMs: 1_500 } },
      });
      const page = await openPopover(e2e.browser, host.url);
      await expect.poll(() => cards(page).count()).toBe(2);
      await hostile.setMode(mode);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect.poll(() => page.locator('.footer-state').textContent(), { timeout: 10_000 }).toMatch(/^Offline/);
      // the reason, in words, above the data, which stays; the views still switch
      expect(await page.locator('.problem').textContent()).toMatch(says);
      expect(await cards(page).count()).toBe(2);
      await page.getByRole('tab', { name: 'On now' }).click();
      await page.getByRole('list', { name: /channels/ }).waitFor();
      await page.getByRole('tab', { name: /Watching/ }).click();
      await hostile.setMode('ok');
      await expect.poll(() => page.locator('.footer-state').textContent(), { timeout: 10_000 }).toBe('Live');
      expect(await page.locator('.problem').count()).toBe(0);
    } finally {
      await hostile.close();
    }
  });
});

describe('at scale', () => {
  it('keeps a 2000-channel On now responsive with a bounded DOM while scrolling', async () => {
    const host = await preview({ demo: true, demoOptions: { seed: 3, channels: 2000, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: /^2,?000 channels$/ }).waitFor({ timeout: 20_000 });
    const counts: number[] = [];
    for (let i = 0; i < 8; i++) {
      await page.locator('.scroll').evaluate((el, step) => el.scrollTo({ top: step * el.scrollHeight / 8 }), i);
      await page.waitForTimeout(50);
      counts.push(await page.locator('.virtual-row').count());
    }
    await page.locator('.scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => page.locator('[data-channel="2100"]').count()).toBe(1);
    expect(Math.max(...counts)).toBeLessThan(40);
    expect(await page.locator('button').count()).toBeLessThan(80);
  });
});

describe('keyboard only', () => {
  it('reaches and uses every view without a mouse', async () => {
    const host = await preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url, 'dark');
    const cspViolations = await watchCsp(page);
    await expect.poll(() => cards(page).count()).toBe(2);
    await screenshot(page, 'watching-dark');
    // opening the popover puts focus on the selected tab (never on the body)
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-watching');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-on-now');
    await page.getByRole('list', { name: '16 channels' }).waitFor();
    await screenshot(page, 'on-now-dark');
    // into the list and open a channel with Enter
    for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.classList.contains('channel-row'))); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Channel \d+$/ }).waitFor();
    // focus moves into the dialog (to its close button) once it has rendered
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close channel');
    await screenshot(page, 'channel-dark');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // the guide, a window chip, a programme
    await page.locator('#tab-on-now').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tab-guide');
    await page.locator('.block').first().waitFor();
    await screenshot(page, 'guide-dark');
    // Tab into the grid (one stop), then an arrow to a programme
    for (let i = 0; i < 30 && !(await page.evaluate(() => !!document.activeElement?.closest('[role="grid"]'))); i++) await page.keyboard.press('Tab');
    for (let i = 0; i < 4 && !(await page.evaluate(() => document.activeElement?.classList.contains('block'))); i++) await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('block'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.sheet-title').waitFor();
    await screenshot(page, 'programme-dark');
    await page.keyboard.press('Escape');
    // search with Ctrl+F, into the results with the arrows
    await page.keyboard.press('Control+f');
    const searchbox = page.getByRole('searchbox', { name: /Search titles/ });
    await expect.poll(() => searchbox.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('a');
    await expect.poll(() => page.locator('.results .result').count()).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="grid"]'))).toBe(true);
    await screenshot(page, 'search-dark');
    await page.keyboard.press('Escape'); // back to the field
    await page.keyboard.press('Escape'); // closes search
    await searchbox.waitFor({ state: 'detached' });
    // settings: reachable by Tab from the tabs, operable with Space
    await page.locator('#tab-guide').focus();
    await page.keyboard.press('Tab'); // search button
    await page.keyboard.press('Tab'); // settings button
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Settings');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await screenshot(page, 'settings-dark');
    const toggle = page.getByRole('checkbox', { name: 'Tell me when someone starts watching' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => host.app.snapshot().settings.notifications.enabled).toBe(false);
    // every view above rendered under the strict CSP without tripping it
    expect(await cspViolations()).toEqual([]);
  });
});
