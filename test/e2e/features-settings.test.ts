/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { axeFindings, getJson, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Settings for the features: the reminder lead time (0–60 minutes) and each server health alert,
// applied at once; a value out of range is refused with the reason and changes nothing. Opening
// Settings asks the server's webhooks (admin key) within the flood guard.
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
    const webhooks = section.getByRole('checkbox', { name: /turns off a webhook/ });
    expect(await webhooks.isChecked()).toBe(true);
    await webhooks.uncheck();
    // the live-updates alert is a stream internal: under Advanced, in plain words
    await page.getByRole('region', { name: 'Advanced' }).getByRole('checkbox', { name: /stops sending live updates/ }).uncheck();
    await poll(() => host.app.snapshot().featureSettings.health).toEqual({ unreachable: true, unreachableMinutes: 15, keyRejected: false, versionChanged: true, streamFull: false, webhookDisabled: false });
    await webhooks.check();
    await poll(() => host.app.snapshot().featureSettings.health.webhookDisabled).toBe(true);
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

  it.each(['light', 'dark'] as const)('opening Settings asks the server’s webhooks once (however often it is opened) and tells of one it turned off (%s)', async (scheme) => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 8, viewers: 0, churn: 0, profile: 'airwave' } });
    const demo = host.demo!;
    demo.controls.setWebhookEnabled('wh_home_assistant', false, 'Disabled after 15 consecutive failed deliveries.');
    const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
    await expect.poll(() => page.locator('.footer-state').textContent()).toContain('Live');
    const settings = page.getByRole('button', { name: 'Settings' });
    for (let i = 0; i < 5; i++) {
      await settings.click();
      await page.getByRole('region', { name: 'Settings', exact: true }).waitFor();
      await settings.click();
      await page.getByRole('region', { name: 'Settings', exact: true }).waitFor({ state: 'detached' });
    }
    const titles = async () => (await getJson<{ title: string }[]>(`${host.url}/__preview/notifications`)).map((n) => n.title);
    await poll(titles).toContainEqual(expect.stringMatching(/ turned off the webhook “Home Assistant”$/));
    expect(demo.controls.requestCounts()['/api/public/v1/webhooks']).toBe(1);
    // Settings names it in one line under the alert's toggle, with when in the one 'when' phrase (the demo turned it off just now: today, or yesterday across midnight)
    await settings.click();
    const section = page.getByRole('region', { name: 'Reminders and server alerts' });
    const note = section.getByText(/^Webhook “Home Assistant” was turned off by Airwave (yesterday )?at \d{1,2}:\d\d\.$/);
    await note.waitFor();
    await section.evaluate((el) => {
      const list = el.closest('.settings')!;
      list.scrollTop += el.getBoundingClientRect().top - list.getBoundingClientRect().top - 8;
    });
    await screenshot(page, `webhook-note-${scheme}`);
    await section.getByRole('checkbox', { name: /turns off a webhook/ }).uncheck();
    await poll(() => note.count()).toBe(0);
  });
});
