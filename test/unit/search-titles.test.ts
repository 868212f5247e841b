import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GuideStore, searchTitles } from '../../src/main/core/guide';
import { SEARCH_AIRINGS_MAX } from '../../src/shared/bridge';
import { titleKey } from '../../src/shared/follow-title';
import type { Program } from '../../src/shared/airwave';
import { guideChannel, guideProgram } from '../support/guide-fixtures';

// Search's one row per programme (issue 47: "Matchday Live" was listed 60 times): the hits gathered
// under the title each is followed under, counted in full, each with its first airing (and the
// next still to start when that one is on air), on-air titles and later ones capped apart.

const at = (h: number, m = 0) => new Date(Date.UTC(2026, 8, 27, h, m)).toISOString();
const episode = (show: string, title: string, h: number, m = 0, minutes = 30): Program =>
  guideProgram({ ratingKey: `${show}-${title}-${h}-${m}`, type: 'episode', showTitle: show, title, startsAt: at(h, m), endsAt: new Date(Date.parse(at(h, m)) + minutes * 60_000).toISOString() });
const film = (title: string, h: number, m = 0): Program => guideProgram({ ratingKey: `${title}-${h}-${m}`, type: 'movie', showTitle: null, title, startsAt: at(h, m), endsAt: new Date(Date.parse(at(h, m)) + 90 * 60_000).toISOString() });

function storeOf(channels: Program[][]): GuideStore {
  const store = new GuideStore(24 * 60);
  store.header({ serverTime: at(18), windowMinutes: 24 * 60, backMinutes: 60 });
  channels.forEach((programs, i) => store.channel(guideChannel(101 + i, programs)));
  store.finish();
  return store;
}

describe('searchTitles', () => {
  const now = Date.parse(at(18, 10));
  const store = storeOf([
    [episode('Matchday Live', 'Second Chances', 18), episode('Matchday Live', 'Pilot', 18, 30), episode('Matchday Live', 'Finale', 19)],
    [film('Midnight on Route 9', 17, 30), episode('Matchday Live', 'Second Chances', 20), film('Midnight on Route 9', 22)],
    [episode('MATCHDAY  live', 'Homecoming', 21)],
  ]);
  const hits = (needle: string) => store.search(needle, now, Number.MAX_SAFE_INTEGER);

  it('gives one row per programme however often it airs, counted in full, its first airing first and the next to start with it', () => {
    const titles = searchTitles(store, hits('matchday'), now, 60);
    expect(titles).toHaveLength(1);
    const [matchday] = titles;
    // the show's airings on every channel, its title however it is spelled in case and spaces
    expect(matchday!.title).toBe('Matchday Live');
    expect(matchday!.airings).toBe(5);
    // on air at 18:00, and the next still to start (18:30): the row's "Remind me"
    expect(matchday!.first.map((h) => [h.channel.number, h.program.startsAt])).toEqual([
      [101, at(18)],
      [101, at(18, 30)],
    ]);
  });

  it('sends the airings of the title asked for, in order, up to its cap', () => {
    const [matchday] = searchTitles(store, hits('matchday'), now, 1, 'matchday live');
    expect(matchday!.airings).toBe(5);
    expect(matchday!.first.map((h) => h.program.startsAt)).toEqual([at(18), at(18, 30), at(19), at(20), at(21)]);
    expect(searchTitles(store, hits('matchday'), now, 1, 'Midnight on Route 9')).toEqual([]);
  });

  it('caps the titles on air and the titles later apart', () => {
    const both = searchTitles(store, hits('i'), now, 1);
    // "i": Matchday Live (on air) and Midnight on Route 9 (on air too: 17:30-19:00) — one on air kept
    expect(both.map((t) => t.title)).toEqual(['Midnight on Route 9']);
    const later = storeOf([[film('Paper Moons', 20)], [film('Paper Moons', 21)], [film('Paper Planes', 22)]]);
    expect(searchTitles(later, later.search('paper', now, 100), now, 1).map((t) => [t.title, t.airings])).toEqual([['Paper Moons', 2]]);
    expect(searchTitles(later, later.search('paper', now, 100), now, 2).map((t) => [t.title, t.airings])).toEqual([
      ['Paper Moons', 2],
      ['Paper Planes', 1],
    ]);
  });

  it('counts every airing of every title sent, sends at most the cap of one asked for, and never a title twice (property)', () => {
    const titles = ['Alpha', 'alpha ', 'Beta', 'Gamma Ray', 'gamma  ray'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 40 })), { maxLength: 200 }), fc.integer({ min: 1, max: 5 }), (airings, limit) => {
        // airings: [title, channel, half hours after 16:00], one programme per channel and start
        const channels: Program[][] = [[], [], []];
        const taken = new Set<string>();
        for (const [title, channel, slot] of airings) {
          if (taken.has(`${channel}/${slot}`)) continue;
          taken.add(`${channel}/${slot}`);
          channels[channel]!.push(film(titles[title]!, 16 + Math.floor(slot / 2), (slot % 2) * 30));
        }
        for (const list of channels) list.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
        const s = storeOf(channels);
        const all = s.search('a', now, Number.MAX_SAFE_INTEGER);
        const sent = searchTitles(s, all, now, limit);
        const keys = sent.map((t) => titleKey(t.title));
        expect(new Set(keys).size).toBe(keys.length);
        for (const t of sent) {
          expect(t.airings).toBe(all.filter((h) => titleKey(s.followTitle(h)) === titleKey(t.title)).length);
          expect(t.first.length).toBeGreaterThanOrEqual(1);
          expect(t.first.length).toBeLessThanOrEqual(2);
        }
        expect(sent.filter((t) => Date.parse(t.first[0]!.program.startsAt) <= now).length).toBeLessThanOrEqual(limit);
        expect(sent.filter((t) => Date.parse(t.first[0]!.program.startsAt) > now).length).toBeLessThanOrEqual(limit);
        for (const t of sent) {
          const one = searchTitles(s, all, now, 1, t.title)[0]!;
          expect(one.airings).toBe(t.airings);
          expect(one.first.length).toBe(Math.min(t.airings, SEARCH_AIRINGS_MAX));
        }
      }),
    );
  });
});
