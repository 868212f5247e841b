/// <reference lib="dom" />
/**
 * What an open popover costs at scale (issue 24): the preview host against its demo server at 50
 * and 3,000 channels, the page open on a tab for a minute of real time with nobody starting or
 * stopping. It counts the bytes the page received (every response body and event-stream chunk, from
 * the DevTools protocol) and the requests the demo server answered, from the moment the page opens.
 * Two cases: On now, and the guide (its saved 3 h window). Each is reported as the ratio of 3,000 to
 * 50 channels in the same run. Targets: bytes ≤ 3×, requests ≤ 2×. A missed target is reported, not
 * failed. Results go to stdout and docs/benchmarks/open-popover.md.
 *
 *   npm run bench:open      (builds the renderer first; about five minutes)
 */
import type { Browser, CDPSession } from 'playwright-core';
import { startPreviewHost } from '../src/main/preview/host';
import { launchBrowser, POPOVER } from '../test/support/browser';
import { ensureBuilt, out } from '../test/support/built';
import { markdownTable, writeSection } from './report';

const COUNTS = [50, 3000] as const;
const CASES = ['on-now', 'guide'] as const;
type Case = (typeof CASES)[number];
const OPEN_MS = Number(process.env.BENCH_OPEN_MS ?? 60_000);
const WAIT_MS = 60_000;
const KB = 1024;

interface Measure {
  channels: number;
  view: Case;
  bytes: number;
  /** the largest single message or body the page received */
  largest: number;
  requests: Record<string, number>;
}

/** requests to the API, artwork left out (images are cached and not part of following the server) */
const total = (counts: Record<string, number>) => Object.entries(counts).reduce((sum, [path, n]) => (path === 'artwork' ? sum : sum + n), 0);

/**
 * Data the page receives through the bridge (the snapshot stream and command answers), counted
 * through the DevTools protocol: decoded bytes of every chunk. The app's own scripts, styles and
 * images are not data and are left out.
 */
async function countBytes(cdp: CDPSession): Promise<{ bytes: () => number; largest: () => number }> {
  let bytes = 0;
  let largest = 0;
  const bridged = new Set<string>();
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.includes('/__bridge/')) bridged.add(event.requestId);
  });
  cdp.on('Network.dataReceived', (event) => {
    if (!bridged.has(event.requestId)) return;
    bytes += event.dataLength;
    largest = Math.max(largest, event.dataLength);
  });
  return { bytes: () => bytes, largest: () => largest };
}

async function measure(browser: Browser, channels: number, view: Case): Promise<Measure> {
  const host = await startPreviewHost({ rendererDir: out('renderer'), demo: true, demoOptions: { seed: 1, channels, viewers: 3, churn: 0 } });
  try {
    // the core follows the server before the page opens (as when the popover opens on a running app)
    const deadline = Date.now() + WAIT_MS;
    while (!host.app.store.state.onNow.data && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    const demo = host.demo!;
    const context = await browser.newContext({ viewport: POPOVER, colorScheme: 'light', reducedMotion: 'reduce' });
    const page = await context.newPage();
    page.setDefaultTimeout(WAIT_MS);
    const cdp = await context.newCDPSession(page);
    const counter = await countBytes(cdp);
    const before = { ...demo.controls.requestCounts() };
    await page.goto(host.url);
    await page.click(view === 'on-now' ? '#tab-on-now' : '#tab-guide');
    await page.locator(view === 'on-now' ? '.virtual-row [data-channel]' : '.guide-scroll .block').first().waitFor();
    await new Promise((done) => setTimeout(done, OPEN_MS));
    const after = demo.controls.requestCounts();
    const requests: Record<string, number> = {};
    for (const [path, n] of Object.entries(after)) {
      const delta = n - (before[path] ?? 0);
      // the API's requests; artwork (images, cached) is counted apart
      if (delta <= 0 || !path.startsWith('/api/public/v1')) continue;
      const name = /\/artwork\//.test(path) ? 'artwork' : path.slice('/api/public/v1'.length).replace(/\?.*$/, '');
      requests[name] = (requests[name] ?? 0) + delta;
    }
    const result = { channels, view, bytes: counter.bytes(), largest: counter.largest(), requests };
    await context.close();
    return result;
  } finally {
    await host.close();
  }
}

const kb = (n: number) => (n >= KB * KB ? `${(n / KB / KB).toFixed(1)} MB` : `${(n / KB).toFixed(0)} KB`);
const ratioOf = (big: number, small: number) => (small === 0 ? (big === 0 ? 1 : Number.POSITIVE_INFINITY) : big / small);
const times = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '∞');
const byPath = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([path, n]) => `\`${path}\` ${n}`)
    .join(', ') || 'none';

async function main(): Promise<void> {
  ensureBuilt();
  const browser = await launchBrowser();
  const results: Measure[] = [];
  try {
    for (const view of CASES) {
      for (const channels of COUNTS) {
        const result = await measure(browser, channels, view);
        results.push(result);
        console.log(`${view}, ${channels} channels, ${OPEN_MS / 1000} s open: ${kb(result.bytes)} to the page (largest ${kb(result.largest)}), ${total(result.requests)} requests (${byPath(result.requests)})`);
      }
    }
  } finally {
    await browser.close();
  }
  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const view of CASES) {
    const [small, big] = COUNTS.map((n) => results.find((r) => r.view === view && r.channels === n)!);
    const bytes = ratioOf(big!.bytes, small!.bytes);
    const requests = ratioOf(total(big!.requests), total(small!.requests));
    for (const r of [small!, big!]) rows.push([view === 'on-now' ? 'On now' : 'Guide (3 h)', String(r.channels), kb(r.bytes), kb(r.largest), String(total(r.requests)), byPath(r.requests)]);
    verdicts.push(
      `- ${view === 'on-now' ? 'On now' : 'Guide'}: bytes 3,000 ÷ 50 = ${times(bytes)} (target ≤ 3×: ${bytes <= 3 ? 'met' : 'missed'}), requests ${times(requests)} (target ≤ 2×: ${requests <= 2 ? 'met' : 'missed'}).`,
    );
  }
  const table = markdownTable(['open on', 'channels', 'bytes to the page', 'largest message', 'requests', 'by endpoint'], rows);
  console.log(`\n${table}\n\n${verdicts.join('\n')}`);
  writeSection(
    'open-popover',
    `## An open popover at scale

Reproduce: \`npm run bench:open\` (about five minutes).

The preview host follows its demo server (3 viewers, nobody starting or stopping) at 50 and 3,000
channels; the page is opened on a tab and left open for ${OPEN_MS / 1000} s of real time. Bytes are
the data the page received through the bridge (the snapshot stream and command answers, from the
DevTools protocol; the app's scripts and images are left out); requests are what the demo server
answered in that time, artwork apart.

${table}

${verdicts.join('\n')}
`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
