/**
 * What reading one large answer costs the process: the peak resident memory while the client
 * fetches, checks and parses a ~19 MB `/guide` answer, against the same answer parsed straight from
 * a string (the least any reader needs: the text plus its parsed tree). The answer is made and
 * served by child processes, so this process holds only what the client holds.
 *
 *   node --expose-gc --import tsx bench/large-body.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AirwaveClient } from '../src/main/core/client';
import { parseGuide } from '../src/shared/airwave';

const self = fileURLToPath(import.meta.url);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const maxRss = () => process.resourceUsage().maxRSS * 1024;
const [, , role, file] = process.argv;

async function make(path: string) {
  const { startDemoServer } = await import('../src/main/demo');
  const demo = await startDemoServer({ port: 0, seed: 3, channels: 2900, churn: 0 });
  const res = await fetch(`${demo.url}/api/public/v1/guide?forwardMinutes=360`, { headers: { 'x-api-key': demo.key } });
  writeFileSync(path, Buffer.from(await res.arrayBuffer()));
  await demo.close();
}

function serve(path: string) {
  const body = readFileSync(path);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  });
  setTimeout(() => process.exit(0), 120_000).unref(); // bounded, whatever happens to the parent
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

/** One measurement in this (fresh) process: how far reading the answer raised the peak resident memory. */
async function one(kind: string, target: string): Promise<void> {
  global.gc?.();
  const before = maxRss();
  if (kind === 'baseline') {
    // the least a reader could hold: the text and its checked tree
    const guide = parseGuide(JSON.parse(readFileSync(target, 'utf8')));
    process.stdout.write(`${maxRss() - before} ${guide.channels.length}\n`);
    return;
  }
  const client = new AirwaveClient({ server: target, apiKey: 'airwave_memory_probe_key', limits: { jsonBytes: 32 * 1024 * 1024 } });
  const guide = await client.guide(360);
  process.stdout.write(`${maxRss() - before} ${guide.channels.length}\n`);
  await client.close();
}

function run(args: string[]): string {
  const child = spawnSync(process.execPath, [...process.execArgv, self, ...args], { encoding: 'utf8', timeout: 120_000, stdio: ['ignore', 'pipe', 'inherit'] });
  return child.stdout.trim();
}

async function measure() {
  const path = join(tmpdir(), `airwave-large-body-${process.pid}.json`);
  run(['make', path]);
  const size = readFileSync(path).length;
  const server = spawn(process.execPath, [...process.execArgv, self, 'serve', path], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve) => server.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
    const rises = { baseline: [] as number[], client: [] as number[] };
    let channels = 0;
    for (let i = 0; i < 3; i++) {
      for (const kind of ['baseline', 'client'] as const) {
        const [rise = 0, n = 0] = run(['one', kind, kind === 'baseline' ? path : `http://127.0.0.1:${port}`]).split(' ').map(Number);
        rises[kind].push(rise);
        channels = n;
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const baseline = median(rises.baseline);
    const client = median(rises.client);
    console.log(`one ${mb(size)} MB /guide answer (${channels} channels), peak resident memory added (median of 3 fresh processes):`);
    console.log(`  client (fetch, check, parse): ${mb(client)} MB`);
    console.log(`  baseline (the text and its tree alone): ${mb(baseline)} MB`);
    console.log(`  ratio ${(client / baseline).toFixed(2)} (target: at most 1.25; 1.33–1.43 before the client let go of the bytes and the text early)`);
  } finally {
    server.stdin.end();
    rmSync(path, { force: true });
  }
}

if (role === 'make' && file) await make(file);
else if (role === 'one' && file && process.argv[4]) await one(file, process.argv[4]);
else if (role === 'serve' && file) serve(file);
else await measure();
