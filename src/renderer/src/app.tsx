import './styles/shell.css';
import { useEffect, useRef } from 'preact/hooks';
import { Eye, RefreshCw, Search as SearchIcon, Settings as SettingsIcon } from 'lucide-preact';
import { ago, connectionLabel } from '../../shared/format';
import { bridge } from './bridge';
import { channelDetail, configured, now, programDetail, searchOpen, snapshot, typedNumber, view, type View } from './state';
import { ChannelDetail } from './views/ChannelDetail';
import { Guide, ProgramDetail } from './views/Guide';
import { OnNow } from './views/OnNow';
import { Search } from './views/Search';
import { ServerForm } from './views/ServerForm';
import { Settings } from './views/Settings';
import { Watching } from './views/Watching';

const TABS: { id: View; label: string }[] = [
  { id: 'watching', label: 'Watching' },
  { id: 'on-now', label: 'On now' },
  { id: 'guide', label: 'Guide' },
];

/** How long after the last digit a typed channel number is looked up. */
export const NUMBER_DELAY_MS = 800;

export function App() {
  const s = snapshot.value;
  useGlobalKeys();
  if (!s) {
    return (
      <main class="app app-loading" aria-busy="true">
        <p class="muted">Starting…</p>
      </main>
    );
  }
  if (!configured.value) return <FirstRun />;
  const current = view.value;
  return (
    <div class="app">
      <header class="header">
        <div class="tabs" role="tablist" aria-label="Views" onKeyDown={tabKeys}>
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
              {tab.id === 'watching' && s.watching > 0 ? <span class="count" aria-label={`${s.watching} watching`}>{s.watching}</span> : null}
            </button>
          ))}
        </div>
        <button type="button" class="icon-button" aria-label="Search (/)" title="Search (/)" onClick={() => (searchOpen.value = true)}>
          <SearchIcon size={16} aria-hidden />
        </button>
        <button
          type="button"
          class={`icon-button${current === 'settings' ? ' icon-button-active' : ''}`}
          aria-label="Settings"
          aria-pressed={current === 'settings'}
          title="Settings"
          onClick={() => (view.value = current === 'settings' ? 'watching' : 'settings')}
        >
          <SettingsIcon size={16} aria-hidden />
        </button>
      </header>
      <Notices />
      <ConnectionProblem />
      <main id="panel" class="panel" role={current === 'settings' ? 'region' : 'tabpanel'} aria-labelledby={current === 'settings' ? undefined : `tab-${current}`} aria-label={current === 'settings' ? 'Settings' : undefined}>
        {current === 'watching' ? <Watching /> : current === 'on-now' ? <OnNow /> : current === 'guide' ? <Guide /> : <Settings />}
      </main>
      <Footer />
      {typedNumber.value ? (
        <div class="number-entry" role="status" aria-live="assertive">
          Channel <strong>{typedNumber.value}</strong>
        </div>
      ) : null}
      {channelDetail.value !== null ? <ChannelDetail number={channelDetail.value} /> : null}
      {programDetail.value ? <ProgramDetail selected={programDetail.value} onClose={() => (programDetail.value = null)} /> : null}
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
          <h1>Connect to your Airwave server</h1>
          <p class="muted">See who is watching, what is on, and the guide, right from the menubar.</p>
        </div>
        <Notices />
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
          <button type="button" class="icon-button" aria-label="Dismiss" onClick={() => void bridge.dismissNotice({ id: notice.id })}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** When the server is away, rejects the key or is not supported: what is wrong, in its own words. */
function ConnectionProblem() {
  const c = snapshot.value!.connection;
  if (c.state !== 'offline' && c.state !== 'unauthorized' && c.state !== 'incompatible') return null;
  return (
    <div class="notices">
      <div class="notice notice-warning problem" role="status">
        <span>{c.message}</span>
        {c.state === 'unauthorized' && view.value !== 'settings' ? (
          <button type="button" class="button button-quiet" onClick={() => (view.value = 'settings')}>
            Fix the key
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Server, connection, data age and a refresh button; stale data is said to be stale. */
function Footer() {
  const s = snapshot.value!;
  const at = now.value;
  const c = s.connection;
  const resource = view.value === 'on-now' ? s.onNow : view.value === 'guide' ? s.guide : s.nowPlaying;
  const healthy = (c.state === 'live' || c.state === 'polling') && !c.suspended;
  const stale = resource.updatedAt !== null && (!healthy || resource.error !== null);
  const name = s.server?.name ?? s.status.data?.name ?? s.server?.url ?? 'No server';
  return (
    <footer class={`footer footer-${c.state}${stale ? ' footer-stale' : ''}`}>
      <span class={`dot dot-${healthy ? 'ok' : c.state === 'connecting' ? 'busy' : 'bad'}`} aria-hidden="true" />
      <span class="footer-text" role="status" aria-live="polite">
        <span class="footer-server">{name}</span>
        <span class="footer-state" title={c.message}>
          {connectionLabel(c, at)}
          {s.settings.demo ? ' · demo' : ''}
        </span>
        {resource.updatedAt !== null ? (
          <span class="footer-age">{stale ? `stale, ${ago(resource.updatedAt, at)}` : `updated ${ago(resource.updatedAt, at)}`}</span>
        ) : null}
      </span>
      <button type="button" class="icon-button" aria-label="Refresh" title="Refresh" onClick={() => void bridge.refresh({})}>
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
        programDetail.value = null;
        searchOpen.value = false;
        channelDetail.value = Number(digits);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (!configured.value) return;
      if ((event.key === 'f' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing(event.target))) {
        event.preventDefault();
        searchOpen.value = true;
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
        if (typedNumber.value) typedNumber.value = '';
        else if (searchOpen.value) searchOpen.value = false;
        else if (programDetail.value) programDetail.value = null;
        else if (channelDetail.value !== null) channelDetail.value = null;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
