import { readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HistoryFiles } from '../../src/main/core/history/history-files';
import { HistoryIndex } from '../../src/main/core/history/history-index';
import { HistoryRecord } from '../../src/main/core/history/history-record';
import type { NowPlayingEntry } from '../../src/shared/airwave';
import { AWAY_MIN_MS, HEARTBEAT_MS, History } from '../../src/main/core/history/history';
import { decodeLine, encodeLine, MAX_NAME } from '../../src/main/core/history/record-format';
import { initialState, type AppState } from '../../src/main/core/state';
import { ManualClock } from '../support/manual-clock';
import { utcCalendar } from '../../src/main/core/history/calendar';
import { useTempDirs } from '../support/temp-dirs';

// The record on disk through History: what was followed and watched survives a restart, a crash
// costs at most the time since the last heartbeat, a torn last line only itself, months turn,
// the retention drops old months, "Clear history" clears; fed from AppState like the activity log.

const tempDir = useTempDirs('airwave-history');
const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2026, 10, 27, 18, 0, 0);
const SERVER = { id: 'srv-home', label: null };
const ALL = new Set<keyof AppState>(['connection', 'nowPlaying']);

function entry(user: string, channelNumber: number, title: string): NowPlayingEntry {
  return { user, device: { platform: 'tvOS', model: 'Apple TV', name: null }, channelNumber, channelName: `Ch ${channelNumber}`, title, showTitle: null, artworkUrl: null } as unknown as NowPlayingEntry;
}

/** A server state at `now`: connected (or not) with these viewers read now. */
function state(clock: ManualClock, viewers: NowPlayingEntry[] | null, connected = true): AppState {
  const s = initialState(0);
  return {
    ...s,
    connection: { ...s.connection, state: connected ? 'live' : 'offline', since: 0 },
    nowPlaying: viewers ? { data: viewers, updatedAt: clock.now(), error: null } : s.nowPlaying,
  };
}

/** History on `dir`, once it has read its record. */
async function open(dir: string | null, clock: ManualClock) {
  const problems: string[] = [];
  let changes = 0;
  const history = new History({ clock, dir, calendar: utcCalendar, serverName: () => 'Home', changed: () => changes++, problem: (t) => problems.push(t) });
  await history.whenReady();
  return { history, problems, changes: () => changes };
}

describe('the history record', () => {
  it('records follows and viewings, and reads them back after a restart', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const { history } = await open(dir, clock);
    history.observe(SERVER, state(clock, []), ALL);
    clock.advance(HOUR);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News'), entry('Bob', 101, 'News')]), ALL);
    clock.advance(30 * MIN);
    history.observe(SERVER, state(clock, [entry('Ann', 102, 'Film'), entry('Bob', 101, 'News')]), ALL);
    clock.advance(30 * MIN);
    history.observe(SERVER, state(clock, []), ALL);
    clock.advance(HOUR);
    const before = history.view({ span: '24h' });
    history.dispose();
    expect(before.peak).toEqual({ count: 2, at: T0 + HOUR });
    expect(before.watchedMs).toBe(2 * HOUR);
    expect(before.viewings).toBe(3);

    const again = (await open(dir, clock)).history;
    const after = again.view({ span: '24h' });
    // the follow ended at close: the time since is a gap
    expect(after.followedMs).toBe(3 * HOUR);
    expect({ ...after, gaps: null }).toEqual({ ...before, followedMs: 3 * HOUR, gaps: null });
    expect(after.gaps).toEqual([{ from: T0 + 3 * HOUR - 24 * HOUR, to: T0 }]);
    // an hour with the app stopped, then it follows again: the stop is a gap
    clock.advance(HOUR);
    again.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(HOUR);
    const later = again.view({ span: '24h' });
    expect(later.gaps.at(-1)).toEqual({ from: T0 + 3 * HOUR, to: T0 + 4 * HOUR });
    expect(later.watchedMs).toBe(3 * HOUR);
    again.dispose();
  });

  it('after a crash, the follow ends at the last heartbeat and the viewings with it', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const { history } = await open(dir, clock);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(HEARTBEAT_MS * 3 + MIN); // three heartbeats, then the process dies (no dispose)
    const crashed = (await open(dir, new ManualClock(T0 + 5 * HOUR))).history;
    const view = crashed.view({ span: '24h' });
    expect(view.followedMs).toBe(3 * HEARTBEAT_MS);
    expect(view.people.top).toEqual([{ name: 'Ann', serverId: 'srv-home', server: null, minutes: 15, lastSeen: T0 + 3 * HEARTBEAT_MS }]);
    history.dispose();
  });

  it('a torn last line costs only that event, and the next run starts on a fresh line', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const { history } = await open(dir, clock);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(10 * MIN);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News'), entry('Bob', 101, 'News')]), ALL);
    const file = join(dir, 'srv-home', readdirSync(join(dir, 'srv-home'))[0]!);
    // the last line (Bob's start) is torn half way
    const size = statSync(file).size;
    truncateSync(file, size - 6);
    const clock2 = new ManualClock(T0 + 20 * MIN);
    const { history: second, problems } = await open(dir, clock2);
    expect(problems).toEqual(['1 damaged line of the viewing history was skipped; the rest was kept.']);
    expect(second.view({ span: '24h' }).people.top.map((p) => p.name)).toEqual(['Ann']);
    second.observe(SERVER, state(clock2, [entry('Cat', 103, 'Film')]), ALL);
    clock2.advance(10 * MIN);
    second.dispose();
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines.filter((l) => decodeLine(l, 0) === null)).toHaveLength(1); // the torn one alone
    const third = (await open(dir, clock2)).history;
    expect(third.view({ span: '24h' }).people.top.map((p) => p.name).sort()).toEqual(['Ann', 'Cat']);
    // the second run's follow starts on its own line: the time the app was down stays a gap
    // (the first follow ends at its last whole line, the heartbeat at 10 min)
    expect(third.view({ span: '24h' }).gaps.at(-1)).toEqual({ from: T0 + 10 * MIN, to: T0 + 20 * MIN });
    expect(third.view({ span: '24h' }).followedMs).toBe(20 * MIN);
    third.dispose();
    history.dispose();
  });

  it('a damaged line in the middle costs only itself', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const { history } = await open(dir, clock);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(10 * MIN);
    history.dispose();
    const file = join(dir, 'srv-home', readdirSync(join(dir, 'srv-home'))[0]!);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.splice(2, 0, '["s",12,"x"', '\u0000garbage', '["e",99999999999,1]');
    writeFileSync(file, lines.join('\n'));
    const { history: again, problems } = await open(dir, clock);
    expect(problems[0]).toMatch(/^3 damaged line/);
    expect(again.view({ span: '24h' }).people.top.map((p) => [p.name, p.minutes])).toEqual([['Ann', 10]]);
  });

  it('a month turning ends what is open in the old file and starts it again in the new one', async () => {
    const dir = tempDir();
    const end = Date.UTC(2026, 10, 30, 23, 30);
    const clock = new ManualClock(end);
    const { history } = await open(dir, clock);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(HOUR);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News'), entry('Bob', 101, 'News')]), ALL);
    history.dispose();
    expect(readdirSync(join(dir, 'srv-home')).sort()).toEqual(['2026-11.jsonl', '2026-12.jsonl']);
    const again = (await open(dir, clock)).history;
    expect(again.view({ span: '24h' }).followedMs).toBe(HOUR);
    expect(again.view({ span: '24h' }).people.top.map((p) => [p.name, p.minutes])).toEqual([['Ann', 60]]);
  });

  it('a viewing seen or gone by the line that turns the month is written once, at its own time', async () => {
    // written as it came, with no heartbeat between (a viewer list in a month's first minutes):
    // Bob's start at 00:15 opens December's file, Ann's end at 00:20 is its next line
    const dir = tempDir();
    const start = Date.UTC(2026, 10, 30, 23, 0);
    const record = new HistoryRecord(new HistoryIndex(), new HistoryFiles(dir, (text) => expect.fail(text)));
    const fields = (person: string, channelNumber: number) => ({ person, device: 'Apple TV', channelNumber, channel: `Ch ${channelNumber}`, programme: 'News' });
    record.followStart('srv-home', 'Home', start);
    record.seen('srv-home', 'ann', start, fields('Ann', 101));
    record.seen('srv-home', 'bob', start + 75 * MIN, fields('Bob', 103));
    record.gone('srv-home', 'ann', start + 80 * MIN);
    record.gone('srv-home', 'bob', start + 85 * MIN);
    record.seen('srv-home', 'cat', start + 90 * MIN, fields('Cat', 104));
    record.followEnd('srv-home', start + 2 * HOUR);
    expect(readdirSync(join(dir, 'srv-home')).sort()).toEqual(['2026-11.jsonl', '2026-12.jsonl']);
    const { history } = await open(dir, new ManualClock(start + 3 * HOUR));
    const view = history.view({ span: '24h' });
    expect(view.people.top.map((p) => [p.name, p.minutes, p.lastSeen])).toEqual([
      ['Ann', 80, start + 80 * MIN],
      ['Cat', 30, start + 2 * HOUR],
      ['Bob', 10, start + 85 * MIN],
    ]);
    expect(view.watchedMs).toBe(120 * MIN);
    history.dispose();

    // a viewing gone by the line that turns the month ends then, in the new month's numbering
    const dir2 = tempDir();
    const record2 = new HistoryRecord(new HistoryIndex(), new HistoryFiles(dir2, (text) => expect.fail(text)));
    record2.followStart('srv-home', 'Home', start);
    record2.seen('srv-home', 'ann', start, fields('Ann', 101));
    record2.seen('srv-home', 'bob', start + 10 * MIN, fields('Bob', 103));
    record2.gone('srv-home', 'ann', start + 65 * MIN); // 00:05, December's first line
    record2.followEnd('srv-home', start + 2 * HOUR);
    const second = (await open(dir2, new ManualClock(start + 3 * HOUR))).history;
    expect(second.view({ span: '24h' }).people.top.map((p) => [p.name, p.minutes, p.lastSeen])).toEqual([
      ['Bob', 110, start + 2 * HOUR],
      ['Ann', 65, start + 65 * MIN],
    ]);
    second.dispose();
  });

  it('the retention drops whole months older than it; Clear history clears and recording goes on', async () => {
    const dir = tempDir();
    const clock = new ManualClock(Date.UTC(2025, 0, 10));
    const first = (await open(dir, clock)).history;
    first.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(HOUR);
    first.dispose();
    clock.set(Date.UTC(2025, 11, 1));
    const second = (await open(dir, clock)).history;
    expect(readdirSync(join(dir, 'srv-home'))).toEqual(['2025-01.jsonl']); // within a year
    second.setRetention(90);
    expect(readdirSync(join(dir, 'srv-home'))).toEqual([]);
    second.observe(SERVER, state(clock, [entry('Bob', 101, 'News')]), ALL);
    clock.advance(HOUR);
    expect(second.view({ span: '24h' }).watchedMs).toBe(1 * HOUR);
    second.clear();
    expect(second.view({ span: '24h' }).watchedMs).toBe(0 * HOUR);
    clock.advance(HOUR);
    expect(second.view({ span: '24h' }).watchedMs).toBe(1 * HOUR); // Bob is still watching: recorded again from the clear
    second.dispose();
    expect((await open(dir, clock)).history.status(null).retentionDays).toBe(90);
  });

  it('counts only fresh viewer lists of a connected server as followed', async () => {
    const clock = new ManualClock(T0);
    const { history } = await open(null, clock);
    const stale = { ...state(clock, [entry('Ann', 101, 'News')]), connection: { ...initialState(0).connection, state: 'live' as const, since: T0 + 1 } };
    history.observe(SERVER, stale, ALL);
    clock.advance(HOUR);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News')], false), ALL);
    expect(history.view({ span: '24h' }).followedMs).toBe(0);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(HOUR);
    expect(history.view({ span: '24h' }).followedMs).toBe(HOUR);
    history.dispose();
  });

  it('sums up the time away when the popover opens after an hour of following, once', async () => {
    const clock = new ManualClock(T0);
    const { history } = await open(null, clock);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(AWAY_MIN_MS - MIN);
    history.popoverOpen(true);
    expect(history.status(null).away).toBeNull(); // under an hour
    history.popoverOpen(false);
    clock.advance(30 * MIN);
    history.observe(SERVER, state(clock, [entry('Ann', 101, 'News'), entry('Bob', 102, 'Film')]), ALL);
    clock.advance(AWAY_MIN_MS);
    history.popoverOpen(true);
    // from the quarter hour the last opening fell in: History opened from the line shows the same
    expect(history.status(null).away).toEqual({ since: T0 + 45 * MIN, to: clock.now(), people: 2, programmes: 2, peak: { count: 2, at: T0 + AWAY_MIN_MS + 29 * MIN } });
    history.popoverOpen(false);
    expect(history.status(null).away).toBeNull(); // read, and gone
    expect(history.status(null).peakToday).toBe(2);
    history.dispose();
  });

  it('writes one viewer list as one append, however many viewers it changes', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const append = vi.spyOn(HistoryFiles.prototype, 'append');
    const { history } = await open(dir, clock);
    const many = Array.from({ length: 500 }, (_, i) => entry(`Viewer ${i}`, 101, 'News'));
    history.observe(SERVER, state(clock, many), ALL);
    expect(append).toHaveBeenCalledTimes(1);
    expect(append.mock.calls[0]![2].length).toBeGreaterThan(500);
    clock.advance(MIN);
    history.observe(SERVER, state(clock, []), ALL);
    expect(append).toHaveBeenCalledTimes(2);
    history.dispose();
    expect(append).toHaveBeenCalledTimes(3);
    append.mockRestore();
    expect((await open(dir, clock)).history.view({ span: '24h' }).people.top).toHaveLength(10);
  });

  it('memory keeps what a span can ask for: older viewings and their names go at the daily trim', async () => {
    const clock = new ManualClock(T0);
    const { history } = await open(null, clock);
    for (let day = 0; day < 100; day++) {
      history.observe(SERVER, state(clock, [entry(`Viewer ${day}`, 101, `Show ${day}`)]), ALL);
      clock.advance(24 * HOUR); // heartbeats all day; the trim runs once a day
    }
    const month = history.view({ span: '30d' });
    expect(month.people.top).toHaveLength(10);
    expect(month.viewings).toBe(31); // 30 days back, from that day's midnight (day columns start on one)
    // 32 days held, each with a person and a show, plus the device and the channel; names are
    // dropped once fewer than half are used, so at most twice that: never the 100 days seen (203)
    expect(history.heldNames()).toBeLessThanOrEqual(2 * (1 + 2 * 33 + 2));
    // the days whose rows went are read from their summaries: all 100 people, each a day
    const all = history.view({ span: 'custom', from: T0, to: clock.now() });
    expect(all.unit).toBe('day');
    expect(all.people.count).toBe(100);
    expect(all.watchedMs).toBe(100 * 24 * HOUR);
    history.dispose();
  });

  it('exports any range over the retention: the days past the rows held are read from their month files', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const { history } = await open(dir, clock);
    for (let day = 0; day < 60; day++) {
      history.observe(SERVER, state(clock, [entry(`Viewer ${day}`, 101, `Show ${day}`)]), ALL);
      clock.advance(HOUR);
      history.observe(SERVER, state(clock, []), ALL);
      clock.advance(23 * HOUR);
    }
    const { text, rows } = await history.csv({ span: 'custom', from: T0 - HOUR, to: clock.now() });
    expect(rows).toBe(60);
    expect(text).toContain('Viewer 0,');
    expect(text).toContain('Viewer 59,');
    // the days whose rows were let go are figures still: every one of them
    expect(history.view({ span: 'custom', from: T0 - HOUR, to: clock.now() }).people.count).toBe(60);
    history.dispose();
  });

  it('opens off the start-up path: nothing is read before the next turn, and what is seen meanwhile is written at once and counted after the record', async () => {
    const dir = tempDir();
    const clock = new ManualClock(T0);
    const first = (await open(dir, clock)).history;
    first.observe(SERVER, state(clock, [entry('Ann', 101, 'News')]), ALL);
    clock.advance(HOUR);
    first.dispose();
    const read = vi.spyOn(HistoryFiles.prototype, 'readLater');
    const second = new History({ clock, dir, calendar: utcCalendar, serverName: () => 'Home', changed: () => {}, problem: () => {} });
    // built, and nothing read yet: the tray asks for today's peak and gets none rather than waiting
    expect(read).not.toHaveBeenCalled();
    expect(second.status(null)).toMatchObject({ ready: false, peakToday: null });
    second.observe(SERVER, state(clock, [entry('Bob', 102, 'Film')]), ALL);
    const file = join(dir, 'srv-home', readdirSync(join(dir, 'srv-home'))[0]!);
    expect(readFileSync(file, 'utf8')).toContain('"Bob"'); // written at once
    await second.whenReady();
    expect(read).toHaveBeenCalled();
    read.mockRestore();
    clock.advance(HOUR);
    const view = second.view({ span: '24h' });
    expect(second.status(null).ready).toBe(true);
    expect(view.people.top.map((p) => [p.name, p.minutes])).toEqual([
      ['Ann', 60],
      ['Bob', 60],
    ]);
    second.dispose();
    // read back: the same (this run's lines were not read twice)
    expect((await open(dir, clock)).history.view({ span: '24h' }).people.top.map((p) => [p.name, p.minutes])).toEqual(view.people.top.map((p) => [p.name, p.minutes]));
  });

  it('writes compact lines and clips long names', async () => {
    const line = encodeLine({ kind: 's', t: Date.UTC(2026, 10, 1, 0, 0, 10), k: 3, person: 1, device: 2, channelNumber: 101, channel: 3, programme: 4 }, Date.UTC(2026, 10, 1));
    expect(line).toBe('["s",10,3,1,2,101,3,4]');
    const name = encodeLine({ kind: 'n', id: 1, text: 'x'.repeat(1000) }, 0);
    expect(decodeLine(name, 0)).toEqual({ kind: 'n', id: 1, text: 'x'.repeat(MAX_NAME) });
  });
});
