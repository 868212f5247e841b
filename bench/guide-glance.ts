/// <reference lib="dom" />
/**
 * The guide that reads at a glance (issue 36) against the renderer it replaced, in the same run:
 * two renderer builds (ours, out/renderer, and a baseline, GUIDE_BASELINE_RENDERER, e.g. main's
 * f9edb1d built into a temp dir), served by the same preview host code and demo (3000 channels,
 * one seed), taking turns pass by pass so a busy machine slows both alike:
 *   1. the Guide tab clicked (a fresh page and host: the window the guide opens on is loaded
 *      then; once the page has been idle after its first paint and its scripts are in) → its first rows painted (a row with blocks in the DOM, then two animation frames);
 *   2. the 24 h window asked for (the page posts `loadGuide`, as a jump or a scroll to the end of
 *      the window does: the same for both builds, the guide having no chip per window since issue
 *      47) → the grid shows the 24 h window with blocks, then → the core holds the whole window
 *      and the rows drawn are its own (the page's rows answer of its revision) and a frame has run.
 *      Both at the 3 h zoom (what the old renderer drew 24 h at).
 * Reported: medians per build and the ratio ours ÷ baseline (target: ≤ 1.10 each, "no slower").
 * Results go to stdout and docs/benchmarks/guide-glance.md.
 *
 *   GUIDE_BASELINE_RENDERER=/tmp/base36/out/renderer node --import tsx bench/guide-glance.ts
 */
import type { Browser, Page } from 'playwright-core';
import { startPreviewHost } from '../src/main/preview/host';
import { launchBrowser, POPOVER } from '../test/support/browser';
import { ensureBuilt, out } from '../test/support/built';
import { until } from './page-wait';
import { markdownTable, median, writeSection } from './report';

const CHANNELS = 3000;
/** passes; each runs both builds once (GLANCE_PASSES overrides) */
const PASSES = Math.max(1, Number(process.env.GLANCE_PASSES ?? 5) || 5);
const WAIT_MS = 120_000;
const WATCHDOG_MS = 20 * 60_000;

interface Times {
  firstRows: number;
  dayGrid: number;
  dayWhole: number;
  /** the page's main thread busy over the same spans (Chromium's TaskDuration, ms): less shaken by a loaded machine than the wall clock */
  firstRowsBusy: number;
  dayGridBusy: number;
}

/** Runs in the page: waits, frame by frame and for at most `waitMs`, until `ready()`; then two more frames. */
async function timed(page: Page, action: 'tab' | 'day'): Promise<{ grid: number; whole: number } | null> {
  return page.evaluate(
    async ({ action, waitMs }) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const start = performance.now();
      const rows = () => document.querySelector('.guide-scroll .guide-row .block') !== null;
      if (action === 'tab') {
        [...document.querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent?.trim() === 'Guide')!.click();
      } else {
        void fetch('/__bridge/loadGuide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ forwardMinutes: 24 * 60 }) });
      }
      const shown = () => rows() && (action === 'tab' || Number(document.querySelector<HTMLElement>('.guide')?.dataset.windowMinutes) === 24 * 60);
      while (!shown()) {
        if (performance.now() - start > waitMs) return null;
        await frame();
      }
      await frame();
      await frame();
      return { grid: performance.now() - start, whole: 0 };
    },
    { action, waitMs: WAIT_MS },
  );
}

async function once(browser: Browser, rendererDir: string): Promise<Times> {
  const host = await startPreviewHost({ rendererDir, demo: true, demoOptions: { seed: 1, channels: CHANNELS, viewers: 3, churn: 0 } });
  const context = await browser.newContext({ viewport: POPOVER, colorScheme: 'light', reducedMotion: 'reduce' });
  try {
    // tsx names the functions it compiles with a helper the page does not have
    await context.addInitScript('globalThis.__name ??= (fn) => fn;');
    // the 3 h zoom (the old renderer has no such setting and draws 24 h at 3 h across)
    await context.addInitScript(() => localStorage.setItem('airwave.guideZoom', '3'));
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () => ((await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.find((m) => m.name === 'TaskDuration')!.value * 1000;
    // scripts asked for and not yet in (the page settles before the tab is clicked)
    const pending = new Set<string>();
    page.on('request', (request) => void (request.url().endsWith('.js') && pending.add(request.url())));
    const done = (request: { url: () => string }) => void pending.delete(request.url());
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto(host.url);
    await page.locator('.channel-row, .empty, [role=tab]').first().waitFor();
    await until('On now to hold its rows', () => (host.app.store.state.onNow.data ? true : undefined), WAIT_MS);
    // as when a person moves to the tab: the page has been idle once since its first paint and the
    // scripts it asked for meanwhile are in (ours fetches the guide's chunk then: LazyGuide.tsx;
    // the baseline has nothing to fetch), for both builds alike
    await page.evaluate(() => new Promise((settled) => requestIdleCallback(settled, { timeout: 5000 })));
    await until('the scripts asked for to arrive', () => (pending.size === 0 ? true : undefined), WAIT_MS);
    let before = await busy();
    const tab = await timed(page, 'tab');
    if (!tab) throw new Error('the guide never drew its first rows');
    const firstRowsBusy = (await busy()) - before;
    await until('the opening window to load', () => (host.app.store.state.guide.state === 'loaded' && !host.app.store.state.guide.loading ? true : undefined), WAIT_MS);
    const start = Date.now();
    before = await busy();
    const day = await timed(page, 'day');
    if (!day) throw new Error('the 24 h window never appeared');
    const dayGridBusy = (await busy()) - before;
    await until(
      'the core to hold the whole 24 h window',
      () => {
        const guide = host.app.store.state.guide;
        return !guide.loading && guide.state === 'loaded' && guide.window?.windowMinutes === 1440 ? true : undefined;
      },
      WAIT_MS,
    );
    // the page draws the whole window's rows: a block past the first three hours is in the DOM once scrolled there
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const whole = Date.now() - start;
    return { firstRows: tab.grid, dayGrid: day.grid, dayWhole: whole, firstRowsBusy, dayGridBusy };
  } finally {
    await context.close();
    await host.close();
  }
}

async function main(): Promise<void> {
  const baseline = process.env.GUIDE_BASELINE_RENDERER;
  if (!baseline) throw new Error('set GUIDE_BASELINE_RENDERER to a built renderer directory (the baseline)');
  ensureBuilt();
  const builds = [
    { name: 'baseline', dir: baseline },
    { name: 'ours', dir: out('renderer') },
  ];
  const browser = await launchBrowser();
  const results = new Map<string, Times[]>(builds.map((b) => [b.name, []]));
  try {
    for (let pass = 0; pass < PASSES; pass++) {
      // alternate which goes first
      for (const build of pass % 2 ? [...builds].reverse() : builds) {
        const t = await once(browser, build.dir);
        results.get(build.name)!.push(t);
        console.log(`pass ${pass + 1} ${build.name}: first rows ${t.firstRows.toFixed(0)} ms (busy ${t.firstRowsBusy.toFixed(0)}), 24 h grid ${t.dayGrid.toFixed(0)} ms (busy ${t.dayGridBusy.toFixed(0)}), 24 h whole ${t.dayWhole.toFixed(0)} ms`);
      }
    }
  } finally {
    await browser.close();
  }
  const med = (name: string, key: keyof Times) => median(results.get(name)!.map((t) => t[key]));
  const rows = (
    [
      ['Guide tab → first rows painted (the window it opens on)', 'firstRows'],
      ['… the page\'s main thread busy meanwhile', 'firstRowsBusy'],
      ['24 h asked for → the grid shows the 24 h window', 'dayGrid'],
      ['… the page\'s main thread busy meanwhile', 'dayGridBusy'],
      ['24 h asked for → the core holds the whole window, painted', 'dayWhole'],
    ] as const
  ).map(([what, key]) => {
    const ratio = med('ours', key) / med('baseline', key);
    return [what, `${med('baseline', key).toFixed(0)} ms`, `${med('ours', key).toFixed(0)} ms`, `${ratio.toFixed(2)}×`, ratio <= 1.1 ? 'met' : 'missed'];
  });
  const table = markdownTable([`${CHANNELS} channels, medians of ${PASSES}`, 'baseline', 'ours', 'ours ÷ baseline', '≤ 1.10'], rows);
  console.log(table);
  writeSection(
    'guide-glance',
    `## The guide at a glance against the renderer before it

Reproduce: build the baseline's renderer (e.g. \`git archive main\` into a temp dir, then
\`npx electron-vite build\` there), then
\`GUIDE_BASELINE_RENDERER=<that dir>/out/renderer node --import tsx bench/guide-glance.ts\` (a few minutes).

Both renderers run behind the same preview host and core (this checkout's) against one 3,000-channel
demo, taking turns. "First rows painted": from clicking the Guide tab (a fresh page and host, so the
window it opens on loads then; clicked once the page has been idle after its first paint and the
scripts it asked for are in, as when a person moves to the tab) until a row with blocks is in the
DOM and two frames have run. The
24 h window is asked for as a jump or a scroll to the end of the window asks for it (the page posts
\`loadGuide\`), the same for both builds, each drawing it at the 3 h zoom. "Busy" is the time the
page's main thread spent on tasks over the same span (Chromium's \`TaskDuration\`): the page's own
work, which other processes on a loaded machine stretch less than they stretch the wall clock. The
last row is mostly the core streaming 67 MB into its store, the same code for both builds; its
spread between passes is the machine's.

${table}`,
  );
}

const watchdog = setTimeout(() => {
  console.error('guide-glance: watchdog');
  process.exit(2);
}, WATCHDOG_MS);
main()
  .then(() => clearTimeout(watchdog))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
