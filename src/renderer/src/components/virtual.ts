import { defaultRangeExtractor, elementScroll, observeElementOffset, observeElementRect, Virtualizer, type Range, type VirtualItem } from '@tanstack/virtual-core';
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';

/**
 * Fixed-height row virtualisation with @tanstack/virtual-core: the DOM holds only the rows in
 * view (plus a few), so a list of thousands of channels stays fast. `keep` names one row that
 * stays rendered wherever the list scrolls (the row holding keyboard focus). All rows share one
 * height, which may change (Watching's density): the rows are then laid out anew.
 */
export function useVirtualRows(count: number, rowHeight: number, overscan = 6, keep: number | null = null) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const keepRef = useRef<number | null>(keep);
  keepRef.current = keep !== null && keep < count ? keep : null;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const rangeExtractor = (range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const kept = keepRef.current;
    if (kept !== null && !indexes.includes(kept)) {
      indexes.push(kept);
      indexes.sort((a, b) => a - b);
    }
    return indexes;
  };
  const [virtualizer] = useState(
    () =>
      new Virtualizer<HTMLDivElement, HTMLElement>({
        count,
        getScrollElement: () => scrollRef.current,
        estimateSize: () => rowHeight,
        overscan,
        rangeExtractor,
        scrollToFn: elementScroll,
        observeElementRect,
        observeElementOffset,
        onChange: () => rerender(0),
      }),
  );
  virtualizer.setOptions({ ...virtualizer.options, count, estimateSize: () => rowHeight, overscan, rangeExtractor });
  // another row height (Watching's density): the sizes measured with the old one no longer hold
  const heightRef = useRef(rowHeight);
  if (heightRef.current !== rowHeight) {
    heightRef.current = rowHeight;
    virtualizer.measure();
  }
  useEffect(() => virtualizer._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer._willUpdate());
  const items: VirtualItem[] = virtualizer.getVirtualItems();
  return {
    scrollRef,
    items,
    totalSize: virtualizer.getTotalSize(),
    /** the rows in view, without the overscan drawn around them (null before the first layout) */
    inView: virtualizer.range ? { first: virtualizer.range.startIndex, last: virtualizer.range.endIndex } : null,
    scrollToIndex: (index: number, align: 'start' | 'auto' = 'start') => virtualizer.scrollToIndex(index, { align }),
  };
}
