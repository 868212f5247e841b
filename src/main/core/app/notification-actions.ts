/**
 * A notification's button (or body click), run through the core's own rules: "Open…" is the tray
 * menu's Open command on the notification's target, "Mute James" adds him to the Settings list (kept in the
 * settings file, so he stays muted after a restart) or mutes him until a day from now on the
 * injected clock, "Snooze" sets the fired reminders again. The id comes from outside (a Windows
 * toast's URL): a request no longer in the history, or a button its kind does not offer, only
 * opens the popover.
 */
import type { FocusTarget, Reminder } from '../../../shared/bridge';
import { MUTED_NAMES } from '../../../shared/shapes';
import type { Clock } from '../../common/clock';
import { commandFor, type ActionId, type NotificationCommand } from '../notifications/kinds';
import type { SettingsService } from '../settings/settings';
import type { NotificationRequest } from '../viewers/notify-policy';
import { foldName as folded } from '../../../shared/viewer-identity';

export interface NotificationActionDeps {
  clock: Clock;
  settings: SettingsService;
  find: (id: string) => NotificationRequest | null;
  focus: (target: FocusTarget | null) => void;
  snooze: (reminder: Reminder, ms: number) => boolean;
  log: (line: string) => void;
}

/** Runs the button `action` of the notification `id`; says what it did (for the log and tests). */
export function runNotificationAction(deps: NotificationActionDeps, id: string, action: ActionId | 'click'): NotificationCommand['type'] | 'unknown' {
  const request = deps.find(id);
  const command = request ? commandFor(request, action) : null;
  if (!command) {
    deps.log(`notification action ${action} on ${request ? id : 'a notification no longer known'}: opening the popover`);
    deps.focus(null);
    return 'unknown';
  }
  switch (command.type) {
    case 'open':
      deps.focus(command.target);
      break;
    case 'mute':
      mute(deps, command.user, command.forMs);
      break;
    case 'snooze': {
      const set = command.reminders.filter((reminder) => deps.snooze(reminder, command.ms)).length;
      deps.log(`snoozed ${set} of ${command.reminders.length} reminders`);
      break;
    }
  }
  return command.type;
}

/** Mutes `user` always (the Settings list) or for `forMs` from now (a day-mute ends by itself). */
function mute(deps: NotificationActionDeps, user: string, forMs: number | null): void {
  const now = deps.clock.now();
  const n = deps.settings.values.notifications;
  const name = user.trim().slice(0, MUTED_NAMES.chars);
  if (!name) return;
  // day-mutes that ended are dropped, and one of the same name is replaced
  const dayMutes = (n.mutedUntil ?? []).filter((entry) => entry.until > now && folded(entry.name) !== folded(name));
  if (forMs === null) {
    const mutedUsers = n.mutedUsers.some((muted) => folded(muted) === folded(name)) ? n.mutedUsers : [...n.mutedUsers, name].slice(-MUTED_NAMES.max);
    deps.settings.update({ notifications: { mutedUsers, mutedUntil: dayMutes } }, now);
  } else {
    deps.settings.update({ notifications: { mutedUntil: [...dayMutes, { name, until: now + forMs }].slice(-MUTED_NAMES.max) } }, now);
  }
}
