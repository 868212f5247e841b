/// <reference lib="dom" />
/**
 * Opening the popover after it was closed a while is still instant (issue 40): with the popover
 * closed the held On now rows are no longer moved on at each programme end, so opening works them
 * out first. The preview host follows a demo server at 3,000 channels with no page open for
 * BENCH_OPEN_IDLE_MS; then a page opens on On now and the time from navigation until its first rows
 * are in the DOM is measured, OPENS times (closed again for the same while between). The same run
 * does this for this tree and for another (the code before the change, built in a directory of its
 * own), in processes of their own, ROUNDS times each, the trees taking turns:
 *
 *   npx tsx bench/open-after-idle.ts <other tree>      (both trees built first: npx electron-vite build)
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { startPreviewHost } from '../src/main/preview/host';
import { launchBrowser, POPOVER } from '../test/support/browser';
import { out } from '../test/support/built';
import { root } from './process';
import { median } from './report';

const CHANNELS = 3000;
/** opens per round, and rounds per tree */
const OPENS = Number(process.env.BENCH_OPENS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const IDLE_MS = Number(process.env.BENCH_OPEN_IDLE_MS ?? 15_000);

/** In this process: the open times (ms), printed as one JSON line. */
async function runCase(): Promise<void> {
  const host = await startPreviewHost({ rendererDir: out('renderer'), demo: true, demoOptions: { seed: 1, channels: CHANNELS, viewers: 3, churn: 0 } });
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    const deadline = Date.now() + 60_000;
    while (!host.app.store.state.onNow.data && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    for (let i = 0; i < OPENS; i++) {
      await new Promise((done) => setTimeout(done, IDLE_MS));
      const context = await browser.newContext({ viewport: POPOVER, colorScheme: 'light', reducedMotion: 'reduce' });
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${host.url}/#on-now`);
      await page.locator('.virtual-row [data-channel]').first().waitFor({ timeout: 60_000 });
      times.push(performance.now() - started);
      await context.close();
    }
    console.log(JSON.stringify(times));
  } finally {
    await browser.close();
    await host.close();
  }
}

function child(tree: string): Promise<number[]> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(tree, 'bench', 'open-after-idle.ts'), '--case'], { cwd: tree, stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  proc.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((done, fail) => proc.once('exit', (code) => {
    const line = text.split('\n').find((l) => l.startsWith('['));
    if (code === 0 && line) done(JSON.parse(line) as number[]);
    else fail(new Error(`${tree}: exited ${code}\n${text}`));
  }));
}

if (process.argv.includes('--case')) {
  runCase().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const other = process.argv[2];
  if (!other) throw new Error('usage: open-after-idle.ts <other tree>');
  // interleaved rounds, so a busy spell of the shared machine falls on both trees alike
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    ours.push(...(await child(root)));
    theirs.push(...(await child(resolve(other))));
  }
  const fmt = (t: number[]) => `median ${median(t).toFixed(0)} ms (${t.map((v) => v.toFixed(0)).join(', ')})`;
  console.log(`${CHANNELS} channels, closed ${IDLE_MS / 1000} s before each open, navigation → first On now rows:`);
  console.log(`  this tree:  ${fmt(ours)}`);
  console.log(`  ${other}: ${fmt(theirs)}`);
  console.log(`  ratio: ${(median(ours) / median(theirs)).toFixed(2)}×`);
}
