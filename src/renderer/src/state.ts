import { currentLocale, hasCatalogue, lang } from '../../shared/i18n/messages';
import { switchLocale } from '../../shared/i18n/load';
import { formatTag } from '../../shared/i18n/locales';
import { computed, effect, signal } from '@preact/signals';
import type { Program } from '../../shared/airwave';
import { applySnapshotUpdate, type AppSnapshot, type FocusTarget, type HistoryRangeRequest, type PersonRef, type Resource } from '../../shared/bridge';
import { heldSince } from '../../shared/held-data';
import { bridge } from './bridge';
import { showActivitySection } from './features/activity-state';
import { aimHistory } from './history/history-state';
import type { ViewerRef } from './viewer-ref';

/** The popover's state: the snapshot from main, and what the person is looking at. */

export type View = 'watching' | 'on-now' | 'guide' | 'activity' | 'settings';

export const snapshot = signal<AppSnapshot | null>(null);
const VIEWS: readonly View[] = ['watching', 'on-now', 'guide', 'activity', 'settings'];
/** The view to start on: `#on-now`, `#guide`… (the preview and benchmarks link to a view), else Watching. */
function initialView(): View {
  const wanted = typeof location === 'undefined' ? '' : location.hash.slice(1);
  return (VIEWS as readonly string[]).includes(wanted) ? (wanted as View) : 'watching';
}

export const view = signal<View>(initialView());
/** the channel whose detail sheet is open, by number */
export const channelDetail = signal<number | null>(null);
/** the viewer a notification or the tray asked to show */
export const focusedViewer = signal<ViewerRef | null>(null);
/** the viewer whose sheet is open, by person and server (see viewer-ref.ts), so a refetch keeps it */
export const viewerDetail = signal<ViewerRef | null>(null);
/** the channel On now should scroll to */
export const focusedChannel = signal<number | null>(null);
export const searchOpen = signal(false);
/** a programme whose details are open (from the guide or a search) */
export const programmeDetail = signal<{ program: Program; channel: { number: number; name: string; id: string } } | null>(null);
/** digits typed so far for a quick channel jump */
export const typedNumber = signal('');
/** ticks every second, so ages and progress bars move */
export const now = signal(Date.now());
/** asks Settings to put focus in a field once it has rendered ("Fix the key") */
export const focusField = signal<'apiKey' | null>(null);
/** the view Settings was opened from: Back, Escape and a fixed key return there */
export const settingsFrom = signal<Exclude<View, 'settings'>>('watching');
/** "Fix the key" is under way for this server (null: the one form of one server): a saved key that works ends it */
export const fixingKey = signal<{ server: string | null } | null>(null);
/** said once the key is fixed and the user is back where they were: "Home is live again" */
export const recovered = signal<string | null>(null);

/** Opens Settings, remembering where from. */
export function openSettings(): void {
  if (view.value !== 'settings') settingsFrom.value = view.value;
  view.value = 'settings';
}

/** Leaves Settings for the view it was opened from. */
export function closeSettings(): void {
  if (view.value === 'settings') view.value = settingsFrom.value;
  fixingKey.value = null;
}

/** "Fix the key": Settings, focus in the key field; saving a working key comes back here. */
export function startKeyFix(server: string | null): void {
  recovered.value = null;
  openSettings();
  fixingKey.value = { server };
  focusField.value = 'apiKey';
}

export const configured = computed(() => {
  const s = snapshot.value;
  return s !== null && (s.connection.state !== 'unconfigured' || s.settings.server !== null || s.settings.demo);
});

/** Live or polling, awake: data shown now is current. */
export const healthy = computed(() => {
  const c = snapshot.value?.connection;
  return !!c && (c.state === 'live' || c.state === 'polling') && !c.suspended;
});

/**
 * Connected to an Airwave too old to have a viewer list (0.14.65–0.14.67): the core calls it
 * "incompatible" and retries now and then, but the server answers and the views that lack data say
 * so themselves: no banner on every tab, no red dot, not "Not supported".
 */
export const olderServer = computed(() => {
  const s = snapshot.value;
  return !!s && s.connection.state === 'incompatible' && s.nowPlaying.lacking === true;
});

/** Data held from before a failure (or while the server is away): to be shown dimmed, "as of …" (the shared rule, held-data.ts). */
export function isStale(resource: Pick<Resource<unknown>, 'updatedAt' | 'error'>): boolean {
  const c = snapshot.value?.connection;
  return c ? heldSince(c, resource) !== null : resource.updatedAt !== null;
}

// ---------------------------------------------------------------- kept in localStorage

/** A signal kept under `key`: read once (what `decode` refuses is the fallback), written on change. */
function persisted<T>(key: string, fallback: T, decode: (raw: string) => T | undefined, encode: (value: T) => string) {
  let initial = fallback;
  try {
    const raw = localStorage.getItem(key);
    if (raw !== null) initial = decode(raw) ?? fallback;
  } catch {
    // no storage (a locked-down profile): the default holds for this session
  }
  const s = signal<T>(initial);
  effect(() => {
    try {
      localStorage.setItem(key, encode(s.value));
    } catch {
      // as above
    }
  });
  return s;
}

/** One of `allowed`, kept by the page under `key` (`fallback` until one is chosen, or when the stored one is not allowed). */
export const stored = <T extends string>(key: string, fallback: T, allowed: readonly T[]) =>
  persisted<T>(key, fallback, (raw) => ((allowed as readonly string[]).includes(raw) ? (raw as T) : undefined), (value) => value);

/** An on/off choice kept by the page (off unless it was turned on). */
export const storedFlag = (key: string) => persisted<boolean>(key, false, (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined), String);

/** A choice among values the page learns later (a channel group's id), kept by the page; null unless one was made. */
export const storedChoice = (key: string) =>
  persisted<string | null>(key, null, (raw) => (raw === '' ? null : raw.slice(0, 200)), (value) => value ?? '');

export const density = stored<'comfortable' | 'compact'>('airwave.density', 'comfortable', ['comfortable', 'compact']);

/** Watching's order: newest first (by start time), or by channel. */
export type WatchingOrder = 'newest' | 'channel';
export const watchingOrder = stored<WatchingOrder>('airwave.watchingOrder', 'newest', ['newest', 'channel']);


let lastFocusSeq = 0;

/**
 * Another server is shown: what was open about the last one closes (a channel, a programme, the
 * search and a typed number belong to that server); Watching and its viewer sheet span them all.
 */
function serverSwitched(): void {
  channelDetail.value = null;
  programmeDetail.value = null;
  searchOpen.value = false;
  typedNumber.value = '';
  focusedChannel.value = null;
}

function applyFocus(target: FocusTarget): void {
  channelDetail.value = null;
  programmeDetail.value = null;
  viewerDetail.value = null;
  searchOpen.value = false;
  if (target.view === 'settings' && target.fixKey) startKeyFix(target.server ?? null);
  else if (target.view === 'settings') openSettings();
  else view.value = target.view;
  if (target.view === 'watching') focusedViewer.value = target.viewer ? { person: target.viewer, server: target.server ?? null } : null;
  if (target.view === 'on-now') focusedChannel.value = target.channelNumber ?? null;
  if (target.view === 'activity' && target.section) showActivitySection(target.section);
  // a notification about one of several servers names it; with one, it is that one
  if (target.view === 'activity' && target.section === 'history') aimHistory(target.person && !target.person.server ? { ...target, person: { ...target.person, server: snapshot.value?.servers[0]?.id ?? '' } } : target);
}

/** Opens History (Activity → History), on a range and a person's page when given (a card, a log line, the away line). */
export function openHistory(target: { range?: HistoryRangeRequest; person?: PersonRef | null } = {}): void {
  aimHistory(target);
  showActivitySection('history');
  view.value = 'activity';
}

/** Intl's tag: the core's (the system's region) when it has a region, else the browser's own tag in that language */
function formatTagOf(settings: AppSnapshot['settings']): string {
  return settings.formatLocale.includes('-') ? settings.formatLocale : formatTag(settings.locale, typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** a snapshot held back while the first language loads (the first paint waits for its words) */
let pending: AppSnapshot | null = null;

/** Shows a snapshot; the language follows Settings at once (its catalogue is one chunk, loaded first). */
function show(next: AppSnapshot): void {
  const locale = next.settings.locale;
  const tag = formatTagOf(next.settings);
  if (locale !== currentLocale() || !hasCatalogue() || tag !== lang()) {
    const loading = switchLocale(locale, tag);
    if (!hasCatalogue()) {
      pending = next;
      void loading.then(() => {
        const held = pending;
        pending = null;
        if (held && hasCatalogue()) show(held);
      });
      return;
    }
  }
  const before = snapshot.value;
  if (!before) performance.mark('airwave:first-snapshot'); // benchmarks measure paint from here
  snapshot.value = next;
  if (before && (before.settings.selectedServer ?? null) !== (next.settings.selectedServer ?? null)) serverSwitched();
  const focus = next.focus;
  if (focus && focus.seq !== lastFocusSeq) {
    lastFocusSeq = focus.seq;
    applyFocus(focus.target);
  }
}

export function startState(): () => void {
  const off = bridge.onSnapshot((update) => {
    const next = applySnapshotUpdate(snapshot.value ?? pending, update);
    if (next) show(next);
    else void bridge.getSnapshot({}).then(show);
  });
  const timer = setInterval(() => (now.value = Date.now()), 1000);
  return () => {
    off();
    clearInterval(timer);
  };
}
