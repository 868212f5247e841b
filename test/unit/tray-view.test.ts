import { TEXT_LIMITS } from '../../src/shared/text';
import { describe, expect, it } from 'vitest';
import type { GuideNowRow, NowPlayingEntry, Program } from '../../src/shared/airwave';
import { guideProgram } from '../support/guide-fixtures';
import type { ConnectionState, SettingsView } from '../../src/shared/bridge';
import { localTime } from '../../src/shared/format';
import { applyLocale } from '../../src/shared/i18n/catalogues';
import { initialState, type AppState } from '../../src/main/core/state';
import {
  MENU_CHANNELS,
  inTrouble,
  troubleWords,
  menuText,
  pauseUntil,
  trayView,
  type MenuItemModel,
  type TrayView,
} from '../../src/main/core/tray/tray-view';

const NOW = Date.parse('2026-11-23T20:10:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const min = 60_000;

const SETTINGS: SettingsView = {
  server: 'http://tv.local:8080',
  hasKey: true,
  keyStorage: 'encrypted',
  authStyle: 'x-api-key',
  pollSeconds: 15,
  notifications: { enabled: true, quietHours: null, mutedUsers: [], pausedUntil: null },
  launchAtLogin: false,
  language: 'system',
  locale: 'en',
  formatLocale: 'en',
  shortcut: { enabled: false, accelerator: 'CommandOrControl+Shift+A' },
  demo: false,
  servers: [],
  selectedServer: null,
  badgeServer: null,
};

const program = (title: string, startsAt: number, endsAt: number, extra: Partial<Program> = {}): Program =>
  guideProgram({ ratingKey: `rk-${title}`, title, type: 'episode', startsAt: iso(startsAt), endsAt: iso(endsAt), durationSeconds: (endsAt - startsAt) / 1000, ...extra });

function row(number: number, name: string, now: Program | null, next: Program | null = null): GuideNowRow {
  return { id: `ch${number}`, number, name, callsign: null, icon: null, tint: null, package: null, now, next };
}

function watcher(user: string, channelNumber: number, showTitle: string): NowPlayingEntry {
  return {
    user,
    channelNumber,
    channelName: null,
    title: 'Some episode',
    showTitle,
    artworkUrl: null,
    progress: null,
    device: { model: 'Apple TV', platform: 'tvOS' },
  };
}

function state(connection: ConnectionState, patch: Partial<AppState> = {}): AppState {
  const base = initialState(NOW - 60 * min);
  return {
    ...base,
    connection: { ...base.connection, state: connection, attempt: 0 },
    server: connection === 'unconfigured' ? null : { url: 'http://tv.local:8080', name: 'Living room' },
    ...patch,
  };
}

const find = (menu: MenuItemModel[], id: string) => menu.find((item) => item.id === id);
const ids = (view: TrayView) => view.menu.map((item) => item.id);

describe('trayView', () => {
  it('hides the badge at 0, shows the count, and caps at 99+', () => {
    const withViewersInput = (n: number) => ({
      state: state('live', {
        nowPlaying: { data: Array.from({ length: n }, (_, i) => watcher(`u${i}`, 101, 'Friends')), updatedAt: NOW, error: null },
      }),
      settings: SETTINGS,
      now: NOW,
    });
    const withViewers = (n: number) => trayView(withViewersInput(n));
    expect(withViewers(0)).toMatchObject({ badge: 0, badgeText: '', title: '' });
    expect(withViewers(3)).toMatchObject({ badge: 3, badgeText: '3', title: '3' });
    expect(withViewers(120)).toMatchObject({ badge: 120, badgeText: '99+' });
    expect(withViewers(3).tooltip).toBe('Airwave Tray\nLiving room\n3 watching · Live');
    // History knows today's peak: it follows the count
    expect(trayView({ ...withViewersInput(3), peakToday: 5 }).tooltip).toBe('Airwave Tray\nLiving room\n3 watching, peak today 5 · Live');
  });

  it.each([
    ['live', 0, 'normal'],
    ['polling', 0, 'normal'],
    ['connecting', 0, 'normal'],
    ['connecting', 2, 'offline'],
    ['offline', 1, 'offline'],
    ['incompatible', 0, 'offline'],
    ['unauthorized', 0, 'key-problem'],
  ] as const)('uses the %s icon variant (attempt %i): %s', (connection, attempt, icon) => {
    const s = state(connection);
    const view = trayView({ state: { ...s, connection: { ...s.connection, attempt } }, settings: SETTINGS, now: NOW });
    expect(view.icon).toBe(icon);
  });

  it('offers set-up and the demo before a server is configured, and keeps the rest of the menu', () => {
    const view = trayView({ state: state('unconfigured'), settings: { ...SETTINGS, server: null, hasKey: false }, now: NOW });
    expect(ids(view)).toEqual(['open', 'demo', 'pause', 'settings', 'sep-quit', 'quit']);
    expect(find(view.menu, 'open')!.action).toEqual({ type: 'open', focus: { view: 'settings' } });
    expect(find(view.menu, 'demo')!.action).toEqual({ type: 'start-demo' });
    expect(view.badge).toBe(0);
  });

  it('has everything a click does: open, viewers, what is on, refresh, pause, settings, quit', () => {
    const onNow = {
      serverTime: iso(NOW),
      channels: [
        row(101, '90s Sitcoms', program('The One with the Cake', NOW - 10 * min, NOW + 12 * min, { showTitle: 'Friends' })),
        row(102, 'Cinema', program('Heat', NOW - 60 * min, NOW + 60 * min, { type: 'movie' })),
        // a break (as /guide/now never sends, but a server might): named as one, with what follows and when
        row(103, 'Breaks', program('Matchday Live', NOW - min, NOW + min, { ratingKey: null }), program('Matchday Live', NOW + min, NOW + 30 * min)),
        row(104, 'Off air', null),
      ],
    };
    const view = trayView({
      state: state('live', {
        onNow: { data: onNow, updatedAt: NOW, error: null },
        nowPlaying: { data: [watcher('Ann', 101, 'Friends')], updatedAt: NOW, error: null },
      }),
      settings: SETTINGS,
      now: NOW,
    });
    expect(ids(view)).toEqual(['open', 'sep-watching', 'viewer:device:ann|tvos|apple tv', 'whats-on', 'sep-actions', 'refresh', 'export-history', 'pause', 'settings', 'sep-quit', 'quit']);
    expect(find(view.menu, 'export-history')!.submenu!.map((item) => [item.label, item.action])).toEqual([
      ['Last 24 hours…', { type: 'export-history', span: '24h' }],
      ['Last 7 days…', { type: 'export-history', span: '7d' }],
      ['Last 30 days…', { type: 'export-history', span: '30d' }],
    ]);
    expect(find(view.menu, 'viewer:device:ann|tvos|apple tv')).toMatchObject({
      label: 'Ann: Friends · 101',
      action: { type: 'open', focus: { view: 'watching', viewer: 'device:ann|tvos|apple tv' } },
    });
    const whatsOn = find(view.menu, 'whats-on')!;
    expect(whatsOn.submenu!.map((item) => item.label)).toEqual([
      '101 90s Sitcoms: Friends: The One with the Cake',
      '102 Cinema: Heat',
      `103 Breaks: Break · then Matchday Live at ${localTime(NOW + min)}`,
      '104 Off air: Nothing on',
    ]);
    expect(whatsOn.submenu![1]!.action).toEqual({ type: 'open', focus: { view: 'on-now', channelNumber: 102 } });
    expect(find(view.menu, 'refresh')!.action).toEqual({ type: 'refresh' });
    expect(find(view.menu, 'quit')!.action).toEqual({ type: 'quit' });
    expect(find(view.menu, 'settings')!.action).toEqual({ type: 'open', focus: { view: 'settings' } });
  });

  it('lists viewers in the popover\'s order, newest first (the menu listed them as the server did: oldest first)', () => {
    const session = (id: string, user: string, minutesAgo: number) => ({
      id,
      user,
      deviceId: null,
      channel: { number: 101, name: 'Sitcoms', callsign: null },
      state: 'program' as const,
      playbackState: 'playing' as const,
      title: 'Pilot',
      showTitle: 'Friends',
      season: null,
      episode: null,
      year: null,
      artworkUrl: null,
      progress: null,
      startedAt: iso(NOW - minutesAgo * min),
      device: null,
    });
    const view = trayView({
      state: state('live', {
        sessions: { data: [session('a', 'Ann', 30), session('b', 'Bea', 5), session('c', 'Cy', 12)], updatedAt: NOW, error: null, supported: true },
        nowPlaying: { data: [], updatedAt: NOW, error: null },
      }),
      settings: SETTINGS,
      now: NOW,
    });
    expect(view.menu.filter((item) => item.id.startsWith('viewer:')).map((item) => item.label.split(':')[0])).toEqual(['Bea', 'Cy', 'Ann']);
  });

  it('names the device where a person watches on two, as Watching\'s cards do (shared/device-label.ts): the model, else the platform cased', () => {
    const entry = (user: string, channelNumber: number, device: NowPlayingEntry['device']): NowPlayingEntry => ({ ...watcher(user, channelNumber, 'Friends'), device });
    const view = trayView({
      state: state('live', {
        nowPlaying: {
          data: [entry('Kofi', 101, { model: 'iPhone 15', platform: 'ios' }), entry('kofi', 102, { model: null, platform: 'webos' }), entry('Ann', 103, { model: 'LG OLED C3', platform: 'webos' })],
          updatedAt: NOW,
          error: null,
        },
      }),
      settings: SETTINGS,
      now: NOW,
    });
    expect(view.menu.filter((item) => item.id.startsWith('viewer:')).map((item) => item.label)).toEqual(['Ann: Friends · 103', 'Kofi: Friends · 101 · iPhone 15', 'kofi: Friends · 102 · webOS']);
  });

  it('cuts a long title, never the channel and the device after it (the menu line stays within 60 characters)', () => {
    const long = 'The Extraordinarily Long and Winding Chronicle of the Harbour Lights';
    const entry = (user: string, channelNumber: number, model: string): NowPlayingEntry => ({ ...watcher(user, channelNumber, long), device: { model, platform: 'ios' } });
    const view = trayView({
      state: state('live', { nowPlaying: { data: [entry('James', 101, 'LG OLED C3'), entry('James', 102, 'iPhone 15')], updatedAt: NOW, error: null } }),
      settings: SETTINGS,
      now: NOW,
    });
    const labels = view.menu.filter((item) => item.id.startsWith('viewer:')).map((item) => item.label);
    expect(labels.map((label) => / · (\d+) · ([^·]+)$/.exec(label)?.slice(1).join(' '))).toEqual(['102 iPhone 15', '101 LG OLED C3']);
    for (const label of labels) {
      expect(label.length).toBeLessThanOrEqual(60);
      expect(label).toMatch(/^James: The Extraordinarily.*… · /);
    }
  });

  it('sets a name apart from what it does as the language punctuates a label: French a no-break space before the colon', () => {
    applyLocale('fr');
    try {
      const live = state('live', { nowPlaying: { data: [watcher('Ann', 103, 'Friends')], updatedAt: NOW, error: null } });
      const view = trayView({ state: live, settings: SETTINGS, now: NOW });
      expect(view.menu.filter((item) => item.id.startsWith('viewer:')).map((item) => item.label)).toEqual(['Ann\u00a0: Friends · 103']);
      const several = trayView({ state: live, servers: [{ id: 'a', name: 'Salon', state: live, paused: false }, { id: 'b', name: 'Bureau', state: live, paused: false }], settings: SETTINGS, now: NOW });
      expect(several.tooltip).toContain('Salon\u00a0: 1 spectateur');
      expect(several.menu.find((item) => item.id === 'server:b')?.label).toBe('Bureau\u00a0: 1 spectateur');
      // What's on sets the channel apart from its programme the same way (it glued an English colon)
      const onNow = { serverTime: iso(NOW), channels: [row(102, 'Cinéma', program('Heat', NOW - 30 * min, NOW + 90 * min))] };
      const channels = trayView({ state: state('live', { onNow: { data: onNow, updatedAt: NOW, error: null } }), settings: SETTINGS, now: NOW });
      expect(find(channels.menu, 'whats-on')!.submenu!.map((item) => item.label)).toEqual(['102 Cinéma\u00a0: Heat']);
    } finally {
      applyLocale('en');
    }
  });

  it('says there is no guide instead of listing channels it cannot stand behind: away since when, or not in this version', () => {
    const onNow = { serverTime: iso(NOW), channels: [row(101, '90s Sitcoms', program('Old', NOW - 90 * min, NOW - 30 * min))] };
    const away = state('offline', { onNow: { data: onNow, updatedAt: NOW - 60 * min, error: 'connection refused' } });
    away.connection = { ...away.connection, since: new Date(2026, 10, 23, 9, 1).getTime() }; // 9:01 local, whatever the zone
    const view = trayView({ state: away, settings: SETTINGS, now: NOW, locale: 'en-US' });
    expect(find(view.menu, 'whats-on')!.submenu!.map((item) => [item.label, item.enabled])).toEqual([['No guide from Living room right now (away since 9:01 AM)', false]]);
    const older = trayView({ state: state('live', { onNow: { data: null, updatedAt: null, error: 'Airwave 0.14.67 has no guide', lacking: true } }), settings: SETTINGS, now: NOW });
    expect(find(older.menu, 'whats-on')!.submenu!.map((item) => item.label)).toEqual(['Not in this version of Airwave']);
  });

  it('says the gap by the popover’s rule (src/shared/guide-gap.ts): key refused, a version not supported, asleep, and a guide the version lacks', () => {
    const onNow = { data: { serverTime: iso(NOW), channels: [row(101, '90s Sitcoms', program('Held', NOW - 10 * min, NOW + 20 * min))] }, updatedAt: NOW - 60 * min, error: null };
    const gapOf = (s: AppState) => find(trayView({ state: s, settings: SETTINGS, now: NOW }).menu, 'whats-on')!.submenu!.map((item) => [item.label, item.enabled]);
    expect(gapOf(state('unauthorized', { onNow }))).toEqual([['No guide from Living room right now (its key was refused)', false]]);
    expect(gapOf(state('incompatible', { onNow }))).toEqual([['No guide from Living room right now (not supported)', false]]);
    // a server with no name yet is named by its address, never by a translated "the server" that agrees with one sentence only
    expect(gapOf(state('unauthorized', { onNow, server: { url: 'http://tv.local:8080', name: null } }))[0]![0]).toMatch(/^No guide from http:\/\/tv\.local:8080 right now \(/);
    const asleep = state('live', { onNow });
    asleep.connection = { ...asleep.connection, suspended: true };
    expect(gapOf(asleep)).toEqual([['No guide from Living room right now (paused while the compu…', false]]); // bounded as every menu label
    const noGuide = state('live', { onNow });
    noGuide.guide = { ...noGuide.guide, error: 'Airwave 0.14.67 has no guide', lacking: true };
    expect(gapOf(noGuide)).toEqual([['Not in this version of Airwave', false]]);
    expect(gapOf(state('live', { onNow }))[0]![0]).toBe('101 90s Sitcoms: Held');
  });

  it('counts an older Airwave that answers as no trouble, and one away, refusing the key or not followable as trouble', () => {
    const lacking = { nowPlaying: { data: null, updatedAt: null, error: 'Airwave 0.14.67 has no viewer list', lacking: true as const } };
    expect(inTrouble(state('incompatible', lacking))).toBe(false);
    expect(inTrouble(state('incompatible'))).toBe(true);
    expect(inTrouble(state('offline'))).toBe(true);
    expect(inTrouble(state('unauthorized'))).toBe(true);
    expect([inTrouble(state('live')), inTrouble(state('polling')), inTrouble(state('connecting')), inTrouble(state('unconfigured'))]).toEqual([false, false, false, false]);
  });

  it('never says "Loading viewers…" for ever: a version without /now-playing, or a failed load, says so', () => {
    const lacking = trayView({ state: state('live', { nowPlaying: { data: null, updatedAt: null, error: 'Airwave 0.14.67 has no /now-playing', lacking: true } }), settings: SETTINGS, now: NOW });
    expect(find(lacking.menu, 'nobody')!.label).toBe('Viewers: not in this version of Airwave');
    const failed = trayView({ state: state('live', { nowPlaying: { data: null, updatedAt: null, error: 'HTTP 500' } }), settings: SETTINGS, now: NOW });
    expect(find(failed.menu, 'nobody')!.label).toBe('Viewers could not be loaded');
  });

  it('moves a channel and its viewer on to the next programme once the current one has ended', () => {
    const onNow = {
      serverTime: iso(NOW - 30 * min),
      channels: [row(101, '90s Sitcoms', program('Early', NOW - 40 * min, NOW - 5 * min, { showTitle: 'Seinfeld' }), program('Late', NOW - 5 * min, NOW + 20 * min, { showTitle: 'Frasier' }))],
    };
    const view = trayView({
      state: state('live', {
        onNow: { data: onNow, updatedAt: NOW - 30 * min, error: null },
        nowPlaying: { data: [watcher('Ann', 101, 'Seinfeld')], updatedAt: NOW - 20 * min, error: null },
      }),
      settings: SETTINGS,
      now: NOW,
    });
    expect(find(view.menu, 'whats-on')!.submenu![0]!.label).toBe('101 90s Sitcoms: Frasier: Late');
    expect(view.menu.find((item) => item.id.startsWith('viewer:'))!.label).toBe('Ann: Frasier · 101');
  });

  it('lists at most MENU_CHANNELS channels and links to the rest', () => {
    const channels = Array.from({ length: MENU_CHANNELS + 5 }, (_, i) => row(100 + i, `C${i}`, program(`P${i}`, NOW - min, NOW + min)));
    const view = trayView({ state: state('polling', { onNow: { data: { serverTime: iso(NOW), channels }, updatedAt: NOW, error: null } }), settings: SETTINGS, now: NOW });
    const items = find(view.menu, 'whats-on')!.submenu!;
    expect(items.filter((item) => item.id.startsWith('channel:'))).toHaveLength(MENU_CHANNELS);
    expect(items.at(-1)).toMatchObject({ label: `All ${MENU_CHANNELS + 5} channels…`, action: { type: 'open', focus: { view: 'on-now' } } });
  });

  it('lists favourites first in "What\'s on", starred, even those past the first MENU_CHANNELS', () => {
    const channels = Array.from({ length: MENU_CHANNELS + 5 }, (_, i) => row(100 + i, `C${i}`, program(`P${i}`, NOW - min, NOW + min)));
    const onNow = { data: { serverTime: iso(NOW), channels }, updatedAt: NOW, error: null };
    const favourites = new Set(['ch128', 'ch103']);
    const view = trayView({ state: state('live', { onNow }), settings: SETTINGS, now: NOW, favourites });
    const items = find(view.menu, 'whats-on')!.submenu!.filter((item) => item.id.startsWith('channel:'));
    // favourites in guide order, then the rest in guide order
    expect(items.slice(0, 4).map((item) => item.label)).toEqual(['★ 103 C3: P3', '★ 128 C28: P28', '100 C0: P0', '101 C1: P1']);
    expect(items[1]!.action).toEqual({ type: 'open', focus: { view: 'on-now', channelNumber: 128 } });
    expect(items).toHaveLength(MENU_CHANNELS);
    // without favourites the order is the guide's
    const plain = trayView({ state: state('live', { onNow }), settings: SETTINGS, now: NOW, favourites: new Set() });
    expect(find(plain.menu, 'whats-on')!.submenu![0]!.label).toBe('100 C0: P0');
  });

  it('offers to fix the key when it was rejected', () => {
    const view = trayView({ state: state('unauthorized'), settings: SETTINGS, now: NOW });
    expect(find(view.menu, 'fix-key')!.action).toEqual({ type: 'open', focus: { view: 'settings', fixKey: true } });
    expect(view.tooltip).toContain('API key rejected');
  });

  it('never shows old viewers as current: rejected or offline, the tooltip and menu say as of when', () => {
    const held = { nowPlaying: { data: [watcher('ann', 101, 'Friends'), watcher('bob', 102, 'News')], updatedAt: NOW - 20 * min, error: null } };
    const live = trayView({ state: state('live', held), settings: SETTINGS, now: NOW, locale: 'en-GB' });
    expect(live.tooltip).toContain('2 watching · Live');
    expect(find(live.menu, 'stale')).toBeUndefined();
    for (const connection of ['unauthorized', 'offline', 'incompatible'] as const) {
      const view = trayView({ state: state(connection, held), settings: SETTINGS, now: NOW, locale: 'en-GB' });
      const asOf = localTime(NOW - 20 * min, 'en-GB');
      expect(view.tooltip).toContain(`2 watching as of ${asOf} (not current)`);
      expect(view.tooltip).not.toMatch(/2 watching ·/);
      expect(find(view.menu, 'stale')).toMatchObject({ label: `Not current: as of ${asOf}`, enabled: false });
    }
  });

  it('holds the same rule as the popover (held-data.ts): asleep, or the last read failed, is not current either; a first reconnect try is', () => {
    const held = { data: [watcher('ann', 101, 'Friends'), watcher('bob', 102, 'News')], updatedAt: NOW - 20 * min, error: null };
    const asOf = localTime(NOW - 20 * min, 'en-GB');
    const asleep = state('live', { nowPlaying: held });
    asleep.connection = { ...asleep.connection, suspended: true };
    const failed = state('live', { nowPlaying: { ...held, error: 'The server answered HTTP 500.' } });
    for (const s of [asleep, failed]) expect(trayView({ state: s, settings: SETTINGS, now: NOW, locale: 'en-GB' }).tooltip).toContain(`2 watching as of ${asOf} (not current)`);
    // with several servers, why one is left out of the badge: its list is not updating, not "Live"
    expect(troubleWords(failed)).toBe('viewer list not updating');
    expect(troubleWords(state('offline'))).toBe('away');
    const retrying = state('connecting', { nowPlaying: held });
    expect(trayView({ state: retrying, settings: SETTINGS, now: NOW, locale: 'en-GB' }).tooltip).toMatch(/2 watching ·/);
  });

  it('shows the pause state and enables Resume only while paused', () => {
    const paused = trayView({
      state: state('live'),
      settings: { ...SETTINGS, notifications: { ...SETTINGS.notifications, pausedUntil: NOW + 30 * min } },
      now: NOW,
      locale: 'en-GB',
    });
    expect(find(paused.menu, 'pause')!.label).toMatch(/^Notifications paused until \d\d:\d\d$/);
    expect(find(find(paused.menu, 'pause')!.submenu!, 'pause-resume')!.enabled).toBe(true);
    const active = trayView({ state: state('live'), settings: SETTINGS, now: NOW });
    expect(find(active.menu, 'pause')!.label).toBe('Pause notifications');
    expect(find(find(active.menu, 'pause')!.submenu!, 'pause-resume')!.enabled).toBe(false);
    const off = trayView({ state: state('live'), settings: { ...SETTINGS, notifications: { ...SETTINGS.notifications, enabled: false } }, now: NOW });
    expect(find(off.menu, 'pause')!.label).toBe('Notifications are off');
  });
});

describe('menu helpers', () => {
  it('strips control characters, escapes & for menus and shortens long text', () => {
    expect(menuText('Tom\u0000 & Jerry\n')).toBe('Tom && Jerry');
    const long = menuText('x'.repeat(200));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });

  it('removes bidi overrides and lone surrogates, and never cuts a surrogate pair in two', () => {
    expect(menuText('Eve\u202egnp.exe\u2066x\u2069')).toBe('Evegnp.exex');
    expect(menuText('A\ud800B\udc00C')).toBe('A\ufffdB\ufffdC');
    const emoji = menuText(`${'x'.repeat(58)}📺📺`);
    expect(emoji).toBe(`${'x'.repeat(58)}…`);
  });

  it('keeps a hostile name out of the tooltip and the menu: no control or bidi character, bounded length', () => {
    const hostile = `Mallory\u202e\u001b]52;c;ZXZpbA==\u0007${'M'.repeat(4_000_000)}`;
    const view = trayView({
      state: state('live', {
        server: { url: 'http://tv.local:8080', name: hostile },
        nowPlaying: { data: [watcher(hostile, 101, hostile)], updatedAt: NOW, error: null },
      }),
      settings: SETTINGS,
      now: NOW,
    });
    expect(view.tooltip.length).toBeLessThanOrEqual(TEXT_LIMITS.tooltip);
    expect(view.tooltip.startsWith('Airwave Tray\nMallory ]52;c;ZXZpbA== MMM')).toBe(true);
    const labels = (menu: MenuItemModel[]): string[] => menu.flatMap((entry) => [entry.label, ...labels(entry.submenu ?? [])]);
    const shown = labels(view.menu).join('\n');
    // eslint-disable-next-line no-control-regex -- the point of the test
    for (const text of [view.tooltip, shown]) expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(shown).toContain('Mallory ]52;c;ZXZpbA== MMM');
    expect(shown.length).toBeLessThan(20_000);
  });

  it('pauses for an hour, until 08:00 tomorrow, or resumes', () => {
    expect(pauseUntil('1h', NOW)).toBe(NOW + 60 * min);
    expect(pauseUntil('resume', NOW)).toBeNull();
    const tomorrow = new Date(pauseUntil('tomorrow', NOW)!);
    expect([tomorrow.getHours(), tomorrow.getMinutes()]).toEqual([8, 0]);
    expect(tomorrow.getTime() - NOW).toBeGreaterThan(0);
    expect(tomorrow.getTime() - NOW).toBeLessThanOrEqual(32 * 60 * min);
  });

  it('says the pause time the way the locale writes times (12-hour where the system uses it)', () => {
    const settings = { ...SETTINGS, notifications: { ...SETTINGS.notifications, pausedUntil: NOW + 30 * min } };
    const label = (locale: string) => find(trayView({ state: state('live'), settings, now: NOW, locale }).menu, 'pause')!.label;
    expect(label('en-US')).toMatch(/^Notifications paused until \d{1,2}:\d\d\s?[AP]M$/);
    expect(label('en-GB')).toMatch(/^Notifications paused until \d\d:\d\d$/);
  });
});
