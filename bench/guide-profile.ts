/**
 * A small driver to profile the streamed guide load (issue 24): loads the 24-hour guide of 3,000
 * channels from a demo server in a child process a few times (so only our side is profiled) and
 * prints each load's time. Run it under the profiler and read the result with cpu-profile.ts:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/guide-profile.ts [loads] [mode]
 *   npx tsx bench/cpu-profile.ts /tmp/prof/<file>.cpuprofile
 *
 * Modes: `store` (default, loadGuide over HTTP), `bare` (fetch + JSON.parse instead), `offline`
 * (the body fetched once, then the reader and the store fed 64 KB pieces of it in this process,
 * alternated with Buffer → string → JSON.parse of the same body: CPU time of each, no network and
 * no server in the way).
 */
import { AirwaveClient } from '../src/main/core/client';
import { GUIDE_STREAM_LIMITS } from '../src/main/core/client/guide-stream';
import { loadGuide, GuideStore } from '../src/main/core/guide';
import { GuideReader } from '../src/main/core/guide/reader';
import { demoProcess } from './process';
import { median } from './report';

const loads = Number(process.argv[2] ?? 3) || 3;
const mode = process.argv[3] ?? 'store';
const demo = await demoProcess(3000, 0);
const url = `${demo.url}/api/public/v1/guide?forwardMinutes=1440`;
const client = new AirwaveClient({ server: demo.url, apiKey: demo.key, timeouts: { headersMs: 120_000, bodyMs: 180_000 } });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function cpu(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

try {
  if (mode === 'offline') {
    const body = Buffer.from(await (await fetch(url, { headers: { 'x-api-key': demo.key } })).arrayBuffer());
    const piece = 64 * 1024;
    const store: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < loads; i++) {
      store.push(
        cpu(() => {
          const guide = new GuideStore(1440);
          const reader = new GuideReader(GUIDE_STREAM_LIMITS, guide, (text) => text);
          for (let at = 0; at < body.length; at += piece) {
            reader.write(body.subarray(at, at + piece));
            guide.chunk(Math.min(body.length, at + piece));
          }
          reader.end(body.length);
          guide.finish();
        }),
      );
      // the copy stands for fetch gathering the body's chunks
      bare.push(cpu(() => JSON.parse(Buffer.concat([body]).toString('utf8'))));
      console.log(`offline ${i + 1}: reader + store ${seconds(store.at(-1)!)} CPU, bare parse ${seconds(bare.at(-1)!)} CPU`);
    }
    const ratios = store.map((ms, i) => ms / bare[i]!);
    console.log(`medians: ${seconds(median(store))} ÷ ${seconds(median(bare))} = ${(median(store) / median(bare)).toFixed(2)}× (per run ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×)`);
  } else {
    for (let i = 0; i < loads; i++) {
      const started = performance.now();
      if (mode === 'bare') {
        const response = await fetch(url, { headers: { 'x-api-key': demo.key } });
        JSON.parse(await response.text());
      } else {
        const store = loadGuide(client, 1440);
        await store.settled;
        if (store.summary().state !== 'loaded') throw new Error(store.summary().error ?? 'not loaded');
      }
      console.log(`${mode} load ${i + 1}: ${seconds(performance.now() - started)}`);
    }
  }
} finally {
  await client.close();
  demo.child.kill();
}
