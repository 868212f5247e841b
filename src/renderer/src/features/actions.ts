import { signal } from '@preact/signals';
import type { ComingUpItem, Outcome, ProgrammeRef, Reminder } from '../../../shared/bridge';
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

export const isFollowed = (title: string) => snapshot.value?.watchlist.followed.some((f) => f.title.toLowerCase() === title.trim().toLowerCase()) ?? false;

/** The title a programme is followed by: its show for an episode, else its own title. */
export const followTitleOf = (p: { title: string; showTitle: string | null }) => p.showTitle ?? p.title;

export const addReminder = (ref: ProgrammeRef) => run(() => bridge.addReminder(ref));
export const cancelReminder = (id: string) => run(() => bridge.cancelReminder({ id }));
export const follow = (title: string) => run(() => bridge.follow({ title }));
export const unfollow = (title: string) => run(() => bridge.unfollow({ title }));

/** A programme from the server, with its channel, as "Remind me" names it. */
export { programmeRef } from '../../../shared/programme-ref';

export const comingUpKey = (item: ComingUpItem) => `${item.channelId}@${item.startsAt}`;

/** "18:30", or "Tomorrow 08:00" when it is not today. */
export function when(at: number, reference: number): string {
  return dayOffset(at, reference) === 0 ? localTime(at) : `${dayLabel(at, reference)} ${localTime(at)}`;
}
