import type { GuideNowRow } from '../../../shared/airwave';
import type { FocusTarget, HistoryPreset, SettingsView } from '../../../shared/bridge';
import { clock, dayClock, listOf, type PauseChoice } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';
import { boundText, displaySafe, TEXT_LIMITS } from '../../../shared/text';

export { pauseUntil, type PauseChoice } from '../../../shared/format';
export { currentProgramme, programmeLabel } from './tray-rows';
import { currentProgramme, rowLabel } from './tray-rows';
import type { AppState } from '../state';
import { badgeText } from './tray-badge';
import type { IconVariant } from './tray-mark';
import type { Viewer } from '../viewers/viewers';
import { watchingCount, watchingOf } from '../viewers/watching';
import { favouritesFirst } from '../features/favourites';
import { appendAll } from '../../../shared/extent';
import { newestFirstBy, startMs } from '../../../shared/viewer-order';
import { guideGapOf, guideGapText } from '../../../shared/guide-gap';
import { following, heldSince } from '../../../shared/held-data';
import { pauseRunning } from '../../../shared/notification-hold';
import { deviceName, devicesToName } from '../../../shared/device-label';
import { foldName } from '../../../shared/viewer-identity';

/**
 * What the tray shows, as plain data: title (macOS text beside the template icon), tooltip,
 * badge, icon variant and the menu. Some Linux panels never deliver clicks, so the menu can do
 * everything a click can: open the popover (on a viewer or a channel), refresh, pause
 * notifications, settings, quit.
 */

export type TrayAction =
  | { type: 'open'; focus?: FocusTarget }
  | { type: 'refresh' }
  | { type: 'pause'; choice: PauseChoice }
  | { type: 'start-demo' }
  /** the viewing history of a span as CSV (a save dialog) */
  | { type: 'export-history'; span: HistoryPreset }
  | { type: 'quit' };

export interface MenuItemModel {
  id: string;
  label: string;
  kind: 'item' | 'separator' | 'submenu';
  enabled: boolean;
  action?: TrayAction;
  submenu?: MenuItemModel[];
}

export interface TrayView {
  title: string;
  tooltip: string;
  /** people watching; 0 hides the badge */
  badge: number;
  /** what the badge reads: "", "7", "99+" */
  badgeText: string;
  icon: IconVariant;
  menu: MenuItemModel[];
}

/** Channels listed in the "What's on" submenu; the rest are a click away in the popover. */
export const MENU_CHANNELS = 25;
/** viewers listed in the menu (one server; several list fewer each) */
export const MENU_VIEWERS = 8;

const item = (id: string, label: string, action?: TrayAction, enabled = true): MenuItemModel => ({
  id,
  label,
  kind: 'item',
  enabled,
  ...(action ? { action } : {}),
});
const separator = (id: string): MenuItemModel => ({ id, label: '', kind: 'separator', enabled: true });
const submenu = (id: string, label: string, items: MenuItemModel[]): MenuItemModel => ({
  id,
  label,
  kind: 'submenu',
  enabled: items.length > 0,
  submenu: items,
});

/** The longest menu line, in characters. */
const MENU_TEXT_MAX = 60;
/** The least of a viewer's programme a menu line keeps when it makes room for the channel and device. */
const MIN_WHAT = 12;

/** Menus must not grow huge or carry control characters from a server. */
export function menuText(text: string, max = MENU_TEXT_MAX): string {
  const clean = displaySafe(text).replace(/ {2,}/g, ' ').trim();
  // a single & marks the access key on Windows and Linux: && shows one
  return boundText(clean, max).replace(/&/g, '&&');
}

/** The tooltip's lines as shown: no control or bidi character, and never longer than the limit. */
function tooltipText(lines: (string | null)[]): string {
  const text = lines.filter(Boolean).map((line) => displaySafe(line as string).trim()).join('\n');
  return boundText(text, TEXT_LIMITS.tooltip);
}

function connectionLine(state: AppState): string {
  const c = state.connection;
  const w = messages().tray;
  if (c.state === 'connecting') return c.attempt > 0 ? w.reconnecting : w.connecting;
  if (c.state === 'incompatible') return olderAirwave(state) ? w.olderAirwave : w.incompatible;
  return { unconfigured: w.notSetUp, live: w.live, polling: w.polling, offline: w.offline, unauthorized: w.unauthorized }[c.state];
}

/** An Airwave too old for a viewer list: it answers, so it is not trouble (no corner mark). */
const olderAirwave = (state: AppState) => state.connection.state === 'incompatible' && state.nowPlaying.lacking === true;

/**
 * Whether a server is in trouble: away, refusing the key, or not one the app can follow. An older
 * Airwave that answers but lacks a view is not. One rule for the tray's corner mark and the
 * popover's switcher and status line (ServerSummary.trouble).
 */
export function inTrouble(state: AppState): boolean {
  const c = state.connection.state;
  return (c === 'offline' || c === 'unauthorized' || c === 'incompatible') && !olderAirwave(state);
}

function iconFor(state: AppState): IconVariant {
  const c = state.connection.state;
  if (c === 'unauthorized') return 'key-problem';
  if (olderAirwave(state)) return 'normal';
  if (c === 'offline' || c === 'incompatible' || (c === 'connecting' && state.connection.attempt > 0)) return 'offline';
  return 'normal';
}

/** One followed server, for the per-server lines of the tooltip and the menu. */
export interface TrayServer {
  id: string;
  name: string;
  state: AppState;
  paused: boolean;
}

/** What the badge counts (see FollowedServers.badge): a number, whether all of it is held data, and the servers left out. */
export interface BadgeReading {
  count: number;
  /** no counted server is current: the number is what was held, as of when it was */
  stale: boolean;
  /** servers in trouble whose viewers are not counted (the badge is marked "6+") */
  leftOut: { id: string; name: string; trouble: string }[];
}

/** A server's trouble in a few words ("key rejected"), for one-line summaries; null while following. */
export function troubleWords(state: AppState): string {
  const c = state.connection;
  const w = messages().tray;
  switch (c.state) {
    case 'offline':
      return c.busy ? w.troubleBusy : w.troubleAway;
    case 'unauthorized':
      return w.troubleKey;
    case 'incompatible':
      return w.troubleUnsupported;
    default:
      // following, but the viewer list's last read failed (held-data.ts): not counted as current
      return following(c) ? w.troubleRead : connectionLine(state);
  }
}

export interface TrayInput {
  /** the selected server's state ("What's on" lists its channels) */
  state: AppState;
  /** every followed server; with more than one the tooltip and menu break things down per server */
  servers?: TrayServer[];
  /** the badge when several servers are followed (total, or the chosen server's; only what is current) */
  badge?: BadgeReading;
  settings: SettingsView;
  now: number;
  /** ids of the starred channels: listed first in "What's on" */
  favourites?: ReadonlySet<string>;
  /** times follow the system's locale (12- or 24-hour) like the popover's; tests pass one */
  locale?: string;
  /** the most watching at once today on what the badge counts (History); null or left out: not known */
  peakToday?: number | null;
}

/** ", peak today 4" after the count, when History knows it. */
/** "3 watching", with today's peak where it is known: one message either way */
const watchingWords = (n: number, peak: number | null | undefined) =>
  peak === null || peak === undefined ? t(messages().tray.watching, { n }) : t(messages().tray.watchingPeak, { n, peak });

/**
 * When the viewer data was last current, if it is not now (the shared rule, held-data.ts: the key
 * refused, the server away, the computer asleep, or the last read failed). Null while current.
 */
export function staleSince(state: AppState): number | null {
  if (state.connection.state === 'unconfigured') return null;
  // the viewer list where the server has one, else its count (an Airwave without the list)
  return heldSince(state.connection, state.nowPlaying.updatedAt !== null ? state.nowPlaying : state.sessionCount);
}

export function trayView(input: TrayInput): TrayView {
  if (input.servers && input.servers.length > 1) return severalServers(input, input.servers);
  const { state, settings, now, favourites, locale, peakToday } = input;
  const configured = state.connection.state !== 'unconfigured';
  const badge = configured ? watchingCount(state) : 0;
  const serverName = state.server?.name ?? state.status.data?.name ?? null;
  const stale = configured ? staleSince(state) : null;
  const w = messages().tray;
  // Never "2 watching" as if current: old data says how old it is.
  const watchingLine = stale === null ? watchingWords(badge, peakToday) : t(w.watchingStale, { n: badge, ...dayClock(stale, now, 'time', locale) });
  const tooltip = tooltipText([w.app, serverName, configured ? `${watchingLine} · ${connectionLine(state)}` : w.notSetUp]);

  const menu: MenuItemModel[] = [];
  if (!configured) {
    menu.push(item('open', w.setUp, { type: 'open', focus: { view: 'settings' } }));
    menu.push(item('demo', w.tryDemo, { type: 'start-demo' }));
  } else {
    menu.push(item('open', w.open, { type: 'open' }));
    if (state.connection.state === 'unauthorized') {
      menu.push(item('fix-key', w.fixKey, { type: 'open', focus: { view: 'settings', fixKey: true } }));
    }
    menu.push(separator('sep-watching'));
    if (stale !== null) menu.push(item('stale', t(w.notCurrent, { ...dayClock(stale, now, 'time', locale) }), undefined, false));
    appendAll(menu, viewerItems(state, now));
    menu.push(submenu('whats-on', w.whatsOn, channelItems(state, now, favourites ?? new Set(), locale)));
    menu.push(separator('sep-actions'));
    menu.push(item('refresh', w.refresh, { type: 'refresh' }));
    menu.push(historyItems());
  }
  appendAll(menu, closingItems(settings, now, locale));

  return {
    title: badgeText(badge),
    tooltip,
    badge,
    badgeText: badgeText(badge),
    icon: iconFor(state),
    menu,
  };
}

/** Viewers listed per server in the menu when several are followed. */
const MENU_VIEWERS_EACH = 5;
const TROUBLE: Record<IconVariant, number> = { normal: 0, offline: 1, 'key-problem': 2 };

/** The tray with several servers: one badge, and the tooltip and menu broken down per server. */
function severalServers({ state, settings, now, favourites, locale, peakToday, badge = { count: 0, stale: false, leftOut: [] } }: TrayInput, servers: TrayServer[]): TrayView {
  const followed = servers.filter((s) => !s.paused);
  const w = messages().tray;
  const line = (s: TrayServer) => {
    if (s.paused) return t(w.serverPaused, { name: s.name });
    const count = watchingCount(s.state);
    const stale = staleSince(s.state);
    const watching = stale === null ? t(w.watching, { n: count }) : t(w.watchingStale, { n: count, ...dayClock(stale, now, 'time', locale) });
    const c = s.state.connection.state;
    return t(messages().common.labelled, { label: s.name, value: c === 'live' || c === 'polling' ? watching : connectionLine(s.state) });
  };
  const worst = followed.reduce<IconVariant>((icon, s) => (TROUBLE[iconFor(s.state)] > TROUBLE[icon] ? iconFor(s.state) : icon), 'normal');
  const tooltip = tooltipText([w.app, badgeLine(badge, peakToday), ...servers.map(line)]);

  const menu: MenuItemModel[] = [item('open', w.open, { type: 'open' })];
  for (const s of followed) {
    if (s.state.connection.state === 'unauthorized') menu.push(item(`fix-key:${s.id}`, menuText(t(w.fixKeyOf, { name: s.name })), { type: 'open', focus: { view: 'settings', fixKey: true, server: s.id } }));
  }
  for (const s of servers) {
    menu.push(separator(`sep-${s.id}`));
    menu.push(item(`server:${s.id}`, menuText(line(s)), undefined, false));
    if (!s.paused) appendAll(menu, viewerItems(s.state, now, { id: s.id, limit: MENU_VIEWERS_EACH }));
  }
  const selected = servers.find((s) => s.state === state);
  menu.push(separator('sep-channels'));
  menu.push(submenu('whats-on', menuText(selected ? t(w.whatsOnServer, { name: selected.name }) : w.whatsOn), channelItems(state, now, favourites ?? new Set(), locale)));
  menu.push(item('refresh', w.refresh, { type: 'refresh' }));
  menu.push(historyItems());
  appendAll(menu, closingItems(settings, now, locale));
  const text = markedBadgeText(badge);
  return { title: text, tooltip, badge: badge.count, badgeText: text, icon: worst, menu };
}

/** "6+" when a server in trouble is left out of the count (6 is what the app can vouch for). */
export function markedBadgeText(badge: BadgeReading): string {
  const text = badgeText(badge.count);
  return text && badge.leftOut.length > 0 && !text.endsWith('+') ? `${text}+` : text;
}

/** The tooltip's line about the badge: what it counts, and what it leaves out or cannot vouch for. */
function badgeLine(badge: BadgeReading, peakToday?: number | null): string {
  const w = messages().tray;
  if (badge.stale) return t(w.badgeStale, { n: badge.count });
  if (badge.leftOut.length === 0) return watchingWords(badge.count, peakToday);
  const out = badge.leftOut.map((s) => `${s.name} (${s.trouble})`);
  return t(w.badgeLeftOut, { n: badge.count, hasPeak: peakToday === null || peakToday === undefined ? 'no' : 'yes', peak: peakToday ?? 0, servers: listOf(out) });
}

/** "Export history": the viewing history of a span as CSV, from the menu (a save dialog). */
function historyItems(): MenuItemModel {
  const w = messages().tray;
  return submenu('export-history', w.exportHistory, [
    item('export-history-24h', w.export24h, { type: 'export-history', span: '24h' }),
    item('export-history-7d', w.export7d, { type: 'export-history', span: '7d' }),
    item('export-history-30d', w.export30d, { type: 'export-history', span: '30d' }),
  ]);
}

/**
 * What a viewer is watching, for the menu. When a programme on their channel began after the
 * viewer list was fetched, the guide rows know better (the closed popover does not refetch the
 * viewers at every boundary).
 */
export function viewerWatching(viewer: Viewer, state: AppState, now: number): string | null {
  const fetchedAt = state.nowPlaying.updatedAt;
  const row = viewer.channelNumber === null ? undefined : state.onNow.data?.channels.find((r) => r.number === viewer.channelNumber);
  const program = row ? currentProgramme(row, now) : null;
  if (program && fetchedAt !== null && Date.parse(program.startsAt) > fetchedAt) {
    return program.ratingKey === null ? messages().tray.bumper : (program.showTitle ?? program.title);
  }
  return viewer.nothingOn ? messages().tray.nothingOnViewer : viewer.watching;
}

/** A server's viewers as menu items; `server` (several servers followed) keeps ids apart and the click on that server. */
function viewerItems(state: AppState, now: number, server?: { id: string; limit: number }): MenuItemModel[] {
  const list = watchingOf(state);
  const tag = server ? `${server.id}:` : '';
  // the server's count and its lists disagree: said above the people listed, never a count over "Nobody is watching" (issue 48)
  const differs = list?.differs ? [item(`${tag}count-differs`, menuText(t(messages().tray.countDiffers, list.differs)), undefined, false)] : [];
  if (list && list.viewers.length === 0 && differs.length > 0) return differs;
  if (!list || list.viewers.length === 0) {
    // never "Loading…" for ever: a version without the route, or a failed load, says so
    const np = state.nowPlaying;
    const w = messages().tray;
    const words = list ? w.nobody : np.lacking ? w.viewersLacking : np.error ? w.viewersFailed : w.loadingViewers;
    return [item(`${tag}nobody`, words, undefined, false)];
  }
  // the popover's order: newest first (shared/viewer-order.ts)
  const viewers = newestFirstBy(list.viewers, (viewer) => startMs(viewer.startedAt), (viewer) => `${server?.id ?? ''}/${viewer.person}`);
  // the device where a person watches on two or more, as Watching's cards name it (shared/device-label.ts)
  const devices = devicesToName(list.viewers, (viewer) => foldName(viewer.user), (viewer) => deviceName(viewer.device));
  const shown = viewers.slice(0, server?.limit ?? MENU_VIEWERS).map((viewer) => {
    const where = viewer.channelNumber !== null ? ` · ${viewer.channelNumber}` : '';
    const device = devices.has(viewer) ? ` · ${devices.get(viewer)}` : '';
    const what = viewerWatching(viewer, state, now) ?? messages().tray.watchingSomething;
    // a long title gives way, never the channel and the device after it (the menu's 60 characters)
    const whole = t(messages().common.labelled, { label: viewer.user, value: `${what}${where}${device}` });
    const over = whole.length - MENU_TEXT_MAX;
    const label = menuText(over > 0 ? t(messages().common.labelled, { label: viewer.user, value: `${boundText(what, Math.max(MIN_WHAT, what.length - over))}${where}${device}` }) : whole);
    const focus: FocusTarget = server ? { view: 'watching', viewer: viewer.key, server: server.id } : { view: 'watching', viewer: viewer.key };
    return item(`viewer:${tag}${viewer.key}`, label, { type: 'open', focus });
  });
  const more = viewers.length - shown.length;
  if (more > 0) shown.push(item(`${tag}viewers-more`, t(messages().tray.moreWatching, { n: more }), { type: 'open', focus: { view: 'watching' } }));
  return [...differs, ...shown];
}

/**
 * What the menu says instead of channels it cannot stand behind: an Airwave without a guide, or
 * a server away ("No guide from Cabin right now (away since 9:01 AM)"); null while it has one.
 * The popover's rule and words (src/shared/guide-gap.ts).
 */
export function guideGapLine(state: AppState, now: number, locale?: string): string | null {
  const cause = guideGapOf(state);
  if (!cause) return null;
  return guideGapText(cause, state.server?.name ?? state.status.data?.name ?? state.server?.url ?? messages().tray.theServer, locale, now);
}

/** "What's on"'s rows: starred channels first, at most MENU_CHANNELS of `rows` (all the channels). */
export function menuChannels(state: AppState, favourites: ReadonlySet<string>): { rows: readonly GuideNowRow[]; shown: readonly GuideNowRow[] } {
  const rows = favouritesFirst(state.onNow.data?.channels ?? [], favourites);
  return { rows, shown: rows.slice(0, MENU_CHANNELS) };
}

function channelItems(state: AppState, now: number, favourites: ReadonlySet<string>, locale?: string): MenuItemModel[] {
  const gap = guideGapLine(state, now, locale);
  if (gap !== null) return [item('whats-on-gap', menuText(gap), undefined, false)];
  const { rows, shown } = menuChannels(state, favourites);
  const items = shown.map((row) => {
    // "101 Sitcoms: Friends" as each language sets a label before its value (French "101 Sitcoms : Friends")
    const channel = `${row.number} ${row.name}`;
    const line = t(messages().common.labelled, { label: channel, value: rowLabel(row, now, locale) });
    return item(`channel:${row.number}`, menuText(favourites.has(row.id) ? `★ ${line}` : line), { type: 'open', focus: { view: 'on-now', channelNumber: row.number } });
  });
  if (rows.length > MENU_CHANNELS) {
    items.push(separator('channels-sep'));
    items.push(item('channels-all', t(messages().tray.allChannels, { n: rows.length }), { type: 'open', focus: { view: 'on-now' } }));
  }
  return items;
}

/** The menu's end, one server or several: pause notifications, Settings, Quit. */
function closingItems(settings: SettingsView, now: number, locale?: string): MenuItemModel[] {
  const w = messages().tray;
  return [
    submenu('pause', pauseLabel(settings, now, locale), pauseItems(settings, now)),
    item('settings', w.settings, { type: 'open', focus: { view: 'settings' } }),
    separator('sep-quit'),
    item('quit', w.quit, { type: 'quit' }),
  ];
}

function pauseLabel(settings: SettingsView, now: number, locale?: string): string {
  const until = settings.notifications.pausedUntil;
  const w = messages().tray;
  if (!settings.notifications.enabled) return w.notificationsOff;
  if (until !== null && until > now) return t(w.pausedUntil, { ...clock(until, 'time', locale) });
  return w.pause;
}

function pauseItems(settings: SettingsView, now: number): MenuItemModel[] {
  const paused = pauseRunning(settings.notifications.pausedUntil, now) !== null;
  const w = messages().tray;
  return [
    item('pause-1h', w.pause1h, { type: 'pause', choice: '1h' }),
    item('pause-tomorrow', w.pauseTomorrow, { type: 'pause', choice: 'tomorrow' }),
    item('pause-resume', w.resume, { type: 'pause', choice: 'resume' }, paused),
  ];
}
