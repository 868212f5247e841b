import { describe, expect, it } from 'vitest';
import { GuideStore } from '../../src/main/core/guide';
import type { GuideChannel, Program } from '../../src/shared/airwave';
import { guideChannel, guideProgram } from '../support/guide-fixtures';
import { kindOf } from '../../src/renderer/src/views/guide-kind';

// The guide's marks (issue 36): the kind only where the server says it, and NEW on the first
// airing of an episode in the window, by the same rule as Follow's repeats (episodeIdentity).

const program = (over: Partial<Program>): Program =>
  guideProgram({ ratingKey: 'k', title: 'Pilot', type: 'episode', showTitle: 'Harbour Lights', season: 1, episode: 1, ...over });
const channel = guideChannel;

const at = (hour: number) => ({ startsAt: `2026-09-27T${String(hour).padStart(2, '0')}:00:00.000Z`, endsAt: `2026-09-27T${String(hour).padStart(2, '0')}:30:00.000Z` });

describe('kindOf', () => {
  it('reads sport or news from the package name (not both), else film or episode from the type, else nothing', () => {
    expect(kindOf({ type: 'episode' }, { name: 'Sports' })).toBe('sport');
    expect(kindOf({ type: 'movie' }, { name: 'World News' })).toBe('news');
    expect(kindOf({ type: 'episode' }, { name: 'News & Sport' })).toBe('episode'); // says neither
    expect(kindOf({ type: 'movie' }, null)).toBe('film');
    expect(kindOf({ type: 'show' }, { name: 'Comedy' })).toBe('episode');
    expect(kindOf({ type: null }, { name: 'Newsroom Classics' })).toBeNull(); // "Newsroom" is not "news"
    expect(kindOf({ type: 'documentary' }, null)).toBeNull();
  });
});

describe('first airings in the window (NEW)', () => {
  const load = (channels: GuideChannel[], finish = true) => {
    const store = new GuideStore(1440);
    store.header({ serverTime: '2026-09-27T17:00:00.000Z', windowMinutes: 1440, backMinutes: 0 });
    for (const c of channels) store.channel(c);
    if (finish) store.finish();
    return store;
  };

  it('marks the earliest airing of a numbered episode, across channels; never a repeat, a film or an unnumbered programme', () => {
    const store = load([
      channel(1, [program(at(20)), program({ ...at(21), episode: 2 }), program({ ...at(22), type: 'movie', showTitle: null, season: null, episode: null, title: 'Film', year: 1999 })]),
      // the same episode earlier on another channel (show title in other case and spacing: the same episode)
      channel(2, [program({ ...at(18), showTitle: 'harbour  LIGHTS' }), program({ ...at(19), season: null, episode: null })]),
    ]);
    const [one, two] = [store.rows({ from: 0, to: 1 })[0]!, store.rows({ from: 1, to: 2 })[0]!];
    expect(store.firstAirings(one.programs)).toEqual([1]); // 20:00 repeats 18:00 on channel 2; 21:00 is episode 2; the film is no episode
    expect(store.firstAirings(two.programs)).toEqual([0]); // 19:00 has no season/episode: nothing to stand behind
  });

  it('says nothing until the whole window has arrived (a later channel could hold an earlier airing)', () => {
    const store = load([channel(1, [program(at(20))])], false);
    expect(store.firstAirings(store.rows({ from: 0, to: 1 })[0]!.programs)).toEqual([]);
    store.finish();
    expect(store.firstAirings(store.rows({ from: 0, to: 1 })[0]!.programs)).toEqual([0]);
  });
});
