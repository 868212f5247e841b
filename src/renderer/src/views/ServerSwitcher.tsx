import { ChevronDown } from 'lucide-preact';
import type { ServerSummary } from '../../../shared/bridge';
import { connectionLabel } from '../../../shared/format';
import { useMenuButton } from '../components/menu-button';
import { chooseServer, serverList, switchError } from '../server-state';
import { now } from '../state';
import { servers as t } from '../strings/servers';
import './servers.css';

/**
 * The header's server switcher (two servers or more): a button with the shown server's name and a
 * dot for its connection, opening a menu of every server with its viewers and state. The menu is
 * a keyboard menu (components/menu-button.ts); Alt+1…9 works from anywhere
 * (see app.tsx) and is shown beside each server.
 */
export function ServerSwitcher() {
  const list = serverList.value;
  const selectedIndex = Math.max(0, list.findIndex((server) => server.selected));
  const { open, active, setActive, root, button, menu, pick, toggle, buttonKeys, menuKeys } = useMenuButton(list.length, selectedIndex, (index) => {
    void chooseServer(list[index]!.id);
  });
  if (list.length < 2) return null;
  const selected = list[selectedIndex]!;
  const trouble = selected.trouble;
  return (
    <div ref={root} class="switcher">
      <button
        ref={button}
        type="button"
        class="switcher-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'server-menu' : undefined}
        title={t.switcher(selected.name)}
        onClick={toggle}
        onKeyDown={buttonKeys}
      >
        <Dot server={selected} />
        <span class="visually-hidden">{t.list}: </span>
        <span class="switcher-name">{selected.name}</span>
        {trouble ? <span class="visually-hidden">, {t.trouble}</span> : null}
        <ChevronDown size={14} aria-hidden />
      </button>
      {open ? (
        <ul ref={menu} id="server-menu" class="popup-menu switcher-menu" role="menu" aria-label={t.list} onKeyDown={menuKeys}>
          {list.map((server, i) => (
            <li
              key={server.id}
              role="menuitemradio"
              aria-checked={server.selected}
              tabIndex={i === active ? 0 : -1}
              class={`popup-menu-item switcher-item${server.paused ? ' switcher-item-paused' : ''}`}
              data-server={server.id}
              onClick={() => pick(i)}
              onFocus={() => setActive(i)}
            >
              <Dot server={server} />
              <span class="switcher-item-main">
                <span class="switcher-item-name">{server.name}</span>
                <span class="switcher-item-meta">{describe(server)}</span>
              </span>
              {i < 9 ? (
                <kbd class="switcher-key">{t.quickKey(i + 1)}</kbd>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {switchError.value ? (
        <p class="switcher-error inline-error" role="alert">
          {switchError.value}
        </p>
      ) : null}
    </div>
  );
}

/** "2 watching · Live", "Paused", "Key rejected": a server's line in the menu and in Settings. */
export function describe(server: ServerSummary): string {
  if (server.paused) return t.paused;
  return `${t.watching(server.watching)} · ${connectionLabel(server.connection, now.value)}`;
}

/** The connection at a glance: green when current, amber while connecting, red in trouble, hollow when paused. */
export function Dot({ server }: { server: ServerSummary }) {
  const c = server.connection;
  const kind = server.paused ? 'paused' : server.trouble ? 'bad' : (c.state === 'live' || c.state === 'polling') && !c.suspended ? 'ok' : 'busy';
  return <span class={`dot dot-${kind}`} aria-hidden="true" />;
}
