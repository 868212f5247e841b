import { describe, expect, it } from 'vitest';
import type { NowPlayingEntry, Session } from '../../src/shared/airwave';
import { SEEN_VIEWERS_MAX, SeenViewers } from '../../src/main/core/viewers/seen-viewers';
import { initialState, type AppState } from '../../src/main/core/state';

const entry = (user: string): NowPlayingEntry => ({ user, channelNumber: 1, channelName: null, title: null, showTitle: null, artworkUrl: null, progress: null, device: null });
const session = (user: string) => ({ user }) as Session;

function state(nowPlaying: string[], sessions: string[] = []): AppState {
  const base = initialState(0);
  return {
    ...base,
    nowPlaying: { data: nowPlaying.map(entry), updatedAt: 0, error: null },
    sessions: { data: sessions.map(session), updatedAt: 0, error: null, supported: true },
  };
}

describe('the names seen, for the muted-names picker', () => {
  it('lists new names first, one per name whatever its case or spacing, then the log\'s names', () => {
    const seen = new SeenViewers(() => ({ revision: 1, names: () => ['Old', 'ann', 'Zed'] }));
    expect(seen.observe(state(['Ann', ' ann '], ['Bob']))).toBe(true);
    expect(seen.observe(state(['ANN'], ['bob']))).toBe(false);
    expect(seen.observe(state(['Cy']))).toBe(true);
    expect(seen.list()).toEqual(['Cy', 'Ann', 'Bob', 'Old', 'Zed']);
  });

  it('keeps at most SEEN_VIEWERS_MAX names, the newest, from a list of 20,000 viewers', () => {
    const seen = new SeenViewers(() => ({ revision: 1, names: () => ['From the log'] }));
    const many = Array.from({ length: 20_000 }, (_, i) => `viewer ${i}`);
    expect(seen.observe(state(many, many))).toBe(true);
    const list = seen.list();
    expect(list).toHaveLength(SEEN_VIEWERS_MAX);
    expect(list.slice(0, 2)).toEqual(['viewer 0', 'viewer 1']);
    expect(seen.observe(state(many.slice(0, 10)))).toBe(false);
  });
});
