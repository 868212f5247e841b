import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HISTORY_TOP_MAX } from '../../src/shared/bridge-history';
import type { HistoryRequest } from '../../src/shared/bridge-history';
import { gapsOf, mergeFollowed, Pieces, piecesOf, series } from '../../src/main/core/history/compute';
import { HistoryIndex } from '../../src/main/core/history/history-index';
import { awaySummary, csvRows, momentView, peakSince, personView, rangeView, type ViewContext } from '../../src/main/core/history/views';
import { csvCell, toCsv } from '../../src/main/core/history/csv';
import { nextDay, utcCalendar } from '../../src/main/core/history/calendar';
import { summarizeDay } from '../../src/main/core/history/day-summary';
import { DayStore } from '../../src/main/core/history/day-store';

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
    else index.tracked.set(`open-${row}`, row); // every open row is tracked (the viewing rule keeps them so)
  }
  return index;
}

/** What the views read, every row held (UTC days; summaries made from the rows as asked). */
function ctxOf(index: HistoryIndex, now: number): ViewContext {
  return { index, cal: utcCalendar, now, heldFrom: 0, day: (from) => summarizeDay(index, from, nextDay(utcCalendar, from), now), days: () => [], stored: () => ({ channels: new Map(), shows: new Map(), devices: new Map() }), byPerson: () => new Map(), demo: new Set() };
}
const spanView = (index: HistoryIndex, span: HistoryRequest['span'], now: number, server?: string) => rangeView(ctxOf(index, now), server ? { span, server } : { span });

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

  it('counts time watched only in followed time, and shades the gaps', () => {
    // Ann 1 h + 1 h, Bob 35 min, Cat 20 min, Dan 1 h 50 min (open until now)
    expect(view.watchedMs).toBe((60 + 60 + 35 + 20 + 110) * MIN);
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
    // a quarter hour each, the first on the quarter hour too
    expect(view.unit).toBe('quarter');
    expect(view.buckets).toHaveLength(96);
    expect(view.buckets.every((b) => b.from % (15 * MIN) === 0)).toBe(true);
  });

  it('lists people with their time and last seen, and the top channels and shows', () => {
    expect(view.people.count).toBe(4);
    expect(view.people.top.map((p) => [p.name, p.minutes, p.lastSeen])).toEqual([
      ['Ann', 120, at(22)],
      ['Dan', 110, null],
      ['Bob', 35, at(21, 40)],
      ['Cat', 20, at(21, 30)],
    ]);
    expect(view.channels.top[0]).toEqual({ name: '101 BBC One', minutes: 60 + 20 + 110 });
    expect(view.shows.top.map((s) => s.name)).toEqual(['Film', 'Friends', 'News']);
    expect(view.viewings).toBe(5);
  });

  it('reads who watched what in a column', () => {
    const moment = momentView(ctxOf(index, now), { from: at(21, 15), to: at(21, 30) });
    expect(moment.followed).toBe(true);
    expect(moment.peak).toBe(4);
    expect(moment.viewers.map((v) => `${v.name}: ${v.programme} on ${v.channel} (${v.minutes})`)).toEqual([
      'Ann: Friends on 102 Comedy (15)',
      'Bob: Friends on 102 Comedy (15)',
      'Cat: Film on 101 BBC One (15)',
      'Dan: Film on 101 BBC One (15)',
    ]);
    expect(momentView(ctxOf(index, now), { from: at(20, 0), to: at(20, 15) })).toEqual({ from: at(20), to: at(20, 15), followed: false, peak: 0, viewers: [], more: 0 });
  });

  it('sums up while you were away as History reads the same range, and the peak today', () => {
    expect(awaySummary(ctxOf(index, now), at(18, 7))).toEqual({ since: at(18), to: now, people: 4, programmes: 3, peak: { count: 4, at: at(21, 10) } });
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
    expect(all.people.top.map((p) => `${p.name}/${p.server}`)).toEqual(['Ann/Home', 'Ann/Cabin', 'Bob/null']);
    const one = spanView(two, '24h', now, 'b');
    expect(one.people.top.map((p) => `${p.name}/${p.server}`)).toEqual(['Ann/null', 'Bob/null']);
    expect(one.peak?.count).toBe(2);
  });

  it('exports one CSV row per viewing with the followed minutes', () => {
    const rows = csvRows(ctxOf(index, now), { span: '24h' });
    expect(rows.map((r) => [r.person, r.minutes])).toEqual([
      ['Ann', 60],
      ['Ann', 60],
      ['Bob', 35],
      ['Cat', 20],
      ['Dan', 110],
    ]);
    const csv = toCsv(rows);
    // a byte-order mark first, so a spreadsheet reads UTF-8 names as written
    expect(csv.split('\r\n')[0]).toBe('\uFEFFserver,person,device,channel,programme,start,end,minutes');
    expect(csv.split('\r\n')).toHaveLength(rows.length + 2);
  });
});

describe('devices in the history', () => {
  it('are named by the one rule (shared/device-label.ts) in a moment, a day’s moment, a person’s devices and the CSV, records of an earlier version too', () => {
    const at = (h: number, m = 0) => T0 + h * HOUR + m * MIN;
    const index = build({ a: [{ from: at(18), to: null }] }, [
      { person: 'Ann', start: at(19), end: at(20), device: 'Apple TV 4K (tvos)' },
      { person: 'Bob', start: at(19), end: at(20), device: 'webos' },
      { person: 'Cy', start: at(19), end: at(20), device: 'iPhone 15' },
      // the same device as a later version records it
      { person: 'Ann', start: at(20), end: at(20, 30), device: 'Apple TV 4K' },
    ]);
    const now = at(21);
    const ctx = ctxOf(index, now);
    expect(momentView(ctx, { from: at(19, 15), to: at(19, 30) }).viewers.map((v) => v.device)).toEqual(['Apple TV 4K', 'webOS', 'iPhone 15']);
    expect(momentView(ctx, { from: T0, to: at(24) }).viewers.map((v) => v.device).sort()).toEqual(['Apple TV 4K', 'iPhone 15', 'webOS']);
    expect(csvRows(ctx, { span: '24h' }).map((r) => r.device)).toEqual(['Apple TV 4K', 'webOS', 'iPhone 15', 'Apple TV 4K']);
    // one device on a person's page, however it was recorded
    expect(personView(ctx, { span: '24h', person: { server: 'a', name: 'Ann' } }).devices).toEqual({ top: [{ name: 'Apple TV 4K', minutes: 90 }], count: 1 });
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
        expect(view.watchedMs).toBe(minutes * MIN);
        // a column with no followed time is null; a followed one holds a number
        for (const b of view.buckets) {
          const has = followed.some((f) => f.from < b.to && f.to > b.from);
          expect(b.peak === null).toBe(!has);
        }
        // gaps and followed time tile the span
        const gaps = gapsOf(followed, T0, now);
        const total = [...gaps, ...followed].reduce((s, i) => s + i.to - i.from, 0);
        expect(total).toBe(span);
        expect(view.people.top.length).toBeLessThanOrEqual(HISTORY_TOP_MAX);
      }),
      { numRuns: 200 },
    );
  });

  it('each column holds the most at once within it', () => {
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 20 }), (ivs) => {
        const followed = [{ from: T0, to: now }];
        const pieces = ivs.filter((i) => i.to > i.from);
        const s = series(Pieces.of(pieces), followed, Array.from({ length: 24 }, (_, c) => T0 + c * HOUR), now);
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

describe('a range drawn by the day reads as the rows do', () => {
  const DAY = 24 * HOUR;
  const now = T0 + 10 * DAY + 5 * HOUR;
  const time = fc.integer({ min: 0, max: (10 * DAY + 5 * HOUR) / (10 * MIN) }).map((m) => T0 + m * 10 * MIN);
  const interval = fc.tuple(time, time).map(([a, b]) => ({ from: Math.min(a, b), to: Math.max(a, b) }));
  const viewing = fc.record({
    person: fc.constantFrom('Ann', 'Bob', 'Cat'),
    server: fc.constantFrom('a', 'b'),
    iv: interval,
    open: fc.boolean(),
    programme: fc.constantFrom('News', 'Film', 'Friends'),
    number: fc.constantFrom(101, 102),
  });
  const record = fc.record({ a: fc.array(interval, { maxLength: 4 }), b: fc.array(interval, { maxLength: 4 }), viewings: fc.array(viewing, { maxLength: 25 }) });

  it('property: the day summaries give the same peak, time, people, lists and viewings as the rows, for every server and person', () => {
    fc.assert(
      fc.property(record, fc.constantFrom<string | undefined>(undefined, 'a', 'b'), (r, server) => {
        const index = build(
          { a: r.a, b: r.b },
          r.viewings.map((v) => ({ person: v.person, server: v.server, start: v.iv.from, end: v.open ? null : v.iv.to, programme: v.programme, number: v.number })),
        );
        const request: HistoryRequest = { span: 'custom', from: T0, to: now, ...(server ? { server } : {}) };
        const byRows = rangeView(ctxOf(index, now), request);
        // every day kept (its figures in memory, its lists in the tally store), as past the month of rows held
        const store = new DayStore(null, () => {});
        const kept: ViewContext = {
          ...ctxOf(index, now),
          heldFrom: Number.POSITIVE_INFINITY,
          day: (from) => (store.put(summarizeDay(index, from, nextDay(utcCalendar, from), now)), store.get(from)!),
          days: () => store.days(),
          stored: (days, filter) => store.tallies.sum(days, filter),
          byPerson: (day) => store.tallies.byPerson(day),
        };
        const byDays = rangeView(kept, request);
        expect(byRows.unit).toBe('hour');
        expect(byDays.unit).toBe('day');
        const same = (v: typeof byRows) => ({ peak: v.peak?.count ?? null, watched: v.watchedMs, followed: v.followedMs, people: v.people, channels: v.channels, shows: v.shows, devices: v.devices, viewings: v.viewings, gaps: v.gaps.length > 0 });
        expect(same(byDays)).toEqual(same(byRows));
        // each day's column holds what its hours hold
        for (const day of byDays.buckets) {
          const hours = byRows.buckets.filter((b) => b.from >= day.from && b.to <= day.to);
          expect(day.watchedMs).toBe(hours.reduce((sum, b) => sum + b.watchedMs, 0));
          const peaks = hours.map((b) => b.peak).filter((p): p is number => p !== null);
          expect(day.peak).toBe(peaks.length > 0 ? Math.max(...peaks) : null);
        }
        // one person's page alike
        const person = byRows.people.top[0];
        if (person) {
          const mine = { ...request, person: { server: person.serverId, name: person.name } };
          expect(same(rangeView(kept, mine))).toEqual(same(rangeView(ctxOf(index, now), mine)));
        }
      }),
      { numRuns: 150 },
    );
  });
});
