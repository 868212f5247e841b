import type { GuideSearchTitle } from '../../../shared/bridge';
import { SEARCH_AIRINGS_MAX } from '../../../shared/bridge';
import { titleKey } from '../../../shared/follow-title';
import type { GuideStore } from './store';

/**
 * Owns search's one row per programme (issue 47: "Matchday Live" was listed 60 times): the hits
 * of a search, soonest first, gathered under the title each is followed under
 * (shared/follow-title.ts: the show for an episode), each title counted in full and sent with its
 * first airing and, when that one is on air, the next still to start (what "Remind me" on its row
 * sets); with up to SEARCH_AIRINGS_MAX when that title is asked for. Titles with an airing
 * on air and titles still to come are capped apart, so one kind cannot crowd out the other.
 * Bounded: one pass over the hits, records built only for what is sent.
 */

export interface Hit {
  channel: number;
  program: number;
  start: number;
}

/**
 * The titles of `hits` (sorted by start; all end after `after`): at most `limit` whose first
 * airing is on air at `after` and `limit` whose first airing is later, in the order of their first
 * airing; with `only`, just that title (by titleKey), with its airings.
 */
export function searchTitles(store: GuideStore, hits: readonly Hit[], after: number, limit: number, only?: string): GuideSearchTitle[] {
  const wanted = only === undefined ? null : titleKey(only);
  const keep = wanted === null ? 1 : SEARCH_AIRINGS_MAX;
  const titles = new Map<string, { title: string; airings: number; onAir: boolean; first: Hit[] }>();
  /** titles past their kind's cap: not sent, and not sent later as another kind either */
  const left = new Set<string>();
  let onAir = 0;
  let later = 0;
  /** each title's key, worked out once (a common word hits one show thousands of times) */
  const keys = new Map<string, string>();
  for (const hit of hits) {
    const title = store.followTitle(hit);
    let key = keys.get(title);
    if (key === undefined) keys.set(title, (key = titleKey(title)));
    if ((wanted !== null && key !== wanted) || left.has(key)) continue;
    let entry = titles.get(key);
    if (!entry) {
      const airing = hit.start <= after;
      // a title past its kind's cap is not kept (its airings are not counted either: it is not shown)
      if (airing ? onAir >= limit : later >= limit) {
        left.add(key);
        continue;
      }
      if (airing) onAir++;
      else later++;
      entry = { title, airings: 0, onAir: airing, first: [] };
      titles.set(key, entry);
    }
    entry.airings++;
    // the first airing; and the next still to start when the first is on air
    const next = keep === 1 && entry.first.length === 1 && entry.first[0]!.start <= after && hit.start > after;
    if (entry.first.length < keep || next) entry.first.push(hit);
  }
  return [...titles.values()].map(({ title, airings, first }) => ({ title, airings, first: first.map((at) => store.hit(at)) }));
}
