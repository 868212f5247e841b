/**
 * Large viewer lists in the core (issue 28, item 5): what one viewer update costs the core once
 * the answers are in, with 200 and with 20,000 viewers, against a baseline measured in the same
 * run: a bare `JSON.parse` of the same `/now-playing` and `/sessions` bodies. The core's cost is
 * the time the followed server's state store spends in its listeners (notifications, the names
 * seen, the snapshot, the tray, the features), plus checking the bodies against the contract.
 *
 *   npm run bench:viewers      (about half a minute)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { AppController } from '../src/main/core/app';
import { openSettingsDir, plainSecretBox, SettingsService } from '../src/main/core/settings/settings';
import type { StateStore } from '../src/main/core/state';
import { startDemoServer } from '../src/main/demo';
import { parseNowPlaying, parseSessions } from '../src/shared/airwave';
import { settle } from '../test/support/core-harness';
import { ManualClock } from '../test/support/manual-clock';
import { markdownTable, median, writeSection } from './report';

const SIZES = [200, 20_000];
const REFRESHES = 7;

interface Row {
  viewers: number;
  bodyKiB: number;
  jsonParse: number;
  contract: number;
  update: number;
}

async function measure(viewers: number): Promise<Row> {
  const clock = new ManualClock('2026-03-14T18:07:00.000Z');
  const demo = await startDemoServer({ port: 0, seed: 5, channels: 60, viewers, churn: 0, clock });
  const dataDir = mkdtempSync(join(tmpdir(), 'airwave-bench-viewers-'));
  const settings = new SettingsService(openSettingsDir(dataDir).backend, plainSecretBox);
  const app = new AppController({ clock, settings, random: () => 0.5, minuteOfDay: () => 12 * 60 });
  try {
    const bodies = await Promise.all(
      ['/now-playing', '/sessions'].map(async (path) => (await request(`${demo.url}/api/public/v1${path}`, { headers: { 'x-api-key': demo.key } })).body.text()),
    );
    const [nowPlaying, sessions] = bodies as [string, string];
    const times = { jsonParse: [] as number[], contract: [] as number[], update: [] as number[] };
    for (let i = 0; i < REFRESHES; i++) {
      let t = performance.now();
      const a = JSON.parse(nowPlaying) as unknown;
      const b = JSON.parse(sessions) as unknown;
      times.jsonParse.push(performance.now() - t);
      t = performance.now();
      parseNowPlaying(a);
      parseSessions(b);
      times.contract.push(performance.now() - t);
    }

    const result = await app.handlers.connect({ server: demo.url, apiKey: demo.key, authStyle: 'x-api-key' });
    if (!result.saved) throw new Error(`connect failed: ${result.probe.summary}`);
    const inFlight = () => app.servers.slots.reduce((sum, slot) => sum + slot.engine.inFlight, 0);
    for (let i = 0; i < 50 && app.store.state.nowPlaying.data?.length !== viewers; i++) {
      clock.advance(1_000);
      await settle(inFlight);
    }
    if (app.store.state.nowPlaying.data?.length !== viewers) throw new Error(`expected ${viewers} viewers, have ${app.store.state.nowPlaying.data?.length}`);
    // every listener of the followed server's store, timed around each viewer update
    const store = app.servers.slots[0]!.store as StateStore;
    const update = store.update.bind(store);
    store.update = (patch) => {
      let keys: string[] = [];
      const start = performance.now();
      update((state) => {
        const changes = typeof patch === 'function' ? patch(state) : patch;
        keys = Object.keys(changes);
        return changes;
      });
      if (keys.includes('nowPlaying') || keys.includes('sessions')) times.update.push(performance.now() - start);
    };
    for (let i = 0; i < REFRESHES; i++) {
      const before = times.update.length;
      (globalThis as { gc?: () => void }).gc?.();
      await app.handlers.refresh({});
      for (let step = 0; step < 100 && times.update.length === before; step++) {
        clock.advance(100);
        await settle(inFlight);
      }
      clock.advance(6_000); // past the viewers' refresh spacing
    }
    return {
      viewers,
      bodyKiB: (Buffer.byteLength(nowPlaying) + Buffer.byteLength(sessions)) / 1024,
      jsonParse: median(times.jsonParse),
      contract: median(times.contract),
      update: median(times.update),
    };
  } finally {
    await app.close();
    await demo.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const size of SIZES) rows.push(await measure(size));
const ms = (value: number) => `${value.toFixed(1)} ms`;
const table = markdownTable(
  ['viewers', 'bodies', 'baseline: JSON.parse', 'contract check', 'core update', 'core ÷ baseline'],
  rows.map((row) => [
    row.viewers.toLocaleString('en'),
    `${Math.round(row.bodyKiB).toLocaleString('en')} KiB`,
    ms(row.jsonParse),
    ms(row.contract),
    ms(row.update),
    `${((row.contract + row.update) / row.jsonParse).toFixed(1)}×`,
  ]),
);
const large = rows.at(-1)!;
const markdown = `## Large viewer lists

Reproduce: \`npm run bench:viewers\` (about half a minute).

One viewer update (\`/now-playing\` and \`/sessions\` answered) with ${SIZES.map((n) => n.toLocaleString('en')).join(' and ')} viewers on
the demo server: the median over ${REFRESHES} refreshes of the time the contract check takes and
the time the core's listeners take (notifications, the names seen, the snapshot, the tray, the
features), against a bare \`JSON.parse\` of the same bodies in the same run.

${table}

- ${large.viewers.toLocaleString('en')} viewers: the core's update takes ${ms(large.update)} (target < 50 ms: ${large.update < 50 ? 'met' : 'missed'}).
`;
process.stdout.write(`${markdown}\n`);
writeSection('viewers', markdown);
