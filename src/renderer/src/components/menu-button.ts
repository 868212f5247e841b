import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import './menu.css';

/**
 * Owns how a menu button behaves (the header's server switcher, the channel group menu): a button
 * that opens a menu of radio items, one Tab stop. On the button, Down, Enter and Space open the
 * menu at the chosen item and Up at the last; in the menu the arrows (wrapping), Home and End move,
 * Enter or Space chooses, Escape closes it (not the popover) and gives focus back, Tab closes it
 * and moves on, and a press anywhere else closes it. The items are `[role=menuitemradio]` (a
 * choice) or `[role=menuitem]` (an action: the guide's day menu) in `menu`; the component draws
 * them (class `popup-menu-item`) in a `popup-menu` list.
 */
export function useMenuButton(count: number, chosenIndex: number, choose: (index: number) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const item = (index: number) => menu.current?.querySelectorAll<HTMLElement>('[role=menuitemradio], [role=menuitem]')[index];

  // a layout effect: a passive one would still be pending when a click closes the menu, and Preact
  // runs it before that render, pulling focus back into the menu as it goes away
  useLayoutEffect(() => {
    if (open) item(active)?.focus();
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

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
    // already open (focus went back to the button): into the menu again
    if (open) item(index)?.focus();
  };
  const close = (giveBack: boolean) => {
    setOpen(false);
    if (giveBack) button.current?.focus();
  };
  const pick = (index: number) => {
    close(true);
    choose(index);
  };
  const buttonKeys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show(chosenIndex);
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
      pick(active);
    } else if (event.key === 'Escape') {
      // the menu closes, not the popover
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };
  const toggle = () => (open ? close(false) : show(chosenIndex));
  return { open, active, setActive, root, button, menu, pick, toggle, buttonKeys, menuKeys };
}
