/**
 * The bridge contract's part for settings: what the popover may see of them (never a key) and the
 * changes it may ask for, the notification settings, and the updater's state as Settings shows it.
 * Imports only the connection's and the servers' parts (types flow one way).
 */
import type { AuthStyle, KeyStorage } from './bridge-connection';
import type { ServerEntryView } from './bridge-servers';
import type { DisplayLocale, LanguageChoice } from './i18n/locales';

export interface QuietHours {
  /** "HH:MM", local time */
  start: string;
  end: string;
}

export interface NotificationSettings {
  enabled: boolean;
  quietHours: QuietHours | null;
  mutedUsers: string[];
  /** names muted until a time (ms since the epoch), from a notification's "Mute … for a day" */
  mutedUntil?: { name: string; until: number }[];
  /** ms since the epoch, or null when not paused */
  pausedUntil: number | null;
}

/**
 * Settings as the renderer may see them: never a key, only whether there is one and how it is
 * kept. `server`, `hasKey`, `keyStorage` and `authStyle` are the selected server's (the one the
 * Server section edits); `servers` lists them all.
 */
export interface SettingsView {
  server: string | null;
  hasKey: boolean;
  keyStorage: KeyStorage | null;
  authStyle: AuthStyle;
  servers: ServerEntryView[];
  /** the server On now, the guide, lookup and search show (null with none) */
  selectedServer: string | null;
  /** the badge counts this server only; null: everyone watching on every server */
  badgeServer: string | null;
  pollSeconds: number;
  notifications: NotificationSettings;
  launchAtLogin: boolean;
  /** the language chosen in Settings ('system': the system's preferred languages) */
  language: LanguageChoice;
  /** the language in use: the choice, or the system's first supported language, else English */
  locale: DisplayLocale;
  /** the tag times, days and numbers are written with: the system's own tag in that language ("en-GB"), else the language */
  formatLocale: string;
  shortcut: { enabled: boolean; accelerator: string };
  /** connected to the built-in demo server */
  demo: boolean;
}

export interface SettingsPatch {
  authStyle?: AuthStyle;
  pollSeconds?: number;
  notifications?: Partial<NotificationSettings>;
  launchAtLogin?: boolean;
  language?: LanguageChoice;
  shortcut?: Partial<{ enabled: boolean; accelerator: string }>;
  /** the badge counts this server only; null: every server */
  badgeServer?: string | null;
}

/** The installed app's updater, as Settings shows it (the preview and development runs never update). */
export type UpdateStatus =
  | { kind: 'development' }
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'up-to-date'; checkedAt: number }
  | { kind: 'downloading'; version: string }
  | { kind: 'ready'; version: string }
  | { kind: 'failed'; message: string };
