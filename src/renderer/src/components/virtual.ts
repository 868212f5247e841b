import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type VirtualItem } from '@tanstack/virtual-core';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';

/**
 * Fixed-height row virtualisation with @tanstack/virtual-core: the DOM holds only the rows in
 * view (plus a few), so a list of thousands of channels stays fast.
 */
export function useVirtualRows(count: number, rowHeight: number, overscan = 6) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [virtualizer] = useState(
    () =>
      new Virtualizer<HTMLDivElement, HTMLElement>({
        count,
        getScrollElement: () => scrollRef.current,
        estimateSize: () => rowHeight,
        overscan,
        scrollToFn: elementScroll,
        observeElementRect,
        observeElementOffset,
        onChange: () => rerender(0),
      }),
  );
  virtualizer.setOptions({ ...virtualizer.options, count, estimateSize: () => rowHeight, overscan });
  useEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  const items: VirtualItem[] = virtualizer.getVirtualItems();
  return { scrollRef, items, totalSize: virtualizer.getTotalSize(), scrollToIndex: (index: number) => virtualizer.scrollToIndex(index, { align: 'start' }) };
}
