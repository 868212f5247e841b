/// <reference lib="dom" />
/**
 * The Watching tab at scale, in Chromium: 20,000 viewers against a baseline of 100 measured in
 * the same run (each its own preview host, the real core and a demo server, no churn, one seed).
 *   1. tab switch: from a click on the Watching tab (with On now shown) until the first cards are
 *      in the DOM and one more animation frame has run (so the frame with them was painted);
 *      repeated On now → Watching on one page, median;
 *   2. JS heap in use after forced garbage collection (DevTools protocol), with Watching shown;
 *   3. DOM: elements and cards in the document, max over scroll positions from top to bottom of
 *      the list, and that the last viewer's card is there at the end.
 * Targets: the switch under 300 ms at 20,000 viewers; memory bounded (the heap within a small
 * factor of the 100-viewer one, the DOM the same). A missed target is reported, not failed; the
 * exit code is non-zero only when a measurement could not be made. Results go to stdout and
 * docs/benchmarks/watching.md.
 *
 *   npm run bench:watching      (builds the renderer first; about a minute)
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { startPreviewHost, type PreviewHost } from '../src/main/preview/host';
import { launchBrowser, POPOVER } from '../test/support/browser';
import { out } from '../test/support/built';
import { until } from './page-wait';
import { markdownTable, median, writeSection } from './report';

const SEED = 1;
const COUNTS = [100, 20_000] as const;
const SWITCHES = 9;
const SCROLL_SAMPLES = 12;
const WAIT_MS = 60_000;
const WATCHDOG_MS = 8 * 60_000;
const MB = 1024 * 1024;

interface Result {
  viewers: number;
  /** characters of the viewers part of the snapshot as JSON (about its bytes) */
  snapshotBytes: number;
  switchMs: number[];
  heap: number;
  heapOnNow: number;
  domMax: number;
  cardsMax: number;
  lastSeen: boolean;
}

/**
 * JS heap in use after forced garbage collection, through the DevTools protocol: the least of
 * three readings half a second apart, so a snapshot message being parsed at that moment (8 MB at
 * 20,000 viewers) is not counted as what the page keeps.
 */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable');
  const readings: number[] = [];
  for (let reading = 0; reading < 3; reading++) {
    if (reading > 0) await new Promise((done) => setTimeout(done, 500));
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    if (used === undefined) throw new Error('Performance.getMetrics gave no JSHeapUsedSize');
    readings.push(used);
  }
  return Math.min(...readings);
}

/** Clicks a tab and waits in the page until `selector` is in the DOM and one more frame has run; ms from the click. */
function switchTo(page: Page, tab: string, selector: string): Promise<number> {
  (globalThis as unknown as { __name: unknown }).__name ??= (fn: unknown) => fn;
  return page.evaluate(
    async ({ tab, selector, waitMs }) => {
      const button = document.getElementById(tab);
      if (!button) return -1;
      const clickedAt = performance.now();
      button.click();
      while (!document.querySelector(selector)) {
        if (performance.now() - clickedAt > waitMs) return -1;
        await new Promise((done) => requestAnimationFrame(done));
      }
      await new Promise((done) => requestAnimationFrame(done));
      return performance.now() - clickedAt;
    },
    { tab, selector, waitMs: WAIT_MS },
  );
}

async function measure(browser: Browser, viewers: number): Promise<Result> {
  const host: PreviewHost = await startPreviewHost({ rendererDir: out('renderer'), demo: true, demoOptions: { seed: SEED, channels: 60, viewers, churn: 0 } });
  const context = await browser.newContext({ viewport: POPOVER, colorScheme: 'light', reducedMotion: 'reduce' });
  await context.addInitScript(() => ((globalThis as unknown as { __name: unknown }).__name ??= (fn: unknown) => fn));
  try {
    // the core has every viewer, with the start times /sessions adds (the order is final)
    await until(`the core to list ${viewers} viewers`, () => {
      const data = host.app.snapshot().nowPlaying.data;
      return data?.length === viewers && data.every((entry) => entry.startedAt) ? true : undefined;
    }, WAIT_MS);
    const snapshotBytes = JSON.stringify(host.app.snapshot().nowPlaying).length;
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    await page.goto(`${host.url}/#on-now`);
    await page.locator('.virtual-row').first().waitFor();
    // the page has the whole list once the tab's badge or label says so; the first switch warms up
    const label = `${viewers.toLocaleString('en-US')} viewers`;
    if ((await switchTo(page, 'tab-watching', 'li.card')) < 0) throw new Error(`${viewers}: Watching never showed a card`);
    await until(`the page to list ${label}`, async () => ((await page.locator('ul.cards').getAttribute('aria-label')) === label ? true : undefined), WAIT_MS);
    const switchMs: number[] = [];
    for (let i = 0; i < SWITCHES; i++) {
      if ((await switchTo(page, 'tab-on-now', '.virtual-row')) < 0) throw new Error(`${viewers}: On now never came back`);
      const ms = await switchTo(page, 'tab-watching', 'li.card');
      if (ms < 0) throw new Error(`${viewers}: Watching never showed a card`);
      switchMs.push(ms);
    }
    const cdp = await context.newCDPSession(page);
    const heap = await heapAfterGc(cdp);
    // DOM while scrolling the list from top to bottom
    let domMax = 0;
    let cardsMax = 0;
    for (let i = 0; i < SCROLL_SAMPLES; i++) {
      const seen = await page.evaluate(
        async ({ fraction, waitMs }) => {
          const pane = document.querySelector<HTMLElement>('.cards-scroll')!;
          pane.scrollTop = Math.round(fraction * (pane.scrollHeight - pane.clientHeight));
          // wait until a card at the new position is rendered, then a frame
          const deadline = performance.now() + waitMs;
          const visible = () =>
            [...document.querySelectorAll<HTMLElement>('li.card')].some((card) => {
              const r = card.getBoundingClientRect();
              const p = pane.getBoundingClientRect();
              return r.bottom > p.top && r.top < p.bottom;
            });
          while (!visible()) {
            if (performance.now() > deadline) return null;
            await new Promise((done) => requestAnimationFrame(done));
          }
          await new Promise((done) => requestAnimationFrame(done));
          return { dom: document.getElementsByTagName('*').length, cards: document.querySelectorAll('li.card').length };
        },
        { fraction: i / (SCROLL_SAMPLES - 1), waitMs: WAIT_MS },
      );
      if (!seen) throw new Error(`${viewers}: no card in view after scrolling (sample ${i})`);
      domMax = Math.max(domMax, seen.dom);
      cardsMax = Math.max(cardsMax, seen.cards);
    }
    const lastSeen = await page.evaluate((n) => document.querySelector(`li.card[aria-posinset="${n}"]`) !== null, viewers);
    await switchTo(page, 'tab-on-now', '.virtual-row');
    const heapOnNow = await heapAfterGc(cdp);
    return { viewers, snapshotBytes, switchMs, heap, heapOnNow, domMax, cardsMax, lastSeen };
  } finally {
    await context.close();
    await host.close();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => (bytes < MB ? `${Math.round(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1)} MB`);
const times = (value: number) => `${value.toFixed(2)}×`;

function report(results: [Result, Result], chromium: string, elapsedS: number): string {
  const [small, large] = results;
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  const switchLarge = median(large.switchMs);
  const heapRatio = large.heap / small.heap;
  const dataGrowth = large.snapshotBytes - small.snapshotBytes;
  const table = markdownTable(
    ['measure', '100 viewers (baseline)', '20,000 viewers', '20,000 ÷ 100', 'target'],
    [
      [`click the Watching tab (from On now) → cards painted (median of ${SWITCHES})`, ms(median(small.switchMs)), ms(switchLarge), times(switchLarge / median(small.switchMs)), `< 300 ms: ${met(switchLarge < 300)}`],
      ['JS heap after GC, Watching shown', mb(small.heap), mb(large.heap), times(heapRatio), `small factor (≤ 4×): ${met(heapRatio <= 4)}`],
      ['JS heap after GC, On now shown (same page)', mb(small.heapOnNow), mb(large.heapOnNow), times(large.heapOnNow / small.heapOnNow), '–'],
      [`DOM elements, max while scrolling Watching to the end (${SCROLL_SAMPLES} positions)`, String(small.domMax), String(large.domMax), times(large.domMax / small.domMax), `bounded (≤ 1.5×): ${met(large.domMax / small.domMax <= 1.5)}`],
      ['viewer cards in the DOM, max', String(small.cardsMax), String(large.cardsMax), times(large.cardsMax / small.cardsMax), '–'],
    ],
  );
  const detail = markdownTable(
    ['detail', '100 viewers', '20,000 viewers'],
    [
      ['the viewers as the snapshot carries them (JSON)', mb(small.snapshotBytes), mb(large.snapshotBytes)],
      ['every switch (ms, in order)', small.switchMs.map((v) => v.toFixed(0)).join(', '), large.switchMs.map((v) => v.toFixed(0)).join(', ')],
      ['last viewer’s card present after scrolling to the end', small.lastSeen ? 'yes' : 'no', large.lastSeen ? 'yes' : 'no'],
    ],
  );
  return `## The Watching tab at scale

Reproduce: \`npm run bench:watching\` (builds the renderer first; the measuring took ${elapsedS.toFixed(0)} s in this run).

The built popover in headless Debian Chromium ${chromium} (Playwright, 380×560, reduced motion)
against the preview host, which runs the real core and a demo server (60 channels, no churn, seed
${SEED}) with 100 viewers (the baseline) and with 20,000, one after the other in the same run.

- **tab switch**: On now is shown; from the click on the Watching tab until its first cards are in
  the DOM and one more animation frame has run. The first switch on a page is not counted.
- **JS heap**: \`JSHeapUsedSize\` from the DevTools protocol after three forced GCs (the least of three
  such readings half a second apart, so a snapshot message in the middle of being parsed is not
  counted as kept). It holds the
  viewers the snapshot carries (the whole list comes to the popover; the DOM holds only the cards
  in view), so it grows with the list by about the list's own size and no more.
- **DOM**: \`document.getElementsByTagName('*').length\` at ${SCROLL_SAMPLES} scroll positions of the list from top
  to bottom, each once a card is in view there; the max.

${table}

${detail}

- Tab switch at 20,000 viewers: ${ms(switchLarge)} (target < 300 ms: ${met(switchLarge < 300)}); ${times(switchLarge / median(small.switchMs))} the 100-viewer time.
- Heap at 20,000 viewers: ${times(heapRatio)} the 100-viewer heap (${mb(large.heap - small.heap)} more, where the viewers' JSON alone is ${mb(dataGrowth)} more); the DOM stays at ${large.domMax} elements against ${small.domMax}.
- The list is ordered (newest first) once per list the snapshot brings, not per render or tab switch.
- Times are from one run on a shared machine and move by tens of percent between runs.
`;
}

async function main(): Promise<number> {
  const watchdog = setTimeout(() => {
    console.error(`bench:watching gave up after ${WATCHDOG_MS / 60_000} min`);
    process.exit(1);
  }, WATCHDOG_MS);
  watchdog.unref();
  const started = Date.now();
  const browser = await launchBrowser();
  const chromium = browser.version();
  const results: Result[] = [];
  try {
    for (const viewers of COUNTS) {
      const t0 = Date.now();
      results.push(await measure(browser, viewers));
      console.log(`measured ${viewers} viewers in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await browser.close();
  }
  const section = report(results as [Result, Result], chromium, (Date.now() - started) / 1000);
  console.log(`\n${section}`);
  writeSection('watching', section);
  console.log('written to docs/benchmarks/watching.md (and docs/benchmarks.md)');
  clearTimeout(watchdog);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:watching: the measurement could not be made: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
