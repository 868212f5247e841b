import './styles/shell.css';
import { useEffect, useRef } from 'preact/hooks';
import { Eye, RefreshCw, Search as SearchIcon, Settings as SettingsIcon } from 'lucide-preact';
import { ago, connectionLabel } from '../../shared/format';
import { focusFallback } from './components/a11y';
import { bridge } from './bridge';
import { channelDetail, closeSettings, configured, healthy, isStale, now, openSettings, programmeDetail, recovered, searchOpen, snapshot, startKeyFix, typedNumber, view, viewerDetail, type View } from './state';
import { pinRoot } from './components/scroll';
import { common as t } from './strings/common';
import { Activity } from './features/Activity';
import { ChannelDetail } from './views/ChannelDetail';
import { Guide, ProgrammeDetail } from './views/Guide';
import { OnNow } from './views/OnNow';
import { Search } from './views/Search';
import { LocalOffer } from './views/LocalOffer';
import { ServerForm } from './views/ServerForm';
import { Settings } from './views/Settings';
import { ViewerSheet } from './views/ViewerSheet';
import { Watching } from './views/Watching';
import { ServerSwitcher } from './views/ServerSwitcher';
import { chooseServer, chooseServerAt, inTrouble, serverList, severalServers } from './server-state';
import type { ServerSummary } from '../../shared/bridge';

const TABS: { id: View; label: string }[] = [
  { id: 'watching', label: t.tabs.watching },
  { id: 'on-now', label: t.tabs.onNow },
  { id: 'guide', label: t.tabs.guide },
  { id: 'activity', label: t.tabs.activity },
];

/** How long after the last digit a typed channel number is looked up. */
export const NUMBER_DELAY_MS = 800;

export function App() {
  const s = snapshot.value;
  useGlobalKeys();
  if (!s) {
    return (
      <main class="app app-loading" aria-busy="true">
        <p class="muted">{t.starting}</p>
      </main>
    );
  }
  if (!configured.value) return <FirstRun />;
  return <Shell />;
}

function Shell() {
  const s = snapshot.value!;
  const current = view.value;
  // the shell's first paint: focus starts on the selected tab (or Settings' Back), not on <body>
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) focusFallback();
  }, []);
  // On now, the guide and Activity are the shown server's: another server starts them afresh
  const server = s.settings.selectedServer ?? '';
  return (
    <div class="app">
      <header class={`header${severalServers.value ? ' header-servers' : ''}`}>
        <ServerSwitcher />
        <div class="tabs" role="tablist" aria-label={t.views} onKeyDown={tabKeys}>
          {TABS.map((tab) => (
            <button
              key={tab.id}
              id={`tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={current === tab.id}
              aria-controls="panel"
              tabIndex={current === tab.id || (current === 'settings' && tab.id === 'watching') ? 0 : -1}
              class="tab"
              onClick={() => (view.value = tab.id)}
            >
              {tab.label}
              {/* a fixed slot, there with no one watching too, so the tabs never shift when the count appears */}
              {tab.id === 'watching' ? <WatchingBadge /> : null}
            </button>
          ))}
        </div>
        <button type="button" class="icon-button" aria-label={t.search} title={t.search} onClick={() => (searchOpen.value = true)}>
          <SearchIcon size={16} aria-hidden />
        </button>
        <button
          type="button"
          class={`icon-button${current === 'settings' ? ' icon-button-active' : ''}`}
          aria-label={t.settings}
          aria-pressed={current === 'settings'}
          title={t.settings}
          onClick={() => (current === 'settings' ? closeSettings() : openSettings())}
        >
          <SettingsIcon size={16} aria-hidden />
        </button>
      </header>
      <Notices />
      <ConnectionProblem />
      <Recovered />
      <main id="panel" class="panel" role={current === 'settings' ? 'region' : 'tabpanel'} aria-labelledby={current === 'settings' ? undefined : `tab-${current}`} aria-label={current === 'settings' ? 'Settings' : undefined}>
        {current === 'watching' ? (
          <Watching />
        ) : current === 'on-now' ? (
          <OnNow key={server} />
        ) : current === 'guide' ? (
          <Guide key={server} />
        ) : current === 'activity' ? (
          <Activity key={server} />
        ) : (
          <Settings />
        )}
      </main>
      <Footer />
      {typedNumber.value ? (
        <div class="number-entry" role="status" aria-live="assertive">
          {t.channelNumber} <strong>{typedNumber.value}</strong>
        </div>
      ) : null}
      {viewerDetail.value ? <ViewerSheet viewer={viewerDetail.value} /> : null}
      {channelDetail.value !== null ? <ChannelDetail number={channelDetail.value} /> : null}
      {programmeDetail.value ? <ProgrammeDetail selected={programmeDetail.value} onClose={() => (programmeDetail.value = null)} /> : null}
      {searchOpen.value ? <Search /> : null}
    </div>
  );
}

function FirstRun() {
  return (
    <div class="app">
      <main class="first-run scroll-plain">
        <div class="first-run-head">
          <Eye size={28} aria-hidden class="brand" />
          <h1>{t.firstRunTitle}</h1>
          <p class="muted">{t.firstRunLead}</p>
        </div>
        <Notices />
        <LocalOffer />
        <ServerForm firstRun />
      </main>
    </div>
  );
}

function Notices() {
  const notices = snapshot.value?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <div class="notices">
      {notices.map((notice) => (
        <div key={notice.id} class={`notice notice-${notice.level}`} role={notice.level === 'warning' ? 'alert' : 'status'}>
          <span>{notice.text}</span>
          <button type="button" class="icon-button" aria-label={t.dismiss} onClick={() => void bridge.dismissNotice({ id: notice.id })}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/**
 * The tab badge: the count, struck through and "as of" when the list may be out of date. With
 * several servers it counts the merged list (the tray's badge may count one server only), and it
 * is out of date from the oldest server whose data is not current.
 */
function WatchingBadge() {
  const s = snapshot.value!;
  if (severalServers.value) return <MergedBadge />;
  const count = s.watching;
  if (count <= 0) return <span class="count count-empty" aria-hidden="true" />;
  const staleFrom = isStale(s.nowPlaying) ? s.nowPlaying.updatedAt : null;
  const label = staleFrom !== null ? t.watchingCountStale(count, staleFrom) : t.watchingCount(count);
  return (
    <span class={`count${staleFrom !== null ? ' count-stale' : ''}`} aria-label={label} title={label}>
      {badgeText(count)}
    </span>
  );
}

/**
 * Several servers: the viewers the app can vouch for, as the tray's badge counts them. A server
 * in trouble is left out and the count marked "1+"; when every server with viewers is in trouble,
 * the held count is shown struck through, "as of" the oldest.
 */
function MergedBadge() {
  const s = snapshot.value!;
  const troubled = new Set(serverList.value.filter((server) => server.staleSince !== null).map((server) => server.id));
  const viewers = s.nowPlaying.data ?? [];
  const current = viewers.filter((entry) => !troubled.has(entry.serverId ?? '')).length;
  const allHeld = current === 0 && viewers.length > 0 && troubled.size > 0;
  const count = allHeld ? viewers.length : current;
  if (count <= 0) return <span class="count count-empty" aria-hidden="true" />;
  const staleFrom = allHeld ? oldest(serverList.value.map((server) => server.staleSince)) : null;
  const leftOut = !allHeld && troubled.size > 0;
  const label = staleFrom !== null ? t.watchingCountStale(count, staleFrom) : leftOut ? t.watchingCountPartial(count) : t.watchingCount(count);
  const text = badgeText(count);
  return (
    <span class={`count${staleFrom !== null ? ' count-stale' : ''}`} aria-label={label} title={label}>
      {leftOut && !text.endsWith('+') ? `${text}+` : text}
    </span>
  );
}

/** What fits the badge's slot: up to 99, then "99+" (the label and tooltip give the number). */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

const oldest = (times: (number | null)[]) => times.reduce<number | null>((min, at) => (at !== null && (min === null || at < min) ? at : min), null);

const busyOf = (c: NonNullable<typeof snapshot.value>['connection']) => c.busy === true;

/**
 * When a server is away, busy, rejects the key or is not supported. One server: what is wrong,
 * in its own words, with "Fix the key". Several: one line per server in trouble, from every view,
 * naming the server, the trouble and its fix ("Cabin: key rejected · Fix").
 */
function ConnectionProblem() {
  const s = snapshot.value!;
  if (severalServers.value) return <ServersInTrouble />;
  const c = s.connection;
  if (c.state !== 'offline' && c.state !== 'unauthorized' && c.state !== 'incompatible') return null;
  const fixKey = () => startKeyFix(s.settings.selectedServer ?? null);
  return (
    <div class="notices">
      <div class="notice notice-warning problem" role="status">
        <span>{busyOf(c) ? t.busyMessage(c.nextRetryAt) : c.message}</span>
        {c.state === 'unauthorized' && view.value !== 'settings' ? (
          <button type="button" class="button button-quiet" onClick={fixKey}>
            {t.fixKey}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Several servers: each one in trouble on one line, with the one thing to do about it. */
function ServersInTrouble() {
  const troubled = serverList.value.filter(inTrouble);
  if (troubled.length === 0) return null;
  const fix = async (server: ServerSummary) => {
    if (server.connection.state === 'unauthorized') {
      // the form in Settings edits the server shown: show this one first
      await chooseServer(server.id);
      startKeyFix(server.id);
    } else if (server.connection.state === 'incompatible') {
      openSettings();
    } else {
      void bridge.refresh({}).catch(() => {});
    }
  };
  return (
    <div class="notices" role="status">
      {troubled.map((server) => (
        <div key={server.id} class="notice notice-warning problem trouble-line" data-server={server.id} title={server.connection.message}>
          <span class="trouble-text">
            <strong>{server.name}</strong>: {troubleText(server)}
          </span>
          <span class="trouble-sep" aria-hidden="true">
            ·
          </span>
          <button type="button" class="link-button trouble-fix" aria-label={t.troubleFixOf(fixLabel(server), server.name)} onClick={() => void fix(server)}>
            {fixLabel(server)}
          </button>
        </div>
      ))}
    </div>
  );
}

const troubleText = (server: ServerSummary) => {
  const c = server.connection;
  if (c.state === 'unauthorized') return t.trouble.keyRejected;
  if (c.state === 'incompatible') return t.trouble.unsupported;
  return busyOf(c) ? t.trouble.busy : t.trouble.away;
};

const fixLabel = (server: ServerSummary) =>
  server.connection.state === 'unauthorized' ? t.trouble.fix : server.connection.state === 'incompatible' ? t.trouble.details : t.trouble.retry;

/** After "Fix the key": the key was accepted, and (once it is) the server is live again. */
function Recovered() {
  const name = recovered.value;
  if (!name) return null;
  return (
    <div class="notices">
      <div class="notice notice-ok" role="status">
        <span>{healthy.value ? t.liveAgain(name) : t.keyAccepted(name)}</span>
        <button type="button" class="icon-button" aria-label={t.dismiss} onClick={() => (recovered.value = null)}>
          ×
        </button>
      </div>
    </div>
  );
}

/** Server, connection, data age and a refresh button; stale data is said to be stale, with its time. */
function Footer() {
  const s = snapshot.value!;
  const at = now.value;
  const c = s.connection;
  const resource = view.value === 'on-now' ? s.onNow : view.value === 'guide' ? s.guide : s.nowPlaying;
  const healthyNow = (c.state === 'live' || c.state === 'polling') && !c.suspended;
  const stale = isStale(resource);
  const shownSummary = severalServers.value ? serverList.value.find((server) => server.selected) : undefined;
  // several servers: the name as the switcher says it (two "Home"s carry their host)
  const name = shownSummary?.name ?? s.server?.name ?? s.status.data?.name ?? s.server?.url ?? t.noServer;
  // another server in trouble: the footer is never a plain green "Live"
  const othersInTrouble = severalServers.value ? serverList.value.filter((server) => !server.selected && inTrouble(server)) : [];
  const state = busyOf(c) && c.state === 'offline' ? t.busy(c.nextRetryAt) : connectionLabel(c, at);
  const dot = healthyNow ? (othersInTrouble.length > 0 ? 'busy' : 'ok') : c.state === 'connecting' || busyOf(c) ? 'busy' : 'bad';
  return (
    <footer class={`footer footer-${c.state}${stale ? ' footer-stale' : ''}`}>
      <span class={`dot dot-${dot}`} aria-hidden="true" />
      <span class="footer-text" role="status" aria-live="polite">
        <span class="footer-server" title={name}>
          {name}
        </span>
        <span class="footer-state" title={c.message}>
          {state}
          {s.settings.demo ? ` · ${t.demo}` : ''}
        </span>
        {othersInTrouble.length > 0 ? (
          <span class="footer-others" title={othersInTrouble.map((server) => server.name).join(', ')}>
            {t.othersInTrouble(othersInTrouble.length)}
          </span>
        ) : resource.updatedAt !== null ? (
          <span class="footer-age" title={resource.error ?? undefined}>
            {stale ? t.staleSince(resource.updatedAt) : t.updated(ago(resource.updatedAt, at))}
          </span>
        ) : null}
      </span>
      <button type="button" class="icon-button" aria-label={t.refresh} title={t.refresh} onClick={() => void bridge.refresh({})}>
        <RefreshCw size={15} aria-hidden />
      </button>
    </footer>
  );
}

function tabKeys(event: KeyboardEvent): void {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
  event.preventDefault();
  const index = TABS.findIndex((tab) => tab.id === view.value);
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (Math.max(0, index) + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
  view.value = TABS[next]!.id;
  document.getElementById(`tab-${TABS[next]!.id}`)?.focus(); // every tab is rendered, so focus can move at once
}

/** A sheet, the search or a typed number is over the view (Escape closes that first). */
const overlayOpen = () => !!typedNumber.value || searchOpen.value || programmeDetail.value !== null || channelDetail.value !== null || viewerDetail.value !== null;

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Digits anywhere jump to a channel; `/` or Ctrl/Cmd+F searches; Escape closes what is on top. */
function useGlobalKeys(): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const lookup = () => {
      const digits = typedNumber.value;
      typedNumber.value = '';
      if (digits) {
        programmeDetail.value = null;
        searchOpen.value = false;
        viewerDetail.value = null;
        channelDetail.value = Number(digits);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (!configured.value) {
        if (event.key === 'Escape' && !event.defaultPrevented) void bridge.hidePopover({}).catch(() => {});
        return;
      }
      // Alt+1…9 shows server n, from anywhere (by the key's place, so macOS Option characters do not matter)
      if (event.altKey && !event.ctrlKey && !event.metaKey && /^Digit[1-9]$/.test(event.code)) {
        if (chooseServerAt(Number(event.code.slice(5)) - 1)) event.preventDefault();
        return;
      }
      if ((event.key === 'f' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing(event.target))) {
        event.preventDefault();
        searchOpen.value = true;
        return;
      }
      if (event.key === 'Escape' && !event.defaultPrevented && view.value === 'settings' && !overlayOpen()) {
        // Settings is left with Escape from anywhere in it, a field too (a field that uses Escape
        // itself, as the shortcut recorder or a rename, stops it first)
        event.preventDefault();
        closeSettings();
        return;
      }
      if (typing(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^[0-9]$/.test(event.key)) {
        event.preventDefault();
        typedNumber.value = (typedNumber.value + event.key).slice(0, 6);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(lookup, NUMBER_DELAY_MS);
        return;
      }
      if (event.key === 'Enter' && typedNumber.value) {
        event.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        lookup();
        return;
      }
      if (event.key === 'Escape') {
        // the page closes what is open, one thing per press; with nothing open, the popover hides
        event.preventDefault();
        if (typedNumber.value) typedNumber.value = '';
        else if (searchOpen.value) searchOpen.value = false;
        else if (programmeDetail.value) programmeDetail.value = null;
        else if (channelDetail.value !== null) channelDetail.value = null;
        else if (viewerDetail.value) viewerDetail.value = null;
        else void bridge.hidePopover({}).catch(() => {});
      }
    };
    window.addEventListener('keydown', onKey);
    const unpin = pinRoot();
    // opening the popover (the window gains focus) puts focus somewhere useful, never on <body>
    const onWindowFocus = () => {
      if (document.activeElement === document.body || document.activeElement === null) focusFallback();
    };
    window.addEventListener('focus', onWindowFocus);
    // Focus never falls to <body>: when the focused element leaves the DOM (a view or button that
    // re-rendered away), focus goes to the selected tab instead.
    let last: Element | null = null;
    const onFocusIn = (event: FocusEvent) => (last = event.target as Element);
    const observer = new MutationObserver(() => {
      if (last && !last.isConnected && (document.activeElement === document.body || document.activeElement === null)) {
        last = null;
        focusFallback();
      }
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('focus', onWindowFocus);
      unpin();
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
    };
  }, []);
}
