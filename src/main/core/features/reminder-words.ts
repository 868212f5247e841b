/**
 * What a reminder says: the notification when it fires (starting, moved, gone), the one for those
 * missed while asleep or closed, and why one could not be set. Every word is read from the catalogue
 * (src/shared/i18n, `reminders`) when the notification is made, so a change of language applies to
 * the next one.
 */
import type { ProgrammeRef, Reminder } from '../../../shared/bridge';
import { channelLabel, clock, localTime as clockTime, programmeTitle } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';
import { words } from '../notifications/words';
import type { NotificationRequest } from '../viewers/notify-policy';
import type { CheckOutcome } from './schedule-check';

export type MissedReason = 'asleep' | 'closed';

/** Programmes named in the body of a notice for several missed reminders; the rest are counted. */
const MISSED_NAMED = 3;

const m = () => messages().reminders;

/** Why a reminder was not set, in the language in use. */
export const reminderWords = {
  cancelledOne: () => m().cancelledOne,
  alreadyStarted: (title: string) => t(m().alreadyStarted, { title }),
  tooMany: (max: number) => t(m().tooMany, { max }),
};

function where(ref: ProgrammeRef): string {
  return channelLabel(ref.channelNumber, ref.channelName) ?? m().itsChannel;
}

/** The notification of a reminder that fired, after its check said `outcome`. */
export function firedNotice(reminder: Reminder, outcome: CheckOutcome, now: number): NotificationRequest {
  const base = { id: `reminder-${reminder.id}-${now.toString(36)}`, artworkUrl: null, target: { view: 'on-now' as const, channelNumber: reminder.channelNumber }, at: now };
  // "Snooze" only while the programme is still to come as reminded (one moved is reminded again anyway)
  const subject = (snooze: boolean) => ({ subject: { kind: 'reminder' as const, reminders: [reminder], snooze } });
  const title = programmeTitle(reminder);
  const start = Date.parse(reminder.startsAt);
  switch (outcome.kind) {
    case 'moved': {
      const newStart = Date.parse(outcome.startsAt);
      const moved = t(newStart > now ? m().movedLater : m().movedStarted, { title, ...clock(newStart) });
      return { ...base, ...subject(false), title: moved, body: t(m().wasDueAt, { where: where(reminder), ...clock(start) }) };
    }
    case 'vanished': {
      const instead = outcome.instead && outcome.instead.ratingKey !== null ? programmeTitle(outcome.instead) : null;
      const body = instead === null ? where(reminder) : t(m().onInstead, { where: where(reminder), title: instead });
      return { ...base, ...subject(false), title: t(m().goneAt, { title, ...clock(start) }), body };
    }
    default: {
      const minutes = Math.max(0, Math.round((start - now) / 60_000));
      const heading = minutes === 0 ? t(m().startingNow, { title }) : t(m().startsIn, { n: minutes, title });
      return { ...base, ...subject(true), title: heading, body: `${where(reminder)} · ${clockTime(start)}` };
    }
  }
}

/** One notification for the reminders that fell due while the computer slept or the app was closed. */
export function missedNotice(missed: Reminder[], reason: MissedReason, now: number): NotificationRequest {
  const first = missed[0]!;
  const id = `missed-${now.toString(36)}-${missed.length}`;
  const subject = { kind: 'reminder' as const, reminders: missed, snooze: false };
  if (missed.length === 1) {
    return {
      id,
      title: t(reason === 'asleep' ? m().missedAsleep : m().missedClosed, { title: programmeTitle(first) }),
      body: `${where(first)} · ${clockTime(Date.parse(first.startsAt))}`,
      artworkUrl: null,
      target: { view: 'on-now', channelNumber: first.channelNumber },
      at: now,
      subject,
    };
  }
  const shown = missed.slice(0, MISSED_NAMED).map((r) => `${programmeTitle(r)} (${clockTime(Date.parse(r.startsAt))})`);
  return {
    id,
    title: t(reason === 'asleep' ? m().manyMissedAsleep : m().manyMissedClosed, { n: missed.length }),
    body: words.andMore(shown, missed.length - shown.length),
    artworkUrl: null,
    target: { view: 'on-now' },
    at: now,
    subject,
  };
}
