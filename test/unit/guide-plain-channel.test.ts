import { describe, expect, it } from 'vitest';
import { readPlainChannel } from '../../src/main/core/guide/plain-channel';
import { mulberry32 } from '../../src/main/demo/rng';
import { canonicalTime } from '../../src/main/core/guide/times';
import { ContractError, parseGuideChannel, type Unreadable } from '../../src/shared/airwave';

// The guide reader's quick path on its own: the hand-written check of a plainly well-formed
// channel entry gives exactly what the contract's parseGuideChannel gives, and declines (null)
// whatever it does not read exactly like the schema, so the schema reads that (tolerantly).

const base = () => ({
  id: 'ch_101',
  number: 101,
  name: '90s Sitcoms',
  callsign: 'LAFF',
  icon: 'lucide:Laugh',
  tint: 'amber',
  package: { id: 'pkg', key: 'comedy', name: 'Comedy', icon: null, tint: 'amber' },
  programs: [
    {
      ratingKey: '480030101',
      title: 'Second Chances',
      type: 'episode',
      showTitle: 'Zoë’s Café',
      season: 1,
      episode: 1,
      year: 2012,
      summary: null,
      startsAt: '2026-11-26T07:12:30.000Z',
      endsAt: '2026-11-26T07:36:30.000Z',
      durationSeconds: 1440,
      artworkUrl: '/api/public/v1/channels/ch_101/artwork/48003?kind=poster',
    },
    { ratingKey: null, title: 'Station break', type: null, showTitle: null, season: null, episode: null, year: null, summary: 'x', startsAt: '2026-11-26T07:36:30.000Z', endsAt: '2026-11-26T07:39:00.000Z', artworkUrl: null },
  ],
});

/** What the schema gives, or "unreadable" when it leaves something out or throws. */
function bySchema(input: unknown): unknown {
  const unreadable: Unreadable = { count: 0, examples: [] };
  try {
    const channel = parseGuideChannel(input, 'GET /guide', unreadable);
    return unreadable.count > 0 ? 'unreadable' : channel;
  } catch (error) {
    if (error instanceof ContractError) return 'unreadable';
    throw error;
  }
}

const ODD_VALUES: unknown[] = [
  null,
  undefined,
  '',
  'text',
  'x'.repeat(2_500),
  0,
  -1,
  1.5,
  1e21,
  true,
  [],
  {},
  ['a'],
  { id: 'p', name: 'n' },
  '2026-11-26T07:12:30.000Z',
  '2026-11-26T07:12:30Z',
  '2026-11-26T09:12:30.000+02:00',
  '2026-02-30T00:00:00.000Z',
  '2026-01-01T24:00:00.000Z',
  '0999-12-31T23:59:59.999Z',
];
const FIELDS = ['id', 'number', 'name', 'callsign', 'icon', 'tint', 'package'] as const;
const PROGRAMME_FIELDS = ['ratingKey', 'title', 'type', 'showTitle', 'season', 'episode', 'year', 'summary', 'startsAt', 'endsAt', 'durationSeconds', 'artworkUrl'] as const;
const PACKAGE_FIELDS = ['id', 'key', 'name', 'icon', 'tint'] as const;

describe('canonicalTime', () => {
  it('reads every canonical time as Date.parse does, and gives NaN for anything else', () => {
    const next = mulberry32(7);
    for (let n = 0; n < 20_000; n++) {
      const ms = Math.floor(Date.UTC(1000, 0, 1) + next() * (Date.UTC(9999, 11, 31) - Date.UTC(1000, 0, 1)));
      const text = new Date(ms).toISOString();
      expect(canonicalTime(text), text).toBe(ms);
    }
    for (const text of ['2024-02-29T00:00:00.000Z', '2000-02-29T23:59:59.999Z', '1970-01-01T00:00:00.000Z']) expect(canonicalTime(text)).toBe(Date.parse(text));
    for (const text of [
      '2026-02-29T00:00:00.000Z',
      '1900-02-29T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T23:60:00.000Z',
      '2026-01-01T23:59:60.000Z',
      '2026-00-01T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-01-00T00:00:00.000Z',
      '0999-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00.000z',
      '2026-01-01 00:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.0000Z',
      '2026-01-01T00:00:00.000+00:00',
      '+02026-01-01T00:00:00.000Z',
      '2026-01-01T0a:00:00.000Z',
      '2026-01-01T-1:00:00.000Z',
    ]) {
      expect(canonicalTime(text), text).toBeNaN();
    }
    // one character changed anywhere: NaN, or the same ms as Date.parse and a round trip
    const text = '2026-11-26T07:12:30.000Z';
    for (let at = 0; at < text.length; at++) {
      for (const char of '0123456789-:.TZ+ x') {
        const changed = `${text.slice(0, at)}${char}${text.slice(at + 1)}`;
        const ms = canonicalTime(changed);
        if (!Number.isNaN(ms)) {
          expect(ms, changed).toBe(Date.parse(changed));
          expect(new Date(ms).toISOString()).toBe(changed);
        }
      }
    }
  });
});

describe('readPlainChannel', () => {
  it('reads a plain entry exactly as the schema does: defaults, long text cut, duration worked out, unknown fields dropped', () => {
    const entry: Record<string, unknown> = base();
    entry.extra = { nested: [1, 2] };
    (entry.package as Record<string, unknown>).more = 'dropped';
    const [first, second] = entry.programs as Record<string, unknown>[];
    first!.title = 'T'.repeat(400);
    first!.summary = 'S'.repeat(3_000);
    first!.unknown = 'dropped';
    delete second!.type;
    delete second!.showTitle;
    delete entry.callsign;
    const plain = readPlainChannel(entry);
    expect(plain).not.toBeNull();
    expect(plain).toEqual(bySchema(entry));
    expect(plain!.programs[1]!.durationSeconds).toBe(150);
    expect(plain!.programs[0]!.title).toHaveLength(300);
    expect(plain).not.toHaveProperty('extra');
    expect(plain!.package).not.toHaveProperty('more');
  });

  it('with any one field changed to an odd value, gives what the schema gives or declines (null)', () => {
    const cases: unknown[] = [];
    for (const field of FIELDS) for (const value of ODD_VALUES) cases.push({ ...base(), [field]: value });
    for (const field of PACKAGE_FIELDS) for (const value of ODD_VALUES) cases.push({ ...base(), package: { ...base().package, [field]: value } });
    for (const field of PROGRAMME_FIELDS) {
      for (const value of ODD_VALUES) {
        const entry = base();
        entry.programs[0] = { ...entry.programs[0]!, [field]: value } as (typeof entry.programs)[0];
        cases.push(entry);
      }
    }
    cases.push(null, [], 'channel', { ...base(), programs: null }, { ...base(), programs: [null] }, { ...base(), programs: [[]] });
    let declined = 0;
    for (const input of cases) {
      const plain = readPlainChannel(structuredClone(input));
      if (plain === null) declined++;
      else expect(plain, JSON.stringify(input)?.slice(0, 300)).toEqual(bySchema(structuredClone(input)));
      // whatever the schema cannot read whole, the quick path never takes
      if (bySchema(structuredClone(input)) === 'unreadable') expect(plain).toBeNull();
    }
    // the odd values are mostly declined, the ordinary ones (null where null is allowed, short text) are not
    expect(declined).toBeGreaterThan(cases.length / 2);
    expect(declined).toBeLessThan(cases.length);
  });
});
