/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { parseChannelNowById } from '../../src/shared/airwave';
import { ManualClock } from '../support/manual-clock';
import { openPopover, screenshot } from '../support/browser';
import { demoGet } from '../support/demo-client';
import { e2eSetup } from './setup';

// Issue 25: a channel on a break, as Airwave's own server sends it (/guide/now with nothing on, a
// bumper in the now answer), in the built popover in Chromium: On now and the channel sheet say
// what comes next and when, never an empty row or a bumper as "next".

const e2e = e2eSetup();

describe('a channel on a break (airwave profile)', () => {
  it('On now and the channel sheet show "Break · <time> <programme>"', async () => {
    // the demo's clock (the host's and the page's too, below) stands just inside the next break of a channel
    const clock = new ManualClock(new Date(e2e.now()).toISOString());
    const demo = await e2e.demo({ seed: 7, channels: 6, viewers: 0, churn: 0, profile: 'airwave', clock });
    const get = demoGet(demo);
    // the next break of any channel, looking up to 6 hours on from the suite's start (whatever it is)
    let target: { number: number; breakStart: number; title: string } | null = null;
    for (let look = 0; look < 15 && !target; look++) {
      if (look > 0) clock.set(clock.now() + 25 * 60_000);
      for (const c of demo.controls.listChannels().filter((x) => !x.empty)) {
        const now = parseChannelNowById((await get(`/channels/${c.id}/now`)).json, c.id);
        if (now.next?.kind === 'bumper' && Date.parse(now.next.startsAt) - clock.now() < 25 * 60_000) {
          target = { number: c.number, breakStart: Date.parse(now.next.startsAt), title: now.next.showTitle ?? now.next.title };
          break;
        }
      }
    }
    if (!target) throw new Error('no channel of the demo has a break in the 6 hours after the start');
    clock.set(target.breakStart + 1_000);
    const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }], clock });
    const page = await openPopover(e2e.browser, host.url);
    await page.clock.setFixedTime(clock.now());
    await page.getByRole('tab', { name: 'On now' }).click();
    const row = page.locator(`.channel-row[data-channel="${target.number}"]`);
    await row.waitFor();
    await expect.poll(() => row.locator('.program-title').textContent()).toMatch(new RegExp(`^Break · \\d{1,2}:\\d{2}.* ${escape(target.title)}`));
    expect(await row.locator('.channel-next').count()).toBe(0);
    await screenshot(page, 'on-now-break-light');
    await row.click();
    const dialog = page.getByRole('dialog', { name: `Channel ${target.number}` });
    await expect.poll(() => dialog.locator('.slot').count()).toBe(2);
    const slots = await dialog.locator('.slot').allTextContents();
    expect(slots[0]).toMatch(/^On nowBreak · /);
    expect(slots[0]).toContain(target.title);
    expect(slots[1]).toContain(target.title);
    expect(slots[1]).not.toMatch(/Bumper/);
    await screenshot(page, 'channel-break-light');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
