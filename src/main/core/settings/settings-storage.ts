import { LANGUAGE_CHOICES } from '../../../shared/i18n/locales';
import type { Options as ConfOptions } from 'conf';
import * as v from 'valibot';
import type { SettingsView } from '../../../shared/bridge';
import { MAX_SERVERS } from '../../../shared/bridge-servers';
import { guideForwardMinutes, NOTIFICATION_FIELDS, pollSeconds, POLL_SECONDS, serverId, SHORTCUT_FIELDS } from '../../../shared/shapes';
import { eachKept, fieldsOrDefault, orDefault } from '../../../shared/tolerant';
import { SERVER_ENTRY, type StoredServer } from './server-entries';

export type { KeyProtection } from './server-entries';

/**
 * What is in the settings file: its one schema (every field with its default, each server entry
 * on its own), its defaults, and the options electron-store in the app and conf in the preview
 * host and the tests share, so both behave the same. How the file is opened, whatever state it is
 * in, is settings-file.ts.
 */

/**
 * What is in the file: the settings the renderer sees, with the servers as stored (sealed keys)
 * instead of what the view derives from the selected one.
 */
export interface StoredSettings extends Omit<SettingsView, 'server' | 'hasKey' | 'keyStorage' | 'authStyle' | 'servers' | 'locale' | 'formatLocale'> {
  servers: StoredServer[];
  guideForwardMinutes: number;
}

/**
 * The guide window a new user opens on: the next hour, the zoom at which a 380 px popover shows
 * titles for most of what is on (issue 36); the server's own default (3 h) left most blocks bare.
 * The user's choice replaces it (setGuideWindow).
 */
export const GUIDE_OPENS_MINUTES = 60;

export const DEFAULT_SETTINGS: StoredSettings = {
  pollSeconds: POLL_SECONDS.default,
  notifications: { enabled: true, quietHours: null, mutedUsers: [], mutedUntil: [], pausedUntil: null },
  launchAtLogin: false,
  language: 'system',
  shortcut: { enabled: false, accelerator: 'CommandOrControl+Shift+A' },
  demo: false,
  guideForwardMinutes: GUIDE_OPENS_MINUTES,
  servers: [],
  selectedServer: null,
  badgeServer: null,
};

/** Pausing notifications goes at most this far ahead (the menu offers an hour, or until tomorrow morning). */
export const MAX_PAUSE_MS = 7 * 24 * 60 * 60_000;

/**
 * The settings file's schema: a field that is not usable falls back to its default on its own, a
 * server entry that is not usable is left out on its own (tolerant.ts says which), and fields it
 * does not know (a newer version's) are kept. With `now`, a pause may reach at most MAX_PAUSE_MS
 * past it.
 */
export function settingsSchema(now?: number): v.GenericSchema<unknown, StoredSettings> {
  const pausedUntil = now === undefined ? NOTIFICATION_FIELDS.pausedUntil : v.pipe(NOTIFICATION_FIELDS.pausedUntil, v.check((at) => at === null || at <= now + MAX_PAUSE_MS, 'a pause at most 7 days ahead'));
  const d = DEFAULT_SETTINGS;
  return v.looseObject({
    pollSeconds: orDefault(pollSeconds, d.pollSeconds),
    notifications: orDefault(fieldsOrDefault({ ...NOTIFICATION_FIELDS, pausedUntil }, { mutedUntil: [], ...d.notifications }), d.notifications),
    launchAtLogin: orDefault(v.boolean(), d.launchAtLogin),
    language: orDefault(v.picklist(LANGUAGE_CHOICES), d.language),
    shortcut: orDefault(fieldsOrDefault(SHORTCUT_FIELDS, d.shortcut), d.shortcut),
    demo: orDefault(v.boolean(), d.demo),
    guideForwardMinutes: orDefault(guideForwardMinutes, d.guideForwardMinutes),
    servers: orDefault(eachKept(SERVER_ENTRY, { max: MAX_SERVERS, key: (entry) => entry.id }), d.servers),
    selectedServer: orDefault(v.nullable(serverId), d.selectedServer),
    badgeServer: orDefault(v.nullable(serverId), d.badgeServer),
  }) as unknown as v.GenericSchema<unknown, StoredSettings>;
}

/**
 * Options shared by electron-store (the app) and conf (preview, tests). No JSON Schema and no
 * migrations: the file is read with `settingsSchema` before the store opens it, and the settings
 * service writes only what that schema keeps, so the schema is written once.
 */
export function storeOptions(): ConfOptions<StoredSettings> {
  return {
    configName: 'settings',
    projectName: 'airwave-tray',
    defaults: DEFAULT_SETTINGS,
    clearInvalidConfig: true,
    configFileMode: 0o600,
  };
}

/** The part of electron-store / conf the settings service needs. */
export interface SettingsBackend {
  readonly store: StoredSettings;
  set(values: Partial<StoredSettings>): void;
  readonly path: string;
}
