/**
 * The follow policy, pure: which airings of a followed title get a reminder. An airing is known by
 * its episode (the same show, season and episode; the same title and year for a film), so a repeat
 * is told from a new airing; "first" reminds the first airing of each episode and never its
 * repeats, "every" each airing; and at most MAX_WAITING_PER_TITLE reminders wait for one title at
 * once (the rest are picked as those fire). One Follow can therefore never flood the evening.
 */
import type { FollowPolicy } from '../../../shared/bridge';

/** Reminders that wait at once for one followed title. */
export const MAX_WAITING_PER_TITLE = 3;

export { episodeIdentity, type EpisodeFields } from '../../../shared/episode-identity';

/** An airing as the policy sees it. */
export interface PolicyAiring {
  /** the followed title it is an airing of (as followed) */
  followed: string;
  /** its episodeIdentity, hashed (see repeatKey in watchlist.ts) */
  repeat: string;
  startsAt: string;
}

export interface PolicyInput<A extends PolicyAiring> {
  /** airings of the followed titles, any order */
  airings: readonly A[];
  now: number;
  policy: (followed: string) => FollowPolicy;
  /** reminders waiting for this title now */
  waiting: (followed: string) => number;
  /** this airing already has a reminder */
  reminded: (airing: A) => boolean;
  /** an airing of this episode was reminded before (it may have fired already) */
  remembered: (followed: string, repeat: string) => boolean;
  cap?: number;
}

export interface PolicyPlan<A> {
  /** airings to set a reminder for, soonest first */
  remind: A[];
  /** airings left out because they repeat an episode reminded or airing earlier */
  repeats: A[];
}

/**
 * Which airings to remind now: per title, soonest first, skipping those already started, those
 * already reminded (they count among the waiting) and, under "first", any whose episode was
 * reminded before or airs earlier in the list; then as many as the title's room allows.
 */
export function planReminders<A extends PolicyAiring>(input: PolicyInput<A>): PolicyPlan<A> {
  const cap = input.cap ?? MAX_WAITING_PER_TITLE;
  const byTitle = new Map<string, A[]>();
  for (const airing of input.airings) {
    const list = byTitle.get(airing.followed);
    if (list) list.push(airing);
    else byTitle.set(airing.followed, [airing]);
  }
  const remind: A[] = [];
  const repeats: A[] = [];
  for (const [followed, list] of byTitle) {
    list.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    const firstOnly = input.policy(followed) === 'first';
    let room = cap - input.waiting(followed);
    const seen = new Set<string>();
    for (const airing of list) {
      if (Date.parse(airing.startsAt) <= input.now) continue;
      if (input.reminded(airing)) {
        seen.add(airing.repeat);
        continue;
      }
      if (firstOnly && (seen.has(airing.repeat) || input.remembered(followed, airing.repeat))) {
        repeats.push(airing);
        continue;
      }
      seen.add(airing.repeat);
      if (room <= 0) continue;
      remind.push(airing);
      room--;
    }
  }
  remind.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return { remind, repeats };
}
