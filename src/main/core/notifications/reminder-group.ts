/**
 * Reminders of programmes that start in the same minute, said as one notification ("3 programmes
 * start at 21:00"), with the programmes in its body and one "Snooze" for them all.
 */
import { channelLabel, programmeTitle } from '../../../shared/format';
import type { NotificationRequest } from '../viewers/notify-policy';
import type { NotificationSubject } from './kinds';
import { words } from './words';

/** Up to this many programmes are named in the body. */
const SHOWN = 3;

type ReminderSubject = Extract<NotificationSubject, { kind: 'reminder' }>;

/** The minute a gathered reminder notification is keyed by (null: it is not gathered). */
export function reminderMinute(request: NotificationRequest): number | null {
  const subject = request.subject;
  if (subject?.kind !== 'reminder' || !subject.snooze || subject.reminders.length !== 1) return null;
  const start = Date.parse(subject.reminders[0]!.startsAt);
  return Number.isFinite(start) ? Math.floor(start / 60_000) : null;
}

/** One notification for several reminders fired together (one request stays as it is). */
export function composeReminders(requests: readonly NotificationRequest[], now: number): NotificationRequest {
  if (requests.length === 1) return requests[0]!;
  const reminders = requests.flatMap((request) => (request.subject as ReminderSubject).reminders);
  const first = reminders[0]!;
  const shown = reminders.slice(0, SHOWN).map((r) => words.programmeOn(programmeTitle(r), channelLabel(r.channelNumber, r.channelName)));
  const oneChannel = reminders.every((r) => r.channelNumber === first.channelNumber);
  return {
    id: `reminders-${Math.floor(Date.parse(first.startsAt) / 60_000).toString(36)}-${now.toString(36)}`,
    title: words.programmesStart(reminders.length, Date.parse(first.startsAt)),
    body: words.andMore(shown, reminders.length - shown.length),
    artworkUrl: null,
    target: oneChannel ? { view: 'on-now', channelNumber: first.channelNumber } : { view: 'on-now' },
    at: now,
    subject: { kind: 'reminder', reminders, snooze: true },
  };
}
