import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import type { GuideNow } from '../../src/shared/airwave';
import { startPreviewHost, type PreviewHost, type PreviewOptions } from '../../src/main/preview/host';
import { launchBrowser } from '../support/browser';
import { ensureBuilt, out } from '../support/built';
import type { Clock } from '../../src/main/common/clock';
import { BLOCK_MS } from '../../src/main/demo/schedule';
import { e2eClock, pinnedClock } from '../support/e2e-clock';

/**
 * Shared set-up for the per-view end-to-end files: one Chromium per file, preview hosts and demo
 * servers closed after each test. Every wait is bounded by Playwright's timeouts. The hosts, the
 * demo servers and the pages (support/browser.ts) share the file's pinned clock (e2e-clock.ts).
 */
export function e2eSetup() {
  const ctx = { browser: undefined as unknown as Browser };
  const hosts: PreviewHost[] = [];
  const demos: DemoServer[] = [];
  beforeAll(async () => {
    ensureBuilt();
    ctx.browser = await launchBrowser();
  }, 130_000);
  afterAll(async () => {
    await ctx.browser?.close();
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close();
    for (const demo of demos.splice(0)) await demo.close();
  });
  return {
    get browser() {
      return ctx.browser;
    },
    async preview(options: Partial<PreviewOptions> = {}): Promise<PreviewHost> {
      // first run looks for Airwave on this computer's port 36020: whatever this machine runs there
      // must not show up in the tests (those of the offer pass their own finder)
      const host = await startPreviewHost({ rendererDir: out('renderer'), clock: e2eClock, ...options, app: { findLocalServer: async () => null, ...options.app } });
      hosts.push(host);
      return host;
    },
    async demo(options: Parameters<typeof startDemoServer>[0] = {}): Promise<DemoServer> {
      const demo = await startDemoServer({ port: 0, seed: 11, channels: 12, viewers: 2, churn: 0, clock: e2eClock, ...options });
      demos.push(demo);
      return demo;
    },
    /** the time every host, demo and page of this file reads (ms since the epoch) */
    now: () => e2eClock.now(),
    /**
     * A channel of `demo` whose programme stays on air for at least `forMs` more, as its /guide/now
     * says (a viewer put there keeps that programme's end time however long the test runs), and
     * with `episode` one on an episode (season and episode known; not a break, not a film), so its
     * viewer shows a full title line whatever instant the suite starts at (onAirChannel may land on
     * a station break at 23:58). Near one of the demo's schedule edges there is none: use
     * clearOfScheduleEdge()'s clock.
     */
    async channelOnAir(demo: DemoServer, { clock = e2eClock, forMs = 60_000, episode = false }: { clock?: Clock; forMs?: number; episode?: boolean } = {}): Promise<number> {
      const response = await fetch(`${demo.url}/api/public/v1/guide/now`, { headers: { 'x-api-key': demo.key } });
      const { channels } = (await response.json()) as GuideNow;
      const until = clock.now() + forMs;
      const isEpisode = (now: NonNullable<GuideNow['channels'][number]['now']>) => now.ratingKey !== null && now.season !== null && now.episode !== null;
      const found = channels.find(({ now }) => now && (!episode || isEpisode(now)) && Date.parse(now.endsAt) > until);
      if (!found) throw new Error(`no channel of the demo is on ${episode ? 'an episode' : 'air'} until ${new Date(until).toISOString()}`);
      return found.number;
    },
    /** channelOnAir with `episode`: a channel on an episode for at least `forMs` more */
    episodeChannel(demo: DemoServer, clock: Clock = e2eClock, forMs = 60_000): Promise<number> {
      return this.channelOnAir(demo, { clock, forMs, episode: true });
    },
    /**
     * A clock for a test about programmes on air with room to draw them: the file's start, unless
     * that is within 10 minutes before the demo cuts every schedule (its 6-hour UTC blocks end at
     * 00:00, 06:00, 12:00 and 18:00 UTC, where every programme on air ends at once: BLOCK_MS), then
     * 15 minutes after that edge. Hand it to preview({ clock }) and openPopover(…, { clock }).
     */
    clearOfScheduleEdge(): Clock {
      const start = e2eClock.now();
      const edge = Math.ceil(start / BLOCK_MS) * BLOCK_MS;
      return edge - start < 10 * 60_000 ? pinnedClock(edge + 15 * 60_000) : e2eClock;
    },
    /**
     * A clock for a test whose meaning changes if local midnight passes while it runs (what
     * "Tomorrow" is), or that needs the day a few minutes old (in its first minute the next
     * midnight is a whole day on, at the very end of the guide's longest window): the file's
     * clock, unless midnight is less than 5 minutes on or less than 5 minutes past, then 5 minutes
     * past that midnight. Hand it to preview({ clock }) and openPopover(…, { clock }).
     */
    clearOfMidnight(): Clock {
      const now = e2eClock.now();
      const next = new Date(now).setHours(24, 0, 0, 0);
      const last = new Date(now).setHours(0, 0, 0, 0);
      if (next - now < 5 * 60_000) return pinnedClock(next + 5 * 60_000);
      return now - last < 5 * 60_000 ? pinnedClock(last + 5 * 60_000) : e2eClock;
    },
    /**
     * Loads a guide window of `hours` ahead through the core, as a jump or a scroll to the end of
     * the window does (the guide offers no chip per window: issue 47), and waits until `page` draws it
     * and the whole window is in (a window takes the screen with its first rows: measured before
     * the rest, a screen had drawn 10 blocks of about 25).
     */
    async guideWindow(host: PreviewHost, page: Page, hours: number): Promise<void> {
      const outcome = await host.app.handlers.loadGuide({ forwardMinutes: hours * 60 });
      if (!outcome.ok) throw new Error(`the ${hours} h window did not load: ${outcome.error.message}`);
      await poll(() => page.locator('.guide').getAttribute('data-window-minutes')).toBe(String(hours * 60));
      await expect.poll(() => host.app.snapshot().guide.loading, { timeout: 30_000, interval: 100 }).toBe(false);
    },
    /** closes a demo early (the server "goes away") without closing it twice */
    async drop(demo: DemoServer): Promise<void> {
      demos.splice(demos.indexOf(demo), 1);
      await demo.close();
    },
  };
}

/** expect.poll with room for a machine shared by several test runs (vitest's default is 1 s). */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });
