/// <reference lib="dom" />
/**
 * The light renderer (issue 17): initial JavaScript and the popover's first paint, before and
 * after, in one run.
 *
 * "Before" is the renderer built from git at BENCH_BEFORE_REF (default: where this branch left
 * main) in a temporary folder; "after" is this checkout's build. Both are served by the same
 * preview host set-up (the real core, a 40-channel demo on loopback) and opened alternately in
 * fresh Chromium pages:
 *   - initial JS: bytes of script the page fetched until the first paint of Watching (what the
 *     popover needs to show anything), and the whole renderer's JS on disk;
 *   - first paint: page start → Watching's cards in the DOM and one more frame run (median);
 *   - On now: the JS fetched after switching to On now (the icons it uses, on demand).
 * Ratios are after ÷ before; no target is asserted, figures go to docs/benchmarks/renderer.md.
 *
 *   npm run bench:renderer      (builds both; about a minute)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startPreviewHost } from '../src/main/preview/host';
import { launchBrowser, POPOVER } from '../test/support/browser';
import { root } from '../test/support/built';
import { markdownTable, median, writeSection } from './report';

const RUNS = 9;
const WAIT_MS = 30_000;
const KB = 1024;

function git(...args: string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function build(dir: string): void {
  const result = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: dir, encoding: 'utf8', timeout: 180_000, env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
  if (result.status !== 0) throw new Error(`electron-vite build in ${dir} failed:\n${result.stderr}`);
}

/** The renderer as it was at `ref`, built in a temporary folder (node_modules linked, not copied). */
function buildBefore(ref: string): { dir: string; renderer: string } {
  const dir = mkdtempSync(join(tmpdir(), 'airwave-before-'));
  const archive = spawnSync('sh', ['-c', `git archive ${ref} | tar -x -C "${dir}"`], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  if (archive.status !== 0) throw new Error(`git archive ${ref}: ${archive.stderr}`);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  build(dir);
  return { dir, renderer: join(dir, 'out', 'renderer') };
}

function jsOnDisk(renderer: string): { files: number; bytes: number } {
  const assets = join(renderer, 'assets');
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
  return { files: files.length, bytes: files.reduce((sum, name) => sum + statSync(join(assets, name)).size, 0) };
}

interface Load {
  paintMs: number;
  initialJs: number;
  onNowJs: number;
}

/** Records, frame by frame, when Watching's cards are first on screen. */
function installProbe(waitMs: number): void {
  (globalThis as unknown as { __name: unknown }).__name ??= (fn: unknown) => fn;
  const probe = { painted: 0 };
  (window as unknown as { __paint: typeof probe }).__paint = probe;
  const deadline = performance.now() + waitMs;
  const watch = () => {
    if (document.querySelector('li.card')) requestAnimationFrame(() => (probe.painted = performance.now()));
    else if (performance.now() < deadline) requestAnimationFrame(watch);
    else probe.painted = -1;
  };
  requestAnimationFrame(watch);
}

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: POPOVER, colorScheme: 'light', reducedMotion: 'reduce' });
  await context.addInitScript(installProbe, WAIT_MS);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  const scripts: { phase: 'initial' | 'on-now'; bytes: Promise<number> }[] = [];
  let phase: 'initial' | 'on-now' = 'initial';
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push({ phase, bytes: response.body().then((b) => b.length, () => 0) });
  });
  try {
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { __paint: { painted: number } }).__paint.painted !== 0, undefined, { timeout: WAIT_MS });
    const paintMs = await page.evaluate(() => (window as unknown as { __paint: { painted: number } }).__paint.painted);
    if (paintMs < 0) throw new Error('Watching never painted');
    phase = 'on-now';
    await page.click('#tab-on-now');
    await page.locator('.virtual-row [data-channel]').first().waitFor();
    await page.waitForTimeout(1_000); // icons on demand
    const sum = async (which: 'initial' | 'on-now') => (await Promise.all(scripts.filter((s) => s.phase === which).map((s) => s.bytes))).reduce((a, b) => a + b, 0);
    return { paintMs, initialJs: await sum('initial'), onNowJs: await sum('on-now') };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${Math.round(bytes / KB).toLocaleString('en-US')} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    console.error('bench:renderer took over 10 minutes; stopping.');
    process.exit(2);
  }, 10 * 60_000);
  watchdog.unref();
  const ref = process.env.BENCH_BEFORE_REF ?? git('merge-base', 'HEAD', 'main');
  console.log(`building the renderer at ${ref.slice(0, 10)} (before) and this checkout (after)…`);
  const before = buildBefore(ref);
  build(root);
  const after = join(root, 'out', 'renderer');
  const browser = await launchBrowser();
  const demoOptions = { seed: 7, channels: 40, viewers: 3, churn: 0 };
  const hosts = await Promise.all([startPreviewHost({ rendererDir: before.renderer, demo: true, demoOptions }), startPreviewHost({ rendererDir: after, demo: true, demoOptions })]);
  try {
    const runs: [Load[], Load[]] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      // alternate which goes first, so neither always meets a warmer machine
      for (const which of i % 2 ? [1, 0] : [0, 1]) runs[which]!.push(await load(browser, hosts[which]!.url));
    }
    const [b, a] = runs.map((list) => ({
      paint: median(list.map((l) => l.paintMs)),
      initial: median(list.map((l) => l.initialJs)),
      onNow: median(list.map((l) => l.onNowJs)),
    })) as [{ paint: number; initial: number; onNow: number }, { paint: number; initial: number; onNow: number }];
    const diskB = jsOnDisk(before.renderer);
    const diskA = jsOnDisk(after);
    const ratio = (x: number, y: number) => `${(y / x).toFixed(2)}×`;
    const table = markdownTable(
      ['measure', `before (${ref.slice(0, 7)})`, 'after', 'after ÷ before'],
      [
        ['JavaScript fetched for the first paint', kb(b.initial), kb(a.initial), ratio(b.initial, a.initial)],
        [`page start → Watching painted (median of ${RUNS})`, ms(b.paint), ms(a.paint), ratio(b.paint, a.paint)],
        ['JavaScript fetched on opening On now (40 channels, 13 icon names)', kb(b.onNow), kb(a.onNow), '–'],
        ['renderer JavaScript on disk', `${kb(diskB.bytes)} in ${diskB.files} file(s)`, `${kb(diskA.bytes)} in ${diskA.files} files`, ratio(diskB.bytes, diskA.bytes)],
      ],
    );
    const verdict = `Initial JavaScript ${kb(a.initial)} (target ≤ 250 KB: ${a.initial <= 250 * KB ? 'met' : 'missed'}); first paint ${ratio(b.paint, a.paint)} the time of before.`;
    console.log(`${table}\n\n${verdict}`);
    writeSection(
      'renderer',
      `## A light renderer: initial JavaScript and first paint

Reproduce: \`npm run bench:renderer\` (builds the renderer at \`main\`'s merge base and this checkout; about a minute).

Both builds run behind the same preview host set-up (the real core, a 40-channel demo on loopback,
three viewers) in fresh Chromium pages, alternately. "First paint" runs from the page's start to
the frame after Watching's cards are in the DOM; the JavaScript is what the page fetched until then.
On now then fetches the icons it shows: the index of Lucide's icon modules (one chunk, about 290 KB
minified, loaded on the first icon rather than with the first paint) and one small module per icon
name in use.

${table}

${verdict}`,
    );
  } finally {
    await Promise.all(hosts.map((host) => host.close()));
    await browser.close();
    rmSync(before.dir, { recursive: true, force: true });
  }
}

await main();
