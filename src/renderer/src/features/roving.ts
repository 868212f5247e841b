import { useState } from 'preact/hooks';
import { rovingStep } from '../components/a11y';

/**
 * One tab stop for a short list of buttons (the reminders, the airings, the log filter's days):
 * the arrow keys, Home and End move between the elements marked `data-roving` inside the list.
 */
export function useRoving(count: number) {
  const [active, setActive] = useState(0);
  const index = Math.min(active, Math.max(0, count - 1));
  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>('[data-roving]')];
    const from = items.indexOf(event.target as HTMLElement);
    if (from < 0) return;
    const next = rovingStep(event.key, from, items.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    items[next]?.focus();
  };
  return {
    onKeyDown,
    /** props for the item at `i`: in the roving set, tabbable only when it is the active one */
    item: (i: number) => ({ 'data-roving': true, tabIndex: i === index ? 0 : -1, onFocus: () => setActive(i) }),
  };
}
