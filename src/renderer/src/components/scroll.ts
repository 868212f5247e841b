/**
 * Scrolling that stays inside the pane: the popover's root (html, body, #app, .app) never scrolls,
 * so the header with its tabs and gear and the footer always stay where they are.
 */

/** The nearest ancestor of `el` that scrolls by itself (overflow auto or scroll), below the app shell. */
function scrollingPane(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node && !node.classList.contains('app'); node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/**
 * Brings `el` into view by scrolling its pane only (`scrollIntoView` would scroll every ancestor,
 * the page root included). `center` puts it mid-pane; `nearest` moves as little as it can.
 */
export function revealInPane(el: HTMLElement, block: 'center' | 'nearest' = 'nearest'): void {
  const pane = scrollingPane(el);
  if (!pane) return;
  const box = el.getBoundingClientRect();
  const frame = pane.getBoundingClientRect();
  let delta = 0;
  if (block === 'center') delta = box.top + box.height / 2 - (frame.top + frame.height / 2);
  else if (box.top < frame.top) delta = box.top - frame.top;
  else if (box.bottom > frame.bottom) delta = Math.min(box.bottom - frame.bottom, box.top - frame.top);
  if (delta !== 0) pane.scrollTop += delta;
}

/** The boxes that must never scroll: the page and the app shell. */
const rootBoxes = () => [document.scrollingElement, document.documentElement, document.body, document.getElementById('app'), document.querySelector('.app')];

/**
 * Puts the root back if anything scrolled it (the browser's own focus scrolling, a find-in-page, a
 * script): a scroll event on a root box resets it at once. Returns the undo.
 */
export function pinRoot(): () => void {
  const reset = (event: Event) => {
    const target = event.target instanceof Document ? document.scrollingElement : event.target;
    if (!rootBoxes().includes(target as Element)) return;
    for (const box of rootBoxes()) {
      if (box && (box.scrollTop !== 0 || box.scrollLeft !== 0)) {
        box.scrollTop = 0;
        box.scrollLeft = 0;
      }
    }
  };
  document.addEventListener('scroll', reset, true);
  return () => document.removeEventListener('scroll', reset, true);
}
