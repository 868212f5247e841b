/**
 * One description per notification kind: which buttons it offers (id and words) and what each
 * one, and a click on the body, does. Pure: the hosts map the buttons to their platform (macOS
 * actions, Windows toast buttons, none on Linux) and hand the chosen id back to the core, which
 * runs the command here through its own rules (AppController.notificationAction).
 */
import type { FocusTarget, Reminder } from '../../../shared/bridge';
import { words } from './words';

/** "Snooze 5 min": how long a snoozed reminder waits before it fires again. */
export const SNOOZE_MINUTES = 5;
/** "Mute James for a day": how long a day-mute lasts. */
export const DAY_MUTE_MS = 24 * 60 * 60_000;

/** What a notification is about, as far as its buttons need to know. */
export type NotificationSubject =
  /**
   * someone (or several people) started watching; `users`: each name once, in the order they
   * started; `keys`: the viewers it announces (each viewer in one notification at most: a person
   * a run of notifications has named already is not announced again on another device)
   */
  | { kind: 'viewers'; users: string[]; keys: string[] }
  /** reminders fired (`snooze`: the programme is still to come, so "Snooze" makes sense) */
  | { kind: 'reminder'; reminders: Reminder[]; snooze: boolean }
  | { kind: 'server-away'; server: string }
  | { kind: 'server-back'; server: string }
  | { kind: 'webhook' };

export type NotificationKind = NotificationSubject['kind'];

export type ActionId = 'open' | 'open-channel' | 'open-settings' | 'snooze' | 'mute-day' | 'mute';

/** A button as the platform shows it. */
export interface NotificationButton {
  id: ActionId;
  label: string;
}

/** What a button (or the body click) does, in the core's terms. */
export type NotificationCommand =
  | { type: 'open'; target: FocusTarget }
  | { type: 'mute'; user: string; forMs: number | null }
  | { type: 'snooze'; reminders: Reminder[]; ms: number };

/** The buttons of a notification about `subject` (none for a notification without one). */
export function buttonsFor(subject: NotificationSubject | undefined): NotificationButton[] {
  const a = words.actions;
  switch (subject?.kind) {
    case 'viewers': {
      const one = subject.users.length === 1 ? subject.users[0]! : null;
      return [{ id: 'open', label: a.open }, ...(one ? [{ id: 'mute-day' as const, label: a.muteDay(one) }, { id: 'mute' as const, label: a.mute(one) }] : [])];
    }
    case 'reminder':
      return [{ id: 'open-channel', label: a.openChannel }, ...(subject.snooze ? [{ id: 'snooze' as const, label: a.snooze(SNOOZE_MINUTES) }] : [])];
    case 'server-away':
    case 'server-back':
      return [{ id: 'open', label: a.open }];
    case 'webhook':
      return [{ id: 'open-settings', label: a.openSettings }];
    default:
      return [];
  }
}

/**
 * The command a button of a notification runs; null for a button it does not offer (an id from
 * outside, say a crafted URL, that this kind has no button for).
 */
export function commandFor(request: { subject?: NotificationSubject; target: FocusTarget }, action: ActionId | 'click'): NotificationCommand | null {
  if (action === 'click') return { type: 'open', target: request.target };
  if (!buttonsFor(request.subject).some((button) => button.id === action)) return null;
  const subject = request.subject!;
  switch (action) {
    case 'open':
    case 'open-channel':
      return { type: 'open', target: request.target };
    case 'open-settings':
      return { type: 'open', target: { view: 'settings' } };
    case 'snooze':
      return subject.kind === 'reminder' ? { type: 'snooze', reminders: subject.reminders, ms: SNOOZE_MINUTES * 60_000 } : null;
    case 'mute-day':
    case 'mute':
      return subject.kind === 'viewers' ? { type: 'mute', user: subject.users[0]!, forMs: action === 'mute' ? null : DAY_MUTE_MS } : null;
  }
}

export const ACTION_IDS: readonly ActionId[] = ['open', 'open-channel', 'open-settings', 'snooze', 'mute-day', 'mute'];
