import { describe, expect, it } from 'vitest';
import { episodeIdentity, MAX_WAITING_PER_TITLE, planReminders, type PolicyAiring } from '../../src/main/core/features/follow-policy';
import type { FollowPolicy } from '../../src/shared/bridge';

// The follow policy, pure: what counts as a repeat, and which airings of a followed title get a
// reminder (first airings by default, every airing when chosen, never more than 3 waiting).

const T0 = Date.parse('2026-09-27T18:00:00.000Z');
const min = 60_000;
const at = (minutes: number) => new Date(T0 + minutes * min).toISOString();

describe('episodeIdentity', () => {
  const episode = { title: 'The Cake', showTitle: 'Friends', type: 'episode', season: 2, episode: 5, year: 1996, ratingKey: 'k1' };

  it('is the same for every airing of one episode, whatever its rating key or episode title', () => {
    expect(episodeIdentity({ ...episode, ratingKey: 'other', title: 'The Cake (repeat)' })).toBe(episodeIdentity(episode));
    expect(episodeIdentity({ ...episode, showTitle: '  FRIENDS ' })).toBe(episodeIdentity(episode));
  });

  it('tells episodes, seasons and shows apart', () => {
    expect(episodeIdentity({ ...episode, episode: 6 })).not.toBe(episodeIdentity(episode));
    expect(episodeIdentity({ ...episode, season: 3 })).not.toBe(episodeIdentity(episode));
    expect(episodeIdentity({ ...episode, showTitle: 'Frasier' })).not.toBe(episodeIdentity(episode));
  });

  it('knows a film by its title and year: a remake is another film', () => {
    const film = { title: 'Heat', showTitle: null, type: 'movie', season: null, episode: null, year: 1995, ratingKey: 'm1' };
    expect(episodeIdentity({ ...film, ratingKey: 'm2', title: 'heat' })).toBe(episodeIdentity(film));
    expect(episodeIdentity({ ...film, year: 2025 })).not.toBe(episodeIdentity(film));
  });

  it('falls back on the library item, then the titles, when the server does not number episodes', () => {
    const bare = { title: 'Matchday Live', showTitle: null, ratingKey: 'r9' };
    expect(episodeIdentity(bare)).toBe(episodeIdentity({ ...bare, title: 'Other name' }));
    expect(episodeIdentity({ ...bare, ratingKey: null })).toBe(episodeIdentity({ ...bare, ratingKey: null, title: ' matchday  LIVE' }));
    expect(episodeIdentity({ ...bare, ratingKey: 'r10' })).not.toBe(episodeIdentity(bare));
  });
});

describe('planReminders', () => {
  const airing = (followed: string, repeat: string, minutes: number, channel = 'c1'): PolicyAiring & { id: string } => ({
    followed,
    repeat,
    startsAt: at(minutes),
    id: `${channel}@${minutes}`,
  });
  const plan = (airings: (PolicyAiring & { id: string })[], o: { policy?: FollowPolicy; waiting?: number; reminded?: string[]; remembered?: string[] } = {}) =>
    planReminders({
      airings,
      now: T0,
      policy: () => o.policy ?? 'first',
      waiting: () => o.waiting ?? 0,
      reminded: (a) => (o.reminded ?? []).includes(a.id),
      remembered: (_, repeat) => (o.remembered ?? []).includes(repeat),
    });
  const ids = (list: { id: string }[]) => list.map((a) => a.id);

  it('reminds of the first airing of each episode, soonest first, and leaves out its repeats', () => {
    // an episode every 14 minutes all evening, each shown twice: the flood a Follow used to set
    const evening = Array.from({ length: 20 }, (_, i) => airing('Matchday Live', `e${i % 10}`, 10 + i * 14));
    const { remind, repeats } = plan(evening);
    expect(ids(remind)).toEqual(['c1@10', 'c1@24', 'c1@38']);
    expect(remind).toHaveLength(MAX_WAITING_PER_TITLE);
    expect(repeats).toHaveLength(10);
    expect(repeats.every((r) => Number(r.repeat.slice(1)) < 10 && evening.indexOf(r) >= 10)).toBe(true);
  });

  it('sorts the airings by start whatever order they come in, and skips those already on', () => {
    const list = [airing('A', 'x', 90), airing('A', 'x', 30, 'c2'), airing('A', 'y', -5), airing('A', 'z', 60)];
    expect(ids(plan(list).remind)).toEqual(['c2@30', 'c1@60']);
  });

  it('counts the reminders waiting: only the room left is filled', () => {
    const list = [airing('A', 'a', 10), airing('A', 'b', 20), airing('A', 'c', 30), airing('A', 'd', 40)];
    expect(ids(plan(list, { waiting: 2 }).remind)).toEqual(['c1@10']);
    expect(plan(list, { waiting: 3 }).remind).toEqual([]);
  });

  it('does not remind again an airing that has its reminder, nor a repeat of it', () => {
    const list = [airing('A', 'a', 10), airing('A', 'a', 50), airing('A', 'b', 70)];
    const { remind, repeats } = plan(list, { reminded: ['c1@10'], waiting: 1 });
    expect(ids(remind)).toEqual(['c1@70']);
    expect(ids(repeats)).toEqual(['c1@50']);
  });

  it('never reminds a repeat of an episode reminded before (its reminder may have fired)', () => {
    const list = [airing('A', 'a', 10), airing('A', 'b', 20)];
    expect(ids(plan(list, { remembered: ['a'] }).remind)).toEqual(['c1@20']);
  });

  it('reminds of every airing when chosen explicitly, still at most 3 waiting', () => {
    const list = [airing('A', 'a', 10), airing('A', 'a', 20), airing('A', 'a', 30), airing('A', 'a', 40)];
    const { remind, repeats } = plan(list, { policy: 'every', remembered: ['a'] });
    expect(ids(remind)).toEqual(['c1@10', 'c1@20', 'c1@30']);
    expect(repeats).toEqual([]);
  });

  it('gives each followed title its own room', () => {
    const list = [...[10, 20, 30, 40].map((m, i) => airing('A', `a${i}`, m)), ...[15, 25].map((m, i) => airing('B', `b${i}`, m, 'c2'))];
    const { remind } = plan(list);
    expect(remind.filter((a) => a.followed === 'A')).toHaveLength(3);
    expect(remind.filter((a) => a.followed === 'B')).toHaveLength(2);
    expect(remind.map((a) => a.startsAt)).toEqual([...remind.map((a) => a.startsAt)].sort());
  });
});
