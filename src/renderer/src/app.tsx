/**
 * The popover's shell: first run or the header (server switcher, tabs, search, Settings), the
 * status lines, the view, the footer and the sheets over it; and the page-wide keys.
 */

import { hasCatalogue } from '../../shared/i18n/messages';
import './styles/shell.css';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Eye, Search as SearchIcon, Settings as SettingsIcon } from 'lucide-preact';
import { focusFallback } from './components/a11y';
import { bridge } from './bridge';
import { channelDetail, closeSettings, configured, openSettings, programmeDetail, searchOpen, snapshot, typedNumber, view, viewerDetail, type View } from './state';
import { pinRoot } from './components/scroll';
import { common as t } from './strings/common';
import { Activity } from './features/Activity';
import { ChannelDetail } from './views/ChannelDetail';
import { ProgrammeDetail } from './views/GuideProgramme';
import { LazyGuide, preloadGuideWhenIdle } from './views/LazyGuide';
import { OnNow } from './views/OnNow';
import { LazySearch } from './views/LazySearch';
import { LocalOffer } from './views/LocalOffer';
import { ServerForm } from './views/ServerForm';
import { LazySettings } from './views/LazySettings';
import { ViewerSheet } from './views/ViewerSheet';
import { Watching } from './views/Watching';
import { ServerSwitcher } from './views/ServerSwitcher';
import { chooseServerAt, severalServers } from './server-state';
import { ConnectionProblem, Footer, Notices, PausedLine, Recovered } from './shell-status';
import { WatchingBadge } from './watching-badge';
import { digitTyped, dropNumber, keyForSearch, numberNow, openSearch } from './typed-keys';

const TABS: { id: View; label: string }[] = [
  // getters: the words are read as the tabs render, in the language in use
  { id: 'watching', get label() { return t.tabs.watching; } },
  { id: 'on-now', get label() { return t.tabs.onNow; } },
  { id: 'guide', get label() { return t.tabs.guide; } },
  { id: 'activity', get label() { return t.tabs.activity; } },
];

export function App() {
  const s = snapshot.value;
  useGlobalKeys();
  if (!s) {
    return (
      <main class="app app-loading" aria-busy="true">
        {/* the words wait for the language (loaded with the first snapshot) */}
        <p class="muted">{hasCatalogue() ? t.starting : null}</p>
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
    // then, once the page is idle, the guide's chunk, so the tab's first open finds it loaded
    preloadGuideWhenIdle();
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
        <button type="button" class="icon-button" aria-label={t.search} title={t.search} onClick={openSearch}>
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
      <PausedLine />
      <main id="panel" class="panel" role={current === 'settings' ? 'region' : 'tabpanel'} aria-labelledby={current === 'settings' ? undefined : `tab-${current}`} aria-label={current === 'settings' ? t.settings : undefined}>
        {current === 'watching' ? (
          <Watching />
        ) : current === 'on-now' ? (
          <OnNow key={server} />
        ) : current === 'guide' ? (
          <LazyGuide key={server} />
        ) : current === 'activity' ? (
          <Activity key={server} />
        ) : (
          <LazySettings />
        )}
      </main>
      <Footer />
      {typedNumber.value ? (
        <div class="number-entry" role="status" aria-live="assertive">
          {t.channelNumber} <strong>{typedNumber.value}</strong>
        </div>
      ) : null}
      {/* search under the sheets: a result's sheet opens over it, and closing it comes back to the same row */}
      {searchOpen.value ? <LazySearch /> : null}
      {viewerDetail.value ? <ViewerSheet viewer={viewerDetail.value} /> : null}
      {channelDetail.value !== null ? <ChannelDetail number={channelDetail.value} /> : null}
      {programmeDetail.value ? (
        <FocusBack>
          <ProgrammeDetail selected={programmeDetail.value} onClose={() => (programmeDetail.value = null)} />
        </FocusBack>
      ) : null}
    </div>
  );
}

/**
 * Gives focus back to what had it when the wrapped sheet opened (a guide block, a search row) once
 * the sheet closes; the element is read while rendering, before the sheet moves focus into itself.
 */
function FocusBack({ children }: { children: ComponentChildren }) {
  const opener = useRef(document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null);
  useEffect(() => {
    const back = opener.current;
    return () =>
      queueMicrotask(() => {
        if (back?.isConnected) back.focus();
        else if (document.activeElement === document.body || !document.activeElement) focusFallback();
      });
  }, []);
  return <>{children}</>;
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

/** A sheet opened from the search is over it: keys there are the sheet's, not the field's. */
const overSearch = () => programmeDetail.value !== null || channelDetail.value !== null || viewerDetail.value !== null;

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Digits anywhere jump to a channel; `/` or Ctrl/Cmd+F searches; Escape closes what is on top. No
 * key is lost (typed-keys.ts): letters that come before the search field has focus go to it.
 */
function useGlobalKeys(): void {
  useEffect(() => {
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
        openSearch();
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
      // the search is open but its field does not have focus yet (or a result row has it): what is
      // typed is for the field, digits too, never lost on the way
      if (searchOpen.value && event.key.length === 1 && event.key !== ' ' && !overSearch()) {
        event.preventDefault();
        keyForSearch(event.key);
        return;
      }
      // a channel number as the server may have it (a minus first, then digits: typed-keys.ts)
      if (/^[0-9]$/.test(event.key) || (event.key === '-' && typedNumber.value === '')) {
        event.preventDefault();
        digitTyped(event.key);
        return;
      }
      if (event.key === 'Enter' && typedNumber.value) {
        event.preventDefault();
        numberNow();
        return;
      }
      if (event.key === 'Escape') {
        // the page closes what is open, one thing per press; with nothing open, the popover hides
        event.preventDefault();
        if (typedNumber.value) dropNumber();
        else if (programmeDetail.value) programmeDetail.value = null;
        else if (channelDetail.value !== null) channelDetail.value = null;
        else if (viewerDetail.value) viewerDetail.value = null;
        else if (searchOpen.value) searchOpen.value = false;
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
