/// <reference lib="dom" />
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';

/**
 * A busy machine for the tests of keys that must never be lost (issue 47), both ways it shows:
 *   - `busyPage`: the page's main thread taken in long tasks (a render, a slow machine), so keys
 *     queue behind them and frames come late; bounded by its own deadline in the page;
 *   - `burnCpu`: processes that keep the cores busy meanwhile, each ending by itself.
 */

/**
 * Takes the page's main thread for `blockMs` out of every `everyMs` until `stop()` (or `forMs`
 * at most, whatever happens to the test). The page's clock is Playwright's (performance.now
 * follows real time when read), so each block ends on time.
 */
export async function busyPage(page: Page, { blockMs = 120, everyMs = 160, forMs = 30_000 } = {}): Promise<() => Promise<void>> {
  await page.evaluate(
    ({ blockMs, everyMs, forMs }) => {
      const until = performance.now() + forMs;
      const id = setInterval(() => {
        const end = Math.min(performance.now() + blockMs, until);
        while (performance.now() < end) {
          // busy: nothing else runs on this thread meanwhile
        }
        if (performance.now() >= until) clearInterval(id);
      }, everyMs);
      (window as unknown as { __busyStop: () => void }).__busyStop = () => clearInterval(id);
    },
    { blockMs, everyMs, forMs },
  );
  return async () => {
    await page.evaluate(() => (window as unknown as { __busyStop?: () => void }).__busyStop?.()).catch(() => {});
  };
}

/** `count` processes spinning the CPU for at most `forMs` each (they exit by themselves); `stop()` ends them sooner. */
export function burnCpu(count = 2, forMs = 30_000): () => void {
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    const child = spawn(process.execPath, ['-e', `const end = Date.now() + ${Math.max(0, Math.floor(forMs))}; while (Date.now() < end) {}`], { stdio: 'ignore' });
    children.push(child);
  }
  return () => {
    for (const child of children) if (child.exitCode === null) child.kill();
  };
}
