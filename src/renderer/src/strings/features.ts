import type { FollowOutcome, FollowPolicy } from '../../../shared/bridge';
import { listOf, localTime, plural } from '../../../shared/format';

/** Words of the feature views: stars, reminders, the watchlist, the activity log and health alerts. */
export const features = {
  tab: 'Activity',
  sections: 'Activity sections',
  section: { reminders: 'Reminders', comingUp: 'Coming up', log: 'Log', history: 'History' },
  loadingHistory: 'Reading the history…',
  star: (name: string) => `Star ${name}`,
  unstar: (name: string) => `Unstar ${name}`,
  starred: 'Starred',
  remind: 'Remind me',
  remindAt: (what: string, at: number) => `Remind me of ${what} at ${localTime(at)}`,
  reminded: 'Reminder set',
  /** why there is no Remind me for a programme on air */
  tooLateToRemind: (startedAt: number) => `Started at ${localTime(startedAt)}: too late for a reminder`,
  cancelReminderOf: (what: string, at: number) => `Cancel the reminder for ${what} at ${localTime(at)}`,
  follow: 'Follow',
  followTitle: (title: string) => `Follow “${title}”`,
  following: 'Following',
  followingTitle: (title: string) => `Following “${title}”`,
  unfollowTitle: (title: string) => `Unfollow “${title}”`,
  unfollowHint: 'press to unfollow',
  /** what one Follow did: "Following Matchday Live: next reminder 18:31 (and 2 more). Repeats are skipped." */
  followDone: (o: FollowOutcome) => {
    const how = o.policy === 'first' ? 'First airings only; repeats are skipped.' : 'Every airing, repeats too.';
    if (o.reminders === 0 || o.nextAt === null) return `Following ${o.title}: nothing to remind of yet. The guide is checked every hour. ${how}`;
    const more = o.reminders > 1 ? ` and ${o.reminders - 1} more` : '';
    return `Following ${o.title}: next reminder ${localTime(Date.parse(o.nextAt))}${more}. ${how} At most ${o.cap} wait at a time.`;
  },
  policy: { first: 'First airings', every: 'Every airing' } satisfies Record<FollowPolicy, string>,
  policyLabel: (title: string) => `Which airings of “${title}” to remind`,
  policyHint: 'First airings: one reminder per episode or film, never its repeats. Every airing: each showing, repeats too. Either way at most 3 wait at a time.',
  everyAiring: 'Every airing instead',
  firstAirings: 'First airings only',
  cancelAllOf: (title: string, n: number) => plural(n, { one: `Cancel the reminder for “${title}”`, other: `Cancel all {n} reminders for “${title}”` }),
  cancelAll: (n: number) => `Cancel all ${n}`,
  repeat: 'repeat',
  repeatHint: 'A repeat of an episode already reminded: not reminded again (First airings).',
  failed: (message: string) => `Could not do that: ${message}`,
  // reminders
  noReminders: 'No reminders set',
  noRemindersHint: 'Choose “Remind me” on a programme in the guide, a channel or search.',
  reminderList: (n: number) => plural(n, { one: '{n} upcoming reminder', other: '{n} upcoming reminders' }),
  fromWatchlist: 'watchlist',
  onNow: 'On now',
  cancel: 'Cancel',
  leadHint: (minutes: number) =>
    minutes === 0 ? 'Each reminder comes as the programme starts.' : plural(minutes, { one: 'Each reminder comes {n} minute before.', other: 'Each reminder comes {n} minutes before.' }),
  // watchlist
  followLabel: 'A show or film title to follow',
  followPlaceholder: 'Title to follow',
  followed: (n: number) => plural(n, { one: 'Following {n} title', other: 'Following {n} titles' }),
  nothingFollowed: 'You follow no titles yet',
  nothingFollowedHint: 'Type a title above, or choose “Follow” on a programme in search or a channel.',
  comingUpList: 'Coming up',
  noAirings: 'Nothing followed airs in the next 24 hours.',
  scanned: (at: number) => `Guide checked at ${localTime(at)}`,
  notScanned: 'The guide has not been checked yet.',
  // activity log
  today: 'Today',
  yesterday: 'Yesterday',
  day: 'Day',
  viewer: 'Viewer',
  everyone: 'Everyone',
  loadingLog: 'Reading the log…',
  emptyLog: (day: string) => `Nothing logged ${day.toLowerCase()}`,
  emptyLogHint: 'Viewers starting, stopping and changing channel appear here.',
  /** nothing logged today while people watch: they started before the log did */
  watchingNow: (names: string[]) =>
    `Watching now: ${names.length <= 4 ? listOf(names) : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`}. Who starts, stops or changes channel from now on appears here.`,
  logList: (n: number) => plural(n, { one: '{n} entry', other: '{n} entries' }),
  whileAway: 'while away',
  whileAwayHint: 'Noticed after a reconnect or a wake: it happened some time while the app was away.',
  started: (where: string) => `started watching ${where}`,
  stopped: (where: string) => `stopped watching ${where}`,
  changed: (from: string, to: string) => `changed from ${from} to ${to}`,
  // settings
  settingsTitle: 'Reminders and server alerts',
  lead: 'Remind me',
  leadUnit: 'minutes before',
  leadRange: (min: number, max: number) => `The reminder time is ${min} to ${max} minutes.`,
  healthHint: 'These follow the notification switch, pause and quiet hours above.',
  unreachable: 'The server is unreachable for',
  unreachableUnit: 'minutes',
  unreachableRange: (min: number, max: number) => `The outage time is ${min} to ${max} minutes.`,
  unreachableToggle: 'Tell me when the server is unreachable, and back again',
  keyRejected: 'Tell me when the API key is rejected',
  versionChanged: 'Tell me when the server’s version changes',
  webhookDisabled: 'Tell me when the server turns off a webhook that keeps failing (needs an admin key)',
  webhookNote: (server: string | null, name: string, when: string) => `${server ? `${server}: w` : 'W'}ebhook “${name}” was turned off by Airwave ${when}.`,
  streamFull: 'Tell me when the server stops sending live updates (it has too many apps connected) and the app checks on a timer instead',
};
