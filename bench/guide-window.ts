/// <reference lib="dom" />
/**
 * The guide window at scale, in Chromium against the preview host (the real core, the demo
 * server in this process), for 50 and 3000 channels in the same run:
 *   1. click on a window chip (6 h, 24 h; from 1 h each time, every click a real reload) → the
 *      first visible rows of that window painted (the grid shows the new window with blocks, and
 *      one more animation frame has run); medians over the rounds;
 *   2. bytes sent to the page per switch: the guide part of snapshot messages plus the
 *      `getGuideRows` answers, from the click until the core has the whole window;
 *   3. DOM elements while the 24 h guide is scrolled down to the last channel and back, and right
 *      to the end of the window and back (max over the samples).
 * Targets: 3000 channels within 2× the 50-channel time for 6 h and 24 h; a few hundred KB per
 * switch at most; the DOM bounded (3000-channel max within 1.5× the 50-channel max). A missed
 * target is reported, not failed. Results go to stdout and docs/benchmarks/guide-window.md.
 *
 *   npm run bench:guide      (this runs after the store benchmark; build the renderer first)
 */
import type { Browser, Page } from 'playwright-core';
import { startPreviewHost, type PreviewHost } from '../src/main/preview/host';
import { launchBrowser, POPOVER } from '../test/support/browser';
import { ensureBuilt, out } from '../test/support/built';
import { sleep } from '../test/support/core-harness';
import { markdownTable, median, writeSection } from './report';

const COUNTS = [50, 3000] as const;
const ROUNDS = 5;
const WAIT_MS = 120_000;
const WATCHDOG_MS = 15 * 60_000;
const SCROLL_SAMPLES = 12;
const KB = 1024;

interface Probe {
  bytes: number;
}
type ProbeWindow = Window & { __guideBench: Probe };

/** Runs in the page before the app: counts the characters of every snapshot message and bridge answer. */
function installProbe(): void {
  (globalThis as unknown as { __name: unknown }).__name ??= (fn: unknown) => fn;
  const probe: Probe = { bytes: 0 };
  (window as unknown as ProbeWindow).__guideBench = probe;
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (this: EventSource, type: string, listener: unknown, options?: unknown) {
    if (type === 'snapshot' && typeof listener === 'function') {
      const inner = listener as (event: MessageEvent<string>) => void;
      const counted = function (this: EventSource, event: MessageEvent<string>) {
        // only the guide's part: an On now refresh at a programme boundary is not the switch's doing
        const guide = (JSON.parse(event.data) as { parts: { guide?: unknown } }).parts.guide;
        if (guide !== undefined) probe.bytes += JSON.stringify(guide).length;
        inner.call(this, event);
      };
      return add.call(this, type, counted as EventListener, options as AddEventListenerOptions);
    }
    return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
  } as typeof EventSource.prototype.addEventListener;
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    if (String(input instanceof Request ? input.url : input).includes('/__bridge/getGuideRows')) {
      void response
        .clone()
        .text()
        .then((text) => (probe.bytes += text.length))
        .catch(() => {});
    }
    return response;
  };
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** Clicks "<hours> h" and times, in the page, until the new window's first rows are painted. */
async function switchTo(page: Page, host: PreviewHost, hours: number): Promise<{ ms: number; bytes: number }> {
  // the previous window's garbage is collected first, so it does not land in this measurement
  (globalThis as { gc?: () => void }).gc?.();
  const before = await page.evaluate(() => (window as unknown as ProbeWindow).__guideBench.bytes);
  const ms = await page.evaluate(
    async ({ hours, waitMs }) => {
      const chip = [...document.querySelectorAll<HTMLButtonElement>('.guide-toolbar [role=radio]')].find((b) => b.textContent?.trim() === `${hours} h`);
      if (!chip) return -1;
      const start = performance.now();
      chip.click();
      const shown = () => Number(document.querySelector<HTMLElement>('.guide')?.dataset.windowMinutes) === hours * 60 && document.querySelector('.guide-scroll .guide-row .block') !== null;
      while (!shown()) {
        if (performance.now() - start > waitMs) return -1;
        await new Promise((done) => requestAnimationFrame(done));
      }
      await new Promise((done) => requestAnimationFrame(done)); // the frame with the rows
      return performance.now() - start;
    },
    { hours, waitMs: WAIT_MS },
  );
  if (ms < 0) throw new Error(`the ${hours} h window never appeared (core: ${host.app.store.state.guide.error ?? 'no error'})`);
  await until(`the core to hold the whole ${hours} h window`, () => {
    const guide = host.app.store.state.guide;
    return !guide.loading && guide.state === 'loaded' && guide.window?.windowMinutes === hours * 60 ? true : undefined;
  });
  await sleep(300); // the last snapshot and row answers reach the page
  const after = await page.evaluate(() => (window as unknown as ProbeWindow).__guideBench.bytes);
  return { ms, bytes: after - before };
}

/** Max DOM elements while the guide is scrolled down and back up, then right and back left. */
async function domWhileScrolling(page: Page): Promise<number> {
  let most = 0;
  for (const axis of ['top', 'left'] as const) {
    const size = await page.evaluate((axis) => {
      const el = document.querySelector<HTMLElement>('.guide-scroll')!;
      return axis === 'top' ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
    }, axis);
    const positions = [...Array(SCROLL_SAMPLES + 1).keys()].map((i) => Math.round((size * i) / SCROLL_SAMPLES));
    for (const at of [...positions, ...positions.reverse()]) {
      await page.evaluate(({ axis, at }) => document.querySelector<HTMLElement>('.guide-scroll')!.scrollTo({ [axis]: at }), { axis, at });
      await sleep(80);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      most = Math.max(most, await page.evaluate(() => document.getElementsByTagName('*').length));
    }
  }
  return most;
}

interface CountResult {
  count: number;
  six: { ms: number; bytes: number }[];
  day: { ms: number; bytes: number }[];
  dom: number;
}

async function measure(browser: Browser, count: number): Promise<CountResult> {
  const host = await startPreviewHost({ rendererDir: out('renderer'), demo: true, demoOptions: { seed: 1, channels: count, viewers: 3, churn: 0 } });
  const context = await browser.newContext({ viewport: POPOVER, colorScheme: 'light', reducedMotion: 'reduce' });
  try {
    await context.addInitScript(installProbe);
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    await page.goto(host.url);
    await page.click('#tab-guide');
    await page.locator('.guide-scroll .block').first().waitFor();
    const result: CountResult = { count, six: [], day: [], dom: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      await switchTo(page, host, 1);
      result.six.push(await switchTo(page, host, 6));
      await switchTo(page, host, 1);
      result.day.push(await switchTo(page, host, 24));
    }
    result.dom = await domWhileScrolling(page);
    return result;
  } finally {
    await context.close();
    await host.close();
  }
}

const watchdog = setTimeout(() => {
  console.error('bench:guide window part: gave up after the watchdog');
  process.exit(2);
}, WATCHDOG_MS);
ensureBuilt();
const browser = await launchBrowser();
const results: CountResult[] = [];
try {
  for (const count of COUNTS) results.push(await measure(browser, count));
} finally {
  await browser.close();
  clearTimeout(watchdog);
}

const [small, large] = results as [CountResult, CountResult];
const ms = (runs: { ms: number }[]) => median(runs.map((r) => r.ms));
const kb = (runs: { bytes: number }[]) => Math.max(...runs.map((r) => r.bytes)) / KB;
const table = markdownTable(
  ['channels', 'click → first rows, 6 h (median)', 'click → first rows, 24 h (median)', 'bytes to the page per switch, 6 h / 24 h (max)', 'DOM elements scrolling the 24 h guide (max)'],
  results.map((r) => [String(r.count), `${ms(r.six).toFixed(0)} ms`, `${ms(r.day).toFixed(0)} ms`, `${kb(r.six).toFixed(0)} KB / ${kb(r.day).toFixed(0)} KB`, String(r.dom)]),
);
const verdict = (what: string, a: number, b: number) => `${what}: ${(b / a).toFixed(1)}× the 50-channel time at 3000 channels (target ≤ 2×: ${b / a <= 2 ? 'met' : 'missed'}).`;
const verdicts = [
  verdict('6 h window', ms(small.six), ms(large.six)),
  verdict('24 h window', ms(small.day), ms(large.day)),
  `Bytes to the page per switch at 3000 channels: at most ${Math.max(kb(large.six), kb(large.day)).toFixed(0)} KB (target: a few hundred KB at most: ${Math.max(kb(large.six), kb(large.day)) <= 300 ? 'met' : 'missed'}).`,
  `DOM while scrolling the 24 h guide both ways: ${large.dom} elements at 3000 channels against ${small.dom} at 50 (target ≤ 1.5×: ${large.dom <= 1.5 * small.dom ? 'met' : 'missed'}).`,
];
console.log(table);
console.log(verdicts.join('\n'));
writeSection(
  'guide-window',
  `## The guide window at scale

Reproduce: \`npm run bench:guide\` (its second part; a few minutes).

Chromium against the preview host with the demo server (seed 1, 3 viewers) at 50 and 3000
channels, in the same run. Each switch is a click from the 1 h window to 6 h or 24 h (a real
reload each time, ${ROUNDS} rounds), timed in the page until the grid shows the new window with
its first rows and one more frame has run. The page holds only the rows it shows: the snapshot
says how big the window is and how its load stands, and the rows come from \`getGuideRows\`.
Bytes are the characters of the guide part of every snapshot message and of every \`getGuideRows\`
answer the page received from the click until the core had the whole window (an On now refresh
that falls in that time is not counted: it is not the switch's doing). The bench process runs
with \`--expose-gc\` and collects before each click, so the last window's garbage is not timed.

${table}

${verdicts.map((v) => `- ${v}`).join('\n')}
`,
);
