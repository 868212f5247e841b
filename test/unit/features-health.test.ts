import { describe, expect, it } from 'vitest';
import type { Guide, Program, Status } from '../../src/shared/airwave';
import { guideProgram } from '../support/guide-fixtures';
import type { ConnectionState, HealthAlertSettings } from '../../src/shared/bridge';
import { DEFAULT_FEATURE_SETTINGS } from '../../src/main/core/features/feature-settings';
import { HealthAlerts } from '../../src/main/core/features/health-alerts';
import { memoryStore, type FeatureStore } from '../../src/main/core/features/json-store';
import { localTime } from '../../src/shared/format';
import { findAirings, MAX_AIRINGS_PER_TITLE, Watchlist } from '../../src/main/core/features/watchlist';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { initialState, type AppState } from '../../src/main/core/state';
import { ManualClock } from '../support/manual-clock';

// Health alerts from the connection states the core publishes, on the fake clock; and the
// watchlist's matching of guide programmes.

const T0 = Date.parse('2026-09-27T18:00:00.000Z');
const min = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function setup(settings: Partial<HealthAlertSettings> = {}, store: FeatureStore = memoryStore()) {
  const clock = new ManualClock(T0);
  const notes: NotificationRequest[] = [];
  const values = { ...DEFAULT_FEATURE_SETTINGS.health, ...settings };
  const alerts = new HealthAlerts({ clock, store, settings: () => values, notify: (n) => notes.push(n), problem: () => {} });
  let state = initialState(T0);
  const set = (connection: ConnectionState, extra: Partial<AppState['connection']> = {}, patch: Partial<AppState> = {}) => {
    state = {
      ...state,
      server: { url: 'http://tv.local:36020/api/public/v1', name: 'Living room' },
      ...patch,
      connection: { ...state.connection, state: connection, message: extra.message ?? connection, attempt: extra.attempt ?? (connection === 'offline' ? 1 : 0), suspended: false, ...extra },
    };
    alerts.observe(state);
  };
  return { clock, notes, alerts, set, values, titles: () => notes.map((n) => n.title) };
}

const status = (version: string): Status => ({ product: 'airwave', version, instanceId: 'i', name: 'Living room', time: iso(T0), timezone: 'UTC', uptimeSeconds: 1, counts: { channels: 1, packages: 1, activeSessions: 0 } }) as Status;

describe('HealthAlerts', () => {
  it('says when the server has been unreachable for the set minutes, once, and when it is back', () => {
    const { clock, set, titles } = setup();
    set('live');
    set('offline', { message: 'Nothing is listening at tv.local' });
    clock.advance(4 * min);
    set('connecting', { attempt: 3 });
    set('offline', { attempt: 3 });
    expect(titles()).toEqual([]);
    clock.advance(min);
    expect(titles()).toEqual(['Cannot reach Living room']);
    clock.advance(30 * min);
    set('offline', { attempt: 9 });
    expect(titles()).toHaveLength(1);
    set('live');
    expect(titles()).toEqual(['Cannot reach Living room', 'Living room is back']);
    expect(clock.timerCount).toBe(0);
  });

  it('stays quiet for a short outage, for sleep, and when turned off', () => {
    const short = setup();
    short.set('offline');
    short.clock.advance(2 * min);
    short.set('live');
    short.clock.advance(10 * min);
    expect(short.titles()).toEqual([]);

    const asleep = setup();
    asleep.set('offline');
    asleep.clock.advance(2 * min);
    asleep.set('offline', { suspended: true });
    asleep.clock.advance(60 * min);
    asleep.set('connecting', { attempt: 0 });
    asleep.set('live');
    expect(asleep.titles()).toEqual([]);

    const off = setup({ unreachable: false });
    off.set('offline');
    off.clock.advance(60 * min);
    off.set('live');
    expect(off.titles()).toEqual([]);
  });

  it('follows a changed delay for an outage under way', () => {
    const { clock, set, titles, values, alerts } = setup();
    set('offline');
    clock.advance(min);
    values.unreachableMinutes = 2;
    alerts.settingsChanged();
    clock.advance(min);
    expect(titles()).toEqual(['Cannot reach Living room']);
  });

  it('says once that the key was rejected, pointing at Settings', () => {
    const { set, notes } = setup();
    set('live');
    set('unauthorized');
    set('unauthorized', { message: 'still' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Living room rejected the API key', target: { view: 'settings' } });
    expect(setup({ keyRejected: false }).notes).toHaveLength(0);
  });

  // issue 33 item 6: a key that worked and now gets 401 is refused now, never "wrong" or "probably"
  it('a key that worked is refused now, until when it worked: regenerated, revoked or limited by the server', () => {
    const { set, notes } = setup();
    const until = Date.UTC(2026, 8, 27, 21, 12);
    set('live');
    set('unauthorized', { keyWorked: { until } });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Living room refuses the API key now', target: { view: 'settings' } });
    expect(notes[0]!.body).toBe(`The key worked until ${localTime(until)} and is refused now: it was regenerated, revoked or limited by the server. Paste a new key in Settings.`);
    const never = setup();
    never.set('unauthorized');
    for (const note of [...notes, ...never.notes]) expect(`${note.title} ${note.body}`).not.toMatch(/wrong|probably/i);
  });

  it('says when the version changed, remembering it across restarts', () => {
    const store = memoryStore();
    const first = setup({}, store);
    first.set('live', {}, { status: { data: status('0.8.0'), updatedAt: T0, error: null } });
    expect(first.titles()).toEqual([]); // first sight: nothing to compare with
    first.set('live', {}, { status: { data: status('0.9.0'), updatedAt: T0, error: null } });
    expect(first.notes.at(-1)).toMatchObject({ title: 'Living room now runs version 0.9.0', body: 'It ran 0.8.0 before.' });
    const second = setup({}, store);
    second.set('live', {}, { status: { data: status('1.0.0'), updatedAt: T0, error: null } });
    expect(second.titles()).toEqual(['Living room now runs version 1.0.0']);
  });

  it('says when the event stream was refused because the server is full (503), once until live again', () => {
    const { set, titles } = setup();
    const capabilities = { data: { apiVersion: 'v1', serverVersion: '1', features: {}, webhooks: { supported: false, eventTypes: [] }, sse: { supported: true } }, updatedAt: T0, error: null } as unknown as AppState['capabilities'];
    // the sync engine's `busy` says the stream was refused as full; the line's words (in any language) are not read
    const full = { message: 'Prüfe alle 15 s (der Live-Ereignisstrom wurde abgelehnt (HTTP 503))', busy: true };
    set('polling', full, { capabilities });
    set('polling', full);
    expect(titles()).toEqual(['Living room is full: no live updates']);
    set('polling', { message: 'Checking every 15 s (the live event stream was refused (HTTP 404); trying it again later)' });
    set('live');
    set('polling', full);
    expect(titles()).toHaveLength(2);
  });

  it('does not take "HTTP 503" in the connection line for a full server: only `busy` says so', () => {
    const { set, titles } = setup();
    const capabilities = { data: { apiVersion: 'v1', serverVersion: '1', features: {}, webhooks: { supported: false, eventTypes: [] }, sse: { supported: true } }, updatedAt: T0, error: null } as unknown as AppState['capabilities'];
    set('polling', { message: 'Checking every 15 s (the live event stream was refused (HTTP 503); trying it again later)' }, { capabilities });
    set('polling', { message: 'Checking every 15 s (the live event stream was refused (HTTP 503); trying it again later)', busy: false });
    expect(titles()).toEqual([]);
  });
});

const program = (title: string, startsAt: number, extra: Partial<Program> = {}): Program =>
  guideProgram({ ratingKey: `rk-${title}-${startsAt}`, title, type: 'episode', startsAt: iso(startsAt), endsAt: iso(startsAt + 30 * min), ...extra });
const guide = (programs: Program[][], windowMinutes = 1440): Guide => ({
  serverTime: iso(T0),
  windowMinutes,
  backMinutes: 0,
  channels: programs.map((list, i) => ({ id: `ch${i}`, number: 100 + i, name: `C${i}`, callsign: null, icon: null, tint: null, package: null, programs: list })),
});

describe('Watchlist', () => {
  it('finds airings by show or film title, any case, never bumpers, within the next day', () => {
    const g = guide([
      [program('The One with the Cake', T0 + 30 * min, { showTitle: 'Friends' }), program('Friends', T0 + 60 * min, { ratingKey: null })],
      [program('Heat', T0 + 25 * 60 * min), program('heat', T0 + 120 * min), program('Old', T0 - 60 * min)],
    ]);
    const found = findAirings(g, [{ title: 'friends' }, { title: 'Heat' }], T0);
    expect(found.map((a) => `${a.followed}@${a.channelNumber}:${a.title}`)).toEqual(['friends@100:The One with the Cake', 'Heat@101:heat']);
  });

  it('keeps the airings still to start when a title is on now on more channels than it may keep', () => {
    const onNow = Array.from({ length: 25 }, () => [program('Friends', T0 - 10 * min)]);
    const later = [program('Friends', T0 + 3 * 60 * min)];
    const found = findAirings(guide([...onNow, later]), [{ title: 'Friends' }], T0);
    expect(found).toHaveLength(MAX_AIRINGS_PER_TITLE);
    expect(found.at(-1)!.startsAt).toBe(iso(T0 + 3 * 60 * min)); // kept, and listed by start
    expect(found.slice(0, -1).every((a) => a.startsAt === iso(T0 - 10 * min))).toBe(true);
  });

  it('keeps coming-up airings outside a scanned window and replaces those inside it', () => {
    const store = memoryStore();
    const list = new Watchlist(store, () => {}, () => {});
    list.follow('Friends', T0);
    list.scan(guide([[program('Friends', T0 + 60 * min), program('Friends', T0 + 20 * 60 * min)]]), T0);
    expect(list.comingUp(T0, () => false)).toHaveLength(2);
    expect(list.fullScanAt).toBe(T0); // that guide spoke for the whole next day
    // a 3-hour window in which the first airing moved: the late one stays
    const short = guide([[program('Friends', T0 + 90 * min), program('Other', T0 + 170 * min)]], 180);
    list.scan(short, T0 + min);
    expect(list.fullScanAt).toBe(T0);
    expect(list.comingUp(T0, () => false).map((a) => a.startsAt)).toEqual([iso(T0 + 90 * min), iso(T0 + 20 * 60 * min)]);
    // after a restart it is all still there
    const again = new Watchlist(store, () => {}, () => {});
    expect(again.followed.map((f) => f.title)).toEqual(['Friends']);
    expect(again.comingUp(T0, () => true).every((a) => a.reminded)).toBe(true);
    expect(again.unfollow('FRIENDS')).toBe('Friends');
    expect(again.comingUp(T0, () => false)).toEqual([]);
  });
});
