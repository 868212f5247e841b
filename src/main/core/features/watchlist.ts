/**
 * The watchlist: titles followed (a show or a film) and how (first airings or every airing), their
 * airings found in guide windows for the next 24 hours ("Coming up"), and the episodes already
 * reminded (so a repeat is not reminded again), kept in watchlist.json. Finding airings is pure
 * (`findAirings`); which get a reminder is follow-policy.ts's; when to look is app/features.ts's.
 */
import * as v from 'valibot';
import type { PlacedGuide } from '../../../shared/airwave';
import type { ComingUpItem, FollowedTitle, FollowPolicy, ProgrammeRef } from '../../../shared/bridge';
import { programmeRef } from '../../../shared/programme-ref';
import { followPolicy, instant, PROGRAMME_FIELDS, shortText, title } from '../../../shared/shapes';
import { eachKept, orDefault } from '../../../shared/tolerant';
import { episodeIdentity, type EpisodeFields } from './follow-policy';
import type { FeatureStore } from './json-store';
import { fnv1a } from '../../common/hash';
import { PROGRAMME } from './reminders';
import { messages, t } from '../../../shared/i18n/messages';
import { titleKey } from '../../../shared/follow-title';

export const WATCHLIST_FILE = 'watchlist.json';
export const MAX_FOLLOWED = 100;
/** Airings kept per followed title (a channel that plays one show all day must not fill the list). */
export const MAX_AIRINGS_PER_TITLE = 20;
export const MAX_AIRINGS = 300;
export const DAY_MS = 24 * 60 * 60_000;
/** Episodes remembered as reminded (a repeat of one is not reminded again), and for how long after it aired. */
export const MAX_REMEMBERED = 2_000;
export const REMEMBER_MS = 14 * DAY_MS;

/** An airing of a followed title; `repeat` is the same for every airing of one episode or film. */
export type Airing = ProgrammeRef & { followed: string; repeat: string };

/** A short key for an episode or film (see episodeIdentity): what tells a repeat. */
export const repeatKey = (program: EpisodeFields) => fnv1a(episodeIdentity(program));

/** A title as matched: trimmed, any case, runs of spaces as one (the one rule: shared/follow-title.ts). */
export const norm = titleKey;

/** The followed title a programme is an airing of, or null (bumpers never match). */
export function matchFollowed(program: { ratingKey: string | null; title: string; showTitle: string | null }, followed: readonly Pick<FollowedTitle, 'title'>[]): string | null {
  if (program.ratingKey === null) return null;
  const show = norm(program.showTitle);
  const title = norm(program.title);
  return followed.find((f) => norm(f.title) === show || norm(f.title) === title)?.title ?? null;
}

/**
 * Which airings of a title are kept when there are more than a title may keep: those still to
 * start, soonest first, then those already on. A title on air on many channels at once would
 * otherwise fill its share with what is on now and leave nothing to remind about.
 */
export const airingRank = (start: number, now: number) => (start > now ? start : start + 2 * DAY_MS);

/**
 * Airings of the followed titles in `guide` that have not ended by `now` and start within a day of
 * it, at most a few per title (see `airingRank`), by start.
 */
export function findAirings(guide: PlacedGuide, followed: readonly Pick<FollowedTitle, 'title'>[], now: number): Airing[] {
  if (followed.length === 0) return [];
  const found: Airing[] = [];
  const perTitle = new Map<string, number>();
  const programs = guide.channels
    .flatMap((channel) => channel.programs.map((program) => ({ channel, program, start: Date.parse(program.startsAt) })))
    .filter(({ program, start }) => Date.parse(program.endsAt) > now && start <= now + DAY_MS)
    .sort((a, b) => airingRank(a.start, now) - airingRank(b.start, now));
  for (const { channel, program } of programs) {
    const matched = matchFollowed(program, followed);
    if (matched === null) continue;
    const ref = programmeRef(program, channel);
    if (!v.is(PROGRAMME, ref)) continue; // one the file could not hold (a title of thousands of characters)
    const n = perTitle.get(matched) ?? 0;
    if (n >= MAX_AIRINGS_PER_TITLE) continue;
    perTitle.set(matched, n + 1);
    found.push({ followed: matched, ...ref, repeat: repeatKey(program) });
    if (found.length >= MAX_AIRINGS) break;
  }
  return found.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** The span of time a guide speaks for: from its window's start (or its first programme) to the window's end. */
export function guideSpan(guide: PlacedGuide): { from: number; to: number } | null {
  const at = Date.parse(guide.serverTime);
  if (Number.isNaN(at)) return null;
  let from = at - guide.backMinutes * 60_000;
  for (const channel of guide.channels) for (const program of channel.programs) from = Math.min(from, Date.parse(program.startsAt));
  return { from, to: at + guide.windowMinutes * 60_000 };
}

const MAX_REMEMBERED_KEY = 400;

/** watchlist.json: each followed title and each airing on its own, and the episodes reminded. */
const WATCHLIST_SCHEMA = v.object({
  version: v.literal(1),
  followed: orDefault(
    eachKept(v.object({ title, addedAt: instant, policy: orDefault(followPolicy, 'first' as FollowPolicy) }), { max: MAX_FOLLOWED, key: (f) => norm(f.title) }),
    [],
  ),
  airings: orDefault(eachKept(v.object({ ...PROGRAMME_FIELDS, followed: title, repeat: orDefault(shortText(20), '') }), { max: MAX_AIRINGS }), []),
  /** [followed title (normalised) + repeat key, until when it is remembered] */
  reminded: orDefault(eachKept(v.tuple([shortText(MAX_REMEMBERED_KEY), instant]), { max: MAX_REMEMBERED }), []),
  scannedAt: orDefault(v.nullable(instant), null),
  fullScanAt: orDefault(v.nullable(instant), null),
});

export class Watchlist {
  readonly #store: FeatureStore;
  readonly #changed: () => void;
  #followed: FollowedTitle[];
  #airings: Airing[];
  #scannedAt: number | null;
  /** when the last scan covering the whole next day ran */
  #fullScanAt: number | null;
  /** episodes reminded per title: `${norm(title)}\n${repeat}` → until when */
  #reminded: Map<string, number>;

  constructor(store: FeatureStore, changed: () => void, problem: (text: string) => void) {
    this.#store = store;
    this.#changed = changed;
    const loaded = store.read(WATCHLIST_FILE, WATCHLIST_SCHEMA);
    if (loaded.problem) problem(loaded.problem);
    this.#followed = loaded.value?.followed ?? [];
    this.#airings = loaded.value?.airings ?? [];
    this.#scannedAt = loaded.value?.scannedAt ?? null;
    this.#fullScanAt = loaded.value?.fullScanAt ?? null;
    this.#reminded = new Map(loaded.value?.reminded ?? []);
  }

  /** How a title is followed ("first" for one not followed). */
  policyOf(followed: string): FollowPolicy {
    return this.#followed.find((f) => norm(f.title) === norm(followed))?.policy ?? 'first';
  }

  /** The airings held (those found by the last scans that have not ended), soonest first. */
  get airings(): readonly Airing[] {
    return this.#airings;
  }

  /** Was an airing of this episode of `followed` reminded before? */
  remembered(followed: string, repeat: string): boolean {
    return repeat !== '' && this.#reminded.has(`${norm(followed)}\n${repeat}`);
  }

  /** A reminder was set for `airing`: its repeats are not reminded under "first". */
  remember(airings: readonly Airing[], now: number): void {
    let changed = false;
    for (const airing of airings) {
      if (airing.repeat === '') continue;
      this.#reminded.set(`${norm(airing.followed)}\n${airing.repeat}`, Date.parse(airing.endsAt) + REMEMBER_MS);
      changed = true;
    }
    if (!changed) return;
    for (const [key, until] of this.#reminded) if (until <= now) this.#reminded.delete(key);
    while (this.#reminded.size > MAX_REMEMBERED) this.#reminded.delete(this.#reminded.keys().next().value as string);
    this.#save();
  }

  get followed(): FollowedTitle[] {
    return this.#followed;
  }

  get scannedAt(): number | null {
    return this.#scannedAt;
  }

  get fullScanAt(): number | null {
    return this.#fullScanAt;
  }

  /** The next airings of everything followed that have not ended, soonest first. */
  comingUp(now: number, reminded: (airing: Airing) => boolean): ComingUpItem[] {
    const seen = new Set<string>();
    return this.#airings
      .filter((a) => Date.parse(a.endsAt) > now)
      .map(({ repeat: key, ...a }) => {
        const on = reminded({ ...a, repeat: key });
        const id = `${norm(a.followed)}\n${key}`;
        const repeat = key !== '' && !on && (seen.has(id) || this.#reminded.has(id));
        if (key !== '') seen.add(id);
        return { ...a, reminded: on, repeat };
      });
  }

  /** Follows a title (or changes how a title followed is); a string says why not. */
  follow(title: string, now: number, policy: FollowPolicy = 'first'): FollowedTitle[] | string {
    const clean = title.trim().replace(/\s+/g, ' ');
    if (clean === '') return messages().errors.typeTitle;
    const held = this.#followed.find((f) => norm(f.title) === norm(clean));
    if (held) {
      if (held.policy === policy) return this.#followed;
      this.#followed = this.#followed.map((f) => (f === held ? { ...f, policy } : f));
      this.#save();
      return this.#followed;
    }
    if (this.#followed.length >= MAX_FOLLOWED) return t(messages().errors.tooManyFollowed, { max: MAX_FOLLOWED });
    this.#followed = [...this.#followed, { title: clean, addedAt: now, policy }];
    this.#save();
    return this.#followed;
  }

  /** Stops following; returns the title as it was followed, or null when it was not. */
  unfollow(title: string): string | null {
    const held = this.#followed.find((f) => norm(f.title) === norm(title));
    if (!held) return null;
    this.#followed = this.#followed.filter((f) => f !== held);
    this.#airings = this.#airings.filter((a) => a.followed !== held.title);
    const prefix = `${norm(held.title)}\n`;
    for (const key of [...this.#reminded.keys()]) if (key.startsWith(prefix)) this.#reminded.delete(key);
    this.#save();
    return held.title;
  }

  /** Is this programme an airing of `followed` (a title as followed)? */
  isAiringOf(ref: ProgrammeRef, followed: string): boolean {
    return matchFollowed(ref, [{ title: followed }]) !== null;
  }

  /**
   * A guide window was read: its airings replace those held for the time it covers (an airing
   * that moved or vanished goes), the rest stay; ended ones are dropped. Returns the airings found.
   */
  scan(guide: PlacedGuide, now: number): Airing[] {
    const span = guideSpan(guide);
    const found = findAirings(guide, this.#followed, now);
    const coveredTo = span ? Math.min(span.to, now + DAY_MS) : now;
    const kept = this.#airings.filter((a) => {
      const start = Date.parse(a.startsAt);
      return Date.parse(a.endsAt) > now && !(span && start >= span.from && start < coveredTo);
    });
    this.#airings = [...kept, ...found].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)).slice(0, MAX_AIRINGS);
    this.#scannedAt = now;
    if (span && span.to >= now + DAY_MS - 60 * 60_000) this.#fullScanAt = now;
    this.#save();
    return found;
  }

  #save(): void {
    this.#store.write(WATCHLIST_FILE, {
      version: 1,
      followed: this.#followed,
      airings: this.#airings,
      scannedAt: this.#scannedAt,
      fullScanAt: this.#fullScanAt,
      reminded: [...this.#reminded],
    });
    this.#changed();
  }
}
