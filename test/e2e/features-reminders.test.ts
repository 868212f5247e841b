/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PreviewHost } from '../../src/main/preview/host';
import { axeFindings, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// "Remind me" in the channel sheet and in search, the Reminders list with cancel, and the
// watchlist: follow a typed title or a search result, its airings under "Coming up", unfollow.
const e2e = e2eSetup();

async function withGuide(host: PreviewHost, scheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
  await page.getByRole('tab', { name: 'Guide' }).click(); // loads the guide: the sheet lists the hours ahead
  await poll(() => host.app.snapshot().guide.state).toBe('loaded');
  return page;
}

/** A programme title airing later (not a bumper, not on now) on a channel of the loaded guide. */
function laterTitle(host: PreviewHost): string {
  const at = e2e.now();
  const guide = host.app.engine.guide;
  const { total } = guide.rows({ from: 0, to: 0 });
  const programs = guide.rows({ from: 0, to: Math.min(total, 200) }).rows.flatMap((channel) => channel.programs);
  const titleOf = (p: (typeof programs)[number]) => p.showTitle ?? p.title;
  // none of its airings may start within 10 minutes: the one the test picks must still be ahead
  // when it is clicked, on a slow machine too (a reminder for a programme that started is refused)
  const soon = new Set(programs.filter((p) => Date.parse(p.startsAt) > at && Date.parse(p.startsAt) <= at + 10 * 60_000).map(titleOf));
  const found = programs.find((p) => p.ratingKey !== null && Date.parse(p.startsAt) > at + 10 * 60_000 && !soon.has(titleOf(p)));
  if (found) return titleOf(found);
  throw new Error('the demo guide has nothing later');
}

/**
 * A channel with a real programme (not a break) more than 30 minutes ahead in the held guide: its
 * sheet's "Later" list has a bell for it. (What is next on a channel is nearly always an "Up next"
 * break, so the sheet's now/next slot offers no reminder at most times of day; search covers it.)
 */
function channelWithLater(host: PreviewHost): number {
  const ahead = e2e.now() + 30 * 60_000;
  const row = host.app.engine.guide.rows({ from: 0, to: 50 }).rows.find((c) => c.programs.some((p) => p.ratingKey !== null && Date.parse(p.startsAt) > ahead));
  if (!row) throw new Error('the demo guide has nothing later');
  return row.number;
}

/**
 * Waits until the channel sheet's Later list holds still with at least `least` bells: it first comes
 * from the guide the core holds, then from the server's schedule for the channel, which reaches
 * further, so a bell picked by its place is picked only once the schedule has answered.
 */
async function laterSettled(host: PreviewHost, sheet: Locator, least: number): Promise<void> {
  const scheduled = () => Object.entries(host.demo!.controls.requestCounts()).some(([path, n]) => /\/channels\/[^/]+\/schedule/.test(path) && n > 0);
  await poll(scheduled).toBe(true);
  let last = -1;
  await poll(async () => {
    const count = await sheet.locator('.later-list .remind').count();
    const same = count === last;
    last = count;
    return same && count >= least;
  }).toBe(true);
}

describe('reminders', () => {
  it('sets reminders from the channel sheet, lists them under Activity and cancels one', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await withGuide(host);
    await page.getByRole('tab', { name: 'On now' }).click();
    const number = channelWithLater(host);
    await page.locator(`[data-channel="${number}"]`).click();
    const sheet = page.getByRole('dialog', { name: `Channel ${number}` });
    await sheet.waitFor();
    // two programmes ahead, from the compact bells in "Later" (the last two: hours off, never about to start);
    // the list first comes from the guide the core holds, then from the server's schedule for the
    // channel, which reaches further: the last two are picked once the schedule has answered
    await laterSettled(host, sheet, 2);
    const first = sheet.locator('.later-list .remind').nth(-2);
    await first.click();
    await poll(() => first.getAttribute('aria-pressed')).toBe('true');
    await poll(() => host.app.snapshot().reminders.length).toBe(1);
    const bell = sheet.locator('.later-list .remind').last();
    await bell.click();
    await poll(() => bell.getAttribute('aria-pressed')).toBe('true');
    await poll(() => host.app.snapshot().reminders.length).toBe(2);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Activity' }).click();
    // the tab opens on the viewing log; reminders are one tap away
    expect(await page.getByRole('button', { name: 'Log' }).getAttribute('aria-pressed')).toBe('true');
    const section = page.getByRole('button', { name: /^Reminders/ });
    await section.click();
    expect(await section.getAttribute('aria-pressed')).toBe('true');
    expect((await section.textContent())?.trim()).toBe('Reminders2');
    const list = page.getByRole('region', { name: '2 upcoming reminders' });
    await list.waitFor();
    const soonest = host.app.snapshot().reminders[0]!;
    expect(await list.locator('.feature-item').first().textContent()).toContain(soonest.title);
    // one tab stop for the Cancel buttons: the arrow keys move between them
    await list.getByRole('button', { name: /^Cancel the reminder/ }).first().focus();
    await page.keyboard.press('ArrowDown');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Cancel the reminder for .* at \d{1,2}:\d\d( [AP]M)?$/); // the locale's time: 2:39 or 14:39
    expect(await list.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Enter'); // cancels the second
    await page.getByRole('region', { name: '1 upcoming reminder' }).waitFor();
    expect(host.app.snapshot().reminders.map((r) => r.id)).toEqual([soonest.id]);
    await page.getByRole('button', { name: /^Cancel the reminder/ }).click();
    await page.getByText('No reminders set').waitFor();
    expect(host.app.snapshot().reminders).toEqual([]);
  });

  it('sets a reminder and follows a title from a search result', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await withGuide(host);
    const title = laterTitle(host);
    await page.keyboard.press('/');
    const search = page.getByRole('dialog', { name: /search/i });
    await search.getByRole('searchbox').fill(title);
    // a result still to start: its row's bell can be set
    const row = search.getByRole('row').filter({ has: page.getByRole('button', { name: /^Remind me of / }) }).first();
    await row.waitFor();
    const bell = row.getByRole('button', { name: /^Remind me of / });
    await bell.click();
    await poll(() => host.app.snapshot().reminders.length).toBe(1);
    await poll(() => bell.getAttribute('aria-pressed')).toBe('true'); // "Reminder set": the bell filled
    await row.getByRole('button', { name: /^Follow “/ }).click();
    await poll(() => host.app.snapshot().watchlist.followed.length).toBe(1);
    expect(await row.getByRole('button', { name: /^Following “/ }).getAttribute('aria-pressed')).toBe('true');
    // the app says what it did, and how: first airings by default, every airing one press away
    const said = search.locator('.follow-said');
    await poll(() => said.textContent()).toMatch(/^Following .+: (next reminder \d{1,2}:\d\d|nothing to remind of yet).* First airings only; repeats are skipped\./);
    expect(host.app.snapshot().watchlist.followed).toMatchObject([{ policy: 'first' }]);
    await said.getByRole('button', { name: 'Every airing instead' }).click();
    await poll(() => host.app.snapshot().watchlist.followed[0]?.policy).toBe('every');
    await poll(() => said.textContent()).toMatch(/Every airing, repeats too\./);
    expect(host.app.snapshot().reminders.filter((r) => r.from === 'watchlist').length).toBeLessThanOrEqual(3);
    expect(JSON.stringify(await axeFindings(page))).toBe('[]');
  });
});

describe('the watchlist', () => {
  it.each(['light', 'dark'] as const)('follows a typed title, lists its airings with reminders, and unfollows (%s)', async (scheme) => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await withGuide(host, scheme);
    const title = laterTitle(host);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('button', { name: 'Coming up' }).click();
    await page.getByText('You follow no titles yet').waitFor();
    const field = page.getByLabel('A show or film title to follow');
    await field.fill(scheme === 'light' ? `  ${title} ` : title.toUpperCase()); // spaces trimmed, any case
    await field.press('Enter');
    await poll(() => host.app.snapshot().watchlist.followed.length).toBe(1);
    await poll(() => field.inputValue()).toBe('');
    await page.getByRole('list', { name: 'Following 1 title' }).waitFor();
    const airings = page.getByRole('list', { name: 'Coming up' });
    await poll(() => airings.locator('.feature-item').count()).toBeGreaterThan(0);
    // the watchlist made a reminder for each airing still ahead: their bells are pressed
    const reminded = host.app.snapshot().watchlist.comingUp.filter((item) => item.reminded).length;
    expect(reminded).toBeGreaterThan(0);
    await poll(() => airings.locator('.remind[aria-pressed="true"]').count()).toBe(reminded);
    expect(host.app.snapshot().reminders.every((r) => r.from === 'watchlist')).toBe(true);
    expect(await page.getByRole('button', { name: /^Coming up/ }).textContent()).toMatch(/\d$/);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-coming-up-${scheme}`);
    await page.getByRole('button', { name: /^Reminders/ }).click();
    await page.locator('.feature-item', { hasText: '· watchlist' }).first().waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-reminders-${scheme}`);
    await page.getByRole('button', { name: /^Coming up/ }).click();
    await page.getByRole('button', { name: /^Unfollow “/ }).click();
    await page.getByText('You follow no titles yet').waitFor();
    await poll(() => host.app.snapshot().reminders.length).toBe(0);
  });
});

describe.each(['light', 'dark'] as const)('remind and follow controls (%s)', (scheme) => {
  it('in the channel sheet and in search have no serious axe findings', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await withGuide(host, scheme);
    await page.getByRole('tab', { name: 'On now' }).click();
    const number = channelWithLater(host);
    await page.locator(`[data-channel="${number}"]`).click();
    const sheet = page.getByRole('dialog', { name: `Channel ${number}` });
    await laterSettled(host, sheet, 1);
    const bell = sheet.locator('.later-list .remind').last();
    await bell.click();
    await poll(() => bell.getAttribute('aria-pressed')).toBe('true');
    await sheet.getByRole('button', { name: /^Star / }).click();
    await poll(() => host.app.snapshot().favourites.length).toBe(1);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-channel-${scheme}`);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await page.keyboard.press('/');
    const search = page.getByRole('dialog', { name: /search/i });
    await search.getByRole('searchbox').fill(laterTitle(host));
    await poll(() => search.locator('.results .result').count()).toBeGreaterThan(0);
    await search.getByRole('button', { name: /^Remind me of / }).first().waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `features-search-${scheme}`);
  });
});
