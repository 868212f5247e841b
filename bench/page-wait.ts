/**
 * What the Chromium benchmarks share on the Node side: waiting, bounded, for something the page or
 * the core will do.
 */
import { sleep } from '../test/support/core-harness';

/** Polls `check` every 25 ms until it returns a value other than undefined; throws after `ms`. */
export async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(25);
  }
}
