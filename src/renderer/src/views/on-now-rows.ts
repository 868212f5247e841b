import { useEffect, useReducer, useRef } from 'preact/hooks';
import { ON_NOW_ROWS_MAX, type OnNowRow, type OnNowSummary } from '../../../shared/bridge';
import { bridge } from '../bridge';

/**
 * The On now rows the page holds: the ones in view plus a margin, asked of the core by range. The
 * snapshot says only how many rows there are (per group too) and which changed; a row is asked for
 * again only when it is held and changed (or when a version was missed, then all held rows are).
 * So what the page receives follows what it shows, not the number of channels. With a group, the
 * places are the group's (the core filters), and another group starts from nothing held.
 */
const MARGIN = 20;
/** rows kept beyond the wanted range before they are let go */
const KEEP = 100;

interface Held {
  row: OnNowRow;
  stale: boolean;
}

/** How many rows On now lists: all of them, or one group's. */
export const onNowCount = (summary: OnNowSummary | null, group: string | null) => (!summary ? 0 : group === null ? summary.count : (summary.groups[group] ?? 0));

export function useOnNowRows(summary: OnNowSummary | null, first: number, last: number, group: string | null = null): (index: number) => OnNowRow | undefined {
  const cache = useRef(new Map<number, Held>());
  const seen = useRef<number | null>(null);
  const asking = useRef(false);
  const shownGroup = useRef(group);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // another group: the places held mean other rows
  if (shownGroup.current !== group) {
    shownGroup.current = group;
    cache.current.clear();
  }
  const count = onNowCount(summary, group);

  // a new version: what changed among the held rows is asked for again (all of them after a gap)
  if (summary && seen.current !== summary.version) {
    const consecutive = seen.current !== null && summary.version === seen.current + 1 && summary.changed !== null;
    const changed = consecutive ? new Set(summary.changed) : null;
    for (const [index, held] of cache.current) {
      if (index >= onNowCount(summary, group)) cache.current.delete(index);
      else if (!changed || changed.has(held.row.id)) held.stale = true;
    }
    seen.current = summary.version;
  }

  const from = Math.max(0, first - MARGIN);
  const to = Math.min(count, last + 1 + MARGIN);
  useEffect(() => {
    if (!summary || asking.current || to <= from) return;
    let missing = -1;
    for (let index = from; index < to; index++) {
      const held = cache.current.get(index);
      if (!held || held.stale) {
        missing = index;
        break;
      }
    }
    if (missing < 0) return;
    let end = missing;
    while (end < to && end - missing < ON_NOW_ROWS_MAX) end++;
    asking.current = true;
    void bridge
      .getOnNowRows({ from: missing, to: end, ...(group === null ? {} : { group }) })
      .then((answer) => {
        // rows of a group no longer shown are not this list's
        if (!answer.ok || shownGroup.current !== group) return;
        for (const row of answer.value.rows) cache.current.set(row.index, { row, stale: answer.value.version < (seen.current ?? 0) });
        // let go of rows far from the view
        for (const index of cache.current.keys()) if (index < from - KEEP || index >= to + KEEP) cache.current.delete(index);
      })
      .finally(() => {
        asking.current = false;
        rerender(0);
      });
  });

  return (index) => cache.current.get(index)?.row;
}
