/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, focused, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';
import type { Clock } from '../../src/main/common/clock';
import { TITLE_MIN_PX } from '../../src/renderer/src/views/guide-timeline';

// The guide made for 380 px (issues 27 and 47), in Chromium against the preview host and the
// demo: the zoom chips show the hours they say across the width (only those that keep titles are
// offered), a detail strip reads the focused programme and takes no room otherwise, the grid is
// one tab stop with arrows, Home/End and Page keys inside, every block wide enough shows its title
// first (marks and the time in what is left), the ruler's labels are whole, a channel with nothing
// scheduled says so, the now line carries the time, and a list by channel reads now, next and
// later as text.
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

/** The zoom chip `hours` pressed: that many hours across, and (from a shorter window) that many loaded. */
async function chooseZoom(page: Page, hours: number, host: { app: { snapshot(): { guide: { window: { windowMinutes: number } | null; loading: boolean } } } }) {
  await page.getByRole('radio', { name: `${hours} h` }).click();
  await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe(String(hours));
  await poll(() => (host.app.snapshot().guide.window?.windowMinutes ?? 0) >= hours * 60 && !host.app.snapshot().guide.loading).toBe(true);
  await poll(async () => Number(await page.locator('.guide').getAttribute('data-window-minutes'))).toBeGreaterThanOrEqual(hours * 60);
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
  it('each zoom chip shows the hours it names across the width; 380 px offers only the zooms that keep titles (1 h and 3 h), a wider popover 6 h too', async () => {
    // most blocks have titles at 1 h: in a guide as Airwave sends it and clear of the demo's
    // schedule edge (at 23:57:37 UTC every programme was cut to end at 00:00, most too short for one)
    const clock = e2e.clearOfScheduleEdge();
    const host = await demoGuide(40, clock, 'airwave');
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-GB', clock });
    await openGuide(page);
    // a new user's guide opens on the next hour, at the 1 h zoom
    await poll(() => page.locator('.guide').getAttribute('data-window-minutes')).toBe('60');
    expect(await page.getByRole('radio', { name: '1 h' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('radiogroup').getByRole('radio').allTextContents()).toEqual(['1 h', '3 h']);
    const hour = await pxPerMinute(page);
    const width = await page.evaluate(() => document.querySelector('.guide-scroll')!.clientWidth - document.querySelector('.guide-head')!.getBoundingClientRect().width);
    // the hour and the quarter hour at least 15 minutes before now fill the width: 75 to 90
    // minutes, by how far into its quarter hour the suite's start is (at xx:14:59 it is 90)
    expect(hour * 90).toBeGreaterThan(width * 0.97);
    expect(hour * 75).toBeLessThan(width * 1.03);
    await screenshot(page, 'guide-zoom-1h-light');
    await chooseZoom(page, 3, host);
    const three = await pxPerMinute(page);
    // zoomed out: 3 h and the quarter before now (195 to 210 minutes) across: at least 195 / 90 = 2.17 times as many
    expect(three).toBeLessThan(hour / 2.1);
    expect(three * 210).toBeGreaterThan(width * 0.97);
    // a half-hour programme keeps room for its title at 3 h
    expect(three * 30 - 2).toBeGreaterThanOrEqual(TITLE_MIN_PX);
    // a longer window scrolls at the zoom's scale: the zoom is what the chip says, whatever is loaded
    await e2e.guideWindow(host, page, 12);
    const twelve = await pxPerMinute(page);
    console.info(`px a minute: 1 h ${hour}, 3 h ${three}, 3 h zoom with 12 h loaded ${twelve}`);
    expect(Math.abs(twelve - three) / three).toBeLessThan(0.1);
    expect(await page.locator('.guide-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(500);
    await page.getByRole('radio', { name: '1 h' }).click();
    await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe('1');
    // the hour and a quarter across (the 1 h window fitted its 75 to 90 minutes whole)
    expect((await pxPerMinute(page)) * 75).toBeGreaterThan(width * 0.97);
    expect((await pxPerMinute(page)) * 75).toBeLessThan(width * 1.03);
    expect(await page.locator('.guide').getAttribute('data-window-minutes')).toBe('720'); // no reload to zoom in
    // where most blocks in view are too short for a title at 3 h (the demo's ten-minute
    // cartoons), a note over the grid's foot says so; it takes no row of its own
    await page.getByRole('radio', { name: '3 h' }).click();
    await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe('3');
    const inView = await textCount(page);
    const bareShare = (inView.onScreen - inView.withText) / inView.onScreen;
    console.info(`3 h: ${inView.onScreen - inView.withText} of ${inView.onScreen} blocks in view bare`);
    const note = page.locator('.guide-note');
    if (bareShare >= 0.6) await poll(() => note.textContent()).toMatch(/too short for a title at this zoom: 1 h shows them/);
    else if (bareShare <= 0.4) await poll(() => note.count()).toBe(0);
    await screenshot(page, 'guide-zoom-3h-light');
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

    // a wider popover (a desktop window, a large font setting): 6 h reads there, and shows six hours across
    await page.setViewportSize({ width: 640, height: 560 });
    await poll(() => page.getByRole('radiogroup').getByRole('radio').allTextContents()).toEqual(['1 h', '3 h', '6 h']);
    await page.getByRole('radio', { name: '6 h' }).click();
    await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe('6');
    const wide = await page.evaluate(() => document.querySelector('.guide-scroll')!.clientWidth - document.querySelector('.guide-head')!.getBoundingClientRect().width);
    const six = await pxPerMinute(page);
    expect(six * (6 * 60 + 30)).toBeGreaterThan(wide * 0.97);
    expect(six * (6 * 60 + 15)).toBeLessThan(wide * 1.03);
    expect(six * 30 - 2).toBeGreaterThanOrEqual(TITLE_MIN_PX);
    // back to 380 px: 6 h is not offered there, and the view shows the widest zoom that reads
    await page.setViewportSize({ width: 380, height: 560 });
    await poll(() => page.getByRole('radiogroup').getByRole('radio').allTextContents()).toEqual(['1 h', '3 h']);
    await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe('3');
  });

  it.each([
    [1, 1],
    [3, 3],
    [1, 24],
    [3, 24],
  ])('at the %i h zoom with %i h loaded every block on screen wider than the minimum shows some of its title, and most blocks do', { timeout: 60_000 }, async (zoom, hours) => {
    // the demo's programmes as they run, not its last minutes before a schedule edge (all cut at
    // once there, to bumpers of a few minutes)
    // A guide as Airwave sends it: the demo's own seed profile puts its one- to three-minute
    // bumpers in /guide, which real servers never do, and so many of those slivers on screen (19
    // of 33 blocks at 01:59 UTC) say nothing of what a user sees
    const clock = e2e.clearOfScheduleEdge();
    const host = await demoGuide(60, clock, 'airwave');
    const page = await openPopover(e2e.browser, host.url, { locale: 'en-GB', clock });
    await openGuide(page);
    await chooseZoom(page, zoom, host);
    if (hours > zoom) await e2e.guideWindow(host, page, hours);
    // the rows drawn (guideWindow and chooseZoom wait for the whole window): counted as it came in
    // (seed 1565281034, a busy machine) a 24 h window had drawn 10 blocks of about 25
    await page.locator('.block-title').first().waitFor();
    // enough blocks to judge by (ten channels in view; 20 at 00:59:30 London, 21 to 27 elsewhere at 1 h)
    await poll(async () => (await textCount(page)).onScreen).toBeGreaterThan(15);
    const counted = await textCount(page);
    expect(counted.bareWide).toEqual([]);
    expect(counted.withText).toBe(counted.wide);
    // what there is: at 1 h (where the guide opens) most blocks on screen have a title (more than half: 16 of 27 at 01:59 UTC to 20 of 22 at 23:58 seen)
    console.info(`${zoom} h zoom, ${hours} h: ${counted.withText} of ${counted.onScreen} blocks on screen show text; ${counted.wide} are wider than ${TITLE_MIN_PX} px`);
    if (zoom === 1) expect(counted.withText / counted.onScreen).toBeGreaterThan(0.5);
    // scrolled on: still so
    await page.locator('.guide-scroll').evaluate((el) => el.scrollBy({ left: 200 }));
    await poll(async () => (await textCount(page)).bareWide).toEqual([]);
  });

  it('a zoom chosen while the first window is still on its way gets its hours once that one is in', async () => {
    const host = await demoGuide(8);
    const page = await openPopover(e2e.browser, host.url);
    // the guide's first window is held until the 3 h chip has been pressed (a busy machine: CI once pressed it in that gap)
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: number[] = [];
    await page.route('**/__bridge/loadGuide', async (route) => {
      asked.push((route.request().postDataJSON() as { forwardMinutes: number }).forwardMinutes);
      if (asked.length === 1) await held;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Guide' }).click();
    await poll(() => asked).toEqual([60]);
    await page.getByRole('radio', { name: '3 h' }).click();
    await poll(() => page.locator('.guide').getAttribute('data-zoom')).toBe('3');
    release();
    await poll(() => page.locator('.guide').getAttribute('data-window-minutes')).toBe('180');
    expect(host.app.snapshot().guide.window?.windowMinutes).toBe(180);
    // one more window asked for, no more
    expect(asked).toEqual([60, 180]);
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
    await chooseZoom(page, 3, host);
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
    // a mark shows on the block unless it would cut a title that fits the block's two lines without it (guide-block-text.ts): then the strip says it
    const titleFirst = (row: number, starts: string) => block(row, starts).evaluate((b) => b.classList.contains('block-wrap') && !b.querySelector('.block-edge'));
    await poll(async () => (await block(0, next.startsAt).locator('.block-mark').count()) === 1 || (await titleFirst(0, next.startsAt))).toBe(true);
    // the bookmark, and a bell exactly where the follow set a reminder: Follow reminds of the first
    // airing of each episode still to come, so whether this airing is one depends on the instant
    // (yes in London at 00:59:30, no at 23:59:30 UTC); the strip below says "Following" in words
    const followReminded = () => host.app.snapshot().reminders.some((r) => r.channelNumber === rows[4]!.number && Date.parse(r.startsAt) === Date.parse(sport.startsAt));
    await poll(async () => {
      const marks = await block(4, sport.startsAt).locator('.block-mark').count();
      return { marks, expected: followReminded() ? 2 : 1, titleFirst: await titleFirst(4, sport.startsAt) };
    }).toSatisfy(({ marks, expected, titleFirst }) => marks === expected || titleFirst);
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
