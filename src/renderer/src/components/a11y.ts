import { useLayoutEffect, useRef, type MutableRef } from 'preact/hooks';

/**
 * Keyboard and focus plumbing shared by the views: dialogs that keep focus inside and give it
 * back to their opener, and lists with one tab stop that move with the arrow keys.
 */

/** What Tab can reach: a composite's other cells (tabindex -1, reached by its arrows) are not. */
const FOCUSABLE = ['a[href]', 'button:not([disabled])', 'input:not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])', 'summary', '[tabindex]']
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

/** Rendered and shown (content of a closed <details> is neither, though it has an offsetParent). */
const visible = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0);

/** Somewhere sensible for focus when its element is gone: the selected tab, else Settings' Back, else the panel. */
export function focusFallback(): void {
  const target =
    document.querySelector<HTMLElement>('[role=tab][aria-selected=true]') ?? document.querySelector<HTMLElement>('[data-focus-home]') ?? document.querySelector<HTMLElement>('#panel, main');
  target?.focus();
}

/**
 * A modal dialog: focus moves in (to `initial`, else the first control) as it is drawn, before
 * the next key can arrive (a layout effect, not one after the next frame: a key typed right after
 * the one that opened it lands inside), Tab and Shift+Tab wrap inside, and on close focus returns
 * to whatever opened it (or a fallback, never `<body>`).
 */
export function useDialog(ref: MutableRef<HTMLElement | null>, initial?: MutableRef<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const root = ref.current;
    (initial?.current ?? root?.querySelector<HTMLElement>(FOCUSABLE) ?? root)?.focus();
    const trap = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !root) return;
      // another dialog opened over this one (a search result's sheet) keeps Tab for itself
      const inDialog = document.activeElement instanceof HTMLElement ? document.activeElement.closest('[role=dialog]') : null;
      if (inDialog && inDialog !== root && !root.contains(inDialog)) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !root.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', trap, true);
    return () => {
      document.removeEventListener('keydown', trap, true);
      const back = opener.current;
      // after the dialog has left the DOM, so a re-render cannot steal focus again
      queueMicrotask(() => {
        if (back && back.isConnected) back.focus();
        else if (document.activeElement === document.body || !document.activeElement) focusFallback();
      });
    };
  }, []);
}

/** Arrow keys, Home and End over a list of `count` items; returns the next index or null. */
export function rovingStep(key: string, index: number, count: number, columns = 1): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + columns);
    case 'ArrowUp':
      return Math.max(0, index - columns);
    case 'ArrowRight':
      return columns > 1 ? Math.min(count - 1, index + 1) : null;
    case 'ArrowLeft':
      return columns > 1 ? Math.max(0, index - 1) : null;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, index + 5);
    case 'PageUp':
      return Math.max(0, index - 5);
    default:
      return null;
  }
}
