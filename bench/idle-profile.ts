/**
 * A CPU profile of the closed app (issue 40): the preview host follows a demo server (a child
 * process, so its work is not in the profile) with no page open. Once it holds what is on now and
 * has settled for 10 s, V8's profiler (what `node --cpu-prof` runs, here started through the
 * inspector so start-up is left out) records BENCH_IDLE_PROFILE_MS of real time into <out>:
 *
 *   npx tsx bench/idle-profile.ts 3000 /tmp/idle-3000.cpuprofile [--no-sse]
 *   npx tsx bench/cpu-profile.ts /tmp/idle-3000.cpuprofile
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { startPreviewHost } from '../src/main/preview/host';
import { out } from '../test/support/built';
import { demoProcess } from './process';

const channels = Number(process.argv[2] ?? 3000);
const file = process.argv[3] ?? `idle-${process.argv[2] ?? 3000}.cpuprofile`;
const sse = !process.argv.includes('--no-sse');
const MS = Number(process.env.BENCH_IDLE_PROFILE_MS ?? 60_000);

const demo = await demoProcess(channels, 3, sse ? [] : ['--no-sse']);
const host = await startPreviewHost({ rendererDir: out('renderer'), servers: [{ url: demo.url, apiKey: demo.key }] });
try {
  const deadline = Date.now() + 60_000;
  while (!host.app.store.state.onNow.data && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  await new Promise((done) => setTimeout(done, 10_000));
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const start = process.cpuUsage();
  await new Promise((done) => setTimeout(done, MS));
  const used = process.cpuUsage(start);
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
  console.log(`${channels} channels, ${sse ? 'live' : 'polling'}: ${((used.user + used.system) / 1e6).toFixed(3)} s CPU in ${MS / 1000} s`);
} finally {
  await host.close();
  demo.child.kill();
}
