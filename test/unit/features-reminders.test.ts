import { describe, expect, it } from 'vitest';
import type { Program } from '../../src/shared/airwave';
import { guideProgram } from '../support/guide-fixtures';
import type { ProgrammeRef, Reminder } from '../../src/shared/bridge';
import { JsonFileStore, memoryStore, type FeatureStore } from '../../src/main/core/features/json-store';
import { MISSED_GRACE_MS, Reminders, REMINDERS_FILE } from '../../src/main/core/features/reminders';
import { checkScheduled, windowOf, type CheckOutcome } from '../../src/main/core/features/schedule-check';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';

// Reminders on the fake clock: one timer for the next one due, the check before firing, missed
// reminders after sleep or a restart, and the file they survive in.

const T0 = Date.parse('2026-09-27T18:00:00.000Z');
const min = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
const tempDir = useTempDirs('airwave-reminders');

function ref(title: string, startsAt: number, extra: Partial<ProgrammeRef> = {}): ProgrammeRef {
  return {
    channelId: 'ch-101',
    channelNumber: 101,
    channelName: '90s Sitcoms',
    title,
    showTitle: null,
    ratingKey: `rk-${title}`,
    startsAt: iso(startsAt),
    endsAt: iso(startsAt + 30 * min),
    ...extra,
  };
}

const program = (title: string, startsAt: number, extra: Partial<Program> = {}): Program =>
  guideProgram({ ratingKey: `rk-${title}`, title, type: 'episode', startsAt: iso(startsAt), endsAt: iso(startsAt + 30 * min), ...extra });

function setup(options: { store?: FeatureStore; clock?: ManualClock; lead?: number; outcome?: (r: Reminder) => CheckOutcome } = {}) {
  const clock = options.clock ?? new ManualClock(T0);
  const store = options.store ?? memoryStore();
  const notes: NotificationRequest[] = [];
  const checks: Reminder[] = [];
  let lead = options.lead ?? 2;
  const reminders = new Reminders({
    clock,
    store,
    leadMinutes: () => lead,
    check: async (reminder) => {
      checks.push(reminder);
      return options.outcome?.(reminder) ?? { kind: 'scheduled' };
    },
    notify: (request) => notes.push(request),
    changed: () => {},
    problem: (text) => notes.push({ id: 'problem', title: text, body: '', artworkUrl: null, target: { view: 'on-now' }, at: 0 }),
    log: () => {},
  });
  reminders.start();
  return { clock, store, notes, checks, reminders, setLead: (n: number) => (lead = n) };
}

/** Lets the check's promise settle. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('Reminders', () => {
  it('fires once, lead minutes before the start, naming the channel and programme, and opens the channel', async () => {
    const { clock, notes, checks, reminders } = setup();
    reminders.add(ref('Friends', T0 + 30 * min), 'you');
    expect(clock.timerCount).toBe(1);
    clock.advance(28 * min - 1);
    await flush();
    expect(notes).toHaveLength(0);
    clock.advance(1);
    await flush();
    expect(checks).toHaveLength(1);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Starts in 2 min: Friends', body: '101 90s Sitcoms · ' + notes[0]!.body.split(' · ')[1], target: { view: 'on-now', channelNumber: 101 } });
    expect(reminders.list).toHaveLength(0);
    clock.advance(60 * min);
    await flush();
    expect(notes).toHaveLength(1);
    expect(clock.timerCount).toBe(0);
  });

  it('keeps one timer for many reminders, soonest first, and follows a change of lead time', async () => {
    const { clock, notes, reminders, setLead } = setup();
    for (let i = 10; i > 0; i--) reminders.add(ref(`P${i}`, T0 + i * 60 * min), 'you');
    expect(clock.timerCount).toBe(1);
    expect(reminders.list.map((r) => r.title)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']);
    setLead(10);
    reminders.reschedule();
    expect(clock.timerCount).toBe(1);
    clock.advance(50 * min);
    await flush();
    expect(notes.map((n) => n.title)).toEqual(['Starts in 10 min: P1']);
  });

  it('says so when the programme moved, and reminds again at the new time', async () => {
    const { clock, notes, reminders } = setup({
      outcome: (r) => (r.startsAt === iso(T0 + 30 * min) ? { kind: 'moved', startsAt: iso(T0 + 45 * min), endsAt: iso(T0 + 75 * min) } : { kind: 'scheduled' }),
    });
    reminders.add(ref('Friends', T0 + 30 * min), 'you');
    clock.advance(28 * min);
    await flush();
    expect(notes[0]!.title).toMatch(/^Friends moved: now at /);
    expect(reminders.list.map((r) => r.startsAt)).toEqual([iso(T0 + 45 * min)]);
    clock.advance(15 * min);
    await flush();
    expect(notes[1]!.title).toBe('Starts in 2 min: Friends');
  });

  it('says so when the programme vanished, naming what is on instead, and forgets it', async () => {
    const { clock, notes, reminders } = setup({ outcome: () => ({ kind: 'vanished', instead: program('Seinfeld', T0 + 25 * min) }) });
    reminders.add(ref('Friends', T0 + 30 * min), 'you');
    clock.advance(28 * min);
    await flush();
    expect(notes[0]!.title).toMatch(/^Friends is no longer on at /);
    expect(notes[0]!.body).toBe('101 90s Sitcoms; Seinfeld is on instead');
    expect(reminders.list).toHaveLength(0);
  });

  it('reports reminders that fell due during sleep once, as missed, and never fires them late', async () => {
    const { clock, notes, checks, reminders } = setup();
    reminders.add(ref('Friends', T0 + 30 * min), 'you');
    reminders.add(ref('Seinfeld', T0 + 40 * min), 'you');
    reminders.add(ref('Frasier', T0 + 5 * 60 * min), 'you');
    reminders.suspend();
    expect(clock.timerCount).toBe(0);
    clock.set(T0 + 2 * 60 * min); // two hours asleep: no timer ran
    reminders.resume();
    reminders.resume(); // a second wake event changes nothing
    await flush();
    expect(checks).toHaveLength(0);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: '2 reminders missed while the computer was asleep' });
    expect(notes[0]!.body).toContain('Friends');
    expect(reminders.list.map((r) => r.title)).toEqual(['Frasier']);
    clock.advance(3 * 60 * min);
    await flush();
    expect(notes.map((n) => n.title)).toEqual(['2 reminders missed while the computer was asleep', 'Starts in 2 min: Frasier']);
  });

  it('treats a timer that runs late (the process was frozen) as missed, within the grace as due', async () => {
    const { clock, notes, reminders } = setup();
    reminders.add(ref('Friends', T0 + 30 * min), 'you');
    reminders.add(ref('Seinfeld', T0 + 90 * min), 'you');
    clock.set(T0 + 28 * min + MISSED_GRACE_MS - 1); // timers are late but within the grace
    clock.advance(0);
    await flush();
    expect(notes.map((n) => n.title)).toEqual(['Starts in 1 min: Friends']);
    clock.set(T0 + 95 * min); // far past Seinfeld's moment (88 min) without its timer running
    clock.advance(0);
    await flush();
    expect(notes[1]!.title).toBe('Missed while the computer was asleep: Seinfeld');
  });

  it('fires at once when set inside the lead time, and refuses programmes that have started', async () => {
    const { clock, notes, reminders } = setup();
    expect(reminders.add(ref('Old', T0 - min), 'you')).toBe('Old has already started.');
    reminders.add(ref('Soon', T0 + min), 'you');
    clock.advance(0);
    await flush();
    expect(notes.map((n) => n.title)).toEqual(['Starts in 1 min: Soon']);
  });

  it('survives a restart in its file; what fell due while closed is reported once on start', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const first = setup({ store: new JsonFileStore(dir, () => clock.now()), clock });
    first.reminders.add(ref('Friends', T0 + 30 * min), 'you');
    first.reminders.add(ref('Later', T0 + 10 * 60 * min), 'you');
    first.reminders.dispose();
    clock.set(T0 + 2 * 60 * min); // the app was closed for two hours
    const second = setup({ store: new JsonFileStore(dir, () => clock.now()), clock });
    await flush();
    expect(second.notes.map((n) => n.title)).toEqual(['Missed while the app was closed: Friends']);
    expect(second.reminders.list.map((r) => r.title)).toEqual(['Later']);
    second.reminders.dispose();
    const third = setup({ store: new JsonFileStore(dir, () => clock.now()), clock });
    expect(third.notes).toHaveLength(0); // reported once only
    third.reminders.dispose();
  });

  it('leaves out a damaged reminder and keeps the others, with a notice and a copy of the file as it was', async () => {
    const dir = tempDir();
    const { writeFileSync, readFileSync } = await import('node:fs');
    const original = JSON.stringify({ version: 1, reminders: [{ oops: true }, { ...ref('Friends', T0 + 30 * min), from: 'you', addedAt: T0 }] });
    writeFileSync(`${dir}/${REMINDERS_FILE}`, original);
    const { notes, reminders } = setup({ store: new JsonFileStore(dir, () => T0) });
    expect(reminders.list.map((r) => r.title)).toEqual(['Friends']);
    expect(notes.map((n) => n.title)).toEqual([
      `In reminders.json, entry 1 of reminders could not be read and was left out; the rest was kept. The file as it was is kept as reminders.damaged-${T0}.json.`,
    ]);
    expect(readFileSync(`${dir}/reminders.damaged-${T0}.json`, 'utf8')).toBe(original);
  });

  it('sets a file of another version aside whole with a notice and starts empty', async () => {
    const dir = tempDir();
    const { writeFileSync, readdirSync } = await import('node:fs');
    writeFileSync(`${dir}/${REMINDERS_FILE}`, '{"version":2,"reminders":[]}');
    const { notes, reminders } = setup({ store: new JsonFileStore(dir, () => T0) });
    expect(reminders.list).toEqual([]);
    expect(notes[0]!.title).toContain('set aside');
    expect(readdirSync(dir)).toEqual([`reminders.damaged-${T0}.json`]);
  });

  it('remembers a cancelled watchlist reminder so a later scan does not make it again', () => {
    const { reminders } = setup();
    const made = reminders.add(ref('Friends', T0 + 30 * min), 'watchlist') as Reminder;
    expect(reminders.cancel(made.id)).toBe(true);
    expect(reminders.add(ref('Friends', T0 + 30 * min), 'watchlist')).toBe('You cancelled this one.');
    expect(typeof reminders.add(ref('Friends', T0 + 30 * min), 'you')).toBe('object'); // you may still ask
  });
});

describe('checkScheduled', () => {
  const start = T0 + 30 * min;
  const window = (programs: Program[]) => ({ programs, from: T0, to: T0 + 60 * min });

  it('finds the programme where it was, moved, or gone (with what is on instead)', () => {
    expect(checkScheduled(ref('Friends', start), window([program('Friends', start)]), T0)).toEqual({ kind: 'scheduled' });
    expect(checkScheduled(ref('Friends', start), window([program('Friends', start + 15 * min)]), T0)).toEqual({
      kind: 'moved',
      startsAt: iso(start + 15 * min),
      endsAt: iso(start + 45 * min),
    });
    const gone = checkScheduled(ref('Friends', start), window([program('Seinfeld', start - 5 * min)]), T0);
    expect(gone).toMatchObject({ kind: 'vanished', instead: { title: 'Seinfeld' } });
  });

  it('matches by rating key when both have one, else by title and show', () => {
    const other = program('Friends', start, { ratingKey: 'another-episode' });
    expect(checkScheduled(ref('Friends', start), window([other]), T0).kind).toBe('vanished');
    expect(checkScheduled(ref('Friends', start, { ratingKey: null }), window([other]), T0).kind).toBe('scheduled');
  });

  it('cannot tell when the schedule does not reach the start', () => {
    expect(checkScheduled(ref('Friends', T0 + 3 * 60 * min), window([program('Seinfeld', T0)]), T0)).toEqual({ kind: 'unknown' });
    expect(checkScheduled(ref('Friends', start), null, T0)).toEqual({ kind: 'unknown' });
    expect(windowOf([null, program('A', T0)])).toMatchObject({ from: T0, to: T0 + 30 * min });
  });
});
