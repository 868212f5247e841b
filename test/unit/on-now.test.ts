import { describe, expect, it } from 'vitest';
import type { GuideNow, GuideNowRow, Program } from '../../src/shared/airwave';
import { advanceOnNow, changedChannels, nextChange, runsOutAt, type HeldOnNow } from '../../src/main/core/sync/on-now';

// What is on now worked out from what is held (issue 24): `next` becomes `now` without a request,
// a channel past what it holds is waiting, never showing a past programme.

const T0 = Date.parse('2026-09-27T18:00:00.000Z');
const MIN = 60_000;
const iso = (ms: number) => new Date(T0 + ms).toISOString();

function programme(title: string, from: number, to: number): Program {
  return { title, startsAt: iso(from), endsAt: iso(to), ratingKey: `rk-${title}` } as unknown as Program;
}
function row(id: string, number: number, now: Program | null, next: Program | null): GuideNowRow {
  return { id, number, name: `Ch ${number}`, now, next } as unknown as GuideNowRow;
}
const held = (...rows: GuideNowRow[]): HeldOnNow => ({ serverTime: null, channels: rows }) as GuideNow;

describe('what is on now, from what is held', () => {
  const a = row('a', 101, programme('A1', -10 * MIN, 5 * MIN), programme('A2', 5 * MIN, 35 * MIN));
  const b = row('b', 102, programme('B1', -20 * MIN, 10 * MIN), null);
  const empty = row('c', 103, null, null);
  const start = held(a, b, empty);

  it('changes nothing before the first end, and keeps the same object', () => {
    expect(advanceOnNow(start, T0 + 4 * MIN)).toEqual({ held: start, changed: [] });
  });

  it('moves next to now when now ends, with no request', () => {
    const { held: later, changed } = advanceOnNow(start, T0 + 5 * MIN);
    expect(changed).toEqual(['a']);
    expect(later.channels[0]!.now!.title).toBe('A2');
    expect(later.channels[0]!.next).toBeNull();
    expect(later.channels[1]).toBe(b); // untouched rows keep their identity
    expect(later.waiting).toBeUndefined();
  });

  it('a channel past what it holds is waiting: no past programme as on now', () => {
    const { held: later, changed } = advanceOnNow(start, T0 + 11 * MIN);
    expect(changed).toEqual(['a', 'b']);
    expect(later.channels[1]!.now).toBeNull();
    expect([...later.waiting!]).toEqual(['b']);
    // a channel the server said had nothing is not waiting
    expect(later.waiting!.has('c')).toBe(false);
  });

  it('steps over a next that is over too', () => {
    const { held: later } = advanceOnNow(start, T0 + 40 * MIN);
    expect(later.channels[0]!.now).toBeNull();
    expect(later.waiting!.has('a')).toBe(true);
  });

  it('a next that begins after a gap (a break) becomes now when it begins', () => {
    const gap = held(row('g', 104, null, programme('G', 3 * MIN, 30 * MIN)));
    expect(advanceOnNow(gap, T0 + 2 * MIN).changed).toEqual([]);
    expect(advanceOnNow(gap, T0 + 3 * MIN).held.channels[0]!.now!.title).toBe('G');
  });

  it('knows when the rows next change and when the first channel runs out', () => {
    expect(nextChange(start, T0)).toBe(T0 + 5 * MIN);
    expect(runsOutAt(start, T0)).toBe(T0 + 10 * MIN); // B holds nothing after 18:10
    expect(runsOutAt(advanceOnNow(start, T0 + 11 * MIN).held, T0 + 11 * MIN)).toBe(T0 + 11 * MIN);
    expect(runsOutAt(held(empty), T0)).toBeNull();
  });

  it('names the channels whose programme on now changed', () => {
    const later = advanceOnNow(start, T0 + 5 * MIN).held;
    expect([...changedChannels(start, later)]).toEqual([101]);
    expect([...changedChannels(start, start)]).toEqual([]);
  });
});

// Issue 33 item 5: a server whose now/next have all ended (a stale schedule) and that has nothing
// newer: "Nothing on since …", asked again at the normal pace, never "waiting" for ever.
describe('ended slots in the server\'s own answer', () => {
  it('a fresh answer whose slots have all ended is nothing on since the last end, not waiting', () => {
    const stale = row('d', 104, programme('D1', -90 * MIN, -30 * MIN), programme('D2', -30 * MIN, -6 * MIN));
    const live = row('e', 105, programme('E1', -10 * MIN, 20 * MIN), null);
    const { held: read } = advanceOnNow(held(stale, live), T0, true);
    expect(read.channels[0]!.now).toBeNull();
    expect(read.waiting).toBeUndefined();
    expect(read.endedAt?.get('d')).toBe(T0 - 6 * MIN);
    expect(read.endedAt?.has('e')).toBe(false);
    // nothing in it runs out now: the next ask is at the normal pace (E1's end), not at once
    expect(runsOutAt(read, T0)).toBe(T0 + 20 * MIN);
    // a row that ran out while held (not in a fresh answer) is still waiting for the server
    const { held: later } = advanceOnNow(held(live), T0 + 21 * MIN);
    expect(later.waiting?.has('e')).toBe(true);
    expect(later.endedAt).toBeUndefined();
  });
});
