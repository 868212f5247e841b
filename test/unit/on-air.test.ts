import { describe, expect, it } from 'vitest';
import { endedSince, onAir, type Airable } from '../../src/shared/on-air';
import { advanceOnNow, nextChange } from '../../src/main/core/sync/on-now';
import type { HeldOnNow } from '../../src/main/core/state';

// Breaks as real servers send them (airwave-api.md, *Bumpers*): On now and the channel sheet show
// what comes next and when, never an empty row, a past programme or a bumper as "next".

const T = Date.parse('2026-09-27T18:30:00.000Z');
const at = (min: number) => new Date(T + min * 60_000).toISOString();
const programme = (title: string, from: number, to: number): Airable => ({ ratingKey: `rk_${title}`, title, showTitle: null, startsAt: at(from), endsAt: at(to) });
const bumper = (introduces: string, from: number, to: number): Airable => ({ ratingKey: null, kind: 'bumper', title: introduces, showTitle: null, startsAt: at(from), endsAt: at(to) });

describe('onAir', () => {
  it('a /guide/now row during a break (now null): the programme that follows, and when', () => {
    const air = onAir([null, programme('Matchday Live', 2, 32)], T);
    expect(air).toEqual({ current: null, break: { at: T + 2 * 60_000, then: programme('Matchday Live', 2, 32) }, next: null });
  });

  it('a now answer during a break (a bumper on now): the programme it introduces, at the bumper’s end', () => {
    const air = onAir([bumper('Matchday Live', -1, 2), programme('Matchday Live', 2, 32)], T);
    expect(air.current).toBeNull();
    expect(air.break).toEqual({ at: T + 2 * 60_000, then: programme('Matchday Live', 2, 32) });
  });

  it('a bumper alone on now still names what it introduces and when', () => {
    expect(onAir([bumper('Flatmates', -1, 2), null], T).break).toEqual({ at: T + 2 * 60_000, then: bumper('Flatmates', -1, 2) });
  });

  it('"Next" never names a bumper: after a programme, the bumper stands for what it introduces, at its end', () => {
    const air = onAir([programme('News', -10, 5), bumper('Flatmates', 5, 7)], T);
    expect(air.current?.title).toBe('News');
    expect(air.next).toEqual({ at: T + 7 * 60_000, program: bumper('Flatmates', 5, 7) });
    // with the programme after it at hand, that programme itself
    const full = onAir([programme('News', -10, 5), bumper('Flatmates', 5, 7), programme('Flatmates', 7, 30)], T);
    expect(full.next).toEqual({ at: T + 7 * 60_000, program: programme('Flatmates', 7, 30) });
  });

  it('never shows a past programme: a held row whose now has ended shows its next', () => {
    const air = onAir([programme('Old', -60, -5), programme('New', -5, 25)], T);
    expect(air.current?.title).toBe('New');
    expect(air.next).toBeNull();
  });

  it('a long gap is nothing on with a next, not a break', () => {
    expect(onAir([null, programme('Late Film', 90, 200)], T)).toEqual({ current: null, break: null, next: { at: T + 90 * 60_000, program: programme('Late Film', 90, 200) } });
  });
});

describe('the held rows during a break', () => {
  it('move on when the programme after the break starts, not when it ends, with no request', () => {
    const row = { id: 'c', number: 101, name: 'A', callsign: null, icon: null, tint: null, package: null, now: null, next: { ...programme('Matchday Live', 2, 32), type: null, season: null, episode: null, year: null, summary: null, durationSeconds: 1800, artworkUrl: null } };
    const held = { serverTime: null, channels: [row] } as unknown as HeldOnNow;
    expect(nextChange(held, T)).toBe(T + 2 * 60_000);
    expect(advanceOnNow(held, T + 2 * 60_000).held.channels[0]!.now?.title).toBe('Matchday Live');
  });
});

// Issue 33 item 5: the one rule On now, the channel sheet and the guide ask for "Nothing on since …".
describe('endedSince', () => {
  it('every held slot over: when the last one ended, whatever the order', () => {
    expect(endedSince([programme('A', -60, -30), programme('B', -30, -6)], T)).toBe(T - 6 * 60_000);
    expect(endedSince([programme('B', -30, -6), null, programme('A', -60, -30)], T)).toBe(T - 6 * 60_000);
    // a slot that ends exactly now has ended
    expect(endedSince([programme('A', -30, 0)], T)).toBe(T);
  });

  it('null when anything is still on or to come, nothing is held, or a time does not read', () => {
    expect(endedSince([programme('A', -60, -30), programme('B', -30, 5)], T)).toBeNull();
    expect(endedSince([null, programme('Later', 90, 120)], T)).toBeNull();
    expect(endedSince([null, null], T)).toBeNull();
    expect(endedSince([], T)).toBeNull();
    expect(endedSince([programme('A', -60, -30), { endsAt: 'soon' }], T)).toBeNull();
  });
});
