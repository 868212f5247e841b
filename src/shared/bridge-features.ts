/**
 * The bridge contract's part for favourites, reminders, the watchlist, activity and server health:
 * what the snapshot carries of them and what their commands take and answer (see bridge.ts).
 */
/** A starred channel: found by id (stable), shown by number and name as they were when starred. */
export interface FavouriteChannel {
  channelId: string;
  channelNumber: number;
  channelName: string;
  /** the server it was starred on (a channel id means nothing on another server); set by the core */
  server?: string;
}

/** One programme on one channel, as "Remind me" names it. */
export interface ProgrammeRef {
  channelId: string;
  channelNumber: number;
  channelName: string;
  title: string;
  showTitle: string | null;
  /** null for a bumper (nobody asks to be reminded of one, but the field is the server's) */
  ratingKey: string | null;
  /** ISO times, as the server sends them */
  startsAt: string;
  endsAt: string;
}

export interface Reminder extends ProgrammeRef {
  id: string;
  /** "you" asked for it; "watchlist" made it for a followed title */
  from: 'you' | 'watchlist';
  /** when it was set (one set inside the lead time fires at once rather than counting as missed) */
  addedAt: number;
  /** the server the programme is on, and its name then (set by the core) */
  server?: string;
  serverName?: string;
}

/**
 * Which airings of a followed title get a reminder: `first` (the default) the first airing of each
 * episode (or film) and never its repeats; `every` every airing, chosen explicitly. Either way at
 * most a few wait at once per title (MAX_WAITING_PER_TITLE in the core).
 */
export type FollowPolicy = 'first' | 'every';

export interface FollowedTitle {
  title: string;
  addedAt: number;
  policy: FollowPolicy;
}

/** What one Follow did, for the popover to say ("Following Matchday Live: next reminder 18:31"). */
export interface FollowOutcome {
  followed: FollowedTitle[];
  /** the title as followed */
  title: string;
  policy: FollowPolicy;
  /** reminders now waiting for this title, and the soonest one's start (ISO), if any */
  reminders: number;
  nextAt: string | null;
  /** the most that wait at once for one title */
  cap: number;
  /** airings left without a reminder because they repeat an episode already reminded */
  repeats: number;
}

/** One airing of a followed title in the next 24 hours. */
export interface ComingUpItem extends ProgrammeRef {
  /** the followed title it matched */
  followed: string;
  /** a reminder is set for it */
  reminded: boolean;
  /** a repeat of an episode (or film) already reminded or airing earlier: not reminded under "first airings" */
  repeat: boolean;
}

export type ActivityKind = 'started' | 'stopped' | 'changed';

/** One line of the activity log. */
export interface ActivityEntry {
  at: number;
  kind: ActivityKind;
  user: string;
  device: string | null;
  channelNumber: number | null;
  channelName: string | null;
  /** for `changed`: where they were before */
  fromChannelNumber: number | null;
  fromChannelName: string | null;
  watching: string | null;
  /** noticed after a reconnect or a wake: it happened some time while the app was away */
  whileAway: boolean;
  /** the server's name, when several servers were followed */
  server?: string;
  /** the server's id (a person's History page), when the line knows it */
  serverId?: string;
}

export interface ActivityPage {
  day: 'today' | 'yesterday';
  /** local day bounds, ms since the epoch */
  from: number;
  to: number;
  /** newest first */
  entries: ActivityEntry[];
  /** everyone in that day's log, for the filter */
  users: string[];
}

export interface HealthAlertSettings {
  /** the server unreachable for `unreachableMinutes`, and back again */
  unreachable: boolean;
  unreachableMinutes: number;
  keyRejected: boolean;
  versionChanged: boolean;
  /** the event stream refused because the server is full (503) */
  streamFull: boolean;
  /** a webhook endpoint the server turned off by itself (read with an admin key) */
  webhookDisabled: boolean;
}

export interface FeatureSettings {
  /** minutes before a programme starts that its reminder fires */
  reminderLeadMinutes: number;
  health: HealthAlertSettings;
}

export interface FeatureSettingsPatch {
  reminderLeadMinutes?: number;
  health?: Partial<HealthAlertSettings>;
}

/** A webhook endpoint the server turned off by itself, as the last read of `/webhooks` listed it. */
export interface WebhookNote {
  /** the server's name when several are followed (null: one server) */
  server: string | null;
  /** its description, or its URL's host */
  name: string;
  /** when the server turned it off (ms since the epoch) */
  disabledAt: number;
}

/** The snapshot parts of the features (each pushed on its own when it changes). */
export interface FeaturesView {
  favourites: FavouriteChannel[];
  /** upcoming reminders, soonest first */
  reminders: Reminder[];
  watchlist: { followed: FollowedTitle[]; comingUp: ComingUpItem[]; scannedAt: number | null };
  /** the activity log changed when `revision` moved; the entries come from `getActivity` */
  activity: { revision: number; entries: number };
  featureSettings: FeatureSettings;
  /** webhook endpoints the servers turned off (read with an admin key), for a line in Settings */
  webhookNotes: WebhookNote[];
}
