/**
 * One time per programme (issue 44): the rule (shared/programme-times.ts) and every view that says a
 * programme's times. Airwave stretches a programme over the break after it in `/guide` and
 * `/guide/now`, and sends its own end in now answers, `/schedule` and a viewer's progress. Whatever
 * mix of those the app has read, each view (the guide's rows, search, On now, the channel sheet's
 * now, next and later, a viewer's card) says one start and one end for a programme: its own end
 * once the app holds it, else the stretched one, never both. And On now and the guide agree on what
 * is on now (the programme, or the break).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GuideChannel, GuideNow, NowPlayingEntry, NowSlot, Program } from '../../src/shared/airwave';
import { endFromDuration, ProgrammeTimes, TIMES_CHANNELS_MAX, TIMES_PER_CHANNEL_MAX } from '../../src/shared/programme-times';
import { onAir } from '../../src/shared/on-air';
import { localTime } from '../../src/shared/format';
import { GuideStore } from '../../src/main/core/guide';
import { GuideWindows } from '../../src/main/core/sync/guide-window';
import { advanceOnNow, timedOnNow } from '../../src/main/core/sync/on-now';
import { OnNowView } from '../../src/main/core/app/on-now-view';
import { viewersWithSessions } from '../../src/main/core/app/snapshot';
import { pastTheBreak } from '../../src/main/core/app/handlers/lookup-handler';
import { initialState, StateStore, type HeldOnNow } from '../../src/main/core/state';
import { ManualClock } from '../support/manual-clock';
import { guideProgram } from '../support/guide-fixtures';

const MIN = 60_000;
const T0 = Date.parse('2026-09-27T18:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const CHANNEL = { id: 'ch-7', number: 107, name: 'Newsroom', callsign: null, icon: null, tint: null, package: null };

/** One channel's truth: programmes with their own times, a break (maybe none) after each. */
interface Airing {
  program: Program;
  start: number;
  /** its own end */
  end: number;
  /** the next programme's start (its stretched end) */
  stretched: number;
}

function truthOf(shape: { minutes: number; breakSeconds: number }[]): Airing[] {
  const airings: Airing[] = [];
  let t = T0 - 60 * MIN;
  shape.forEach(({ minutes, breakSeconds }, i) => {
    const start = t;
    const end = start + minutes * MIN;
    const stretched = i === shape.length - 1 ? end : end + breakSeconds * 1000;
    const program = guideProgram({ ratingKey: `rk${i}`, title: `Episode ${i}`, type: 'episode', showTitle: 'World Desk', season: 1, episode: i + 1, startsAt: iso(start), endsAt: iso(end), durationSeconds: minutes * 60 });
    airings.push({ program, start, end, stretched });
    t = stretched;
  });
  return airings;
}

const stretchedOf = (a: Airing): Program => ({ ...a.program, endsAt: iso(a.stretched), durationSeconds: (a.stretched - a.start) / 1000 });
const slot = (program: Program, kind: 'program' | 'bumper'): NowSlot => ({ ...program, kind });
/** a bumper slot, as Airwave sends it: no rating key, the title of the programme it introduces */
const bumper = (after: Airing, before: Airing): NowSlot => slot({ ...before.program, ratingKey: null, startsAt: iso(after.end), endsAt: iso(after.stretched), durationSeconds: (after.stretched - after.end) / 1000 }, 'bumper');

/** What the server answers, each as Airwave does (airwave-api.md, "Bumpers"). */
const answers = (truth: Airing[]) => ({
  guide: (): GuideChannel => ({ ...CHANNEL, programs: truth.map(stretchedOf) }),
  guideNow(at: number): GuideNow {
    const i = truth.findIndex((a) => a.start <= at && at < a.stretched);
    return { serverTime: iso(at), channels: [{ ...CHANNEL, now: i < 0 ? null : stretchedOf(truth[i]!), next: truth[i + 1] ? stretchedOf(truth[i + 1]!) : null }] };
  },
  channelNow(at: number): { current: NowSlot | null; next: NowSlot | null } {
    const slots: NowSlot[] = [];
    truth.forEach((a, i) => {
      slots.push(slot(a.program, 'program'));
      if (a.stretched > a.end && truth[i + 1]) slots.push(bumper(a, truth[i + 1]!));
    });
    const i = slots.findIndex((s) => Date.parse(s.startsAt) <= at && at < Date.parse(s.endsAt));
    return { current: slots[i] ?? null, next: i < 0 ? null : (slots[i + 1] ?? null) };
  },
  schedule: (at: number): Program[] => truth.filter((a) => a.end > at).map((a) => a.program),
});

/** What the app reads, in any order: On now answers, a sheet opened (its lookup and schedule), a viewer's progress. */
type Read = { kind: 'guide-now'; at: number } | { kind: 'sheet'; at: number } | { kind: 'viewer'; at: number };

/** Every view's (start, end) of each programme it shows, by start. */
type Said = Map<number, { view: string; end: number }[]>;

async function views(truth: Airing[], reads: Read[], at: number): Promise<{ said: Said; onNowAir: ReturnType<typeof onAir>; guideAir: ReturnType<typeof onAir> }> {
  const server = answers(truth);
  const times = new ProgrammeTimes<Program>();
  const clock = new ManualClock(at);
  const store = new StateStore(initialState(at, 1440));
  const windows = new GuideWindows(store, clock, times);
  const guide = new GuideStore(1440);
  guide.header({ serverTime: iso(T0), windowMinutes: 1440, backMinutes: 120 });
  guide.channel(server.guide());
  guide.finish();
  await windows.follow(guide, windows.ask(1440), () => true);
  const engine = { times, guide: windows, learnTimes: (id: string, slots: readonly (Program | null)[]) => void times.learn(id, slots) };
  const schedules = { programmes: async (id: string) => (times.learn(id, server.schedule(at)), server.schedule(at)) };
  let onNow: GuideNow = server.guideNow(at);
  let sheet: { current: NowSlot | null; next: NowSlot | null; later: Program[] } | null = null;
  let viewer: NowPlayingEntry | null = null;
  for (const read of reads) {
    if (read.kind === 'guide-now') onNow = server.guideNow(read.at);
    if (read.kind === 'sheet') {
      // the sheet's lookup learns the now answer and finds what a break leads to; its list is the schedule
      const { current, next } = server.channelNow(read.at);
      const shown = await pastTheBreak(engine, store, schedules, CHANNEL.id, current, next);
      const later = await schedules.programmes(CHANNEL.id);
      if (read.at === at) sheet = { ...shown, later };
    }
    if (read.kind === 'viewer') {
      const airing = truth.find((a) => a.start <= read.at && read.at < a.end);
      if (!airing) continue;
      // the engine learns the programme's length from the progress of a viewer on it (SyncEngine.#learnFromViewers)
      times.learnDuration(CHANNEL.id, stretchedOf(airing), (airing.end - airing.start) / 1000);
      if (read.at === at) viewer = { user: 'Hannah', channelNumber: CHANNEL.number, channelName: CHANNEL.name, title: airing.program.title, showTitle: airing.program.showTitle, artworkUrl: null, progress: { positionSeconds: Math.floor((at - airing.start) / 1000), durationSeconds: (airing.end - airing.start) / 1000 }, device: null };
    }
  }
  const held: HeldOnNow = advanceOnNow(timedOnNow(onNow, times), at).held;
  const said: Said = new Map();
  const say = (view: string, program: Program | null | undefined) => {
    if (!program || program.ratingKey === null) return;
    const start = Date.parse(program.startsAt);
    said.set(start, [...(said.get(start) ?? []), { view, end: Date.parse(program.endsAt) }]);
  };
  const row = windows.rows({ from: 0, to: 1 }).rows[0]!;
  for (const program of row.programs) say('guide', program);
  // search sends one row per title (issue 47) and, asked for that title, each of its airings
  const after = at - 6 * 60 * MIN;
  for (const found of windows.search('world desk', after, 50)) {
    for (const hit of found.first) say('search', hit.program);
    for (const hit of windows.search('world desk', after, 1, undefined, found.title)[0]?.first ?? []) say('search airings', hit.program);
  }
  const onNowRow = new OnNowView().rows({ from: 0, to: 1 }, held, new Set()).rows[0]!;
  say('on now', onNowRow.now);
  say('on now next', onNowRow.next);
  if (sheet) {
    say('sheet now', sheet.current);
    say('sheet next', sheet.next);
    for (const program of sheet.later) say('sheet later', program);
  }
  if (viewer) {
    const state = { ...initialState(at), nowPlaying: { data: [viewer], updatedAt: at, error: null }, onNow: { data: held, updatedAt: at, error: null } };
    const entry = viewersWithSessions(state).data![0]!;
    const onAirNow = held.channels[0]!.now;
    if (entry.endsAt && onAirNow) said.set(Date.parse(onAirNow.startsAt), [...(said.get(Date.parse(onAirNow.startsAt)) ?? []), { view: 'card', end: Date.parse(entry.endsAt) }]);
  }
  return { said, onNowAir: onAir([onNowRow.now, onNowRow.next], at), guideAir: onAir(row.programs, at) };
}

const shapes = fc.array(fc.record({ minutes: fc.integer({ min: 5, max: 60 }), breakSeconds: fc.constantFrom(0, 30, 90, 180, 330) }), { minLength: 3, maxLength: 7 });

describe('one time per programme, in every view', () => {
  it('for any mix of answers, every view gives one programme the same start and end: its own once held, else the stretched one', async () => {
    await fc.assert(
      fc.asyncProperty(
        shapes.chain((shape) => {
          const truth = truthOf(shape);
          const from = truth[0]!.start;
          const to = truth.at(-1)!.end - 1;
          return fc.integer({ min: from, max: to }).chain((at) => {
            // answers read before the moment the views are looked at, in any order
            const earlier = fc.integer({ min: from, max: at });
            const read = fc.oneof(
              fc.record({ kind: fc.constant('guide-now' as const), at: earlier }),
              fc.record({ kind: fc.constant('sheet' as const), at: earlier }),
              fc.record({ kind: fc.constant('viewer' as const), at: earlier }),
            );
            return fc.tuple(fc.constant(truth), fc.constant(at), fc.array(read, { maxLength: 6 }), fc.boolean(), fc.boolean());
          });
        }),
        async ([truth, at, reads, sheetNow, viewerNow]) => {
          const all: Read[] = [...reads, ...(sheetNow ? [{ kind: 'sheet' as const, at }] : []), ...(viewerNow ? [{ kind: 'viewer' as const, at }] : [])];
          const { said, onNowAir, guideAir } = await views(truth, all, at);
          for (const [start, ends] of said) {
            const airing = truth.find((a) => a.start === start)!;
            const distinct = new Set(ends.map((e) => e.end));
            // one end per programme, whichever view says it; and in words the same (the views print localTime)
            expect(distinct.size, `${localTime(start)}: ${ends.map((e) => `${e.view} ${localTime(e.end)}`).join(', ')}`).toBe(1);
            expect([airing.end, airing.stretched]).toContain([...distinct][0]);
            // a view that holds the own end (the sheet, a card) makes it every view's
            if (ends.some((e) => e.view.startsWith('sheet') || e.view === 'card')) expect([...distinct][0]).toBe(airing.end);
          }
          // On now and the guide agree on what is on now: the same programme, or the same break (unless
          // On now's answer has run out: it says it is checking, and asks the server again)
          if (onNowAir.current || onNowAir.break) {
            expect(onNowAir.current?.startsAt ?? null).toBe(guideAir.current?.startsAt ?? null);
            expect(onNowAir.break?.at ?? null).toBe(guideAir.break?.at ?? null);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a sheet opened during the break before the next programme: On now and the guide say the break too, the sheet shows the programme with its own end', async () => {
    const truth = truthOf([
      { minutes: 30, breakSeconds: 0 },
      { minutes: 40, breakSeconds: 180 },
      { minutes: 25, breakSeconds: 0 },
    ]);
    const [, film, after] = truth;
    const at = film!.end + 60_000; // a minute into the break
    const { said, onNowAir, guideAir } = await views(truth, [{ kind: 'sheet', at }], at);
    expect(onNowAir.current).toBeNull();
    expect(onNowAir.break?.at).toBe(after!.start);
    expect(guideAir.break?.at).toBe(after!.start);
    expect(said.get(film!.start)!.every((e) => e.end === film!.end)).toBe(true);
    expect(said.get(after!.start)!.map((e) => e.view)).toEqual(expect.arrayContaining(['guide', 'on now next', 'sheet next']));
  });

  it('with nothing but stretched answers, every view says the stretched end (never an end it cannot stand behind)', async () => {
    const truth = truthOf([
      { minutes: 30, breakSeconds: 90 },
      { minutes: 30, breakSeconds: 90 },
      { minutes: 30, breakSeconds: 0 },
    ]);
    const at = truth[1]!.start + 5 * MIN;
    const { said } = await views(truth, [{ kind: 'guide-now', at }], at);
    for (const [start, ends] of said) expect(ends.every((e) => e.end === truth.find((a) => a.start === start)!.stretched)).toBe(true);
  });
});

describe('the rule', () => {
  const times = () => new ProgrammeTimes<Program>();
  const p = (start: number, end: number, over: Partial<Program> = {}) => guideProgram({ ratingKey: 'rk', title: 'Heat', startsAt: iso(start), endsAt: iso(end), durationSeconds: (end - start) / 1000, ...over });

  it('uses a held own end only for the same airing, and only where it fits the answer', () => {
    const held = times();
    held.learn('a', [p(T0, T0 + 30 * MIN)]);
    expect(held.timed(p(T0, T0 + 33 * MIN), 'a').endsAt).toBe(iso(T0 + 30 * MIN));
    // another channel, another programme at the same start, an own end past the answer's: as given
    expect(held.timed(p(T0, T0 + 33 * MIN), 'b').endsAt).toBe(iso(T0 + 33 * MIN));
    expect(held.timed(p(T0, T0 + 33 * MIN, { ratingKey: 'other' }), 'a').endsAt).toBe(iso(T0 + 33 * MIN));
    expect(held.timed(p(T0, T0 + 20 * MIN), 'a').endsAt).toBe(iso(T0 + 20 * MIN));
    // a timed programme keeps its duration in step with its end
    expect(held.timed(p(T0, T0 + 33 * MIN), 'a').durationSeconds).toBe(30 * 60);
  });

  it('a break learned from a now answer ends the programme stretched over it where the break starts', () => {
    const held = times();
    held.learn('a', [{ ...p(T0 + 30 * MIN, T0 + 33 * MIN, { ratingKey: null }), kind: 'bumper' } as Program]);
    expect(held.timed(p(T0, T0 + 33 * MIN), 'a').endsAt).toBe(iso(T0 + 30 * MIN));
    expect(held.timed(p(T0 + 33 * MIN, T0 + 60 * MIN), 'a').endsAt).toBe(iso(T0 + 60 * MIN));
  });

  it('a viewer’s progress gives the programme’s own end only where it fits (endFromDuration)', () => {
    expect(endFromDuration(p(T0, T0 + 33 * MIN), 30 * 60)).toBe(T0 + 30 * MIN);
    expect(endFromDuration(p(T0, T0 + 33 * MIN), 40 * 60)).toBeNull();
    expect(endFromDuration(p(T0, T0 + 33 * MIN), 0)).toBeNull();
    // a programme said to end in 2099 that a viewer's progress says lasts half an hour: not a break, neither is believed for the other
    expect(endFromDuration(p(T0, Date.parse('2099-01-01T00:00:00Z')), 30 * 60)).toBeNull();
  });

  it('holds at most TIMES_CHANNELS_MAX channels and TIMES_PER_CHANNEL_MAX programmes each (the latest kept)', () => {
    const held = times();
    for (let c = 0; c <= TIMES_CHANNELS_MAX; c++) held.learn(`c${c}`, [p(T0, T0 + MIN)]);
    expect(held.ownEnd('c0', p(T0, T0 + 2 * MIN))).toBeNull();
    expect(held.ownEnd(`c${TIMES_CHANNELS_MAX}`, p(T0, T0 + 2 * MIN))).toBe(T0 + MIN);
    const many = times();
    many.learn('a', Array.from({ length: TIMES_PER_CHANNEL_MAX + 10 }, (_, i) => p(T0 + i * 10 * MIN, T0 + i * 10 * MIN + 5 * MIN)));
    expect(many.ownEnd('a', p(T0, T0 + 10 * MIN))).toBeNull();
    const last = T0 + (TIMES_PER_CHANNEL_MAX + 9) * 10 * MIN;
    expect(many.ownEnd('a', p(last, last + 10 * MIN))).toBe(last + 5 * MIN);
  });

  it('moves its version only when something new is learned', () => {
    const held = times();
    expect(held.learn('a', [p(T0, T0 + MIN)])).toBe(true);
    const version = held.version;
    expect(held.learn('a', [p(T0, T0 + MIN)])).toBe(false);
    expect(held.version).toBe(version);
  });
});
