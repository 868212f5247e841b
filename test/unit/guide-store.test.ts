import { describe, expect, it } from 'vitest';
import { GuideStore } from '../../src/main/core/guide';
import type { GuideChannel, Program } from '../../src/shared/airwave';
import { guideChannel, guideProgram } from '../support/guide-fixtures';

// The compact guide store on its own: exact round trips of what it was given, time-range
// queries, announcements and settling. (Against real HTTP: test/integration/guide-stream.test.ts.)

const program = guideProgram;
const channel = (number: number, programs: Program[]): GuideChannel =>
  guideChannel(number, programs, { callsign: number % 2 ? 'CALL' : null, icon: 'lucide:Tv', package: { id: 'p', key: null, name: 'Pack', icon: null, tint: 'amber' } });

describe('GuideStore', () => {
  it('gives back exactly what it was given, including unusual time text and large numbers', () => {
    const odd = program({
      ratingKey: '42',
      title: 'Ünïcode — “quoted”',
      type: 'documentary',
      showTitle: 'Show',
      season: 0,
      episode: 9_007_199_254_740_991,
      year: -1,
      summary: 'x'.repeat(5000),
      startsAt: '2026-09-27T20:00:00+02:00',
      endsAt: '2026-09-27T18:30Z',
      durationSeconds: 1799.5,
      artworkUrl: '/api/public/v1/channels/c1/artwork/42',
    });
    const channels = [channel(101, [odd, program({ startsAt: '2026-09-27T18:30:00.000Z', endsAt: '2026-09-27T19:00:00.000Z' })]), channel(102, [])];
    const store = new GuideStore(60);
    store.header({ serverTime: '2026-09-27T18:05:00.000Z', windowMinutes: 60, backMinutes: 10 });
    for (const c of channels) store.channel(structuredClone(c));
    store.finish();
    expect(store.rows({ from: 0, to: 2 })).toEqual(channels);
    expect(store.summary()).toMatchObject({ state: 'loaded', channels: 2, programmes: 2, window: { from: Date.parse('2026-09-27T17:55:00.000Z'), to: Date.parse('2026-09-27T19:05:00.000Z') } });
  });

  it('returns the programmes overlapping a time range, for a range of channels', () => {
    const store = new GuideStore(180);
    const at = (h: number, m = 0) => `2026-09-27T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00.000Z`;
    for (let n = 0; n < 10; n++) {
      store.channel(channel(101 + n, [program({ title: 'a', startsAt: at(18), endsAt: at(19) }), program({ title: 'b', startsAt: at(19), endsAt: at(20) }), program({ title: 'c', startsAt: at(20), endsAt: at(21) })]));
    }
    const rows = store.rows({ from: 3, to: 5, startsAt: Date.parse(at(19)), endsAt: Date.parse(at(20, 1)) });
    expect(rows.map((r) => [r.number, r.programs.map((p) => p.title)])).toEqual([
      [104, ['b', 'c']],
      [105, ['b', 'c']],
    ]);
    expect(store.rows({ from: 9, to: 20 })).toHaveLength(1);
  });

  it('announces rows once per chunk that brought some, settles once, and ignores rows after settling', async () => {
    const store = new GuideStore(60);
    const seen: string[] = [];
    store.subscribe((s) => seen.push(`${s.state}:${s.channels}`));
    store.subscribe(() => {
      throw new Error('a broken listener');
    });
    store.chunk(10); // nothing new: no announcement
    store.channel(channel(101, []));
    store.channel(channel(102, []));
    store.chunk(20);
    store.fail('The guide ended before it was complete.');
    store.channel(channel(103, []));
    store.finish();
    await store.settled;
    expect(seen).toEqual(['loading:2', 'error:2']);
    expect(store.summary()).toMatchObject({ state: 'error', error: 'The guide ended before it was complete.', channels: 2, receivedBytes: 20 });
  });
});
