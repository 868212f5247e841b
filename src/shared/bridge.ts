/**
 * The bridge contract: the only thing the renderer and main agree on. One map from each command to
 * its request and response types, the snapshot pushed to the renderer, and the channel names.
 * Runtime validation of requests lives in bridge-schema.ts (main side only); the preload and the
 * preview client derive their functions from COMMANDS, so nothing is listed twice by hand.
 */
import type {
  Capabilities,
  Channel,
  ChannelNow,
  GuideNow,
  GuideNowRow,
  NowPlayingEntry,
  Program,
  Status,
} from './airwave';
import type {
  ActivityPage,
  FavouriteChannel,
  FeatureSettings,
  FeatureSettingsPatch,
  FeaturesView,
  FollowedTitle,
  FollowOutcome,
  FollowPolicy,
  ProgrammeRef,
  Reminder,
} from './bridge-features';
import type { ChannelGroup } from './bridge-groups';
import type { HistoryDigest, HistoryExport, HistoryMoment, HistoryPersonView, HistoryRangeRequest, HistoryRequest, HistoryRetention, HistoryStatus, HistoryView, PersonRef } from './bridge-history';
import type { GuideRows, GuideRowsRequest, GuideSearch, GuideView } from './bridge-guide';
import type { OnNowMatches, OnNowRows, OnNowRowsRequest, OnNowSummary } from './bridge-on-now';
import type {
  ConnectionView,
  ConnectRequest,
  ConnectResult,
  Outcome,
  ProbeView,
} from './bridge-connection';
import type { AddServerRequest, AddServerResult, IdentifiedServer, LocalServerOffer, ServerPatch, ServerSummary } from './bridge-servers';
import type { SettingsPatch, SettingsView, UpdateStatus } from './bridge-settings';

// The connection's, the guide's, the features' and the servers' parts of the contract live beside
// this file (each imports none of the others' parent, so types flow one way); re-exported here.
export * from './bridge-connection';
export * from './bridge-features';
export * from './bridge-groups';
export * from './bridge-guide';
export * from './bridge-history';
export * from './bridge-on-now';
export * from './bridge-servers';
export * from './bridge-settings';

// ---------------------------------------------------------------- snapshot

/** One piece of server data with its age; kept (and marked stale) when a refresh fails. */
export interface Resource<T> {
  data: T | null;
  updatedAt: number | null;
  /** the last refresh's failure, in words; null after a success */
  error: string | null;
  /** the failure is for good: this server's version has no such route (`error` names the version and what it lacks) */
  lacking?: true;
}

export interface Notice {
  id: string;
  level: 'info' | 'warning';
  text: string;
}

/** Where the popover should land when it opens (a tray menu item or a notification click). */
export type FocusTarget =
  | {
      view: 'watching';
      /** notifications: a viewer key; in the snapshot: the person (see viewer-identity.ts) */
      viewer?: string;
      /** the server the viewer is on (several servers followed) */
      server?: string;
    }
  | { view: 'on-now'; channelNumber?: number }
  /** Settings; `fixKey`: with the cursor in the key field of `server` (shown first), as "Fix the key" does */
  | { view: 'settings'; fixKey?: boolean; server?: string }
  /** the Activity tab, on one of its sections (the "while you were away" summary lands on the log); History on a range or a person's page */
  | { view: 'activity'; section?: ActivitySection; range?: HistoryRangeRequest; person?: PersonRef };

/** The sections of the Activity tab. */
export type ActivitySection = 'reminders' | 'comingUp' | 'log' | 'history';

/** What the core knows of the server, each resource with its age; shared by AppState and the snapshot. */
export interface ServerData {
  connection: ConnectionView;
  /** the configured server (normalised address, no key), its display name when known */
  server: { url: string; name: string | null } | null;
  status: Resource<Status>;
  capabilities: Resource<Capabilities>;
  /** `/sessions/count`: includes sessions tuned to a channel with nothing on */
  sessionCount: Resource<number>;
  /** `/now-playing`: one entry per viewer actually watching something */
  nowPlaying: Resource<NowPlayingEntry[]>;
  /** `/guide/now`: what is on every channel now and next */
  onNow: Resource<GuideNow>;
  guide: GuideView;
}

/**
 * What a viewer in the snapshot carries beyond `/now-playing`, joined from `/sessions` by the
 * person (see viewer-identity.ts). Each field is present only when the server sent the session.
 */
export interface ViewerExtras {
  playbackState?: 'playing' | 'paused' | 'buffering' | 'idle' | null;
  season?: number | null;
  episode?: number | null;
  year?: number | null;
  /** ISO time the session started */
  startedAt?: string | null;
  hdr?: boolean | null;
  osVersion?: string | null;
  /** the session's state is `bumper` */
  onBumper?: boolean;
  /** the session's state is `off`: tuned to a channel with nothing on (watching, counted; absent from `/now-playing`) */
  nothingOn?: boolean;
  /**
   * when the programme watched ends, as every view says it (shared/programme-times.ts: its start in
   * the held On now row plus the length the progress gives); absent where the core cannot place it
   */
  endsAt?: string;
}

export type ViewerEntry = NowPlayingEntry &
  ViewerExtras & {
    /** the server the viewer is on; set when more than one server is followed */
    serverId?: string;
    serverName?: string;
  };


/**
 * Who is watching as the snapshot carries it (the one rule: core/viewers/watching.ts). `differs`:
 * the server's count (the badge) and the people its lists name disagree, and by how much; the
 * views show the count with that sentence (issue 48), never a count over a list that contradicts it.
 */
export type ViewerList = Resource<ViewerEntry[]> & { differs?: { counted: number; listed: number } };

/**
 * Everything but `nowPlaying`, `watching` and `servers` is the selected server's (see
 * SettingsView.selectedServer).
 */
export interface AppSnapshot extends Omit<ServerData, 'onNow'>, FeaturesView {
  /** On now's size and version, never its rows: the page asks for the rows it shows (`getOnNowRows`) */
  onNow: Resource<OnNowSummary>;
  /**
   * The server's packages (`/packages`), for filtering On now and the guide by group; null where
   * the server has no such route or has not answered it yet (then no group control is shown).
   */
  groups: ChannelGroup[] | null;
  /** why the last read of the groups (`/packages`) failed, while the groups shown are the ones held before; null or absent when it did not */
  groupsError?: string | null;
  /**
   * `/now-playing` of every followed server, each entry with what `/sessions` adds about the same
   * viewer and (several servers) which server it is on. Its age is the oldest server's.
   */
  nowPlaying: ViewerList;
  /** every server in the settings, in their order */
  servers: ServerSummary[];
  /** names of viewers seen this run and in the activity log, newest first, at most 50 (muted names) */
  seenViewers: string[];
  /** the number the tray shows: people watching something, on every server or the badge's one */
  watching: number;
  settings: SettingsView;
  notices: Notice[];
  /** increments with every focus request so the renderer can tell a new one from an old one */
  focus: { seq: number; target: FocusTarget } | null;
  /** the viewing history's revision, retention, today's peak and the "while you were away" line */
  history: HistoryStatus;
}


/**
 * What main pushes: the changed top-level parts (all of them when `full`). In a partial update a
 * resource may come without its `data`: only its age, error or flags changed, and the data the
 * renderer holds stays (a 20 MB guide is not sent again because "loading" flipped).
 */
export interface SnapshotUpdate {
  full: boolean;
  parts: Partial<AppSnapshot>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------- commands

export interface ChannelLookup {
  number: number;
  /** the channel's row from `/guide/now` when it is loaded */
  channel: GuideNowRow | null;
  now: ChannelNow;
  /** set when the server could not be asked and `now` comes from the held On now rows (with their age) */
  stale?: { updatedAt: number | null; reason: string };
}

/** How many hours ahead the channel sheet lists (its `getSchedule`; the core asks the server for as many when a break hides the next programme). */
export const SHEET_HOURS = 6;

/** One channel's programmes ahead, for the channel sheet. */
export interface ChannelScheduleView {
  channelId: string;
  /** where the answer came from: the server's schedule route, or the guide the app holds */
  source: 'server' | 'guide';
  /** the guide's age when it answered (null for a server answer) */
  asOf: number | null;
  programs: Program[];
}

export type OpenTarget = { kind: 'server' } | { kind: 'url'; url: string };

type Empty = Record<string, never>;

/** Every command: request and response. Adding one here makes the compiler ask for its handler. */
export interface BridgeCommands {
  getSnapshot: { request: Empty; response: AppSnapshot };
  connect: { request: ConnectRequest; response: ConnectResult };
  testConnection: { request: ConnectRequest; response: ProbeView };
  startDemo: { request: Empty; response: Outcome<null> };
  refresh: { request: Empty; response: Outcome<null> };
  loadGuide: { request: { forwardMinutes: number }; response: Outcome<null> };
  /** rows of the shown guide window: a range of channels (or some channel numbers) and a time span */
  getGuideRows: { request: GuideRowsRequest; response: Outcome<GuideRows> };
  /** programmes in the shown guide window whose title or show contains `query` (at most `limit`, starting soonest) */
  /** programmes matching `query` in the next 24 hours, one per title (at most `limit` on air, `limit` later), and what was searched; with `title`, that title's airings */
  searchGuide: { request: { query: string; limit: number; after: number; title?: string }; response: Outcome<GuideSearch> };
  getOnNowRows: { request: OnNowRowsRequest; response: Outcome<OnNowRows> };
  findOnNow: { request: { query: string; group?: string }; response: Outcome<OnNowMatches> };
  lookupChannel: { request: { number: number }; response: Outcome<ChannelLookup> };
  getChannels: { request: { definition: boolean }; response: Outcome<Channel[]> };
  updateSettings: { request: SettingsPatch; response: Outcome<SettingsView> };
  forgetServer: { request: Empty; response: Outcome<null> };
  /** stops the built-in demo and goes back to first run (or to the saved real server) */
  leaveDemo: { request: Empty; response: Outcome<null> };
  /** one channel's programmes for the next `hours` (1–24); asked by a person opening the sheet */
  getSchedule: { request: { channelId: string; hours: number }; response: Outcome<ChannelScheduleView> };
  openInBrowser: { request: OpenTarget; response: Outcome<null> };
  dismissNotice: { request: { id: string }; response: Outcome<null> };
  /** the page has nothing open that Escape could close: hide the popover window */
  hidePopover: { request: Empty; response: Outcome<null> };
  /** checks for an update now (installed app only) and says where the updater stands */
  checkForUpdates: { request: Empty; response: Outcome<UpdateStatus> };
  /** opens the folder that holds the log files in the system's file manager */
  openLogFolder: { request: Empty; response: Outcome<null> };
  quit: { request: Empty; response: Outcome<null> };
  setFavourite: { request: FavouriteChannel & { favourite: boolean }; response: Outcome<FavouriteChannel[]> };
  addReminder: { request: ProgrammeRef; response: Outcome<Reminder> };
  cancelReminder: { request: { id: string }; response: Outcome<null> };
  /** follows a title (`policy` defaults to the first airing of each episode), or changes how */
  follow: { request: { title: string; policy?: FollowPolicy }; response: Outcome<FollowOutcome> };
  /** cancels every waiting reminder of a followed title at once; answers how many went */
  cancelTitleReminders: { request: { title: string }; response: Outcome<number> };
  unfollow: { request: { title: string }; response: Outcome<FollowedTitle[]> };
  getActivity: { request: { day: 'today' | 'yesterday'; user?: string }; response: Outcome<ActivityPage> };
  updateFeatureSettings: { request: FeatureSettingsPatch; response: Outcome<FeatureSettings> };
  /** the popover opened Settings: a hint that fresh server health is worth a look (bounded in main) */
  settingsOpened: { request: Empty; response: Outcome<null> };
  /** probes a server and adds it to the list (or finds it is one already listed, see AddServerResult) */
  addServer: { request: AddServerRequest; response: AddServerResult };
  /** keeps another address of a listed server (the `same-server` offer accepted) */
  addAddress: { request: { id: string; address: string }; response: Outcome<SettingsView> };
  /** renames, pauses or resumes a server, or follows another of its addresses */
  updateServer: { request: ServerPatch; response: Outcome<SettingsView> };
  /** stops following a server and deletes its key */
  removeServer: { request: { id: string }; response: Outcome<SettingsView> };
  /** the server On now, the guide, lookup and search show */
  selectServer: { request: { id: string }; response: Outcome<null> };
  /** a quick, bounded look for an Airwave server on this computer (first run) */
  findLocalServer: { request: Empty; response: Outcome<LocalServerOffer | null> };
  /** which Airwave server is at an address, asked without a key (null: none said so) */
  identifyServer: { request: { server: string }; response: Outcome<IdentifiedServer | null> };
  /** one range of the viewing history (every server's, one's, or one person's) */
  getHistory: { request: HistoryRequest; response: Outcome<HistoryView> };
  /** one person's page over a range */
  getHistoryPerson: { request: HistoryRequest & { person: PersonRef }; response: Outcome<HistoryPersonView> };
  /** who watched what in one column of the chart */
  getHistoryMoment: { request: { from: number; to: number; server?: string; person?: PersonRef }; response: Outcome<HistoryMoment> };
  /** the range as CSV: saved through a save dialog where the host has one, else handed to the page */
  exportHistory: { request: HistoryRequest; response: Outcome<HistoryExport> };
  setHistoryRetention: { request: { days: HistoryRetention }; response: Outcome<HistoryStatus> };
  /** the weekly digest: on or off, its day and hour */
  setHistoryDigest: { request: HistoryDigest; response: Outcome<HistoryStatus> };
  /** deletes the whole record (the page asked for confirmation first) */
  clearHistory: { request: Empty; response: Outcome<HistoryStatus> };
}

export type Command = keyof BridgeCommands;
export type RequestOf<C extends Command> = BridgeCommands[C]['request'];
export type ResponseOf<C extends Command> = BridgeCommands[C]['response'];

/** The main side: one handler per command (a missing one is a compile error where this is used). */
export type BridgeHandlers = { [C in Command]: (request: RequestOf<C>) => Promise<ResponseOf<C>> };

/** The renderer side: one named function per command, plus the snapshot subscription. */
export type BridgeApi = { [C in Command]: (request: RequestOf<C>) => Promise<ResponseOf<C>> } & {
  onSnapshot(listener: (update: SnapshotUpdate) => void): () => void;
};

const commandNames: { [C in Command]: true } = {
  getSnapshot: true,
  connect: true,
  testConnection: true,
  startDemo: true,
  refresh: true,
  loadGuide: true,
  getGuideRows: true,
  searchGuide: true,
  getOnNowRows: true,
  findOnNow: true,
  lookupChannel: true,
  getChannels: true,
  updateSettings: true,
  forgetServer: true,
  leaveDemo: true,
  getSchedule: true,
  openInBrowser: true,
  dismissNotice: true,
  hidePopover: true,
  checkForUpdates: true,
  openLogFolder: true,
  quit: true,
  setFavourite: true,
  addReminder: true,
  cancelReminder: true,
  follow: true,
  cancelTitleReminders: true,
  unfollow: true,
  getActivity: true,
  updateFeatureSettings: true,
  settingsOpened: true,
  addServer: true,
  addAddress: true,
  updateServer: true,
  removeServer: true,
  selectServer: true,
  findLocalServer: true,
  identifyServer: true,
  getHistory: true,
  getHistoryPerson: true,
  getHistoryMoment: true,
  exportHistory: true,
  setHistoryRetention: true,
  setHistoryDigest: true,
  clearHistory: true,
};

/** Every command name, checked against BridgeCommands both ways by the object above. */
export const COMMANDS = Object.keys(commandNames) as Command[];

/** IPC channel names all carry one app prefix. */
export const CHANNEL_PREFIX = 'airwave:';
export const commandChannel = (command: Command) => `${CHANNEL_PREFIX}${command}`;
export const SNAPSHOT_CHANNEL = `${CHANNEL_PREFIX}snapshot`;

/** Applies a pushed update to the snapshot the renderer holds. */
export function applySnapshotUpdate(current: AppSnapshot | null, update: SnapshotUpdate): AppSnapshot | null {
  if (update.full) return update.parts as AppSnapshot;
  if (!current) return null;
  const next: Record<string, unknown> = { ...current };
  for (const [part, value] of Object.entries(update.parts)) {
    const held = (current as unknown as Record<string, unknown>)[part];
    // a resource sent without `data` keeps the data already held
    next[part] = isRecord(value) && isRecord(held) && 'data' in held && !('data' in value) ? { ...value, data: held.data } : value;
  }
  return next as unknown as AppSnapshot;
}
