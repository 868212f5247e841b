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
  Guide,
  GuideNow,
  GuideNowRow,
  NowPlayingEntry,
  Status,
} from './airwave';

export type AuthStyle = 'x-api-key' | 'bearer';

// ---------------------------------------------------------------- snapshot

export type ConnectionState =
  | 'unconfigured'
  | 'connecting'
  | 'live'
  | 'polling'
  | 'offline'
  | 'unauthorized'
  | 'incompatible';

export interface ConnectionView {
  state: ConnectionState;
  /** one line for people: "Live", "Offline: nothing is listening at …", "Key rejected" */
  message: string;
  /** when the state was entered (ms since the epoch) */
  since: number;
  /** offline/incompatible: when the next attempt is due */
  nextRetryAt: number | null;
  /** consecutive failed attempts (0 when healthy) */
  attempt: number;
  /** paused because the computer sleeps */
  suspended: boolean;
}

/** One piece of server data with its age; kept (and marked stale) when a refresh fails. */
export interface Resource<T> {
  data: T | null;
  updatedAt: number | null;
  /** the last refresh's failure, in words; null after a success */
  error: string | null;
}

export interface QuietHours {
  /** "HH:MM", local time */
  start: string;
  end: string;
}

export interface NotificationSettings {
  enabled: boolean;
  quietHours: QuietHours | null;
  mutedUsers: string[];
  /** ms since the epoch, or null when not paused */
  pausedUntil: number | null;
}

export type KeyStorage = 'encrypted' | 'not-protected';

/** Settings as the renderer may see them: never the key, only whether there is one and how it is kept. */
export interface SettingsView {
  server: string | null;
  hasKey: boolean;
  keyStorage: KeyStorage | null;
  authStyle: AuthStyle;
  pollSeconds: number;
  notifications: NotificationSettings;
  launchAtLogin: boolean;
  shortcut: { enabled: boolean; accelerator: string };
  /** connected to the built-in demo server */
  demo: boolean;
}

export interface Notice {
  id: string;
  level: 'info' | 'warning';
  text: string;
}

/** Where the popover should land when it opens (a tray menu item or a notification click). */
export type FocusTarget =
  | { view: 'watching'; /** notifications: a viewer key; in the snapshot: the person (see viewer-identity.ts) */ viewer?: string }
  | { view: 'on-now'; channelNumber?: number }
  | { view: 'settings' };

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
  onNow: Resource<GuideNow>;
  guide: Resource<Guide> & { forwardMinutes: number; loading: boolean };
}

export interface AppSnapshot extends ServerData {
  /** the number the tray shows: people watching something (the length of `nowPlaying`) */
  watching: number;
  settings: SettingsView;
  notices: Notice[];
  /** increments with every focus request so the renderer can tell a new one from an old one */
  focus: { seq: number; target: FocusTarget } | null;
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

export interface UserError {
  /** a machine-readable reason, e.g. "unauthorized", "unreachable", "invalid-request" */
  kind: string;
  message: string;
  /** one sentence on what to do, when there is one */
  fix?: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UserError };

export interface ConnectRequest {
  server: string;
  /** empty means "keep the saved key" (the key field is write-only) */
  apiKey: string;
  authStyle: AuthStyle;
}

export type ProbeVerdict = 'ok' | 'invalid-address' | 'unreachable' | 'not-airwave' | 'key-rejected';

/** What "Test connection" found, step by step, each failure with its one-sentence fix. */
export interface ProbeView {
  verdict: ProbeVerdict;
  summary: string;
  server: string | null;
  steps: { id: string; label: string; outcome: 'ok' | 'warn' | 'fail' | 'skipped'; detail: string; fix?: string }[];
}

/** What `connect` did: the probe's findings, and whether the server and key were saved. */
export interface ConnectResult {
  saved: boolean;
  probe: ProbeView;
}

export interface ChannelLookup {
  number: number;
  /** the channel's row from `/guide/now` when it is loaded */
  channel: GuideNowRow | null;
  now: ChannelNow;
  /** set when the server could not be asked and `now` comes from the held On now rows (with their age) */
  stale?: { updatedAt: number | null; reason: string };
}

export interface SettingsPatch {
  authStyle?: AuthStyle;
  pollSeconds?: number;
  notifications?: Partial<NotificationSettings>;
  launchAtLogin?: boolean;
  shortcut?: Partial<{ enabled: boolean; accelerator: string }>;
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
  lookupChannel: { request: { number: number }; response: Outcome<ChannelLookup> };
  getChannels: { request: { definition: boolean }; response: Outcome<Channel[]> };
  updateSettings: { request: SettingsPatch; response: Outcome<SettingsView> };
  forgetServer: { request: Empty; response: Outcome<null> };
  openInBrowser: { request: OpenTarget; response: Outcome<null> };
  dismissNotice: { request: { id: string }; response: Outcome<null> };
  /** the page has nothing open that Escape could close: hide the popover window */
  hidePopover: { request: Empty; response: Outcome<null> };
  quit: { request: Empty; response: Outcome<null> };
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
  lookupChannel: true,
  getChannels: true,
  updateSettings: true,
  forgetServer: true,
  openInBrowser: true,
  dismissNotice: true,
  hidePopover: true,
  quit: true,
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
