import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HISTORY_TOP_MAX } from '../../src/shared/bridge-history';
import { gapsOf, mergeFollowed, momentAt, Pieces, piecesOf, series } from '../../src/main/core/history/compute';
import { HistoryIndex } from '../../src/main/core/history/history-index';
import { awaySummary, COLUMN_MS, peakSince, spanView } from '../../src/main/core/history/views';
import { csvCell, exportRows, toCsv } from '../../src/main/core/history/csv';

// History's computations on a hand-built index: the step series, its peak, hours only of followed
// time, people, channels and shows, gaps never drawn as zero; and fast-check properties against a
// brute-force count over the same record.

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2026, 10, 27, 0, 0, 0);

interface V {
  server?: string;
  person: string;
  start: number;
  end: number | null;
  channel?: string;
  number?: number;
  programme?: string;
  device?: string;
}

function build(follows: Record<string, { from: number; to: number | null }[]>, viewings: V[]): HistoryIndex {
  const index = new HistoryIndex();
  for (const [id, list] of Object.entries(follows)) index.server(id, id === 'a' ? 'Home' : id === 'b' ? 'Cabin' : id).follows.push(...list.map((f) => ({ ...f })));
  for (const v of viewings) {
    const server = index.server(v.server ?? 'a', '');
    const row = index.addViewing({
      start: v.start,
      server: server.index,
      person: index.names.id(v.person),
      device: index.names.id(v.device ?? 'TV'),
      channelNumber: v.number ?? 101,
      channel: index.names.id(v.channel ?? 'BBC One'),
      programme: index.names.id(v.programme ?? 'News'),
    });
    if (v.end !== null) index.viewings.close(row, v.end);
    else index.open.set(`${v.server ?? 'a'}\n${v.person}`, row);
  }
  return index;
}

describe('a span of the history', () => {
  // followed 18:00–20:00 and 20:30–now (23:00); four at once at 21:10
  const now = T0 + 23 * HOUR;
  const at = (h: number, m = 0) => T0 + h * HOUR + m * MIN;
  const index = build({ a: [{ from: at(18), to: at(20) }, { from: at(20, 30), to: null }] }, [
    { person: 'Ann', start: at(18), end: at(19), programme: 'News' },
    { person: 'Ann', start: at(21), end: at(22), programme: 'Friends', channel: 'Comedy', number: 102 },
    { person: 'Bob', start: at(21, 5), end: at(21, 40), programme: 'Friends', channel: 'Comedy', number: 102 },
    { person: 'Cat', start: at(21, 10), end: at(21, 30), programme: 'Film' },
    { person: 'Dan', start: at(21, 10), end: null, programme: 'Film' },
  ]);
  const view = spanView(index, '24h', now);

  it('finds the peak and when it first happened', () => {
    expect(view.peak).toEqual({ count: 4, at: at(21, 10) });
  });

  it('counts hours watched only in followed time, and shades the gaps', () => {
    // Ann 1 h + 1 h, Bob 35 min, Cat 20 min, Dan 1 h 50 min (open until now)
    expect(view.hours).toBeCloseTo((60 + 60 + 35 + 20 + 110) / 60, 1);
    expect(view.gaps).toEqual([
      { from: now - 24 * HOUR, to: at(18) },
      { from: at(20), to: at(20, 30) },
    ]);
    expect(view.followedMs).toBe(2 * HOUR + 2.5 * HOUR);
  });

  it('draws a gap as no value, never as zero viewers', () => {
    const column = (t: number) => view.buckets.find((b) => b.from <= t && t < b.to)!;
    expect(column(at(10)).peak).toBeNull();
    expect(column(at(20, 10)).peak).toBeNull();
    expect(column(at(19, 30)).peak).toBe(0);
    expect(column(at(21, 10)).peak).toBe(4);
    expect(column(at(21, 10)).at).toBe(at(21, 10)); // the cursor reads the column's busiest moment
    expect(column(at(19, 30)).at).toBeNull();
    expect(view.buckets).toHaveLength(24 * HOUR / COLUMN_MS['24h']);
    expect(view.rows).toHaveLength(24);
  });

  it('lists people with their time and last seen, and the top channels and shows', () => {
    expect(view.people.map((p) => [p.name, p.minutes, p.lastSeen])).toEqual([
      ['Ann', 120, at(22)],
      ['Dan', 110, null],
      ['Bob', 35, at(21, 40)],
      ['Cat', 20, at(21, 30)],
    ]);
    expect(view.channels[0]).toEqual({ name: '101 BBC One', minutes: 60 + 20 + 110 });
    expect(view.shows.map((s) => s.name)).toEqual(['Film', 'Friends', 'News']);
    expect(view.viewings).toBe(5);
  });

  it('reads who was watching what at a moment', () => {
    const moment = momentAt(index, at(21, 15), now, null);
    expect(moment.followed).toBe(true);
    expect(moment.viewers.map((v) => `${v.name}: ${v.programme} on ${v.channel}`)).toEqual([
      'Ann: Friends on 102 Comedy',
      'Bob: Friends on 102 Comedy',
      'Cat: Film on 101 BBC One',
      'Dan: Film on 101 BBC One',
    ]);
    expect(momentAt(index, at(20, 10), now, null)).toEqual({ at: at(20, 10), followed: false, viewers: [] });
  });

  it('sums up while you were away, and the peak today', () => {
    expect(awaySummary(index, at(18), now)).toEqual({ since: at(18), people: 4, programmes: 3, peak: { count: 4, at: at(21, 10) } });
    expect(peakSince(index, T0, now)).toBe(4);
    expect(peakSince(index, at(22, 30), now)).toBe(1);
    expect(peakSince(build({}, []), T0, now)).toBeNull();
  });

  it('tells people apart by server only where names clash', () => {
    const two = build({ a: [{ from: at(18), to: null }], b: [{ from: at(18), to: null }] }, [
      { person: 'Ann', start: at(19), end: at(20) },
      { person: 'Ann', server: 'b', start: at(19), end: at(19, 30) },
      { person: 'Bob', server: 'b', start: at(19), end: at(19, 30) },
    ]);
    const all = spanView(two, '24h', now);
    expect(all.people.map((p) => `${p.name}/${p.server}`)).toEqual(['Ann/Home', 'Ann/Cabin', 'Bob/null']);
    const one = spanView(two, '24h', now, 'b');
    expect(one.people.map((p) => `${p.name}/${p.server}`)).toEqual(['Ann/null', 'Bob/null']);
    expect(one.peak?.count).toBe(2);
  });

  it('exports one CSV row per viewing with the followed minutes', () => {
    const rows = exportRows(index, '24h', now, null);
    expect(rows.map((r) => [r.person, r.minutes])).toEqual([
      ['Ann', 60],
      ['Ann', 60],
      ['Bob', 35],
      ['Cat', 20],
      ['Dan', 110],
    ]);
    const csv = toCsv(rows);
    expect(csv.split('\r\n')[0]).toBe('server,person,device,channel,programme,start,end,minutes');
    expect(csv.split('\r\n')).toHaveLength(rows.length + 2);
  });
});

describe('devices in the history', () => {
  it('are named by the one rule (shared/device-label.ts) in the moment and the CSV, records of an earlier version too', () => {
    const at = (h: number) => T0 + h * HOUR;
    const index = build({ a: [{ from: at(18), to: null }] }, [
      { person: 'Ann', start: at(19), end: at(20), device: 'Apple TV 4K (tvos)' },
      { person: 'Bob', start: at(19), end: at(20), device: 'webos' },
      { person: 'Cy', start: at(19), end: at(20), device: 'iPhone 15' },
    ]);
    const now = at(21);
    expect(momentAt(index, at(19) + 30 * MIN, now, null).viewers.map((v) => v.device)).toEqual(['Apple TV 4K', 'webOS', 'iPhone 15']);
    expect(exportRows(index, '24h', now, null).map((r) => r.device)).toEqual(['Apple TV 4K', 'webOS', 'iPhone 15']);
  });
});

describe('CSV cells', () => {
  it('quotes per RFC 4180 and never lets a cell start a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(42)).toBe('42');
  });

  it('round-trips any text through a quoted field', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const cell = csvCell(text);
        const inner = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
        const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
        expect(inner).toBe(safe);
        if (!cell.startsWith('"')) expect(cell).not.toMatch(/[",\r\n]/);
      }),
    );
  });
});

describe('properties against a brute-force count', () => {
  const span = 24 * HOUR;
  const now = T0 + span;
  const time = fc.integer({ min: 0, max: span / MIN }).map((m) => T0 + m * MIN);
  const interval = fc.tuple(time, time).map(([a, b]) => ({ from: Math.min(a, b), to: Math.max(a, b) }));
  const viewing = fc.record({ person: fc.constantFrom('Ann', 'Bob', 'Cat', 'Dan', 'Eve'), server: fc.constantFrom('a', 'b'), iv: interval, programme: fc.constantFrom('News', 'Film', 'Friends') });
  const record = fc.record({ a: fc.array(interval, { maxLength: 4 }), b: fc.array(interval, { maxLength: 4 }), viewings: fc.array(viewing, { maxLength: 30 }) });

  /** How many watched at `t` in followed time (the viewing's own server followed then). */
  type Rec = typeof record extends fc.Arbitrary<infer T> ? T : never;
  const countAt = (r: Rec, t: number) =>
    r.viewings.filter((v) => v.iv.from <= t && t < v.iv.to && r[v.server as 'a' | 'b'].some((f) => f.from <= t && t < f.to)).length;

  it('the peak is the most watching at any instant, hours only count followed time, gaps are never 0', () => {
    fc.assert(
      fc.property(record, (r) => {
        const index = build(
          { a: r.a, b: r.b },
          r.viewings.map((v) => ({ person: v.person, server: v.server, start: v.iv.from, end: v.iv.to, programme: v.programme })),
        );
        const view = spanView(index, '24h', now);
        const instants = [...new Set([...r.viewings.flatMap((v) => [v.iv.from]), ...r.a.map((f) => f.from), ...r.b.map((f) => f.from)])];
        const brutePeak = Math.max(0, ...instants.map((t) => countAt(r, t)));
        const followed = mergeFollowed([r.a, r.b], T0, now, now);
        if (followed.length === 0) expect(view.peak).toBeNull();
        else {
          expect(view.peak!.count).toBe(brutePeak);
          if (brutePeak > 0) expect(countAt(r, view.peak!.at)).toBe(brutePeak);
        }
        // hours: minute by minute, each viewing counted while its own server was followed
        let minutes = 0;
        for (let t = T0; t < now; t += MIN) minutes += countAt(r, t);
        expect(Math.abs(view.hours - minutes / 60)).toBeLessThanOrEqual(0.0501); // hours are given to a tenth
        // a column with no followed time is null; a followed one holds a number
        for (const b of view.buckets) {
          const has = followed.some((f) => f.from < b.to && f.to > b.from);
          expect(b.peak === null).toBe(!has);
        }
        // gaps and followed time tile the span
        const gaps = gapsOf(followed, T0, now);
        const total = [...gaps, ...followed].reduce((s, i) => s + i.to - i.from, 0);
        expect(total).toBe(span);
        expect(view.people.length).toBeLessThanOrEqual(HISTORY_TOP_MAX);
      }),
      { numRuns: 200 },
    );
  });

  it('each column holds the most at once within it', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 20 }), (ivs) => {
        const followed = [{ from: T0, to: now }];
        const pieces = ivs.filter((i) => i.to > i.from);
        const s = series(Pieces.of(pieces), followed, T0, now, HOUR);
        s.columns.forEach((value, c) => {
          let most = 0;
          for (let t = T0 + c * HOUR; t < T0 + (c + 1) * HOUR; t += MIN) most = Math.max(most, pieces.filter((p) => p.from <= t && t < p.to).length);
          expect(value).toBe(most);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('pieces never leave the followed time of their server', () => {
    fc.assert(
      fc.property(record, (r) => {
        const index = build({ a: r.a, b: r.b }, r.viewings.map((v) => ({ person: v.person, server: v.server, start: v.iv.from, end: v.iv.to })));
        const pieces = piecesOf(index, { from: T0, to: now, now, servers: null });
        for (let i = 0; i < pieces.count; i++) {
          const p = { row: pieces.row[i]!, from: pieces.from[i]!, to: pieces.to[i]! };
          const server = index.servers[index.viewings.server[p.row]!]!;
          expect(mergeFollowed([server.follows], T0, now, now).some((f) => f.from <= p.from && p.to <= f.to)).toBe(true);
        }
      }),
    );
  });
});
