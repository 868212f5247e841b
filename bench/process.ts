/**
 * What the memory benchmarks share: the heap (plus typed-array memory) after forced GCs, and the
 * demo server run in a child process so its memory is not counted with ours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from '../test/support/core-harness';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** JS heap plus ArrayBuffer memory after three forced GCs (the guide store keeps its programmes in typed arrays). */
export async function heapUsed(): Promise<number> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with node --expose-gc (the npm bench scripts do).');
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(20);
  }
  const { heapUsed: heap, arrayBuffers } = process.memoryUsage();
  return heap + arrayBuffers;
}

/** The demo server in a child process; resolves with its URL and key (at most 60 s). */
export async function demoProcess(channels: number, viewers: number, extra: string[] = []): Promise<{ url: string; key: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'src/main/demo/cli.ts', '--port', '0', '--channels', String(channels), '--viewers', String(viewers), '--churn', '0', ...extra], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the demo server did not start within 60 s')), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      const key = /API key: (\S+)/.exec(out)?.[1];
      if (url && key) {
        clearTimeout(timer);
        resolve({ url, key, child });
      }
    });
    child.once('exit', (code) => reject(new Error(`the demo server exited (${code})`)));
  });
}
