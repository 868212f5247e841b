/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { focused, newPage, openPopover, screenshot } from '../support/browser';
import { ManualClock } from '../support/manual-clock';
import { e2eSetup, poll } from './setup';

// On now and the channel sheet: arrow keys over a virtualised list, a dialog that keeps focus,
// the schedule ahead, the definition in words, and lookups answered from held data while offline.
const e2e = e2eSetup();

describe('On now', () => {
  it('moves with the arrow keys (one tab stop), keeping the focused row rendered while the list scrolls', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 3, channels: 300, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '300 channels' }).waitFor();
    for (let i = 0; i < 6 && !(await focused(page)).className.includes('channel-row'); i++) await page.keyboard.press('Tab');
    const channel = () => page.evaluate(() => document.activeElement?.getAttribute('data-channel'));
    expect(await channel()).toBe('101');
    await page.keyboard.press('End'); // channel 400 in one key, not 300 Tabs
    await poll(channel).toBe('400');
    await page.keyboard.press('Home');
    await poll(channel).toBe('101');
    // presses faster than a frame each move on from the last one (focus follows a frame later):
    // all three in one task, so no frame can run between them
    await page.locator('.scroll').evaluate((list) => {
      for (let i = 0; i < 3; i++) document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
      return list.childElementCount;
    });
    await poll(channel).toBe('104');
    // scroll far away with the mouse wheel: the focused row stays in the DOM, so Tab and the arrows go on from it
    await page.locator('.scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
    await page.waitForTimeout(100);
    expect(await page.locator('[data-channel="104"]').count()).toBe(1);
    expect(await page.locator('.virtual-row').count()).toBeLessThan(40);
    await page.keyboard.press('ArrowDown');
    await poll(channel).toBe('105');
    const inView = await page.locator('[data-channel="105"]').evaluate((row) => {
      const list = row.closest('.scroll')!.getBoundingClientRect();
      const box = row.getBoundingClientRect();
      return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
    });
    expect(inView).toBe(true);
    // Tab leaves the list at once
    await page.keyboard.press('Tab');
    await poll(async () => (await focused(page)).label).toBe('Refresh');
  });
});

describe('On now at 2,000 channels', () => {
  it('gets only the rows it shows: a programme that ends in view becomes its next, and no message carries the channel list', async () => {
    const clock = new ManualClock('2026-11-26T12:10:00.000Z');
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 5, channels: 2000, viewers: 1, churn: 0 }, clock });
    await poll(() => host.app.store.state.onNow.data?.channels.length ?? 0).toBe(2000);
    // the page reads the same time as the core, standing still as the manual clock does
    const page = await newPage(e2e.browser, {
      clock,
      fixedTime: true,
      prepare: async (context) => {
        // every snapshot message's size, as the page receives it
      await context.addInitScript(() => {
        const sizes: number[] = [];
        (window as unknown as { __sizes: number[] }).__sizes = sizes;
        const add = EventSource.prototype.addEventListener;
        EventSource.prototype.addEventListener = function (this: EventSource, type: string, listener: unknown, options?: unknown) {
          if (type === 'snapshot' && typeof listener === 'function') {
            const inner = listener as (event: MessageEvent<string>) => void;
            return add.call(this, type, ((event: MessageEvent<string>) => {
              sizes.push(event.data.length);
              inner(event);
            }) as EventListener, options as AddEventListenerOptions);
          }
          return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
        } as typeof EventSource.prototype.addEventListener;
      });
      },
    });
    await page.goto(host.url);
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '2,000 channels' }).waitFor();
    // the first row on screen whose programme ends first, and what the core holds after it
    const shown = await page.locator('button.channel-row[data-channel]').evaluateAll((rows) => rows.slice(0, 5).map((row) => Number(row.getAttribute('data-channel'))));
    const held = host.app.store.state.onNow.data!.channels.filter((row) => shown.includes(row.number) && row.now && row.next && row.next.ratingKey !== null);
    const row = held.reduce((first, r) => (Date.parse(r.now!.endsAt) < Date.parse(first.now!.endsAt) ? r : first));
    const guideNowBefore = host.demo!.controls.requestCounts()['/api/public/v1/guide/now'] ?? 0;
    const from = clock.now();
    const end = Date.parse(row.now!.endsAt);
    while (clock.now() < end + 1_000) {
      clock.advance(Math.min(60_000, end + 1_000 - clock.now()));
      await page.clock.setFixedTime(clock.now());
    }
    const cell = page.locator(`button.channel-row[data-channel="${row.number}"] .program-title`);
    await poll(() => cell.textContent()).toContain(row.next!.title);
    const sizes = await page.evaluate(() => (window as unknown as { __sizes: number[] }).__sizes);
    console.log(`2,000 channels: ${sizes.length} snapshot messages, largest ${Math.max(...sizes)} characters`);
    // the first message is the whole snapshot, without rows; no later one carries them either
    expect(Math.max(...sizes)).toBeLessThan(20_000);
    // programme ends are followed from what the core holds: /guide/now at most once a minute while open
    // (for channels that ran out meanwhile), not at each of the many ends across 2,000 channels
    const minutes = (clock.now() - from) / 60_000;
    expect((host.demo!.controls.requestCounts()['/api/public/v1/guide/now'] ?? 0) - guideNowBefore).toBeLessThanOrEqual(Math.ceil(minutes) + 1);
    await page.context().close();
  });
});

describe('the channel sheet', () => {
  it('keeps focus inside, shows the hours ahead and the definition in words, and gives focus back', async () => {
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 16, viewers: 1, churn: 0 } });
    const page = await openPopover(e2e.browser, host.url);
    // load the guide so the sheet can list what comes later
    await page.getByRole('tab', { name: 'Guide' }).click();
    await poll(() => host.app.snapshot().guide.state === 'loaded' && !host.app.snapshot().guide.loading).toBe(true);
    await page.getByRole('tab', { name: 'On now' }).click();
    const row = page.locator('[data-channel="101"]');
    await row.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Channel 101' });
    await sheet.waitFor();
    await poll(() => sheet.locator('.later-list li').count()).toBeGreaterThan(1);
    await poll(() => sheet.locator('.facts').count()).toBe(1);
    const facts = await sheet.locator('.facts').textContent();
    expect(facts).toMatch(/How it is filled/);
    expect(facts).not.toMatch(/\b(filter|membership|mixed)\b$/m); // words, not the raw enum
    await poll(() => sheet.locator('.definition-facts').count()).toBeGreaterThan(0);
    // the first view: what it plays, a whole message per line; the fields and the raw JSON behind "Technical details"
    const lines = await sheet.locator('.definition-sentence li').allTextContents();
    expect(lines.slice(0, 4)).toEqual(['Sitcom titles', 'Shorter than 2 h 30 min', 'The collection “90s Sitcoms picks”', '2 hand-picked titles']);
    expect(await sheet.locator('.definition-facts').first().isVisible()).toBe(false);
    expect(await sheet.locator('.definition details pre').isVisible()).toBe(false); // raw JSON collapsed
    expect(await sheet.locator('.definition').evaluate((el) => (el as HTMLElement).innerText)).not.toMatch(/[{}"]/); // no JSON on the first view
    await sheet.getByText('Technical details').click();
    await poll(() => sheet.locator('.definition-facts').first().isVisible()).toBe(true);
    expect(await sheet.locator('.definition details pre').isVisible()).toBe(false);
    await sheet.getByText('Technical details').click();
    // a short name is never broken mid-phrase
    const name = sheet.locator('.channel-heading-name');
    expect(await name.evaluate((el) => el.getClientRects().length === 1 || el.getBoundingClientRect().height < 26)).toBe(true);
    await screenshot(page, 'channel-101-light');
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      await poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-channel'))).toBe('101');
  });

  it('answers a lookup from the On now rows it holds while the server is away, marked stale', async () => {
    const demo = await e2e.demo();
    const host = await e2e.preview({ server: demo.url, apiKey: demo.key, app: { tuning: { backoffBaseMs: 5_000, backoffCapMs: 5_000 } } });
    const page = await openPopover(e2e.browser, host.url, 'dark');
    await page.getByRole('tab', { name: 'On now' }).click();
    await page.getByRole('list', { name: '12 channels' }).waitFor();
    await e2e.drop(demo);
    await expect.poll(() => page.locator('.footer-state').textContent(), { timeout: 10_000 }).toMatch(/^Offline/);
    await page.keyboard.type('103');
    const sheet = page.getByRole('dialog', { name: 'Channel 103' });
    await sheet.waitFor();
    await poll(() => sheet.locator('.slot').count()).toBe(2);
    expect(await sheet.locator('.inline-warning').textContent()).toMatch(/cannot be reached; this is what was on screen (at \d|earlier)/);
    expect(await sheet.locator('.slots').getAttribute('class')).toContain('stale');
    expect(await sheet.locator('.slot-title').first().textContent()).toBeTruthy();
    await screenshot(page, 'channel-offline-dark');
    // a channel it does not hold still says so
    await page.keyboard.press('Escape');
    await page.keyboard.type('999');
    await page.getByRole('dialog', { name: 'Channel 999' }).getByRole('alert').waitFor();
  });
});
