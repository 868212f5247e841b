/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { axeFindings, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Settings for the features: the reminder lead time (0–60 minutes) and each server health alert,
// applied at once; a value out of range is refused with the reason and changes nothing.
const e2e = e2eSetup();

describe('reminder and health settings', () => {
  it.each(['light', 'dark'] as const)('change the lead time and the health toggles (%s)', async (scheme) => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Reminders and server alerts' });
    await section.scrollIntoViewIfNeeded();
    const lead = section.getByRole('spinbutton', { name: /Remind me/ });
    expect(await lead.inputValue()).toBe('2');
    await lead.fill('5');
    await lead.press('Enter');
    await poll(() => host.app.snapshot().featureSettings.reminderLeadMinutes).toBe(5);
    await lead.fill('99');
    await lead.press('Enter');
    await section.getByRole('alert').getByText('The reminder time is 0 to 60 minutes.').waitFor();
    expect(host.app.snapshot().featureSettings.reminderLeadMinutes).toBe(5);

    const outage = section.getByRole('spinbutton', { name: /unreachable for/ });
    expect(await outage.inputValue()).toBe('5');
    await outage.fill('15');
    await outage.press('Enter');
    await poll(() => host.app.snapshot().featureSettings.health.unreachableMinutes).toBe(15);
    await section.getByRole('checkbox', { name: /API key is rejected/ }).uncheck();
    // the live-updates alert is a stream internal: under Advanced, in plain words
    await page.getByRole('region', { name: 'Advanced' }).getByRole('checkbox', { name: /stops sending live updates/ }).uncheck();
    await poll(() => host.app.snapshot().featureSettings.health).toEqual({ unreachable: true, unreachableMinutes: 15, keyRejected: false, versionChanged: true, streamFull: false });
    // turning the outage alert off hides its minutes
    await section.getByRole('checkbox', { name: /unreachable, and back/ }).uncheck();
    await poll(() => outage.count()).toBe(0);
    expect(host.app.snapshot().featureSettings.health.unreachable).toBe(false);
    await section.getByRole('checkbox', { name: /unreachable, and back/ }).check();
    await outage.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await section.evaluate((el) => {
      const list = el.closest('.settings')!;
      list.scrollTop += el.getBoundingClientRect().top - list.getBoundingClientRect().top - 8;
    });
    await screenshot(page, `features-settings-${scheme}`);
  });
});
