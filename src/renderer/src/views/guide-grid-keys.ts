import type { RefObject } from 'preact';
import { xOf, type Timeline } from './guide-timeline';
import { COLUMN, ROW, RULER } from './guide-layout';

/**
 * Owns the keys inside the guide grid: arrows along a channel and across channels, Home/End
 * (Ctrl for the first and last row), Page Up/Down; a neighbour not drawn yet is scrolled into view
 * and focused once drawn (bounded: three seconds of frames at most).
 */

/** The key handler for the grid in `scrollRef`, drawn at `line` in a `viewport` px wide with `count` rows. */
export function gridKeys(scrollRef: RefObject<HTMLDivElement>, line: Timeline | null, viewport: number, count: number): (event: KeyboardEvent) => void {
  /** Keys inside the grid: arrows along a channel and across channels, Home/End, Page Up/Down. */
  const keys = (event: KeyboardEvent) => {
    const element = scrollRef.current;
    const from = event.target as HTMLElement;
    if (!element || !from.closest('.guide-row')) return;
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      if (event.ctrlKey) return void jumpToRow(event.key === 'Home' ? 0 : count - 1, 'channel');
      const row = from.closest<HTMLElement>('.guide-row')!;
      if (event.key === 'Home') return void row.querySelector<HTMLElement>('.guide-channel')?.focus();
      if (line) element.scrollTo({ left: Math.max(0, line.width - (viewport - COLUMN)) });
      return focusWhenDrawn(from, 'End');
    }
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const page = Math.max(1, Math.floor((element.clientHeight - RULER) / ROW) - 1);
      const position = Number(from.closest<HTMLElement>('.guide-row')!.dataset.position);
      const to = Math.max(0, Math.min(count - 1, position + (event.key === 'PageDown' ? page : -page)));
      return void jumpToRow(to, from.classList.contains('block') ? 'block' : from.classList.contains('guide-star') ? 'star' : 'channel', from.getBoundingClientRect().left + 1);
    }
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return;
    event.preventDefault();
    const next = gridNeighbour(from, event.key);
    // ArrowLeft when the programme before is not drawn (it ended at the left edge): this one's start two thirds across, then move
    const fromStart = Number(from.dataset.starts);
    if (event.key === 'ArrowLeft' && line && next?.classList.contains('guide-channel') && from.classList.contains('block') && fromStart > line.start) {
      element.scrollTo({ left: Math.max(0, xOf(line, fromStart) - ((viewport - COLUMN) * 2) / 3) });
      return focusWhenDrawn(from, event.key, (cell) => cell.classList.contains('block'));
    }
    const along = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    if (next && along && next.classList.contains('block') && line) {
      // not the browser's own scrolling into view: for a programme longer than the view it puts
      // the start at the edge, and the one we came from out of view (and undrawn), so the way
      // back would skip it. Its start a third of the way across keeps both in view.
      next.focus({ preventScroll: true });
      const starts = xOf(line, Math.max(Number(next.dataset.starts), line.start));
      const width = viewport - COLUMN;
      if (starts < element.scrollLeft || starts > element.scrollLeft + width - 24) element.scrollTo({ left: Math.max(0, starts - width / 3) });
      return;
    }
    if (next) return next.focus();
    if (event.key === 'ArrowRight') {
      // the next programme is beyond what is drawn (this one runs on past the view): bring this
      // one's end into view, a third of the way across, then move once the next is drawn
      const ends = Number(from.dataset.ends);
      if (!line || !Number.isFinite(ends) || ends >= line.end) return;
      element.scrollTo({ left: Math.max(0, xOf(line, ends) - (viewport - COLUMN) / 3) });
      return focusWhenDrawn(from, event.key);
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    // the row is not drawn yet: scroll it into view, then move once it is there
    element.scrollBy({ top: event.key === 'ArrowDown' ? ROW : -ROW });
    focusWhenDrawn(from, event.key);
  };

  /** Scrolls row `position` into view and focuses its cell of that kind (a block: the one at `x`) once drawn. */
  const jumpToRow = (position: number, kind: 'channel' | 'star' | 'block', x?: number) => {
    const element = scrollRef.current;
    if (!element) return;
    const top = position * ROW;
    if (top < element.scrollTop || top + ROW > element.scrollTop + element.clientHeight - RULER) element.scrollTop = Math.max(0, top - (element.clientHeight - RULER) / 2);
    const until = performance.now() + 3_000;
    const find = () => {
      const row = element.querySelector<HTMLElement>(`.guide-row[data-position="${position}"]`);
      if (!row || !row.querySelector('.guide-channel')) return performance.now() < until ? requestAnimationFrame(find) : undefined;
      const blocks = [...row.querySelectorAll<HTMLElement>('.block')];
      const cell =
        kind === 'block' && x !== undefined
          ? (blocks.find((b) => b.getBoundingClientRect().left <= x && b.getBoundingClientRect().right > x) ?? blocks[0])
          : row.querySelector<HTMLElement>(kind === 'star' ? '.guide-star' : '.guide-channel');
      cell?.focus();
    };
    requestAnimationFrame(find);
  };
  return keys;
}

/** The vertical offset a row is drawn at (rows are placed with translateY). */
export const transformY = (row: HTMLElement) => Number(/translateY\(([\d.]+)px\)/.exec(row.style.transform)?.[1] ?? 0);

/**
 * After scrolling, a row or programme may still be on its way: look for the neighbour (one `wanted`
 * accepts) on each frame for at most three seconds, then take any; give up if focus went elsewhere.
 */
function focusWhenDrawn(from: HTMLElement, key: string, wanted?: (cell: HTMLElement) => boolean, until = performance.now() + 3_000): void {
  requestAnimationFrame(() => {
    if (!from.isConnected || document.activeElement !== from) return;
    const next = gridNeighbour(from, key);
    const late = performance.now() >= until;
    if (next && (!wanted || wanted(next) || late)) next.focus();
    else if (!late) focusWhenDrawn(from, key, wanted, until);
  });
}

/** The cell an arrow key (or End) leads to from `from` (a star, a channel cell or a programme block), if it is drawn. */
function gridNeighbour(from: HTMLElement, key: string): HTMLElement | null {
  const row = from.closest<HTMLElement>('.guide-row')!;
  const cells = (r: Element) => [...r.querySelectorAll<HTMLElement>('.guide-star, .guide-channel, .block')];
  if (key === 'End') {
    const own = cells(row);
    const last = own[own.length - 1] ?? null;
    return last === from ? null : last;
  }
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const own = cells(row);
    return own[own.indexOf(from) + (key === 'ArrowRight' ? 1 : -1)] ?? null;
  }
  // rows are positioned, not in DOM order: find the one just above or below by its offset
  const rows = [...row.parentElement!.querySelectorAll<HTMLElement>('.guide-row')].filter((r) => r.querySelector('.guide-channel'));
  const sorted = rows.map((r) => ({ r, top: r.getBoundingClientRect().top })).sort((a, b) => a.top - b.top);
  const index = sorted.findIndex((entry) => entry.r === row);
  const target = sorted[index + (key === 'ArrowDown' ? 1 : -1)]?.r;
  if (!target) return null;
  if (from.classList.contains('guide-channel')) return target.querySelector('.guide-channel');
  if (from.classList.contains('guide-star')) return target.querySelector('.guide-star');
  // what is on in that row at the left edge of the programme we come from
  const x = from.getBoundingClientRect().left + 1;
  const blocks = [...target.querySelectorAll<HTMLElement>('.block')];
  return blocks.find((b) => b.getBoundingClientRect().left <= x && b.getBoundingClientRect().right > x) ?? blocks.find((b) => b.getBoundingClientRect().left > x) ?? target.querySelector('.guide-channel');
}
