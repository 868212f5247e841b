/**
 * NEW only with evidence (issue 44): the episode record (core/features/episode-record.ts) marks an
 * airing NEW only once the guides the app read of a server cover a week of whole days, and only
 * when it is the first airing of its episode the record has seen there. A fresh install, an hour a
 * day, a damaged file: no mark. Bounded, kept across restarts. Follow's "first airings" and NEW
 * read the same identity and agree: what NEW marks Follow reminds, what Follow skips as a repeat
 * is never NEW.
 */
import fc from 'fast-check';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Program } from '../../src/shared/airwave';
import { noteAiring, type EpisodeAirings } from '../../src/shared/episode-identity';
import { EpisodeRecord, MAX_EPISODES, NEW_AFTER_DAYS, RECORD_DAYS, SAVE_EVERY_MS } from '../../src/main/core/features/episode-record';
import { JsonFileStore, MAX_DOCUMENT_BYTES, memoryStore, type FeatureStore } from '../../src/main/core/features/json-store';
import { planReminders } from '../../src/main/core/features/follow-policy';
import { repeatKey } from '../../src/main/core/features/watchlist';
import { ManualClock } from '../support/manual-clock';
import { guideProgram } from '../support/guide-fixtures';
import { useTempDirs } from '../support/temp-dirs';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-09-27T18:00:00.000Z');
const tempDir = useTempDirs('airwave-episodes');

const episode = (n: number, start: number, over: Partial<Program> = {}): Program =>
  guideProgram({ ratingKey: `rk${n}-${start}`, title: `Episode ${n}`, type: 'episode', showTitle: 'Harbour Lights', season: 1, episode: n, startsAt: new Date(start).toISOString(), endsAt: new Date(start + 30 * MIN).toISOString(), ...over });

/**
 * A channel's schedule, day after day from T0: each day a new episode at 20:00 (its first airing),
 * yesterday's again at 23:00 (a repeat), and a film at 21:00.
 */
function airingsOn(day: number): Program[] {
  const base = T0 + day * DAY;
  return [
    episode(day, base + 2 * HOUR),
    ...(day > 0 ? [episode(day - 1, base + 5 * HOUR)] : []),
    guideProgram({ ratingKey: `film-${day}`, title: 'Heat', type: 'movie', year: 1995, startsAt: new Date(base + 3 * HOUR).toISOString(), endsAt: new Date(base + 5 * HOUR).toISOString() }),
  ];
}

/** What a guide window [from, to) holds of that schedule, as a guide read gives the record. */
function windowOf(from: number, to: number): { episodes: EpisodeAirings; programs: Program[]; span: { from: number; to: number } } {
  const programs: Program[] = [];
  for (let day = Math.floor((from - T0) / DAY) - 1; day <= Math.ceil((to - T0) / DAY); day++) {
    if (day < 0) continue;
    for (const p of airingsOn(day)) if (Date.parse(p.startsAt) >= from && Date.parse(p.startsAt) < to) programs.push(p);
  }
  const episodes: EpisodeAirings = new Map();
  for (const p of programs) noteAiring(episodes, p, Date.parse(p.startsAt));
  return { episodes, programs, span: { from, to } };
}

function setup(store: FeatureStore = memoryStore(), clock = new ManualClock(T0)) {
  const problems: string[] = [];
  const record = new EpisodeRecord({ store, name: 'episodes-srv-test.json', clock, problem: (text) => problems.push(text) });
  return { record, clock, store, problems };
}

/** The app reads a day of the guide (as search, the 24 h zoom or the watchlist do) at 18:00 each day, `days` days running. */
function readDaily(record: EpisodeRecord, clock: ManualClock, days: number, first = 0): void {
  for (let day = first; day < first + days; day++) {
    clock.set(T0 + day * DAY);
    const { episodes, span } = windowOf(clock.now() - HOUR, clock.now() + DAY);
    record.read(episodes, span);
  }
}

const fresh = (record: EpisodeRecord, programs: Program[]) => programs.filter((p) => record.isNew(p)).map((p) => `${p.title}@${(Date.parse(p.startsAt) - T0) / HOUR}h`);

describe('NEW only with evidence', () => {
  it('a fresh record marks nothing, not even an airing it has never seen before', () => {
    const { record, clock } = setup();
    readDaily(record, clock, 1);
    expect(record.days).toBe(0);
    expect(fresh(record, windowOf(T0 - HOUR, T0 + DAY).programs)).toEqual([]);
  });

  it(`after ${NEW_AFTER_DAYS} whole days read: the first airing of an episode never seen is NEW; a repeat, an episode seen before and a film are not`, () => {
    const { record, clock } = setup();
    readDaily(record, clock, NEW_AFTER_DAYS);
    // 18:00 to 18:00 each day: the days between are whole, the first and the last are not
    expect(record.days).toBe(NEW_AFTER_DAYS - 1);
    const today = windowOf(clock.now() - HOUR, clock.now() + DAY).programs;
    expect(fresh(record, today)).toEqual([]);
    readDaily(record, clock, 1, NEW_AFTER_DAYS);
    expect(record.days).toBe(NEW_AFTER_DAYS);
    const window = windowOf(clock.now() - HOUR, clock.now() + DAY).programs;
    // day 7's episode at 20:00 is new; day 6's at 23:00 repeats it (seen on day 6); the film is no episode
    expect(fresh(record, window)).toEqual([`Episode ${NEW_AFTER_DAYS}@${NEW_AFTER_DAYS * 24 + 2}h`]);
    // the same episode aired again later the same night is not new; its first airing stays new
    const again = episode(NEW_AFTER_DAYS, T0 + NEW_AFTER_DAYS * DAY + 9 * HOUR);
    const noted: EpisodeAirings = new Map();
    noteAiring(noted, again, Date.parse(again.startsAt));
    record.read(noted, { from: Date.parse(again.startsAt), to: Date.parse(again.startsAt) + HOUR });
    expect(record.isNew(again)).toBe(false);
    expect(record.isNew(episode(NEW_AFTER_DAYS, T0 + NEW_AFTER_DAYS * DAY + 2 * HOUR))).toBe(true);
  });

  it('an hour of guide a day is no evidence: in a month of glances nothing is NEW', () => {
    const { record, clock } = setup();
    for (let day = 0; day < 30; day++) {
      clock.set(T0 + day * DAY);
      const { episodes, span } = windowOf(clock.now(), clock.now() + HOUR);
      record.read(episodes, span);
    }
    expect(record.days).toBe(0);
    expect(fresh(record, windowOf(clock.now(), clock.now() + DAY).programs)).toEqual([]);
  });

  it(`keeps nothing older than ${RECORD_DAYS} days, and never more than ${MAX_EPISODES} episodes (it then vouches only from there)`, () => {
    const { record, clock } = setup();
    readDaily(record, clock, RECORD_DAYS + 10);
    expect(record.size).toBeLessThanOrEqual(RECORD_DAYS + 2);
    expect(record.days).toBeLessThanOrEqual(RECORD_DAYS);
    // a server with more episodes than the record holds in one window
    const crowd: EpisodeAirings = new Map();
    for (let i = 0; i < MAX_EPISODES + 5_000; i++) crowd.set(`episode\nshow ${i}\n1\n1`, { first: clock.now() - DAY + i * 1_000, last: clock.now() - DAY + i * 1_000 });
    record.read(crowd, { from: clock.now() - DAY, to: clock.now() + DAY });
    expect(record.size).toBeLessThanOrEqual(MAX_EPISODES);
    // what it let go it can no longer vouch for: the days before are not counted
    expect(record.days).toBeLessThan(NEW_AFTER_DAYS);
  });

  it('is kept across a restart, within the size a feature file may have', () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const first = setup(new JsonFileStore(dir, () => clock.now()), clock);
    readDaily(first.record, clock, NEW_AFTER_DAYS + 1);
    const crowd: EpisodeAirings = new Map();
    // a full record (long show names, two-digit seasons and episodes) still fits
    for (let i = first.record.size; i < MAX_EPISODES; i++) crowd.set(`episode\na show with a long name ${i}\n12\n24`, { first: clock.now() + i, last: clock.now() + i });
    first.record.read(crowd, { from: clock.now(), to: clock.now() + HOUR });
    expect(first.record.size).toBe(MAX_EPISODES);
    // written by its timer (or on close), not at every read
    expect(() => statSync(join(dir, 'episodes-srv-test.json'))).toThrow();
    clock.advance(SAVE_EVERY_MS);
    expect(statSync(join(dir, 'episodes-srv-test.json')).size).toBeLessThan(MAX_DOCUMENT_BYTES);
    const second = setup(new JsonFileStore(dir, () => clock.now()), clock);
    expect(second.problems).toEqual([]);
    expect(second.record.days).toBe(first.record.days);
    const window = windowOf(T0 + NEW_AFTER_DAYS * DAY - HOUR, T0 + (NEW_AFTER_DAYS + 1) * DAY).programs;
    expect(fresh(second.record, window)).toEqual(fresh(first.record, window));
    expect(fresh(second.record, window).length).toBe(1);
  });

  it('a damaged file costs what was damaged, says so, and starts its week again (a lost entry could make a repeat look new)', () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const first = setup(new JsonFileStore(dir, () => clock.now()), clock);
    readDaily(first.record, clock, NEW_AFTER_DAYS + 1);
    first.record.close();
    const path = join(dir, 'episodes-srv-test.json');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { episodes: unknown[] };
    file.episodes[0] = ['x', 'not a minute', null];
    writeFileSync(path, JSON.stringify(file));
    const second = setup(new JsonFileStore(dir, () => clock.now()), clock);
    expect(second.problems).toHaveLength(1);
    expect(second.record.size).toBe(first.record.size - 1);
    expect(second.record.days).toBe(0);
    expect(fresh(second.record, windowOf(clock.now() - HOUR, clock.now() + DAY).programs)).toEqual([]);
    // a file that is not a record at all: set aside, and a record starts afresh
    writeFileSync(path, '{"version": 9}');
    const third = setup(new JsonFileStore(dir, () => clock.now()), clock);
    expect(third.problems).toHaveLength(1);
    expect(third.record.size).toBe(0);
  });
});

describe('Follow and NEW agree (one identity: shared/episode-identity.ts)', () => {
  it('for any week of schedules: Follow (first airings) reminds every airing NEW marks, and no airing it skips as a repeat is NEW', () => {
    fc.assert(
      fc.property(
        // each day's airings of one show: which episode, at which hour
        fc.array(fc.array(fc.record({ n: fc.integer({ min: 1, max: 6 }), hour: fc.integer({ min: 0, max: 23 }) }), { maxLength: 6 }), { minLength: NEW_AFTER_DAYS + 2, maxLength: NEW_AFTER_DAYS + 4 }),
        (days) => {
          const clock = new ManualClock(T0);
          const { record } = setup(memoryStore(), clock);
          const schedule = days.flatMap((list, day) => list.map(({ n, hour }) => episode(n, T0 + day * DAY + hour * HOUR + n * MIN)));
          // the app reads a day of the guide each day, as the watchlist's scan does
          let today: Program[] = [];
          days.forEach((_, day) => {
            clock.set(T0 + day * DAY);
            const span = { from: clock.now(), to: clock.now() + DAY };
            today = schedule.filter((p) => Date.parse(p.startsAt) >= span.from && Date.parse(p.startsAt) < span.to);
            const episodes: EpisodeAirings = new Map();
            for (const p of today) noteAiring(episodes, p, Date.parse(p.startsAt));
            record.read(episodes, span);
          });
          const airings = today.map((p) => ({ followed: 'Harbour Lights', repeat: repeatKey(p), startsAt: p.startsAt, program: p }));
          const plan = planReminders({ airings, now: clock.now() - 1, policy: () => 'first', waiting: () => 0, reminded: () => false, remembered: () => false, cap: 1_000 });
          const isNew = airings.filter((a) => record.isNew(a.program));
          for (const a of isNew) expect(plan.remind).toContain(a);
          for (const a of plan.repeats) expect(record.isNew(a.program)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
