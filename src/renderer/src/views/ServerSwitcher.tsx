import { ChevronDown } from 'lucide-preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ServerSummary } from '../../../shared/bridge';
import { connectionLabel } from '../../../shared/format';
import { chooseServer, inTrouble, serverList, switchError } from '../server-state';
import { now } from '../state';
import { servers as t } from '../strings/servers';
import './servers.css';

/**
 * The header's server switcher (two servers or more): a button with the shown server's name and a
 * dot for its connection, opening a menu of every server with its viewers and state. The menu is
 * a keyboard menu (arrows, Home, End, Enter, Escape gives focus back); Alt+1…9 works from anywhere
 * (see app.tsx) and is shown beside each server.
 */
export function ServerSwitcher() {
  const list = serverList.value;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const selectedIndex = Math.max(0, list.findIndex((server) => server.selected));
  const count = list.length;

  // a layout effect: a passive one would still be pending when a click closes the menu, and Preact
  // runs it before that render, pulling focus back into the menu as it goes away
  useLayoutEffect(() => {
    if (!open) return;
    menu.current?.querySelectorAll<HTMLElement>('[role=menuitemradio]')[active]?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    // a press anywhere else closes the menu (focus stays where the press puts it)
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  if (count < 2) return null;
  const selected = list[selectedIndex]!;
  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (giveBack: boolean) => {
    setOpen(false);
    if (giveBack) button.current?.focus();
  };
  const choose = (server: ServerSummary) => {
    close(true);
    void chooseServer(server.id);
  };
  const buttonKeys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show(selectedIndex);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show(count - 1);
    }
  };
  const menuKeys = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: (active + 1) % count, ArrowUp: (active - 1 + count) % count, Home: 0, End: count - 1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(list[active]!);
    } else if (event.key === 'Escape') {
      // the menu closes, not the popover
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };
  const trouble = inTrouble(selected);
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
        onClick={() => (open ? close(false) : show(selectedIndex))}
        onKeyDown={buttonKeys}
      >
        <Dot server={selected} />
        <span class="visually-hidden">{t.list}: </span>
        <span class="switcher-name">{selected.name}</span>
        {trouble ? <span class="visually-hidden">, {t.trouble}</span> : null}
        <ChevronDown size={14} aria-hidden />
      </button>
      {open ? (
        <ul ref={menu} id="server-menu" class="switcher-menu" role="menu" aria-label={t.list} onKeyDown={menuKeys}>
          {list.map((server, i) => (
            <li
              key={server.id}
              role="menuitemradio"
              aria-checked={server.selected}
              tabIndex={i === active ? 0 : -1}
              class={`switcher-item${server.paused ? ' switcher-item-paused' : ''}`}
              data-server={server.id}
              onClick={() => choose(server)}
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
  const kind = server.paused ? 'paused' : inTrouble(server) ? 'bad' : (c.state === 'live' || c.state === 'polling') && !c.suspended ? 'ok' : 'busy';
  return <span class={`dot dot-${kind}`} aria-hidden="true" />;
}
