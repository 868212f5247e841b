/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, screenshot } from '../support/browser';
import { startHostileServer } from '../support/hostile-server';
import { e2eSetup, poll } from './setup';

// Set-up trusts what it found (issue 34 item 5): identity says Airwave, /status says "jellyfin":
// the test fails and says /status is what counts, in the first-run view at 380 × 560.
const e2e = e2eSetup();

describe('first run', () => {
  it('says when /api/identity and /status disagree, and goes by /status', async () => {
    const demo = await e2e.demo({ profile: 'airwave', name: 'Home', viewers: 1 });
    const hostile = await startHostileServer(demo);
    try {
      await hostile.setMode('rewrite', /\/status$/);
      hostile.rewrite = (_path, body) => body.replace('"product":"airwave"', '"product":"jellyfin"');
      const host = await e2e.preview();
      const page = await openPopover(e2e.browser, host.url);
      await page.getByRole('heading', { name: 'Connect to your Airwave server' }).waitFor();
      await page.fill('input[name=server]', hostile.url);
      await page.fill('input[name=apiKey]', demo.key);
      await page.getByRole('button', { name: 'Test connection' }).click();
      const headline = page.locator('.probe > p');
      await poll(() => headline.textContent()).toMatch(/^Test failed\./);
      expect(await headline.textContent()).toContain('its /status says it is "jellyfin": the app goes by /status');
      await screenshot(page, 'first-run-status-disagrees-light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'first-run-status-disagrees-dark');
    } finally {
      await hostile.close();
    }
  });
});
