/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, focused, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';
import type { Clock } from '../../src/main/common/clock';
import { TITLE_MIN_PX } from '../../src/renderer/src/views/guide-timeline';

// The guide made for 380 px (issue 27), in Chromium against the preview host and the demo: the
// window chips are a zoom in one radiogroup, a detail strip reads the focused programme, the grid
// is one tab stop with arrows, Home/End and Page keys inside, no block shows a sliver of a title,
// the now line carries the time, and a list by channel reads now, next and later as text.
const e2e = e2eSetup();

/** the preview on a demo of `channels`; `profile` 'airwave' for guides as Airwave sends them (no bumpers in /guide: airwave-api.md) */
const demoGuide = (channels = 40, clock?: Clock, profile?: 'airwave') => e2e.preview({ demo: true, demoOptions: { seed: 7, channels, viewers: 1, churn: 0, ...(profile ? { profile } : {}) }, ...(clock ? { clock } : {}) });

async function openGuide(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Guide' }).click();
  await page.locator('.block').first().waitFor();
}

/** Pixels per minute of the timeline as drawn: a block's width over its minutes (in full view). */
const pxPerMinute = (page: Page) =>
  page.evaluate(() => {
    const blocks = [...document.querySelectorAll<HTMLElement>('.block')];
    const scroll = document.querySelector('.guide-scroll')!.getBoundingClientRect();
    const edge = document.querySelector('.guide-channel')!.getBoundingClientRect().right;
    const whole = blocks.find((b) => {
      const box = b.getBoundingClientRect();
      return box.left > edge + 2 && box.right < scroll.right - 2 && Number(b.dataset.ends) - Number(b.dataset.starts) >= 20 * 60_000;
    })!;
    return (whole.getBoundingClientRect().width + 2) / ((Number(whole.dataset.ends) - Number(whole.dataset.starts)) / 60_000);
  });

async function chooseWindow(page: Page, hours: number, host: { app: { snapshot(): { guide: { window: { windowMinutes: number } | null; loading: boolean } } } }) {
  await page.getByRole('radio', { name: `${hours} h` }).click();
  await poll(() => host.app.snapshot().guide.window?.windowMinutes === hours * 60 && !host.app.snapshot().guide.loading).toBe(true);
  await poll(() => page.locator('.guide').getAttribute('data-window-minutes')).toBe(String(hours * 60));
}

/**
 * The blocks on screen (right of the channel column, inside the scroll area): how many are wider
 * than the title minimum, and which of those show no text (a title element with a visible letter).
 */
const textCount = (page: Page) =>
  page.evaluate((min) => {
    const scroll = document.querySelector('.guide-scroll')!.getBoundingClientRect();
    const edge = document.querySelector('.guide-head')!.getBoundingClientRect().right;
    const onScreen = [...document.querySelectorAll<HTMLElement>('.block')].filter((b) => {
      const box = b.getBoundingClientRect();
      return box.right > edge + 1 && box.left < scroll.right - 1 && box.bottom > scroll.top + 26 && box.top < scroll.bottom;
    });
    const wide = onScreen.filter((b) => b.getBoundingClientRect().width >= min);
    const withText = onScreen.filter((b) => {
      const title = b.querySelector<HTMLElement>('.block-title');
      return !!title && (title.textContent ?? '').trim() !== '' && title.getBoundingClientRect().width >= 8;
    });
    const bareWide = wide.filter((b) => !withText.includes(b)).map((b) => `${b.title} ${Math.round(b.getBoundingClientRect().width)}px`);
    return { onScreen: onScreen.length, wide: wide.length, withText: withText.length, bareWide };
  }, TITLE_MIN_PX);

describe('the guide as a zoom', () => {
  it('opens at 1 h (the hour across the width); 3 h zooms out; 6 h and more scroll at 3 h in 380 px (6 h across would leave most titles out)', async () => {
    // most blocks have titles at 1 h: in a guide as Airwave sends it and clear of the demo's
    // schedule edge (at 23:57:37 UTC every programme was cut to end at 00:00, most too short for one)
    const clock = e2e.clearOfScheduleEdge();
    const host = await demoGuide(40, clock, 'airwave');
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-GB', clock });
    await openGuide(page);
    // a new user's guide opens on the next hour
    await poll(() => page.locator('.guide').getAttribute('data-window-minutes')).toBe('60');
    expect(await page.getByRole('radio', { name: '1 h' }).getAttribute('aria-checked')).toBe('true');
    const hour = await pxPerMinute(page);
    const width = await page.evaluate(() => document.querySelector('.guide-scroll')!.clientWidth - document.querySelector('.guide-head')!.getBoundingClientRect().width);
    // the hour and the quarter hour at least 15 minutes before now fill the width: 75 to 90
    // minutes, by how far into its quarter hour the suite's start is (at xx:14:59 it is 90)
    expect(hour * 90).toBeGreaterThan(width * 0.97);
    expect(hour * 75).toBeLessThan(width * 1.03);
    expect(await page.locator('.guide-detail-hint').textContent()).toMatch(/^Point at a programme/); // most blocks have titles here
    await screenshot(page, 'guide-zoom-1h-light');
    await chooseWindow(page, 3, host);
    const three = await pxPerMinute(page);
    // zoomed out: 1 h spans 75 to 90 minutes, 3 h 195 to 210 (195 where 210 would leave a
    // half-hour title bare, late in a quarter hour): at least 195 / 90 = 2.17 times as many
    expect(three).toBeLessThan(hour / 2.1);
    // a half-hour programme keeps room for its title at 3 h
    expect(three * 30 - 2).toBeGreaterThanOrEqual(TITLE_MIN_PX);
    await chooseWindow(page, 6, host);
    const six = await pxPerMinute(page);
    expect(Math.abs(six - three) / three).toBeLessThan(0.1); // the widest zoom that reads at this width; the rest scrolls
    expect(await page.locator('.guide-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(100);
    expect(await page.getByRole('radio', { name: '6 h' }).getAttribute('title')).toMatch(/3 across the width/);
    // where the demo's many short programmes (cartoons, sitcoms) leave most blocks in view bare at
    // this scale, the strip says so (most hours; not where longer ones run, as after 01:00 UTC)
    // The app counts the rows it lays out as in view and each block's width by its geometry (the rule,
    // at its edges, is unit-tested in guide-bare.test.ts); this counts what Chromium drew, so a row
    // half under the ruler can count on one side and not the other. Near half they may differ
    // (CI at a seeded instant: one said most, the other not), so the strip is held to it only where
    // the count is clear: at least 60% bare, or at most 40%.
    const inView = await textCount(page);
    const bareShare = (inView.onScreen - inView.withText) / inView.onScreen;
    console.info(`6 h: ${inView.onScreen - inView.withText} of ${inView.onScreen} blocks in view bare`);
    const mostBare = /too short for a title at this zoom: 1 h shows them/;
    const pointAt = /^Point at a programme/;
    if (bareShare >= 0.6) await poll(() => page.locator('.guide-detail-hint').textContent()).toMatch(mostBare);
    else if (bareShare <= 0.4) await poll(() => page.locator('.guide-detail-hint').textContent()).toMatch(pointAt);
    else expect(await page.locator('.guide-detail-hint').textContent()).toMatch(new RegExp(`${mostBare.source}|${pointAt.source}`));
    await screenshot(page, 'guide-zoom-6h-light');
    // every title drawn has room for a few letters: never a lone "P"
    const slivers = await page.evaluate(
      (min) => [...document.querySelectorAll<HTMLElement>('.block-title')].filter((t) => t.getBoundingClientRect().width < min - 8 && t.getBoundingClientRect().width > 0).length,
      TITLE_MIN_PX,
    );
    expect(slivers).toBe(0);
    expect(await page.locator('.block-bare .block-title').count()).toBe(0);
    // the minimum is room for three glyphs of a title ("Car…"), padding included, and not much more
    const glyphs = await page.evaluate(() => {
      const title = document.querySelector<HTMLElement>('.block-title')!;
      const block = title.closest<HTMLElement>('.block')!;
      const probe = document.createElement('span');
      probe.className = 'block-title';
      probe.style.cssText = 'position:absolute;visibility:hidden;max-width:none';
      block.appendChild(probe);
      const width = (text: string) => ((probe.textContent = text), probe.getBoundingClientRect().width);
      const padding = parseFloat(getComputedStyle(block).paddingLeft) + parseFloat(getComputedStyle(block).paddingRight);
      const out = { wide: width('Wom') + padding, cut: width('Ca…') + padding, narrow: width('ill') + padding };
      probe.remove();
      return out;
    });
    console.info('three glyphs with padding, px:', JSON.stringify(glyphs));
    expect(glyphs.cut).toBeLessThanOrEqual(TITLE_MIN_PX);
  });

  it.each([1, 3, 6, 24])('at %i h every block on screen wider than the minimum shows some of its title, and most blocks do', { timeout: 60_000 }, async (hours) => {
    // the demo's programmes as they run, not its last minutes before a schedule edge (all cut at
    // once there, to bumpers of a few minutes)
    // A guide as Airwave sends it: the demo's own seed profile puts its one- to three-minute
    // bumpers in /guide, which real servers never do, and so many of those slivers on screen (19
    // of 33 blocks at 01:59 UTC) say nothing of what a user sees
    const clock = e2e.clearOfScheduleEdge();
    const host = await demoGuide(60, clock, 'airwave');
    const page = await openPopover(e2e.browser, host.url, { locale: 'en-GB', clock });
    await openGuide(page);
    await chooseWindow(page, hours, host);
    await page.locator('.block-title').first().waitFor();
    const counted = await textCount(page);
    // enough blocks to judge by (ten channels in view; 20 at 00:59:30 London, 21 to 27 elsewhere at 1 h)
    expect(counted.onScreen).toBeGreaterThan(15);
    expect(counted.bareWide).toEqual([]);
    expect(counted.withText).toBe(counted.wide);
    // what there is: at 1 h (where the guide opens) most blocks on screen have a title (more than half: 16 of 27 at 01:59 UTC to 20 of 22 at 23:58 seen)
    console.info(`${hours} h: ${counted.withText} of ${counted.onScreen} blocks on screen show text; ${counted.wide} are wider than ${TITLE_MIN_PX} px`);
    if (hours === 1) expect(counted.withText / counted.onScreen).toBeGreaterThan(0.5);
    // scrolled on by an hour and a half: still so
    await page.locator('.guide-scroll').evaluate((el) => el.scrollBy({ left: 200 }));
    await poll(async () => (await textCount(page)).bareWide).toEqual([]);
  });
});

describe('keyboard', () => {
  it('the zoom chips are one tab stop; the grid is one Tab in and one Tab out, arrows inside, and the strip reads the focused programme', async () => {
    const host = await demoGuide(60);
    const page = await openPopover(e2e.browser, host.url, 'light', 'en-GB');
    await openGuide(page);
    await poll(() => host.app.snapshot().guide.loading).toBe(false);
    const radios = page.getByRole('radiogroup');
    expect(await radios.locator('[tabindex="0"]').count()).toBe(1);
    await radios.locator('[aria-checked="true"]').focus();
    const before = await page.evaluate(() => document.activeElement!.textContent);
    await page.keyboard.press('ArrowRight'); // moves and chooses
    await poll(() => page.evaluate(() => document.activeElement!.getAttribute('aria-checked'))).toBe('true');
    expect(await page.evaluate(() => document.activeElement!.textContent)).not.toBe(before);
    await poll(() => host.app.snapshot().guide.loading).toBe(false);
    // from the chips: Tab reaches List, Favourites, the jumps, then the grid once
    const grid = page.getByRole('grid');
    let presses = 0;
    while (!(await grid.evaluate((g) => g.contains(document.activeElement))) && presses < 12) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(true);
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
    expect((await focused(page)).className).toContain('guide-channel');
    // arrows inside: along the channel to its programmes, the strip says the whole of it
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).className).toContain('block');
    const starts = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.starts);
    await poll(() => page.locator('.guide-detail').getAttribute('data-detail-starts')).toBe(starts);
    const strip = await page.locator('.guide-detail-title').textContent();
    expect(strip!.length).toBeGreaterThan(0);
    expect(await page.locator('.guide-detail-meta').textContent()).toMatch(/\d:\d\d–\d{1,2}:\d\d/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).className).toContain('block');
    await screenshot(page, 'guide-detail-light');
    // Page Down moves a screen of channels, Home goes to the channel, End to the last programme
    const rowOf = () => page.evaluate(() => Number(document.activeElement!.closest<HTMLElement>('.guide-row')!.dataset.position));
    const row = await rowOf();
    await page.keyboard.press('PageDown');
    await poll(rowOf).toBeGreaterThan(row + 3);
    await page.keyboard.press('Home');
    expect((await focused(page)).className).toContain('guide-channel');
    await page.keyboard.press('End');
    await poll(async () => (await focused(page)).className).toContain('block');
    await page.keyboard.press('Control+Home');
    await poll(rowOf).toBe(0);
    // still one tab stop, where focus is; one Tab leaves the grid (the footer's refresh is next)
    expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
  });
});

describe('the now line and the ruler', () => {
  it('carries the current time on the ruler, sits behind the programmes, and the ruler names the hour the view starts in', async () => {
    const host = await demoGuide();
    const page = await openPopover(e2e.browser, host.url, 'dark', 'en-GB');
    await openGuide(page);
    await chooseWindow(page, 3, host);
    const label = page.locator('.guide-now-label');
    await label.waitFor();
    expect(await label.textContent()).toMatch(/^\d{1,2}:\d\d$/);
    const z = await page.evaluate(() => ({
      line: Number(getComputedStyle(document.querySelector('.now-line')!).zIndex),
      block: Number(getComputedStyle(document.querySelector('.block')!).zIndex),
    }));
    expect(z.line).toBeLessThan(z.block);
    // no label peeks out from under the now pill: one it would cover gives way
    const covered = await page.evaluate(() => {
      const pill = document.querySelector('.guide-now-label')!.getBoundingClientRect();
      return [...document.querySelectorAll('.guide-tick')]
        .filter((t) => (t.textContent ?? '').trim() !== '')
        .filter((t) => {
          const r = t.getBoundingClientRect();
          const text = document.createRange();
          text.selectNodeContents(t);
          const inner = text.getBoundingClientRect();
          return r.width > 0 && inner.right > pill.left && inner.left < pill.right;
        })
        .map((t) => t.textContent);
    });
    expect(covered).toEqual([]);
    await screenshot(page, 'guide-now-3h-dark');
    // the hour the now line is in is named on the ruler, at or before it, wherever there is room
    // for a label left of the pill (next to the left edge, the pill's own time names it)
    const room = await page.evaluate(() => document.querySelector('.guide-now-label')!.getBoundingClientRect().left - document.querySelector('.guide-corner')!.getBoundingClientRect().right);
    const hours = await page.evaluate(() => {
      const label = document.querySelector('.guide-now-label')!;
      const hourOf = (text: string | null) => /^(\d{1,2})[:.]/.exec(text ?? '')?.[1];
      const x = label.getBoundingClientRect().left + label.getBoundingClientRect().width / 2;
      return [...document.querySelectorAll('.guide-tick')].filter((t) => t.getBoundingClientRect().left <= x && hourOf(t.textContent) === hourOf(label.textContent)).length;
    });
    const ticks = await page.evaluate(() => [...document.querySelectorAll('.guide-tick, .guide-now-label')].map((t) => `${t.textContent}@${Math.round(t.getBoundingClientRect().left)}`).join(' '));
    if (room >= 44) expect(hours, ticks).toBeGreaterThan(0);
    await screenshot(page, 'guide-now-dark');
  });
});

describe('the guide by channel', () => {
  it.each(['light', 'dark'] as const)('lists each channel with now, next and later as text, never a break as next (%s)', async (scheme) => {
    const host = await demoGuide();
    const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
    await openGuide(page);
    await page.getByRole('button', { name: 'List' }).click();
    const rows = page.locator('.guide-list-row:not(.guide-row-pending)');
    await poll(() => rows.count()).toBeGreaterThan(3);
    const first = rows.first();
    expect(await first.locator('.guide-list-slots li').first().textContent()).toMatch(/^On now/);
    expect(await page.locator('.guide-list-slots li:not(:first-child)', { hasText: 'Bumper' }).count()).toBe(0);
    expect(await page.getByRole('grid').count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `guide-list-${scheme}`);
    // kept when the page comes back
    await page.reload();
    await page.getByRole('tab', { name: 'Guide' }).click();
    await poll(() => page.locator('.guide-list-row').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('.block').first().waitFor();
  });
});

describe('marks', () => {
  it.each(['light', 'dark'] as const)('a reminder, a followed title and the kind show on the blocks and, in words, in the detail strip (%s)', { timeout: 60_000 }, async (scheme) => {
    const host = await demoGuide(24);
    const page = await openPopover(e2e.browser, host.url, scheme, 'en-GB');
    await openGuide(page);
    await poll(() => host.app.snapshot().guide.state === 'loaded' && !host.app.snapshot().guide.loading).toBe(true);
    const rows = host.app.engine.guide.rows({ from: 0, to: 24 }).rows;
    // a programme still to start on the first channel: remind me; the show on the fifth: follow it.
    // Both some minutes clear of now: one starting (or ending) as the test runs loses its mark
    // (at 23:59:30 UTC the next one starts at 00:00, the demo's schedule edge)
    const clear = e2e.now() + 5 * 60_000;
    const sitcoms = rows[0]!;
    const next = sitcoms.programs.find((p) => p.ratingKey !== null && Date.parse(p.startsAt) > clear && Date.parse(p.endsAt) - Date.parse(p.startsAt) >= 20 * 60_000)!;
    const reminded = await host.app.handlers.addReminder({
      channelId: sitcoms.id,
      channelNumber: sitcoms.number,
      channelName: sitcoms.name,
      title: next.title,
      showTitle: next.showTitle,
      ratingKey: next.ratingKey,
      startsAt: next.startsAt,
      endsAt: next.endsAt,
    });
    expect(reminded.ok).toBe(true);
    const sport = rows[4]!.programs.find((p) => p.ratingKey !== null && Date.parse(p.endsAt) > clear && Date.parse(p.endsAt) - Date.parse(p.startsAt) >= 20 * 60_000)!;
    expect((await host.app.handlers.follow({ title: sport.showTitle ?? sport.title })).ok).toBe(true);
    const block = (row: number, starts: string) => page.locator(`.guide-row[data-position="${row}"] .block[data-starts="${Date.parse(starts)}"]`);
    await poll(() => block(0, next.startsAt).locator('.block-mark').count()).toBe(1);
    // the bookmark, and a bell exactly where the follow set a reminder: Follow reminds of the first
    // airing of each episode still to come, so whether this airing is one depends on the instant
    // (yes in London at 00:59:30, no at 23:59:30 UTC); the strip below says "Following" in words
    const followReminded = () => host.app.snapshot().reminders.some((r) => r.channelNumber === rows[4]!.number && Date.parse(r.startsAt) === Date.parse(sport.startsAt));
    await poll(async () => {
      const marks = await block(4, sport.startsAt).locator('.block-mark').count();
      return { marks, expected: followReminded() ? 2 : 1 };
    }).toSatisfy(({ marks, expected }) => marks === expected);
    // films are tinted as films (Movie Night); a fresh install has no evidence for NEW (new-evidence.test.ts)
    expect(await page.locator('.guide-row[data-position="1"] .block-film').count()).toBeGreaterThan(0);
    expect(await page.locator('.block .block-new').count()).toBe(0);
    await block(0, next.startsAt).hover();
    await poll(() => page.locator('.guide-detail-meta').textContent()).toMatch(/Reminder set/);
    // a tinted block still to come, under the pointer: its time keeps contrast (not only the one on now)
    expect(await axeFindings(page)).toEqual([]);
    await block(4, sport.startsAt).hover();
    await poll(() => page.locator('.guide-detail-meta').textContent()).toMatch(/Following/);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `guide-marks-${scheme}`);
  });
});
