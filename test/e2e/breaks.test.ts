/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseChannelNowById, type NowSlot, type Program } from '../../src/shared/airwave';
import { parseChannelSchedule } from '../../src/shared/airwave/schedule';
import type { DemoServer } from '../../src/main/demo';
import { localTime } from '../../src/shared/format';
import { ManualClock } from '../support/manual-clock';
import { openPopover, shots } from '../support/browser';
import { demoGet } from '../support/demo-client';
import { e2eSetup, poll } from './setup';

// Breaks as Airwave's own server sends them (issue 25, issue 44): a bumper slot in now answers that
// carries the programme it introduces, and `/guide` and `/guide/now` stretching each programme over
// the break after it. In the built popover in Chromium: the sheet's Next is the programme after a
// break (its own start and end, Remind me and Follow, listed once), every view says that programme's
// times alike, and during a break the sheet, On now and the guide all name the break.

const e2e = e2eSetup();
const lt = (ms: number) => localTime(ms, 'en-US');
const times = (p: Pick<Program, 'startsAt' | 'endsAt'>) => `${lt(Date.parse(p.startsAt))}–${lt(Date.parse(p.endsAt))}`;
const label = (p: Program) => (p.showTitle ? `${p.showTitle}: ${p.title}` : p.title);

interface Found {
  number: number;
  name: string;
  /** the bumper slot of the now answer */
  bumper: NowSlot;
  /** the programme the break leads to, with its own times (from /schedule) */
  next: Program;
}

/**
 * Moves `clock` on (25 minutes at a time, up to 6 hours from the suite's start, whatever it is)
 * until a channel's now answer has the break `where` asks: `next` (a programme on, a bumper next,
 * and a break after the programme it leads to as well, so its stretched and own ends differ) or
 * `current` (a bumper on now).
 */
async function findBreak(demo: DemoServer, clock: ManualClock, where: 'next' | 'current', { readable = false } = {}): Promise<Found> {
  const get = demoGet(demo);
  for (let look = 0; look < 15; look++) {
    if (look > 0) clock.set(clock.now() + 25 * 60_000);
    for (const c of demo.controls.listChannels().filter((x) => !x.empty)) {
      const now = parseChannelNowById((await get(`/channels/${c.id}/now`)).json, c.id);
      const bumper = where === 'next' ? now.next : now.current;
      if (bumper?.kind !== 'bumper' || (where === 'next' && now.current?.kind !== 'program')) continue;
      if (where === 'next' && Date.parse(bumper.startsAt) - clock.now() > 20 * 60_000) continue;
      // `readable`: a break long enough that its start and end read as different times
      if (readable && lt(Date.parse(bumper.startsAt)) === lt(Date.parse(bumper.endsAt))) continue;
      const schedule = parseChannelSchedule((await get(`/channels/${c.id}/schedule?hours=6`)).json).programs;
      const at = schedule.findIndex((p) => p.startsAt === bumper.endsAt);
      const next = schedule[at];
      // the programme after the break has a break after it too (its end in /guide is not its own)
      if (!next || (where === 'next' && schedule[at + 1]?.startsAt === next.endsAt)) continue;
      return { number: c.number, name: c.name, bumper, next };
    }
  }
  throw new Error(`no channel of the demo has a break ${where === 'next' ? 'before its next programme' : 'on now'} in the 6 hours after the start`);
}

async function openSheet(page: Page, number: number) {
  await page.getByRole('tab', { name: 'On now' }).click();
  const row = page.locator(`.channel-row[data-channel="${number}"]`);
  await row.waitFor();
  await row.click();
  const dialog = page.getByRole('dialog', { name: `Channel ${number}` });
  await poll(() => dialog.locator('.slot').count()).toBe(2);
  return dialog;
}

describe('the programme after a break (airwave profile)', () => {
  it('the sheet shows it as Next with its own start and end, Remind me and Follow, once; the guide, search and On now say the same times', async () => {
    const clock = new ManualClock(new Date(e2e.now()).toISOString());
    const demo = await e2e.demo({ seed: 7, channels: 12, viewers: 0, churn: 0, profile: 'airwave', clock });
    const target = await findBreak(demo, clock, 'next');
    // a minute before the break, or just after the programme before it began
    clock.set(Math.max(Date.parse(target.bumper.startsAt) - 60_000, clock.now()));
    const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }], clock });
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-US', clock, fixedTime: true });
    const own = times(target.next);

    const dialog = await openSheet(page, target.number);
    const next = dialog.locator('.slot').nth(1);
    await poll(() => next.textContent()).toContain(label(target.next));
    // its own start and end, never the bumper's start alone
    expect(await next.locator('p.muted').textContent()).toBe(own);
    const actions = dialog.locator('.slots .slot-actions');
    expect(await actions.getByRole('button', { name: 'Remind me', exact: true }).count()).toBe(1);
    expect(await actions.getByRole('button', { name: /^Follow/ }).count()).toBe(1);
    // listed once: Later starts after it
    await poll(() => dialog.locator('.later-list li').count()).toBeGreaterThan(0);
    const later = await dialog.locator('.later-list li .next-time').allTextContents();
    expect(later).not.toContain(lt(Date.parse(target.next.startsAt)));
    await shots(page, 'channel-break-next');
    await page.keyboard.press('Escape');

    // On now names it at its start
    const row = page.locator(`.channel-row[data-channel="${target.number}"]`);
    await poll(() => row.locator('.channel-next').textContent()).toBe(`${lt(Date.parse(target.next.startsAt))} ${label(target.next)}`);

    // the guide says the same times of it (the block, its detail strip), though /guide stretches it
    await page.getByRole('tab', { name: 'Guide' }).click();
    const block = page.locator(`.guide-row[aria-label="Channel ${target.number}, ${target.name}"] .block[data-starts="${Date.parse(target.next.startsAt)}"]`);
    await block.waitFor();
    await poll(() => block.getAttribute('data-ends')).toBe(String(Date.parse(target.next.endsAt)));
    await block.hover();
    await poll(() => page.locator('.guide-detail-meta').textContent()).toContain(own);
    // what a screen reader hears of the block: "12:30 AM to 1:00 AM on Sports Desk"
    expect(await block.textContent()).toContain(`${lt(Date.parse(target.next.startsAt))} to ${lt(Date.parse(target.next.endsAt))} on ${target.name}`);

    // and search, its line under the results
    await page.getByRole('button', { name: 'Search (/)' }).click();
    await page.getByRole('searchbox').fill(target.next.title);
    const hit = page.locator('.results .result', { hasText: `${target.number} ${target.name}` }).filter({ hasText: target.next.title }).first();
    await hit.waitFor();
    await hit.hover();
    await poll(() => page.locator('.search-detail').textContent()).toContain(`${own} · ${target.number} ${target.name}`);
  });

  it("a viewer's card and search say the programme's own end, not the one /guide stretches over the break after it", async () => {
    const clock = new ManualClock(new Date(e2e.now()).toISOString());
    const demo = await e2e.demo({ seed: 7, channels: 12, viewers: 0, churn: 0, profile: 'airwave', clock });
    const target = await findBreak(demo, clock, 'next', { readable: true });
    clock.set(Math.max(Date.parse(target.bumper.startsAt) - 60_000, clock.now()));
    // Hannah watches the programme before the break: her progress says how long it really is
    demo.controls.startSession({ user: 'Hannah', channelNumber: target.number });
    const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }], clock });
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-US', clock, fixedTime: true });
    const own = lt(Date.parse(target.bumper.startsAt));
    expect(own).not.toBe(lt(Date.parse(target.bumper.endsAt)));
    await poll(() => page.locator('li.card .card-ends').textContent()).toBe(`ends ${own}`);
    // search finds the programme on air on her channel: until its own end too
    const row = host.app.store.state.onNow.data!.channels.find((c) => c.number === target.number)!;
    await page.getByRole('button', { name: 'Search (/)' }).click();
    await page.getByRole('searchbox').fill(row.now!.title);
    const hit = page.locator('.results .result', { hasText: `${target.number} ${target.name}` }).filter({ hasText: row.now!.title }).first();
    await hit.waitFor();
    await hit.hover();
    await poll(() => page.locator('.search-detail').textContent()).toContain(`until ${own} · ${target.number} ${target.name}`);
  });

  it('during a break, the sheet, On now and the guide all name the break and what follows, with its own times', async () => {
    const clock = new ManualClock(new Date(e2e.now()).toISOString());
    const demo = await e2e.demo({ seed: 7, channels: 12, viewers: 0, churn: 0, profile: 'airwave', clock });
    const target = await findBreak(demo, clock, 'current');
    clock.set(Math.max(Date.parse(target.bumper.startsAt) + 1_000, clock.now()));
    const host = await e2e.preview({ servers: [{ url: demo.url, apiKey: demo.key }], clock });
    const page = await openPopover(e2e.browser, host.url, { colorScheme: 'light', locale: 'en-US', clock, fixedTime: true });
    const breakLine = `Break · then ${label(target.next)} at ${lt(Date.parse(target.next.startsAt))}`;

    const dialog = await openSheet(page, target.number);
    const slots = dialog.locator('.slot');
    // the sheet's On now names the break and when it ends; Next beside it is the programme (not said twice)
    await poll(() => slots.nth(0).textContent()).toBe(`On nowBreakuntil ${lt(Date.parse(target.next.startsAt))}`);
    await poll(() => slots.nth(1).textContent()).toBe(`Next${label(target.next)}${times(target.next)}`);
    await shots(page, 'channel-break-now');
    await page.keyboard.press('Escape');

    // the sheet's answer told the app where the break began: On now says it too (/guide/now
    // stretches the programme before it over the break) ...
    const row = page.locator(`.channel-row[data-channel="${target.number}"]`);
    await poll(() => row.locator('.program-title').textContent()).toBe(breakLine);
    expect(await row.locator('.channel-next').count()).toBe(0);
    // ... and so does the guide: nothing on air in the channel's row, its cell names the break
    await page.getByRole('tab', { name: 'Guide' }).click();
    const guideRow = page.locator(`.guide-row[aria-label="Channel ${target.number}, ${target.name}"]`);
    await guideRow.locator('.block').first().waitFor();
    await poll(() => guideRow.locator('.block-now').count()).toBe(0);
    await guideRow.locator('.guide-channel').hover();
    await poll(() => page.locator('.guide-detail-meta').textContent()).toBe(breakLine);
  });
});
