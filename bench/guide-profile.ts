/**
 * A small driver to profile the streamed guide load (issue 24): loads the 24-hour guide of 3,000
 * channels from a demo server in a child process a few times (so only our side is profiled) and
 * prints each load's time. Run it under the profiler and read the result with cpu-profile.ts:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/guide-profile.ts [loads] [bare]
 *   npx tsx bench/cpu-profile.ts /tmp/prof/<file>.cpuprofile
 *
 * With `bare`, each load is a plain fetch + JSON.parse instead (the baseline's profile).
 */
import { AirwaveClient } from '../src/main/core/client';
import { loadGuide } from '../src/main/core/guide';
import { demoProcess } from './process';

const loads = Number(process.argv[2] ?? 3) || 3;
const bare = process.argv[3] === 'bare';
const demo = await demoProcess(3000, 0);
const client = new AirwaveClient({ server: demo.url, apiKey: demo.key, timeouts: { headersMs: 120_000, bodyMs: 180_000 } });
try {
  for (let i = 0; i < loads; i++) {
    const started = performance.now();
    if (bare) {
      const response = await fetch(`${demo.url}/api/public/v1/guide?forwardMinutes=1440`, { headers: { 'x-api-key': demo.key } });
      JSON.parse(await response.text());
    } else {
      const store = loadGuide(client, 1440);
      await store.settled;
      if (store.summary().state !== 'loaded') throw new Error(store.summary().error ?? 'not loaded');
    }
    console.log(`${bare ? 'bare' : 'store'} load ${i + 1}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  }
} finally {
  await client.close();
  demo.child.kill();
}
