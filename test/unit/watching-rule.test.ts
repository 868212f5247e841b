import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NowPlayingEntry, Session } from '../../src/shared/airwave';
import { watchingOf } from '../../src/main/core/viewers/watching';
import { initialState, type AppState } from '../../src/main/core/state';

/**
 * Issue 48 item 3: the one rule for who is watching (viewers/watching.ts), whatever two lists and a
 * count a server sends: the viewers and the entries Watching shows are the same people, every
 * session and every /now-playing entry is one of them, and the count is the server's, with
 * `differs` saying so whenever it is not the number of people listed.
 */

const USERS = ['Ann', 'Bo', 'Cy', 'Di'];
const DEVICES = [null, { model: 'Apple TV', platform: 'tvOS' }, { model: 'Chrome', platform: 'web' }];

const entry = fc.record({ user: fc.constantFrom(...USERS), device: fc.constantFrom(...DEVICES), channelNumber: fc.constantFrom(101, 102, null) }).map(
  (e): NowPlayingEntry => ({ ...e, channelName: null, title: 'T', showTitle: null, artworkUrl: null, progress: null }),
);
const session = (id: number) =>
  fc.record({ user: fc.constantFrom(...USERS), device: fc.constantFrom(...DEVICES), state: fc.constantFrom('program', 'bumper', 'off', null), number: fc.constantFrom(101, 102) }).map(
    (s): Session => ({
      id: `s${id}`,
      user: s.user,
      deviceId: null,
      channel: { number: s.number, name: null, callsign: null },
      state: s.state,
      playbackState: null,
      title: 'T',
      showTitle: null,
      season: null,
      episode: null,
      year: null,
      artworkUrl: null,
      progress: null,
      startedAt: null,
      device: s.device ? { id: null, platform: s.device.platform, model: s.device.model, osVersion: null, hdr: null } : null,
    }),
  );
const sessions = fc.nat({ max: 5 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => session(i))));

describe('one set of viewers (viewers/watching.ts)', () => {
  it('names the same people everywhere and counts as the server does, saying so when the lists disagree', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), fc.option(sessions, { nil: null }), fc.option(fc.nat({ max: 9 }), { nil: null }), fc.constantFrom(-1, 0, 1), (nowPlaying, held, count, countAge) => {
        const base = initialState(0);
        const listsAt = 1_000;
        const state: Pick<AppState, 'sessions' | 'nowPlaying' | 'sessionCount'> = {
          nowPlaying: { data: nowPlaying, updatedAt: listsAt, error: null },
          sessions: held ? { data: [...held], updatedAt: listsAt, error: null, supported: true } : { ...base.sessions, supported: false },
          // the count read before, with or after the lists
          sessionCount: { data: count, updatedAt: listsAt + countAge, error: null },
        };
        const reading = watchingOf(state)!;
        expect(reading.viewers.length).toBe(reading.entries.length);
        const users = (list: { user: string }[]) => list.map((item) => item.user).sort();
        expect(users(reading.viewers)).toEqual(users(reading.entries));
        // every session and every /now-playing entry is one of them, once
        const named = new Map<string, number>();
        for (const e of reading.entries) named.set(e.user, (named.get(e.user) ?? 0) + 1);
        const atLeast = new Map<string, number>();
        for (const s of held ?? []) atLeast.set(s.user, (atLeast.get(s.user) ?? 0) + 1);
        for (const [user, n] of atLeast) expect(named.get(user) ?? 0).toBeGreaterThanOrEqual(n);
        for (const e of nowPlaying) expect(named.has(e.user)).toBe(true);
        // the count: the server's when read at or after the lists, else the sessions, else the list
        const expected = count !== null && countAge >= 0 ? count : held ? held.length : reading.entries.length;
        expect(reading.count).toBe(expected);
        expect(reading.differs).toEqual(expected === reading.entries.length ? null : { counted: expected, listed: reading.entries.length });
      }),
      { seed: 48, numRuns: 500 },
    );
  });
});
