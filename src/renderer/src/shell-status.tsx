/**
 * The shell's status lines: the core's notices, what is wrong with the server(s) and the one thing
 * to do about it, the "live again" line after a key fix, and the footer (server, connection, data
 * age, refresh).
 */
import { RefreshCw } from 'lucide-preact';
import { connectionLabel } from '../../shared/format';
import type { ServerSummary } from '../../shared/bridge';
import { pauseRunning } from '../../shared/notification-hold';
import { bridge } from './bridge';
import { healthy, isStale, now, olderServer, openSettings, recovered, snapshot, startKeyFix, view } from './state';
import { common as t } from './strings/common';
import { chooseServer, serverList, severalServers } from './server-state';

export function Notices() {
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

const busyOf = (c: NonNullable<typeof snapshot.value>['connection']) => c.busy === true;

/**
 * When a server is away, busy, rejects the key or is not supported. One server: what is wrong,
 * in its own words, with "Fix the key". Several: one line per server in trouble, from every view,
 * naming the server, the trouble and its fix ("Cabin: key rejected · Fix").
 */
export function ConnectionProblem() {
  const s = snapshot.value!;
  if (severalServers.value) return <ServersInTrouble />;
  const c = s.connection;
  if (c.state !== 'offline' && c.state !== 'unauthorized' && c.state !== 'incompatible') return null;
  // an older Airwave: each view that lacks something says so itself, not a banner on every tab
  if (olderServer.value) return null;
  const fixKey = () => startKeyFix(s.settings.selectedServer ?? null);
  // a name the app can stand behind, its address at worst: a translated "the server" agrees with no sentence but one
  const name = s.server?.name ?? s.status.data?.name ?? s.server?.url ?? t.theServer;
  // plain words and the fix; the transport's own words ("connection refused") behind a disclosure
  const plain = busyOf(c) ? t.busyMessage(c.nextRetryAt) : c.state === 'offline' ? t.plainAway(name) : c.state === 'unauthorized' ? t.plainKey(name) : c.message;
  return (
    <div class="notices">
      <div class="notice notice-warning problem" role="status">
        <span>
          {plain}
          {plain !== c.message ? (
            <details class="problem-details">
              <summary>{t.details}</summary>
              {c.message}
            </details>
          ) : null}
        </span>
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
  const troubled = serverList.value.filter((server) => server.trouble);
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

/** Notifications paused: said in the popover, not only in the tray menu, with the way back. */
export function PausedLine() {
  const n = snapshot.value!.settings.notifications;
  const pause = pauseRunning(n.pausedUntil, now.value);
  if (!n.enabled || pause === null) return null;
  return (
    <div class="notices">
      <div class="notice notice-info paused-line" role="status">
        <span>{t.pausedUntil(pause)}</span>
        <button type="button" class="link-button" onClick={() => void bridge.updateSettings({ notifications: { pausedUntil: null } }).catch(() => {})}>
          {t.resume}
        </button>
      </div>
    </div>
  );
}

/** After "Fix the key": the key was accepted, and (once it is) the server is live again. */
export function Recovered() {
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
export function Footer() {
  const s = snapshot.value!;
  const at = now.value;
  const c = s.connection;
  const resource = view.value === 'on-now' ? s.onNow : view.value === 'guide' ? s.guide : s.nowPlaying;
  const older = olderServer.value;
  const healthyNow = ((c.state === 'live' || c.state === 'polling') && !c.suspended) || older;
  const stale = isStale(resource);
  const shownSummary = severalServers.value ? serverList.value.find((server) => server.selected) : undefined;
  // several servers: the name as the switcher says it (two "Home"s carry their host)
  const name = shownSummary?.name ?? s.server?.name ?? s.status.data?.name ?? s.server?.url ?? t.noServer;
  // another server in trouble: the footer is never a plain green "Live"
  const othersInTrouble = severalServers.value ? serverList.value.filter((server) => !server.selected && server.trouble) : [];
  // "Live" only while live and the data shown is current; an older Airwave is connected, not "Not supported"
  const state = older ? t.connectedOlder : busyOf(c) && c.state === 'offline' ? t.busy(c.nextRetryAt) : c.state === 'live' && stale ? t.connected : connectionLabel(c, at);
  // live and current: "Live" says it all (the age is in the tooltip); polling says how old
  const showAge = !(c.state === 'live' && !stale && !c.suspended);
  const dot = healthyNow ? (othersInTrouble.length > 0 ? 'busy' : 'ok') : c.state === 'connecting' || busyOf(c) ? 'busy' : 'bad';
  return (
    <footer class={`footer footer-${c.state}${stale ? ' footer-stale' : ''}`}>
      <span class={`dot dot-${dot}`} aria-hidden="true" />
      <span class="footer-text" role="status" aria-live="polite">
        <span class="footer-server" title={name}>
          {name}
        </span>
        <span class="footer-state" title={[c.message, resource.updatedAt !== null ? t.updated(resource.updatedAt, at) : null].filter(Boolean).join(' · ')}>
          {state}
          {s.settings.demo ? ` · ${t.demo}` : ''}
        </span>
        {othersInTrouble.length > 0 ? (
          <span class="footer-others" title={othersInTrouble.map((server) => server.name).join(', ')}>
            {t.othersInTrouble(othersInTrouble.length)}
          </span>
        ) : resource.updatedAt !== null && showAge ? (
          <span class="footer-age" title={resource.error ?? undefined}>
            {stale ? t.staleSince(resource.updatedAt) : t.updated(resource.updatedAt, at)}
          </span>
        ) : null}
      </span>
      <button type="button" class="icon-button" aria-label={t.refresh} title={t.refresh} onClick={() => void bridge.refresh({})}>
        <RefreshCw size={15} aria-hidden />
      </button>
    </footer>
  );
}

