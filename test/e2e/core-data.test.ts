/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, screenshot } from '../support/browser';
import { startHostileServer } from '../support/hostile-server';
import { e2eSetup, poll } from './setup';

// What the core now sends and the popover shows: playback state and "since" from /sessions, a busy
// server, the auth style the test chose, leaving the demo for the saved server, the schedule ahead
// without the guide, and the update / log-folder buttons.
const e2e = e2eSetup();

describe('data from the core', () => {
  it('marks a paused viewer and says since when each one watches', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(2);
    const session = host.demo!.controls.listSessions()[0]!;
    host.demo!.controls.setPaused(session.id, true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const card = page.locator('li.card', { hasText: session.user });
    await poll(() => card.locator('.card-state-paused').textContent()).toBe('Paused');
    await screenshot(page, 'watching-paused-light');
    // since when: the viewer sheet says it (the card keeps the end time and the time left)
    await card.locator('.card-button').click();
    await poll(() => page.getByRole('dialog').locator('.facts').textContent()).toMatch(/Since\d{1,2}:\d{2}/);
  });

  it('says the server is busy and when it retries, on a 503 with Retry-After', async () => {
    const demo = await e2e.demo();
    const hostile = await startHostileServer(demo);
    try {
      const host = await e2e.preview({ server: hostile.url, apiKey: demo.key });
      const page = await openPopover(e2e.browser, host.url);
      await poll(() => page.locator('li.card').count()).toBe(2);
      await hostile.setMode('503-retry-after');
      await page.getByRole('button', { name: 'Refresh' }).click();
      await poll(() => page.locator('.footer-state').textContent()).toMatch(/^Server busy, retrying at \d/);
      expect(await page.locator('.problem').textContent()).toMatch(/busy/);
      await screenshot(page, 'busy-light');
    } finally {
      await hostile.close();
    }
  });

  it('says which auth style the test chose', async () => {
    const demo = await e2e.demo({ viewers: 0 });
    const host = await e2e.preview();
    const page = await openPopover(e2e.browser, host.url);
    await page.fill('input[name=server]', demo.url);
    await page.fill('input[name=apiKey]', demo.key);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await poll(() => page.getByTestId('auth-chosen').textContent()).toMatch(/sends the key as X-API-Key header/);
    await screenshot(page, 'first-run-auth-chosen-light');
  });

  it('leaves the demo for the saved real server, which it keeps', async () => {
    const demo = await e2e.demo({ viewers: 1, name: 'Basement' });
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key, demoOptions: { seed: 7, channels: 8, viewers: 2, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(1);
    expect((await host.app.handlers.startDemo({})).ok).toBe(true);
    await poll(() => page.locator('li.card').count()).toBe(2);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Leave demo' }).click();
    await poll(() => host.app.snapshot().settings.demo).toBe(false);
    expect(host.app.snapshot().settings.server).toContain(String(new URL(demo.url).port));
    await poll(() => page.locator('.footer-server').textContent()).toBe('Basement');
  });

  it('lists the hours ahead in the channel sheet without the guide loaded', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    const row = page.locator('[data-channel="101"]');
    await row.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Channel 101' });
    await sheet.waitFor();
    await poll(() => sheet.locator('.later-list li').count()).toBeGreaterThan(1);
    expect(host.app.snapshot().guide.state).toBe('empty'); // no guide window loaded: the hours ahead came from the server
    expect(await sheet.locator('.later').textContent()).toMatch(/from the server[’']s schedule/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'channel-schedule-dark');
  });

  it('checks for updates and opens the log folder, each saying what came of it', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Check for updates…' }).click();
    await poll(() => page.getByTestId('update-status').textContent()).toMatch(/does not update itself/);
    await page.getByRole('button', { name: 'Open log folder' }).click();
    await poll(() => page.getByRole('alert').textContent()).toMatch(/keeps no log files/);
    await page.getByRole('heading', { name: 'Advanced' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-about-light');
  });
});
