import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, openSettingsDir, plainSecretBox, SettingsService } from '../../src/main/core/settings/settings';
import { MAX_SERVERS } from '../../src/shared/bridge-servers';
import { DEFAULT_FEATURE_SETTINGS, FEATURE_SETTINGS_FILE, FeatureSettingsStore } from '../../src/main/core/features/feature-settings';
import { FAVOURITES_FILE, Favourites } from '../../src/main/core/features/favourites';
import { HEALTH_FILE, HealthAlerts } from '../../src/main/core/features/health-alerts';
import { JsonFileStore } from '../../src/main/core/features/json-store';
import { REMINDERS_FILE, reminderId, Reminders } from '../../src/main/core/features/reminders';
import { WATCHLIST_FILE, Watchlist } from '../../src/main/core/features/watchlist';
import { initialState, type AppState } from '../../src/main/core/state';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';

// One schema per stored shape, over real files: a damaged field falls back to its default, a
// damaged list entry is left out, everything else is kept, and what was lost is named in one
// notice with a copy of the file as it was beside it. The next start reads the repaired file
// without a word.

const tempDir = useTempDirs('airwave-shapes');
const NOW = Date.parse('2026-09-27T18:00:00.000Z');
const HOME = 'http://home.local:36020';
const sealed = (key: string) => ({ data: Buffer.from(key).toString('base64'), protection: 'plain' });
const entry = (fields: Record<string, unknown> = {}) => ({ id: 'srv-home', name: 'Home', address: HOME, addresses: [HOME], instanceId: 'inst-1', apiKey: sealed('aw_home'), authStyle: 'bearer', paused: false, ...fields });

/** Writes `content` as `name` in a fresh folder. */
function folderWith(name: string, content: unknown): string {
  const dir = tempDir();
  writeFileSync(join(dir, name), JSON.stringify(content));
  return dir;
}

function openSettings(content: object) {
  const dir = folderWith('settings.json', content);
  const opened = openSettingsDir(dir, NOW);
  return { dir, settings: new SettingsService(opened.backend, plainSecretBox), notices: opened.notices.map((n) => n.text) };
}

const fellBack = (what: string, dir: string, file = 'settings') =>
  `In the settings file, ${what} was not usable and is back to its default; everything else was kept. The old file was kept as ${join(dir, `${file}.damaged-${NOW}.json`)}.`;

describe('the settings file: each field on its own', () => {
  it.each([
    ['pollSeconds', 'often', 'pollSeconds'],
    ['pollSeconds', 301, 'pollSeconds'],
    ['launchAtLogin', 'yes', 'launchAtLogin'],
    ['demo', 1, 'demo'],
    ['guideForwardMinutes', 29, 'guideForwardMinutes'],
    ['guideForwardMinutes', 1441, 'guideForwardMinutes'],
    ['selectedServer', 'Not An Id', 'selectedServer'],
    ['badgeServer', 42, 'badgeServer'],
    ['notifications', [], 'notifications'],
    ['shortcut', 'Ctrl+A', 'shortcut'],
  ] as const)('%s = %j falls back to its default; the rest is kept', (field, bad, named) => {
    const { dir, settings, notices } = openSettings({ servers: [entry()], pollSeconds: 45, guideForwardMinutes: 360, [field]: bad });
    expect(settings.values[field]).toEqual(DEFAULT_SETTINGS[field]);
    if (field !== 'pollSeconds') expect(settings.values.pollSeconds).toBe(45);
    if (field !== 'guideForwardMinutes') expect(settings.values.guideForwardMinutes).toBe(360);
    expect(settings.keyOf('srv-home')).toBe('aw_home');
    expect(notices).toEqual([fellBack(named, dir)]);
  });

  it.each([
    ['quietHours', { start: '25:00', end: '07:00' }],
    ['quietHours', { start: '22:00' }],
    ['mutedUsers', Array.from({ length: 201 }, (_, i) => `viewer ${i}`)],
    ['mutedUsers', ['x'.repeat(201)]],
    ['enabled', 'no'],
    ['pausedUntil', -1],
    ['mutedUntil', [{ name: 'Ann', until: 'tomorrow' }]],
  ] as const)('notifications.%s = %j falls back on its own; the other notification settings are kept', (field, bad) => {
    const good = { enabled: false, quietHours: { start: '22:00', end: '07:00' }, mutedUsers: ['Kid'], mutedUntil: [{ name: 'Ann', until: NOW + 60_000 }], pausedUntil: NOW + 60_000 };
    const { dir, settings, notices } = openSettings({ notifications: { ...good, [field]: bad } });
    expect(settings.values.notifications).toEqual({ ...good, [field]: DEFAULT_SETTINGS.notifications[field] });
    expect(notices).toEqual([fellBack(`notifications.${field}`, dir)]);
  });

  it('the limits are the bridge limits: 200 muted names of 200 characters, a pause up to 7 days ahead', () => {
    const names = Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(200, 'x'));
    const { settings, notices } = openSettings({ notifications: { enabled: true, quietHours: null, mutedUsers: names, pausedUntil: NOW + 7 * 24 * 60 * 60_000 } });
    expect(notices).toEqual([]);
    expect(settings.values.notifications.mutedUsers).toHaveLength(200);
  });

  it('keeps fields it does not know (a newer version wrote them) and fills in missing ones without a word', () => {
    const { dir, settings, notices } = openSettings({ futureThing: { a: 1 }, pollSeconds: 30 });
    expect(notices).toEqual([]);
    expect(settings.values.pollSeconds).toBe(30);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ futureThing: { a: 1 }, pollSeconds: 30, shortcut: DEFAULT_SETTINGS.shortcut });
  });
});

describe('the settings file: each server entry on its own', () => {
  it('leaves out an entry without a usable id or address, a second entry with the same id, and entries past the limit', () => {
    const extra = Array.from({ length: MAX_SERVERS }, (_, i) => entry({ id: `srv-${i}`, name: `S${i}`, address: `http://s${i}.local:36020`, addresses: [] }));
    const { dir, settings, notices } = openSettings({
      servers: [entry(), { ...entry({ id: 'BAD' }), name: 'Bad id' }, entry({ name: 'Twin' }), entry({ id: 'srv-nowhere', name: 'Nowhere', address: 'not an address' }), ...extra],
    });
    expect(settings.servers.map((s) => s.id)).toEqual(['srv-home', ...extra.slice(0, MAX_SERVERS - 1).map((s) => s.id)]);
    expect(notices).toEqual([
      `In the settings file, server 2 (Bad id), server 3 (Twin), server 4 (Nowhere) and server ${4 + MAX_SERVERS} (S${MAX_SERVERS - 1}) could not be read and were left out (add a server or paste its key again in Settings); everything else was kept. The old file was kept as ${join(dir, `settings.damaged-${NOW}.json`)}.`,
    ]);
  });

  it('mends a damaged field of an entry on its own and keeps the entry with its key', () => {
    const { dir, settings, notices } = openSettings({
      servers: [entry({ name: 42, addresses: [HOME, 'not an address', 'http://192.168.1.10:36020'], instanceId: 'i'.repeat(201), authStyle: 'cookie', paused: 'no' })],
    });
    expect(settings.entry('srv-home')).toMatchObject({
      name: 'home.local:36020',
      address: HOME,
      addresses: [HOME, 'http://192.168.1.10:36020'],
      instanceId: null,
      authStyle: 'x-api-key',
      paused: false,
    });
    expect(settings.keyOf('srv-home')).toBe('aw_home');
    expect(notices).toEqual([
      `In the settings file, the name of server 1, address 2 of server 1, the instance id of server 1, the auth style of server 1 and the pause of server 1 were not usable and are back to their defaults; everything else was kept. The old file was kept as ${join(dir, `settings.damaged-${NOW}.json`)}.`,
    ]);
    // the repaired file reads back without a word
    expect(openSettingsDir(dir, NOW + 1).notices).toEqual([]);
  });

  it('never writes what it would not read back: a server instance id of thousands of characters is not kept', () => {
    const { settings } = openSettings({});
    const id = settings.addServer({ address: HOME, apiKey: 'aw_home', authStyle: 'x-api-key', instanceId: 'i'.repeat(5_000) });
    expect(settings.entry(id)).toMatchObject({ address: HOME, instanceId: null });
    expect(settings.keyOf(id)).toBe('aw_home');
  });
});

// ------------------------------------------------------------ the features' files

/** The feature file `name` with `content`, a store over its folder and the notices it raised. */
function featureFile(name: string, content: unknown) {
  const dir = folderWith(name, content);
  const problems: string[] = [];
  return { dir, store: new JsonFileStore(dir, () => NOW), problems, problem: (text: string) => problems.push(text) };
}

/** The notice for a file that lost `what`, and the copy it names holds the file as it was. */
function expectLost(file: { dir: string; problems: string[] }, name: string, what: string, original: unknown): void {
  const kept = `${name.replace(/\.json$/, '')}.damaged-${NOW}.json`;
  expect(file.problems).toEqual([`In ${name}, ${what}; the rest was kept. The file as it was is kept as ${kept}.`]);
  expect(JSON.parse(readFileSync(join(file.dir, kept), 'utf8'))).toEqual(original);
}

const programme = (title: string, startsAt: string, fields: Record<string, unknown> = {}) => ({
  channelId: 'ch-101',
  channelNumber: 101,
  channelName: '90s Sitcoms',
  title,
  showTitle: null,
  ratingKey: `rk-${title}`,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
  ...fields,
});

describe('reminders.json', () => {
  it('leaves out a damaged reminder or cancelled pair, keeps a reminder whose server name is damaged without it, and never trusts a stored id', () => {
    const original = {
      version: 1,
      reminders: [
        { ...programme('Friends', '2026-09-27T19:00:00.000Z'), id: 'forged', from: 'you', addedAt: NOW, server: 'srv-home', serverName: 7 },
        { ...programme('Broken', '2026-09-27T19:30:00.000Z'), from: 'you', addedAt: NOW, server: 'NOT AN ID' },
        { ...programme('Seinfeld', '2026-09-27T20:00:00.000Z', { startsAt: 'tonight' }), from: 'watchlist', addedAt: NOW },
        { ...programme('Frasier', '2026-09-27T20:30:00.000Z'), from: 'watchlist', addedAt: NOW },
      ],
      cancelled: [['abc', NOW + 60_000], ['def', 'later']],
    };
    const file = featureFile(REMINDERS_FILE, original);
    const reminders = new Reminders({ clock: new ManualClock(NOW), store: file.store, leadMinutes: () => 2, check: async () => ({ kind: 'unknown' }), notify: () => {}, changed: () => {}, problem: file.problem, log: () => {} });
    expect(reminders.list.map((r) => [r.title, r.server ?? null, r.serverName ?? null])).toEqual([
      ['Friends', 'srv-home', null],
      ['Frasier', null, null],
    ]);
    const friends = reminders.list[0]!;
    expect(friends.id).toBe(reminderId(friends, 'srv-home'));
    expectLost(file, REMINDERS_FILE, 'reminders[0].serverName was not usable and is back to its default; entry 2 of reminders, entry 3 of reminders and entry 2 of cancelled could not be read and were left out', original);
    reminders.dispose();
  });
});

describe('watchlist.json', () => {
  it('leaves out a damaged followed title, a repeated one and a damaged airing; a damaged scan time reads as never', () => {
    const original = {
      version: 1,
      followed: [{ title: 'Friends', addedAt: NOW }, { title: '', addedAt: NOW }, { title: 'FRIENDS', addedAt: NOW }, { title: 'Frasier', addedAt: NOW }],
      airings: [{ ...programme('Friends', '2026-09-27T19:00:00.000Z'), followed: 'Friends' }, { ...programme('Frasier', '2026-09-27T19:30:00.000Z'), followed: 'Frasier', channelNumber: -1 }],
      scannedAt: 'yesterday',
      fullScanAt: NOW,
    };
    const file = featureFile(WATCHLIST_FILE, original);
    const watchlist = new Watchlist(file.store, () => {}, file.problem);
    expect(watchlist.followed.map((f) => f.title)).toEqual(['Friends', 'Frasier']);
    expect(watchlist.comingUp(NOW, () => false).map((a) => a.title)).toEqual(['Friends']);
    expect(watchlist.scannedAt).toBeNull();
    expect(watchlist.fullScanAt).toBe(NOW);
    expectLost(file, WATCHLIST_FILE, 'scannedAt was not usable and is back to its default; entry 2 of followed, entry 3 of followed and entry 2 of airings could not be read and were left out', original);
    // the repaired file reads back clean
    const again = featureFile(WATCHLIST_FILE, JSON.parse(readFileSync(join(file.dir, WATCHLIST_FILE), 'utf8')));
    new Watchlist(again.store, () => {}, again.problem);
    expect(again.problems).toEqual([]);
  });
});

describe('favourites.json', () => {
  it('leaves out a damaged star and a repeated one, and keeps the rest in order', () => {
    const star = (channelId: string, fields: Record<string, unknown> = {}) => ({ channelId, channelNumber: 101, channelName: 'X', server: 'srv-home', ...fields });
    const original = { version: 1, favourites: [star('ch-1'), star('ch-2', { channelNumber: 'one' }), star('ch-1'), star('ch-1', { server: 'srv-cabin' }), star('ch-3')] };
    const file = featureFile(FAVOURITES_FILE, original);
    const favourites = new Favourites(file.store, () => {}, file.problem, () => 'srv-home');
    expect(favourites.list.map((f) => f.channelId)).toEqual(['ch-1', 'ch-3']);
    expectLost(file, FAVOURITES_FILE, 'entry 2 of favourites and entry 3 of favourites could not be read and were left out', original);
  });
});

describe('health.json', () => {
  it('leaves out a damaged pair and keeps the versions it remembers', () => {
    const original = { version: 1, servers: [[HOME, '1.0.0'], ['http://cabin.local:36020', 2], ['http://nas.local:36020', '0.9.0']] };
    const file = featureFile(HEALTH_FILE, original);
    const notes: string[] = [];
    const health = new HealthAlerts({ clock: new ManualClock(NOW), store: file.store, settings: () => DEFAULT_FEATURE_SETTINGS.health, notify: (n) => notes.push(n.title), problem: file.problem });
    expectLost(file, HEALTH_FILE, 'entry 2 of servers could not be read and was left out', original);
    // the version kept for home.local is what an upgrade is told against
    const base = initialState(NOW);
    const state = { ...base, server: { url: HOME, name: 'Home' }, status: { ...base.status, data: { version: '1.1.0' } } } as unknown as AppState;
    health.observe(state);
    expect(notes).toEqual(['Home now runs version 1.1.0']);
    health.dispose();
  });

  it('leaves out a damaged webhook entry and keeps the disablements it told (a file from before them reads as none told)', () => {
    const told = ['srv-1', 'wh_a', '2026-09-27T10:00:00.000Z'];
    const original = { version: 1, servers: [], webhooks: [told, ['srv-1', 7, '2026-09-27T11:00:00.000Z']] };
    const file = featureFile(HEALTH_FILE, original);
    const notes: string[] = [];
    const health = new HealthAlerts({ clock: new ManualClock(NOW), store: file.store, settings: () => DEFAULT_FEATURE_SETTINGS.health, notify: (n) => notes.push(n.title), problem: file.problem });
    expectLost(file, HEALTH_FILE, 'entry 2 of webhooks could not be read and was left out', original);
    const base = initialState(NOW);
    const state = { ...base, server: { url: HOME, name: 'Home' } } as unknown as AppState;
    const hook = (id: string, disabledAt: string) => ({ id, url: 'https://hooks.example.net/x?token=secret', description: null, enabled: false, disabledAt, disabledReason: null });
    health.webhooks(state, [hook('wh_a', told[2]!), hook('wh_b', told[2]!)], { id: 'srv-1', label: null });
    expect(notes).toEqual(['Home turned off the webhook “hooks.example.net”']);
    health.dispose();

    const before = featureFile(HEALTH_FILE, { version: 1, servers: [[HOME, '1.0.0']] });
    new HealthAlerts({ clock: new ManualClock(NOW), store: before.store, settings: () => DEFAULT_FEATURE_SETTINGS.health, notify: () => {}, problem: before.problem }).dispose();
    expect(before.problems).toEqual([]);
  });
});

describe('feature-settings.json', () => {
  it('puts a damaged setting back to its default on its own and keeps the others', () => {
    const original = { version: 1, reminderLeadMinutes: 999, health: { unreachable: false, unreachableMinutes: 0, keyRejected: false, versionChanged: 'yes', streamFull: false } };
    const file = featureFile(FEATURE_SETTINGS_FILE, original);
    const settings = new FeatureSettingsStore(file.store, () => {}, file.problem);
    expect(settings.values).toEqual({
      reminderLeadMinutes: DEFAULT_FEATURE_SETTINGS.reminderLeadMinutes,
      // a file from before the webhook alert: it is on, as for everyone
      health: { unreachable: false, unreachableMinutes: DEFAULT_FEATURE_SETTINGS.health.unreachableMinutes, keyRejected: false, versionChanged: true, streamFull: false, webhookDisabled: true },
    });
    expectLost(file, FEATURE_SETTINGS_FILE, 'reminderLeadMinutes, health.unreachableMinutes and health.versionChanged were not usable and are back to their defaults', original);
  });

  it('a file that is not this version\'s is set aside whole', () => {
    const file = featureFile(FEATURE_SETTINGS_FILE, { version: 2, reminderLeadMinutes: 5 });
    expect(new FeatureSettingsStore(file.store, () => {}, file.problem).values).toEqual(DEFAULT_FEATURE_SETTINGS);
    expect(file.problems).toEqual([`The file ${FEATURE_SETTINGS_FILE} did not hold what this version expects. The app started without it. It was set aside as feature-settings.damaged-${NOW}.json.`]);
    expect(existsSync(join(file.dir, FEATURE_SETTINGS_FILE))).toBe(false);
  });
});
