/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GuideRowsRequest } from '../../src/shared/bridge';
import type { PreviewHost } from '../../src/main/preview/host';
import { axeFindings, focused, getJson, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// The guide's part of the features, in Chromium through the preview host: a star per channel
// (reached with the arrow keys, no tab stop of its own), "Favourites only" asking for the starred
// rows alone, "Remind me" in a programme's sheet, and the "while you were away" summary landing
// on the Activity log when clicked.
const e2e = e2eSetup();
const DEMO = { seed: 7, channels: 16, viewers: 1, churn: 0 };

async function openGuide(host: PreviewHost, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
  await page.getByRole('tab', { name: 'Guide' }).click();
  await page.locator('.guide-row .block').first().waitFor();
  return page;
}

const row = (page: Page, number: number) => page.locator('.guide-row', { has: page.locator(`.channel-number:text-is("${number}")`) });
const listed = (page: Page) => page.locator('.guide-row .guide-channel .channel-number').allTextContents();
const starredNumbers = (host: PreviewHost) => host.app.snapshot().favourites.map((f) => f.channelNumber).sort((a, b) => a - b);

/** Every getGuideRows request the page makes from now on. */
function rowRequests(page: Page): GuideRowsRequest[] {
  const seen: GuideRowsRequest[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/__bridge/getGuideRows')) seen.push(request.postDataJSON() as GuideRowsRequest);
  });
  return seen;
}

describe('stars in the guide', () => {
  it('reaches a channel star with ArrowLeft (no tab stop of its own), toggles it with Space, and moves along the star column', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: DEMO });
    const page = await openGuide(host);
    // one star per drawn row, none of them a tab stop
    const stars = () =>
      page.evaluate(() => {
        const rows = [...document.querySelectorAll('.guide-row:not(.guide-row-pending)')];
        return { rows: rows.length, starred: rows.filter((r) => r.querySelectorAll('.guide-star').length === 1).length, tabbable: document.querySelectorAll('.guide-star:not([tabindex="-1"])').length };
      });
    await poll(async () => (await stars()).rows).toBeGreaterThan(5);
    expect(await stars()).toMatchObject({ starred: (await stars()).rows, tabbable: 0 });

    await row(page, 103).locator('.guide-channel').focus();
    await page.keyboard.press('ArrowLeft');
    await poll(async () => (await focused(page)).label ?? '').toMatch(/^Star 103 /);
    expect((await focused(page)).className).toContain('guide-star');
    await page.keyboard.press('Space');
    await poll(() => starredNumbers(host)).toEqual([103]);
    await poll(() => row(page, 103).locator('.guide-star').getAttribute('aria-pressed')).toBe('true');
    // down the star column, then right to the channel and on to its programmes
    await page.keyboard.press('ArrowDown');
    await poll(async () => (await focused(page)).label ?? '').toMatch(/^Star 104 /);
    await page.keyboard.press('ArrowRight');
    await poll(async () => (await focused(page)).className ?? '').toContain('guide-channel');
    await page.keyboard.press('ArrowRight');
    await poll(async () => (await focused(page)).className ?? '').toContain('block');
    // and a click stars another; the guide keeps its channel order (favourites only is a filter)
    await row(page, 105).locator('.guide-star').click();
    await poll(() => starredNumbers(host)).toEqual([103, 105]);
    expect((await listed(page)).slice(0, 6)).toEqual(['101', '102', '103', '104', '105', '106']);
    // the channel sheet agrees
    await row(page, 105).locator('.guide-channel').click();
    const sheet = page.getByRole('dialog', { name: 'Channel 105' });
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: /^Star 105 / }).getAttribute('aria-pressed')).toBe('true');
  });

  it.each(['light', 'dark'] as const)('the guide with stars has no serious axe findings, the filter off and on (%s)', async (scheme) => {
    const host = await e2e.preview({ demo: true, demoOptions: DEMO });
    const page = await openGuide(host, scheme);
    for (const number of [102, 104, 107]) await row(page, number).locator('.guide-star').click();
    await poll(() => starredNumbers(host)).toEqual([102, 104, 107]);
    await page.waitForTimeout(300); // icons in place
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-guide-stars-${scheme}`);
    await page.getByRole('button', { name: 'Favourites only' }).click();
    await poll(() => listed(page)).toEqual(['102', '104', '107']);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-guide-favourites-${scheme}`);
  });
});

describe('favourites only', () => {
  it('lists only the starred channels, asks only for their rows, and is kept when the page comes back', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: DEMO });
    const page = await openGuide(host);
    const toggle = page.getByRole('button', { name: 'Favourites only' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    // nothing starred yet: says how to get some
    await toggle.click();
    await poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Star channels to see them here.').waitFor();
    expect(await page.locator('.guide-row').count()).toBe(0);
    await screenshot(page, 'features-guide-no-favourites-light');
    await toggle.click();
    await poll(() => page.locator('.guide-row').count()).toBeGreaterThan(5);

    for (const number of [103, 106, 109]) await row(page, number).locator('.guide-star').click();
    await poll(() => starredNumbers(host)).toEqual([103, 106, 109]);
    await page.waitForTimeout(500); // the rows the clicks scrolled into view are asked for and drawn
    const requests = rowRequests(page);
    await toggle.click();
    await poll(() => listed(page)).toEqual(['103', '106', '109']);
    expect(await page.getByRole('grid', { name: 'Guide, 3 starred channels' }).count()).toBe(1);
    // programmes only for the starred channels: every request since names channels, and any with a span names only starred ones
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.numbers, JSON.stringify(request)).toBeDefined();
      if ((request.endsAt ?? 1) > 0) expect(request.numbers!.every((n) => [103, 106, 109].includes(n)), JSON.stringify(request)).toBe(true);
    }
    // each starred row has its programmes (a channel with nothing on has none in the core either)
    const hasProgrammes = host.app.engine.guide.rows({ from: 0, to: 0, numbers: [103, 106, 109], startsAt: e2e.now(), endsAt: e2e.now() + 30 * 60_000 }).rows.map((r) => r.programs.length > 0);
    expect(hasProgrammes.filter(Boolean).length).toBeGreaterThan(0);
    await poll(() => page.locator('.guide-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('.block').length > 0))).toEqual(hasProgrammes);

    // the popover comes back (here: the page reloads): still favourites only
    await page.reload();
    await page.getByRole('tab', { name: 'Guide' }).click();
    await poll(() => listed(page)).toEqual(['103', '106', '109']);
    expect(await page.getByRole('button', { name: 'Favourites only' }).getAttribute('aria-pressed')).toBe('true');

    // unstarring from the filtered list: the row goes, focus moves to the star of the row now there
    await row(page, 106).locator('.guide-channel').focus();
    await page.keyboard.press('ArrowLeft');
    await poll(async () => (await focused(page)).label ?? '').toMatch(/^Star 106 /);
    await page.keyboard.press('Space');
    await poll(() => listed(page)).toEqual(['103', '109']);
    await poll(async () => (await focused(page)).label).toMatch(/^Star 109 /);
    await page.keyboard.press('Space');
    await poll(() => listed(page)).toEqual(['103']);
    await poll(async () => (await focused(page)).label).toMatch(/^Star 103 /);
    await page.keyboard.press('Space');
    await page.getByText('Star channels to see them here.').waitFor();
    // the last one gone: focus is on the toggle, never dropped to the page
    await poll(async () => (await focused(page)).label).toBe('Favourites only');
    expect(starredNumbers(host)).toEqual([]);
  });
});

describe('Remind me from the guide', () => {
  it('the sheet of a programme still to come offers Remind me; one on air does not', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: DEMO });
    const page = await openGuide(host);
    // a programme (not a bumper) starting beyond the lead time, so the reminder is set, not fired
    const later = page.locator('.guide-row .block:not(.block-now):not(.block-bumper)');
    const starts = await later.evaluateAll((blocks) => blocks.map((b) => Number(b.getAttribute('data-starts'))));
    const index = starts.findIndex((at) => at > e2e.now() + 5 * 60_000);
    expect(index).toBeGreaterThanOrEqual(0);
    const block = later.nth(index);
    const channelNumber = Number(await block.locator('xpath=ancestor::div[contains(@class,"guide-row")]').locator('.channel-number').textContent());
    await block.click();
    const sheet = page.getByRole('dialog').filter({ has: page.locator('.sheet-title') });
    await sheet.waitFor();
    const remind = sheet.getByRole('button', { name: 'Remind me' });
    await remind.waitFor();
    expect(await sheet.getByRole('button', { name: /^Follow/ }).count()).toBe(1);
    await screenshot(page, 'features-guide-programme-light');
    await remind.click();
    const set = sheet.getByRole('button', { name: 'Reminder set' });
    await poll(() => set.getAttribute('aria-pressed')).toBe('true');
    await poll(() => host.app.snapshot().reminders.map((r) => [r.channelNumber, Date.parse(r.startsAt)])).toEqual([[channelNumber, starts[index]]]);
    await screenshot(page, 'features-guide-programme-reminded-light');
    // pressing it again cancels
    await set.click();
    await poll(() => host.app.snapshot().reminders).toEqual([]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // what is on air has started: no Remind me, and the sheet says why (Follow stays)
    await page.locator('.guide-row .block-now:not(.block-bumper)').first().click();
    await sheet.waitFor();
    await sheet.getByRole('button', { name: /^Follow/ }).waitFor();
    expect(await sheet.getByRole('button', { name: /^Remind me|^Reminder set/ }).count()).toBe(0);
    expect(await sheet.locator('.slot-too-late').textContent()).toMatch(/^Started at \d{1,2}:\d{2}.*: too late for a reminder$/);
  });
});

describe('the while-away summary', () => {
  it('opens the popover on the Activity log, today, everyone, when clicked', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: DEMO });
    const page = await openPopover(e2e.browser, host.url, 'light', 'en-GB');
    await page.getByRole('tab', { name: 'Activity' }).click();
    // somewhere else first: the log's other day, then another tab
    await page.getByRole('button', { name: /^Log/ }).click();
    await page.getByRole('button', { name: 'Yesterday' }).click();
    await poll(() => page.getByRole('button', { name: 'Yesterday' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: /^Reminders/ }).click();
    await page.getByRole('tab', { name: 'On now' }).click();
    await poll(() => host.app.store.state.onNow.data?.channels.length ?? 0).toBeGreaterThan(0);

    // the computer sleeps; someone starts watching meanwhile; it wakes
    host.app.suspend();
    const channel = host.app.store.state.onNow.data!.channels.find((c) => c.now && c.now.ratingKey !== null)!;
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a start time after the last sync
    host.demo!.controls.startSession({ user: 'Nadia', channelNumber: channel.number });
    host.app.resume();
    type Shown = { title: string; target: unknown };
    const summaries = async () => (await getJson<Shown[]>(`${host.url}/__preview/notifications`)).filter((n) => n.title.startsWith('While you were away'));
    await poll(async () => (await summaries()).length).toBe(1);
    const [summary] = await summaries();
    expect(summary!.title).toMatch(/^While you were away, Nadia started watching/);
    expect(summary!.target).toEqual({ view: 'activity', section: 'log' });

    // the click: the notifier hands the target to the core, which opens the popover there
    host.app.focus(summary!.target as { view: 'activity'; section: 'log' });
    await poll(() => page.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
    await poll(() => page.getByRole('button', { name: /^Log/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
    const line = page.locator('.log-line', { hasText: 'Nadia' });
    await line.first().waitFor();
    expect(await line.first().locator('.tag-away').count()).toBe(1);
    await screenshot(page, 'features-activity-from-summary-light');
  });
});
