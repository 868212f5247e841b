import { signal } from '@preact/signals';
import type { ComingUpItem, FollowOutcome, FollowPolicy, Outcome, ProgrammeRef, Reminder } from '../../../shared/bridge';
import { dayLabel, dayOffset, localTime } from '../../../shared/format';
import { bridge } from '../bridge';
import { snapshot } from '../state';
import { features as t } from '../strings/features';
import { errorText } from '../attempt';

/**
 * What the feature buttons share: finding a programme's reminder or a title's follow in the
 * snapshot, and calling the bridge with one place to say what failed.
 */

/** the last feature command that failed, in words (shown by the Activity view and the sheets) */
export const featureError = signal<string | null>(null);

export async function run<T>(call: () => Promise<Outcome<T>>): Promise<T | null> {
  featureError.value = null;
  try {
    const outcome = await call();
    if (outcome.ok) return outcome.value;
    featureError.value = t.failed(outcome.error.message);
  } catch (failure) {
    featureError.value = t.failed(errorText(failure));
  }
  return null;
}

const same = (a: { channelId: string; startsAt: string }, b: { channelId: string; startsAt: string }) =>
  a.channelId === b.channelId && Date.parse(a.startsAt) === Date.parse(b.startsAt);

/** The reminder set for this airing, if any. */
export function reminderFor(ref: { channelId: string; startsAt: string }): Reminder | undefined {
  return snapshot.value?.reminders.find((r) => same(r, ref));
}

export const isFavourite = (channelId: string) => snapshot.value?.favourites.some((f) => f.channelId === channelId) ?? false;

export const isFollowed = (title: string) => snapshot.value?.watchlist.followed.some((f) => titleKey(f.title) === titleKey(title)) ?? false;

/** The title a programme is followed by: its show for an episode, else its own title (shared/follow-title.ts). */
export { followTitleOf } from '../../../shared/follow-title';
import { titleKey } from '../../../shared/follow-title';

export const addReminder = (ref: ProgrammeRef) => run(() => bridge.addReminder(ref));
export const cancelReminder = (id: string) => run(() => bridge.cancelReminder({ id }));
/** What the last Follow did, in words, beside the control that asked (null until one is pressed). */
export const followSaid = signal<{ title: string; text: string } | null>(null);

/** Follows a title (first airings unless `policy` says every airing) and says what was set. */
export async function follow(title: string, policy?: FollowPolicy): Promise<FollowOutcome | null> {
  const outcome = await run(() => bridge.follow(policy ? { title, policy } : { title }));
  if (outcome) followSaid.value = { title: outcome.title, text: t.followDone(outcome) };
  return outcome;
}

export async function unfollow(title: string) {
  const outcome = await run(() => bridge.unfollow({ title }));
  if (outcome && followSaid.value?.title.toLowerCase() === title.toLowerCase()) followSaid.value = null;
  return outcome;
}

/** Cancels every waiting reminder of a followed title at once. */
export const cancelTitleReminders = (title: string) => run(() => bridge.cancelTitleReminders({ title }));

/** How a title is followed, or null when it is not. */
export const policyOf = (title: string): FollowPolicy | null =>
  snapshot.value?.watchlist.followed.find((f) => f.title.toLowerCase() === title.trim().toLowerCase())?.policy ?? null;

/** A programme from the server, with its channel, as "Remind me" names it. */
export { programmeRef } from '../../../shared/programme-ref';

export const comingUpKey = (item: ComingUpItem) => `${item.channelId}@${item.startsAt}`;

/** "6:30 PM" (the locale's clock), or "Tomorrow 8:00 AM" when it is not today. */
export function when(at: number, reference: number): string {
  return dayOffset(at, reference) === 0 ? localTime(at) : `${dayLabel(at, reference)} ${localTime(at)}`;
}
