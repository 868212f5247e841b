/// <reference lib="dom" />
/**
 * The end-to-end tests' one clock (support/e2e-clock.ts): the page, the preview host's core and
 * the demo server all read the run's start instant (AIRWAVE_E2E_START or a seeded one) in this
 * machine's time zone, whatever the machine's own clock says (scripts/e2e-at.sh runs the suite
 * under faketime to see that hold).
 */
import { describe, expect, inject, it } from 'vitest';
import { openPopover } from '../support/browser';
import { E2E_START } from '../support/e2e-clock';
import { formatLocal } from '../support/e2e-start';
import { e2eSetup, poll } from './setup';

const e2e = e2eSetup();
/** The whole file runs in well under this much real time. */
const SLACK_MS = 10 * 60_000;

describe('one pinned clock', () => {
  it('this worker starts from the instant the run chose and printed (global set-up)', () => {
    expect(E2E_START).toBe(inject('e2eStart'));
  });

  it('the page, the core and the demo all read the pinned time, not the machine\'s', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await poll(() => page.locator('li.card').count()).toBe(1);
    const now = e2e.now();
    expect(now).toBeGreaterThanOrEqual(E2E_START);
    expect(now).toBeLessThan(E2E_START + SLACK_MS);

    // the page: Date, and the same local date and time of day as Node reads (the same zone)
    const inPage = await page.evaluate(() => {
      const d = new Date();
      const two = (n: number) => String(n).padStart(2, '0');
      return { now: d.getTime(), local: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}` };
    });
    expect(Math.abs(inPage.now - e2e.now())).toBeLessThan(5_000);
    expect(inPage.local).toBe(formatLocal(inPage.now));

    // the core stamps what it fetched with the same clock
    const fetched = host.app.store.state.nowPlaying.updatedAt!;
    expect(fetched).toBeGreaterThanOrEqual(E2E_START);
    expect(fetched).toBeLessThanOrEqual(e2e.now());

    // and the demo server says the same time
    const demo = host.demo!;
    const response = await fetch(`${demo.url}/api/public/v1/status`, { headers: { 'x-api-key': demo.key } });
    const status = (await response.json()) as { time: string };
    expect(Math.abs(Date.parse(status.time) - e2e.now())).toBeLessThan(5_000);
  });
});
