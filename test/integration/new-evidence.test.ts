/**
 * NEW only with evidence (issue 44), the whole core against the demo over loopback: the guides the
 * app reads of a server go into that server's episode record (features/episode-record.ts), and the
 * guide's rows say NEW only once those reads cover a week of whole days, then exactly where an
 * airing is the first of its episode the record has seen. Nothing is NEW before.
 */
import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { numberedEpisode } from '../../src/shared/episode-identity';
import { NEW_AFTER_DAYS } from '../../src/main/core/features/episode-record';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { useTempDirs } from '../support/temp-dirs';

const DAY = 86_400_000;
const tempDir = useTempDirs('airwave-new-core');
let h: CoreHarness | null = null;

afterEach(async () => {
  await h?.close();
  h = null;
});

async function newInGuide(harness: CoreHarness) {
  const answer = await harness.app.handlers.getGuideRows({ from: 0, to: 50 });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value.rows.flatMap((row, i) => (answer.value.firstAirings?.[i] ?? []).map((at) => row.programs[at]!));
}

describe('the episode record the guides fill', () => {
  it(`says nothing is NEW until ${NEW_AFTER_DAYS} whole days of the guide were read; then only first airings are`, { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    h = await startCoreHarness({ demo: { profile: 'airwave', channels: 8, viewers: 0, churn: 0, sse: false }, app: { dataDir } });
    await h.connect();
    const firsts = new Map<string, number>();
    for (let day = 0; day <= NEW_AFTER_DAYS + 1; day++) {
      if (day > 0) h.clock.jump(DAY);
      // a day of the guide, as the 24 h zoom (or search, or a followed title's scan) reads it
      expect((await h.app.handlers.loadGuide({ forwardMinutes: 1440 })).ok).toBe(true);
      const rows = await h.app.handlers.getGuideRows({ from: 0, to: 50 });
      if (!rows.ok) throw new Error(rows.error.message);
      for (const p of rows.value.rows.flatMap((row) => row.programs)) {
        const key = numberedEpisode(p);
        if (key !== null && p.ratingKey !== null) firsts.set(key, Math.min(firsts.get(key) ?? Infinity, Date.parse(p.startsAt)));
      }
      const fresh = await newInGuide(h);
      // 24 hours from 18:00 each day: after n reads the days between are whole, n - 1 of them
      if (day < NEW_AFTER_DAYS) expect(fresh, `day ${day}`).toEqual([]);
      else {
        expect(fresh.length, `day ${day}`).toBeGreaterThan(0);
        for (const p of fresh) expect(firsts.get(numberedEpisode(p)!)).toBe(Date.parse(p.startsAt));
      }
    }
    // kept on disk for the next start (written at close at the latest)
    await h.app.close();
    expect(readdirSync(dataDir).filter((name) => name.startsWith('episodes-'))).toHaveLength(1);
  });
});
