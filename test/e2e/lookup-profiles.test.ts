/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { PreviewHost } from '../../src/main/preview/host';
import { CATALOGUES } from '../../src/shared/i18n/catalogues';
import { formatMessage } from '../../src/shared/i18n/message-format';
import { getJson, openPopover, screenshot } from '../support/browser';
import { e2eSetup } from './setup';

// Issue 13 end to end: the built popover in Chromium, through the preview host running the real
// core, against demo servers that behave like Airwave's own (airwave, legacy profiles), and with a
// viewer's key that sees only some channels. Every wait is bounded by Playwright's timeouts.

const e2e = e2eSetup();
const preview = e2e.preview;

const titles = async (host: PreviewHost) => (await getJson<{ title: string }[]>(`${host.url}/__preview/notifications`)).map((n) => n.title);

describe.each(['airwave', 'legacy'] as const)('looking up a typed channel number (%s profile)', (profile) => {
  it('shows what is on now and next, and says only of a channel the server lacks that there is none', async () => {
    const host = await preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0, profile } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '16 channels' }).waitFor();
    // what the core held before asking: the answer is its "now", or its "next" once a boundary passed meanwhile
    const held = host.app.store.state.onNow.data!.channels.find((row) => row.number === 101)!;
    const expected = [held.now?.title, held.next?.title].filter((title): title is string => !!title);
    await page.keyboard.type('101');
    const dialog = page.getByRole('dialog', { name: 'Channel 101' });
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('.slot').count()).toBe(2);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    // On now and Next (during a break On now names the break, and Next the programme after it)
    const shown = (await dialog.locator('.slots').textContent()) ?? '';
    expect(expected.some((title) => shown.includes(title))).toBe(true);
    await screenshot(page, `channel-101-${profile}-light`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.type('999');
    const missing = page.getByRole('dialog', { name: 'Channel 999' }).getByRole('alert');
    await missing.waitFor();
    expect(await page.getByRole('dialog', { name: 'No channel 999' }).getByRole('heading').textContent()).toBe('No channel 999');
  });
});

describe('a channel the server lacks, in German', () => {
  // the sheet's line under "Kein Sender 999" comes from the answer's detail (the range alone), not
  // from cutting an English "No channel 999:" off the message (which left the whole German sentence)
  it.each(['light', 'dark'] as const)('says the range alone under the heading that already says there is no such channel (%s)', async (scheme) => {
    const host = await preview({ demo: true, languages: ['de'], demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url, scheme);
    const w = CATALOGUES.de;
    await page.getByRole('tab', { name: w.common.tabs.onNow }).click();
    await page.getByRole('list', { name: formatMessage(w.onNow.list, { n: 16 }, 'de') }).waitFor();
    await page.keyboard.type('999');
    const heading = formatMessage(w.channel.noSuchChannel, { n: 999 }, 'de');
    const dialog = page.getByRole('dialog', { name: heading });
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(heading);
    const numbers = host.app.store.state.onNow.data!.channels.map((row) => row.number);
    const range = { low: Math.min(...numbers), high: Math.max(...numbers), n: numbers.length };
    expect(await dialog.getByRole('alert').textContent()).toBe(formatMessage(w.errors.channelsRange, range, 'de'));
    await screenshot(page, `lang-de-no-channel-${scheme}`);
  });
});

describe("a viewer's key", () => {
  it('never shows or announces a viewer on a channel hidden from the key', async () => {
    const demo = await e2e.demo({ seed: 7, channels: 12, viewers: 0, churn: 0, profile: 'airwave' });
    const allowed = new Set(demo.controls.viewerChannels());
    const onAir = demo.controls.listChannels().filter((c) => !c.empty);
    const visible = onAir.find((c) => allowed.has(c.number))!;
    const hidden = onAir.find((c) => !allowed.has(c.number))!;
    const host = await preview({ server: demo.url, apiKey: demo.viewerKey });
    const page = await openPopover(e2e.browser, host.url);
    await expect.poll(() => page.locator('.footer-state').textContent()).toContain('Live');

    demo.controls.startSession({ user: 'Hidden Henry', channelNumber: hidden.number });
    demo.controls.startSession({ user: 'Visible Vera', channelNumber: visible.number });
    await page.getByText('Visible Vera', { exact: true }).waitFor();
    // a start is said as soon as the app knows (notifications/storms.ts)
    await expect.poll(() => titles(host), { timeout: 10_000, interval: 200 }).toEqual([expect.stringMatching(/^Visible Vera started watching/)]);
    // Henry moves between hidden channels and pauses: the stream tells every key, the app shows nothing
    const henry = demo.controls.listSessions().find((s) => s.user === 'Hidden Henry')!;
    const otherHidden = onAir.filter((c) => !allowed.has(c.number))[1];
    if (otherHidden) demo.controls.tune(henry.id, otherHidden.number);
    await page.waitForTimeout(1_500);
    expect(await page.locator('li.card').count()).toBe(1);
    expect(await page.getByText('Hidden Henry').count()).toBe(0);
    expect(await titles(host)).toHaveLength(1);
    expect((await getJson<{ badge: number }>(`${host.url}/__preview/tray`)).badge).toBe(1);

    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: `${allowed.size} channels` }).waitFor();
    await screenshot(page, 'viewer-key-on-now-light');
    await page.keyboard.type(String(hidden.number));
    const alert = page.getByRole('dialog', { name: `Channel ${hidden.number}` }).getByRole('alert');
    await alert.waitFor();
    expect(await page.getByRole('dialog', { name: `No channel ${hidden.number}` }).getByRole('heading').textContent()).toBe(`No channel ${hidden.number}`);
  });
});
