/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, openPopover, screenshot } from '../support/browser';
import { e2eSetup, poll } from './setup';

// Search groups repeats (issue 47): "Matchday Live" was listed 60 times, its episode names cut to
// ten letters where the row had room, and Follow was an unlabelled bookmark. Now: one row per
// programme with its next airing and how many more, opening to its airings; the line under the
// title uses the row's width; Follow is a word, Remind me a bell whose tooltip and name say it
// (and the word too where the row has room).
const e2e = e2eSetup();

/** Each line under a title that is cut though its words would fit the row's width (none should be). */
const cutThoughRoom = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.results .result-sub')]
      .filter((sub) => {
        const cut = [...sub.querySelectorAll<HTMLElement>('.result-episode, .result-channel, .result-more-airings')].some((part) => part.scrollWidth > part.clientWidth + 1);
        if (!cut) return false;
        // the words it holds, laid out on one line with no limit
        const probe = sub.cloneNode(true) as HTMLElement;
        probe.style.cssText = 'position:absolute;visibility:hidden;left:0;right:auto;width:max-content';
        for (const part of probe.querySelectorAll<HTMLElement>('*')) part.style.maxWidth = 'none';
        sub.parentElement!.appendChild(probe);
        const needs = probe.getBoundingClientRect().width;
        probe.remove();
        return needs <= sub.getBoundingClientRect().width - 1;
      })
      .map((sub) => sub.textContent),
  );

/**
 * Lines under a title whose channel is cut, by as little as a pixel (its text laid out wider than
 * its box: an ellipsis takes its last letters), while some of the episode still shows.
 */
const channelBeforeEpisode = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.results .result-sub')]
      .filter((sub) => {
        const channel = sub.querySelector<HTMLElement>('.result-channel');
        const episode = sub.querySelector<HTMLElement>('.result-episode');
        if (!channel || !episode) return false;
        const text = document.createRange();
        text.selectNodeContents(channel);
        return text.getBoundingClientRect().width > channel.getBoundingClientRect().width + 0.25 && episode.getBoundingClientRect().width > 1;
      })
      .map((sub) => sub.textContent),
  );

describe('search groups repeats', () => {
  it.each(['light', 'dark'] as const)('one row per programme, its next airing and how many more, opening to its airings; lines that use their width; Follow and Remind me labelled (%s)', { timeout: 60_000 }, async (scheme) => {
    const clock = e2e.clearOfScheduleEdge();
    const host = await e2e.preview({ demo: true, demoOptions: { seed: 7, channels: 24, viewers: 0, churn: 0, profile: 'airwave' }, clock });
    const page = await openPopover(e2e.browser, `${host.url}/#on-now`, { colorScheme: scheme, locale: 'en-GB', clock });
    await page.locator('.channel-row').first().waitFor();
    await page.keyboard.press('/');
    await page.keyboard.type('matchday', { delay: 20 });
    await poll(() => page.locator('.search-scope').textContent()).toMatch(/results? in the next 24 hours/);
    const grid = page.getByRole('grid', { name: 'Results' });
    const rows = grid.locator('.result:has(.result-when)');
    await poll(() => rows.count()).toBe(1);
    const row = rows.first();
    // what the core holds for the next 24 hours: every airing of Matchday Live
    const day = await host.app.engine.guide.searchDay(host.app.engine.client, 'matchday', clock.now(), 1, { title: 'Matchday Live' });
    const all = day.titles[0]!;
    expect(all.airings).toBeGreaterThan(10);
    expect(await row.locator('.result-title').textContent()).toMatch(/^Matchday Live/);
    // its next airing (on now, or the time it starts) on its channel, and how many more
    const next = all.first[0]!;
    const onAir = Date.parse(next.program.startsAt) <= clock.now();
    expect(await row.locator('.result-when').textContent()).toMatch(onAir ? /^On now/ : /^\d\d:\d\d/);
    expect(await row.locator('.result-sub .result-channel').textContent()).toBe(`${next.channel.number} ${next.channel.name}`);
    expect(await row.locator('.result-more-airings').textContent()).toBe(`${all.airings - 1} more airings`);
    expect(await cutThoughRoom(page)).toEqual([]);
    expect(await channelBeforeEpisode(page)).toEqual([]);
    // Follow says its word; the bell says "Remind me" in its tooltip and its name
    expect(await row.locator('.follow').textContent()).toBe('Follow');
    expect(await row.locator('.remind').getAttribute('title')).toMatch(/^(Remind me of|Started at)/);
    expect(await row.locator('.remind').getAttribute('aria-label')).toMatch(/^Remind me/);
    await screenshot(page, `search-grouped-${scheme}`);
    // opened: its airings in order, up to the 100 sent, each with its own bell
    await row.locator('.result-main').click();
    expect(await row.locator('.result-main').getAttribute('aria-expanded')).toBe('true');
    const airings = grid.locator('.result-airing');
    await poll(() => airings.count()).toBe(Math.min(100, all.airings));
    const times = await airings.evaluateAll((list) => list.map((r) => r.querySelector('.result-when')?.textContent ?? ''));
    expect(times.filter((t) => /^\d\d:\d\d/.test(t)).length).toBeGreaterThan(5);
    expect(await airings.locator('.remind').count()).toBe(await airings.count());
    expect(await cutThoughRoom(page)).toEqual([]);
    expect(await channelBeforeEpisode(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `search-grouped-opened-${scheme}`);
    // closed again from its row
    await row.locator('.result-main').click();
    await poll(() => airings.count()).toBe(0);
    // narrower (or a larger font): the episode gives way first, the channel only once it is gone,
    // the count never (at 300 px the line cannot hold the shortest episode's name beside them)
    await page.setViewportSize({ width: 300, height: 560 });
    await poll(() => row.locator('.result-episode').evaluate((el) => el.scrollWidth > el.clientWidth + 1)).toBe(true);
    expect(await channelBeforeEpisode(page)).toEqual([]);
    expect(await row.locator('.result-more-airings').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // where the row has room, the bell says its word too
    await page.setViewportSize({ width: 480, height: 560 });
    await poll(() => row.locator('.remind .action-word').isVisible()).toBe(true);
    expect(await row.locator('.remind').innerText()).toBe('Remind me');
    await screenshot(page, `search-grouped-480-${scheme}`);
  });
});
