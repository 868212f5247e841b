/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { openPopover, shots } from '../support/browser';
import { onAirChannel } from '../support/core-harness';
import { e2eSetup, poll } from './setup';

// Labels as people write them (issue 44, point 5), on the Airwave 0.15.13 demo, whose devices come
// with lower-case platforms ("ios", "webos") as real servers send them: one rule names a device on
// the cards, in the viewer sheet, the tray menu, a notification and the activity log; a channel's
// name reads as the server spells it on On now (no CSS changes a letter: innerText applies
// text-transform, so it is read here as a person sees it).
const e2e = e2eSetup();

/** Text a person could read that a label must never be: a glued lower-case platform, an ordinal. */
const UNWRITTEN = /\((?:ios|webos|tvos|android|roku|tizen|windows|browser)\)|\b\d+(?:st|nd|rd|th) device\b/i;

describe('labels as people write them', () => {
  it('names each device the same way in every view, and each channel as the server spells it', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { profile: 'airwave', serverVersion: '0.15.13', seed: 7, channels: 16, viewers: 0, churn: 0 } });
    const demo = host.demo!;
    await poll(() => host.app.store.state.connection.state).toBe('live');
    const [a, b] = [onAirChannel(demo, 0), onAirChannel(demo, 1)];
    // Lena alone first: her notification names her device
    demo.controls.startSession({ user: 'Lena', channelNumber: a, platform: 'iOS', model: 'iPhone 15', deviceId: 'dev_lena' });
    await poll(() => host.app.notifications.filter((n) => n.title.startsWith('Lena ')).length).toBe(1);
    // James on a TV and a phone; Kofi on two phones of one model
    demo.controls.startSession({ user: 'James', channelNumber: a, platform: 'webOS', model: 'LG OLED C3', deviceId: 'dev_james_tv' });
    demo.controls.startSession({ user: 'James', channelNumber: b, platform: 'iOS', model: 'iPhone 15', deviceId: 'dev_james_phone' });
    demo.controls.startSession({ user: 'Kofi', channelNumber: a, platform: 'iOS', model: 'iPhone 15', deviceId: 'dev_kofi_1' });
    demo.controls.startSession({ user: 'Kofi', channelNumber: b, platform: 'iOS', model: 'iPhone 15', deviceId: 'dev_kofi_2' });
    await poll(() => host.app.snapshot().nowPlaying.data?.filter((entry) => entry.osVersion).length).toBe(5);

    const page = await openPopover(e2e.browser, host.url, 'light', 'en-US');
    await poll(() => page.locator('li.card').count()).toBe(5);
    // the cards: the device where a person watches on two, the model as the server spells it
    const onCards = async () =>
      page.locator('li.card').evaluateAll((cards) =>
        cards.map((card) => `${card.querySelector('.card-user-name')?.textContent}: ${card.querySelector('.card-device')?.getAttribute('title') ?? '-'}`).sort(),
      );
    await poll(onCards).toEqual(['James: LG OLED C3', 'James: iPhone 15', 'Kofi: iPhone 15', 'Kofi: iPhone 15', 'Lena: -']);
    expect(await page.locator('body').innerText()).not.toMatch(UNWRITTEN);
    await shots(page, 'watching-devices');

    // the tray menu names the same devices, for the same people
    const menu = host.app.trayView.menu.map((item) => item.label).filter((label) => /^(James|Kofi|Lena):/.test(label));
    // "James: <what> · 101 · LG OLED C3": the device after the channel's number
    expect(menu.map((label) => `${label.split(':')[0]}: ${/ · \d+ · ([^·]+)$/.exec(label)?.[1] ?? '-'}`).sort()).toEqual([
      'James: LG OLED C3',
      'James: iPhone 15',
      'Kofi: iPhone 15',
      'Kofi: iPhone 15',
      'Lena: -',
    ]);
    // a notification: the model, never "iPhone 15 (ios)"
    const lena = host.app.notifications.find((n) => n.title.startsWith('Lena '))!;
    expect(lena.body).toMatch(/(^| · )iPhone 15$/); // on a break the title names the channel, and the body only the device
    for (const note of host.app.notifications) expect(`${note.title} ${note.body}`).not.toMatch(UNWRITTEN);

    // the viewer sheet: the label, then the system as its makers write it and its version
    await page.locator('li.card', { hasText: 'LG OLED C3' }).locator('.card-button').click();
    const sheet = page.getByRole('dialog');
    await sheet.waitFor();
    await poll(() => sheet.locator('.facts').innerText()).toMatch(/Device\s+LG OLED C3 · webOS 23/);
    await shots(page, 'viewer-device');
    await page.keyboard.press('Escape');

    // the activity log: the same words
    await page.getByRole('tab', { name: 'Activity' }).click();
    await poll(() => page.locator('.log-line').count()).toBe(5);
    const log = await page.locator('.log-line').allInnerTexts();
    expect(log.filter((line) => line.includes('LG OLED C3'))).toHaveLength(1);
    expect(log.filter((line) => line.includes('iPhone 15'))).toHaveLength(4);
    expect(log.join('\n')).not.toMatch(UNWRITTEN);

    // On now: every channel's name as the server spells it, as a person reads it
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '16 channels' }).waitFor();
    const spelled = host.app.store.state.onNow.data!.channels.map((channel) => channel.name);
    expect(spelled).toContain('90s Sitcoms');
    const shown = await page.locator('.channel-row .channel-name').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(spelled).toContain(name);
    await shots(page, 'on-now-names');
  });
});
