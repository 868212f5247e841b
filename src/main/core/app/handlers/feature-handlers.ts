/**
 * The feature commands: star a channel, set and cancel reminders, follow and unfollow titles, read
 * the activity log, change the features' settings, and Settings opened (the webhook check may ask
 * now, within its flood guard). Requests arrive checked by bridge-schema.
 */
import type { BridgeHandlers } from '../../../../shared/bridge';
import { MAX_FAVOURITES } from '../../features/favourites';
import type { Features } from '../features';
import { failed, ok } from './outcome';
import { messages, t } from '../../../../shared/i18n/messages';

export type FeatureCommands =
  | 'setFavourite'
  | 'addReminder'
  | 'cancelReminder'
  | 'follow'
  | 'cancelTitleReminders'
  | 'unfollow'
  | 'getActivity'
  | 'updateFeatureSettings'
  | 'settingsOpened';

export function featureHandlers(features: Features): Pick<BridgeHandlers, FeatureCommands> {
  return {
    setFavourite: async ({ favourite, ...channel }) => {
      if (!features.favourites.set(channel, favourite)) return failed('too-many', t(messages().errors.tooManyStars, { max: MAX_FAVOURITES }));
      return ok(features.favourites.list);
    },
    addReminder: async (programme) => {
      const result = features.reminders.add(programme, 'you');
      return typeof result === 'string' ? failed('invalid-request', result) : ok(result);
    },
    cancelReminder: async ({ id }) => {
      if (!features.reminders.cancel(id)) return failed('not-found', messages().errors.reminderNotSet);
      return ok(null);
    },
    follow: async ({ title, policy }) => {
      const result = features.follow(title, policy);
      return typeof result === 'string' ? failed('invalid-request', result) : ok(result);
    },
    cancelTitleReminders: async ({ title }) => ok(features.cancelTitleReminders(title)),
    unfollow: async ({ title }) => {
      const removed = features.watchlist.unfollow(title);
      if (removed === null) return failed('not-found', t(messages().errors.notFollowed, { title }));
      features.reminders.cancelWhere((r) => r.from === 'watchlist' && features.watchlist.isAiringOf(r, removed));
      return ok(features.watchlist.followed);
    },
    getActivity: async ({ day, user }) => ok(features.activity.query(day, user)),
    updateFeatureSettings: async (patch) => {
      const before = features.settings.values;
      const after = features.settings.update(patch);
      if (after.reminderLeadMinutes !== before.reminderLeadMinutes) features.reminders.reschedule();
      if (after.health.unreachableMinutes !== before.health.unreachableMinutes) features.health.settingsChanged();
      if (after.health.webhookDisabled !== before.health.webhookDisabled) features.webhooks.settingsChanged();
      return ok(after);
    },
    settingsOpened: async () => {
      features.webhooks.settingsOpened();
      return ok(null);
    },
  };
}
