import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ACTIVITY_FILE, ActivityLog, localDay, MAX_ACTIVITY, ROTATE_AFTER } from '../../src/main/core/features/activity-log';
import { RESTART_WINDOW_MS } from '../../src/main/core/viewers/session-semantics';
import { JsonFileStore, MAX_DOCUMENT_BYTES, memoryStore, type FeatureStore } from '../../src/main/core/features/json-store';
import type { Viewer, ViewerList } from '../../src/main/core/viewers/viewers';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';

// The activity log from successive viewer lists, its bounds and rotation, the day query; and the
// small file store under every feature (atomic writes, caps, damaged files set aside).

const tempDir = useTempDirs('airwave-activity');
const min = 60_000;
const NOON = new Date(2026, 8, 27, 12, 0, 0).getTime(); // local noon, so "today" and "yesterday" are clear

function viewer(user: string, channelNumber: number, watching = 'Friends'): Viewer {
  return { key: `session:${user}`, person: user.toLowerCase(), user, device: 'Apple TV', channelNumber, channelName: `Ch ${channelNumber}`, watching, artworkUrl: null };
}
const list = (...viewers: Viewer[]): ViewerList => ({ scheme: 'session', viewers });

/** `at.now` moves the log's clock (held-back stops are written when their window is over). */
function open(store: FeatureStore = memoryStore(), at = { now: NOON }) {
  const problems: string[] = [];
  const clock = new ManualClock(at.now);
  const time = {
    get now() {
      return clock.now();
    },
    set now(to: number) {
      clock.advance(Math.max(0, to - clock.now()));
      clock.set(to);
    },
  };
  const log = new ActivityLog({ store, now: () => clock.now(), changed: () => {}, problem: (text) => problems.push(text), later: (fn, ms) => clock.setTimeout(fn, ms) });
  return { log, problems, at: time, store, clock };
}

describe('ActivityLog', () => {
  it('logs starts, stops and channel changes after the first (baseline) list, not before', () => {
    const { log, at } = open();
    log.observe(list(viewer('Ann', 101)), 1); // baseline: nothing is known of before it
    expect(log.size).toBe(0);
    at.now += min;
    log.observe(list(viewer('Ann', 101), viewer('Bob', 102)), 1);
    at.now += min;
    log.observe(list(viewer('Ann', 105), viewer('Bob', 102)), 1);
    at.now += min;
    log.observe(list(viewer('Ann', 105)), 1);
    at.now += RESTART_WINDOW_MS; // a stop is written once nobody restarted on the same device
    const page = log.query('today');
    expect(page.entries.map((e) => `${e.kind} ${e.user} ${e.channelNumber}`)).toEqual(['stopped Bob 102', 'changed Ann 105', 'started Bob 102']);
    expect(page.entries[1]).toMatchObject({ fromChannelNumber: 101, fromChannelName: 'Ch 101', whileAway: false });
    expect(page.users).toEqual(['Ann', 'Bob']);
    expect(log.query('today', 'bob').entries.map((e) => e.kind)).toEqual(['stopped', 'started']);
    expect(log.revision).toBe(3);
  });

  it('filters by a person whatever the case and spacing of the name, on either side (foldName)', () => {
    const { log, at } = open();
    log.observe(list(), 1);
    at.now += min;
    log.observe(list(viewer(' Cem ', 101), viewer('Dia', 102)), 1);
    expect(log.query('today', 'cem').entries.map((e) => `${e.kind} ${e.channelNumber}`)).toEqual(['started 101']);
    expect(log.query('today', ' CEM').entries).toHaveLength(1);
  });

  it('marks what changed while the app was away (a new epoch) and ignores a change of identity scheme', () => {
    const { log, at } = open();
    log.observe(list(viewer('Ann', 101)), 1);
    log.observe(list(viewer('Bob', 102)), 2);
    at.now += RESTART_WINDOW_MS;
    expect(log.query('today').entries.map((e) => [e.kind, e.user, e.whileAway])).toEqual([
      ['stopped', 'Ann', true],
      ['started', 'Bob', true],
    ]);
    log.observe({ scheme: 'device', viewers: [{ ...viewer('Cy', 103), key: 'device:cy' }] }, 2);
    expect(log.size).toBe(2);
  });

  it('takes a new session of the same user on the same device within a few seconds for a channel change', () => {
    const { log, at } = open();
    const web = (id: string, channelNumber: number, deviceId: string): Viewer => ({ ...viewer('Wendy', channelNumber), key: `session:${id}`, deviceId });
    log.observe(list(web('a', 101, 'dev1')), 1);
    at.now += min;
    log.observe(list(web('b', 103, 'dev1')), 1); // ended and restarted in one update
    log.observe(list(), 1);
    at.now += RESTART_WINDOW_MS - 1_000;
    log.observe(list(web('c', 105, 'dev1')), 1); // ended, then restarted a few seconds later
    log.observe(list(), 1);
    at.now += RESTART_WINDOW_MS - 1_000;
    log.observe(list(web('d', 105, 'dev2')), 1); // another device of the same kind: a stop and a start
    at.now += RESTART_WINDOW_MS;
    expect(log.query('today').entries.map((e) => `${e.kind} ${e.fromChannelNumber ?? ''}→${e.channelNumber}`)).toEqual([
      'started →105',
      'stopped →105',
      'changed 103→105',
      'changed 101→103',
    ]);
  });

  it('answers today and yesterday by local day', () => {
    const { log, at } = open();
    at.now = NOON - 24 * 60 * min;
    log.observe(list(), 1);
    log.observe(list(viewer('Ann', 101)), 1);
    at.now = NOON;
    log.observe(list(), 1);
    at.now += RESTART_WINDOW_MS;
    expect(log.query('yesterday').entries.map((e) => e.kind)).toEqual(['started']);
    expect(log.query('today').entries.map((e) => e.kind)).toEqual(['stopped']);
    expect(log.query('yesterday')).toMatchObject(localDay(NOON, 1));
  });

  it('keeps at most 7 days and 5,000 entries, rotating its file, and reads it back after a restart', () => {
    const dir = tempDir();
    const first = open(new JsonFileStore(dir, () => 1), { now: NOON - 8 * 24 * 60 * min });
    first.log.observe(list(), 1);
    first.log.observe(list(viewer('Old', 1)), 1); // 8 days ago
    first.at.now = NOON - 16 * 60 * min;
    for (let i = 0; i < MAX_ACTIVITY / 2 + 10; i++) {
      first.log.observe(list(viewer('Ann', 100 + (i % 3))), 1);
      first.log.observe(list(), 1);
      first.at.now += RESTART_WINDOW_MS + 1; // a stop, not a restart on another channel
    }
    expect(first.log.size).toBe(MAX_ACTIVITY);
    expect(readdirSync(dir).sort()).toEqual([ACTIVITY_FILE, `${ACTIVITY_FILE}.1`]);
    const lines = (name: string) => readFileSync(join(dir, name), 'utf8').trim().split('\n').length;
    expect(lines(ACTIVITY_FILE)).toBeLessThanOrEqual(ROTATE_AFTER);
    expect(lines(`${ACTIVITY_FILE}.1`)).toBe(ROTATE_AFTER);

    const again = open(new JsonFileStore(dir, () => 1), { now: first.at.now });
    expect(again.log.size).toBeLessThanOrEqual(MAX_ACTIVITY);
    expect(again.log.size).toBeGreaterThan(ROTATE_AFTER);
    expect(again.log.query('today').users).toEqual(['Ann']); // the 8-day-old entry is gone
  });

  it('skips damaged lines and keeps a line with a damaged field without it, with one notice; keeps the rest', () => {
    const dir = tempDir();
    const good = { at: NOON, kind: 'started', user: 'Ann', device: null, channelNumber: 101, channelName: 'X', fromChannelNumber: null, fromChannelName: null, watching: null, whileAway: false };
    const lines = [good, '{not json', { ...good, kind: 'exploded' }, { ...good, user: 'Bob', device: 42, whileAway: 'yes' }, { ...good, at: 'noon' }];
    writeFileSync(join(dir, ACTIVITY_FILE), lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'));
    const { log, problems } = open(new JsonFileStore(dir, () => 1));
    expect(log.size).toBe(2);
    expect(log.query('today').entries.map((e) => [e.user, e.device, e.whileAway])).toEqual([
      ['Bob', null, false],
      ['Ann', null, false],
    ]);
    expect(problems).toEqual(['3 damaged lines of the activity log were skipped. 1 line had damaged fields and was kept without them.']);
  });
});

describe('JsonFileStore', () => {
  it('reports a write that cannot happen (the folder is a file) instead of throwing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'blocked'), 'a file where the folder should be');
    const failures: string[] = [];
    const store = new JsonFileStore(join(dir, 'blocked'), () => 1, (text) => failures.push(text));
    store.write('reminders.json', { version: 1 });
    store.appendLog(ACTIVITY_FILE, { at: 1 }, 10);
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^Could not save reminders\.json: /);
  });

  it('writes atomically (no temp file left) and only for the owner', () => {
    const dir = tempDir();
    const store = new JsonFileStore(dir, () => 1);
    store.write('a.json', { n: 1 });
    store.write('a.json', { n: 2 });
    expect(readdirSync(dir)).toEqual(['a.json']);
    expect(store.read('a.json', v.object({ n: v.number() })).value).toEqual({ n: 2 });
    if (process.platform !== 'win32') expect(statSync(join(dir, 'a.json')).mode & 0o777).toBe(0o600);
  });

  it('sets aside files that are not JSON, not acceptable or too big, and refuses to write past the cap', () => {
    const dir = tempDir();
    const store = new JsonFileStore(dir, () => 42);
    writeFileSync(join(dir, 'bad.json'), '{"trunc');
    const bad = store.read('bad.json', v.object({}));
    expect(bad.value).toBeNull();
    expect(bad.problem).toContain('bad.damaged-42.json');
    expect(existsSync(join(dir, 'bad.damaged-42.json'))).toBe(true);
    writeFileSync(join(dir, 'odd.json'), '[]');
    expect(store.read('odd.json', v.object({ version: v.literal(1) })).problem).toContain('did not hold what this version expects');
    writeFileSync(join(dir, 'big.json'), `"${'x'.repeat(MAX_DOCUMENT_BYTES)}"`);
    expect(store.read('big.json', v.unknown()).problem).toContain('larger than expected');
    const failures: string[] = [];
    new JsonFileStore(dir, () => 42, (text) => failures.push(text)).write('huge.json', 'x'.repeat(MAX_DOCUMENT_BYTES));
    expect(failures).toEqual([expect.stringMatching(/^Could not save huge\.json: it would be larger than/)]);
    expect(existsSync(join(dir, 'huge.json'))).toBe(false);
    expect(store.read('missing.json', v.unknown())).toEqual({ value: null, problem: null });
  });
});
