import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Conf, { type Options as ConfOptions } from 'conf';
import type { Notice, SettingsView } from '../../shared/bridge';
import { POLL_SECONDS } from '../../shared/bridge-schema';
import { MAX_SERVERS } from '../../shared/bridge-servers';
import type { StoredServer } from './server-entries';
import { repairSettingsFile } from './settings-file';

/**
 * What is in the settings file: its shape, schema and defaults (shared by electron-store in the
 * app and conf in the preview host and the tests, so both behave the same), and how it is opened
 * whatever state it is in.
 */

/** How a stored key is protected: by the OS keychain, by Linux's fixed `basic_text` password, or not at all. */
export type KeyProtection = 'os' | 'basic_text' | 'plain';

/**
 * What is in the file: the settings the renderer sees, with the servers as stored (sealed keys)
 * instead of what the view derives from the selected one.
 */
export interface StoredSettings extends Omit<SettingsView, 'server' | 'hasKey' | 'keyStorage' | 'authStyle' | 'servers'> {
  servers: StoredServer[];
  guideForwardMinutes: number;
}

export const DEFAULT_SETTINGS: StoredSettings = {
  pollSeconds: POLL_SECONDS.default,
  notifications: { enabled: true, quietHours: null, mutedUsers: [], pausedUntil: null },
  launchAtLogin: false,
  shortcut: { enabled: false, accelerator: 'CommandOrControl+Shift+A' },
  demo: false,
  guideForwardMinutes: 180,
  servers: [],
  selectedServer: null,
  badgeServer: null,
};

const hhmm = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' };

/** JSON Schema per top-level key, as conf/electron-store take it. */
export const SETTINGS_SCHEMA = {
  pollSeconds: { type: 'integer', minimum: POLL_SECONDS.min, maximum: POLL_SECONDS.max },
  notifications: {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      quietHours: {
        type: ['object', 'null'],
        properties: { start: hhmm, end: hhmm },
        required: ['start', 'end'],
        additionalProperties: false,
      },
      mutedUsers: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 200 },
      pausedUntil: { type: ['integer', 'null'], minimum: 0 },
    },
    required: ['enabled', 'quietHours', 'mutedUsers', 'pausedUntil'],
    additionalProperties: false,
  },
  launchAtLogin: { type: 'boolean' },
  shortcut: {
    type: 'object',
    properties: { enabled: { type: 'boolean' }, accelerator: { type: 'string', maxLength: 100 } },
    required: ['enabled', 'accelerator'],
    additionalProperties: false,
  },
  demo: { type: 'boolean' },
  guideForwardMinutes: { type: 'integer', minimum: 30, maximum: 1440 },
  // each entry is checked on its own before the store opens the file (settings-file.ts)
  servers: { type: 'array', maxItems: MAX_SERVERS, items: { type: 'object' } },
  selectedServer: { type: ['string', 'null'], maxLength: 40 },
  badgeServer: { type: ['string', 'null'], maxLength: 40 },
} as const;

/** Options shared by electron-store (the app) and conf (preview, tests). */
export function storeOptions(): ConfOptions<StoredSettings> {
  return {
    configName: 'settings',
    projectName: 'airwave-tray',
    defaults: DEFAULT_SETTINGS,
    schema: SETTINGS_SCHEMA as unknown as ConfOptions<StoredSettings>['schema'],
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

export interface OpenedSettings {
  backend: SettingsBackend;
  /** e.g. "the settings file was damaged and has been reset; a copy was kept at …" */
  notices: Notice[];
}

/**
 * Opens a settings file with `open` (electron-store's or conf's constructor). First the file is
 * made safe to open (settings-file.ts: links, size, non-objects, and each bad field on its own);
 * should the store still refuse it, it is moved aside whole (never deleted: the user can recover
 * from it). Either way the app starts, with a notice saying what happened.
 */
export function openSettings(open: (options: ConfOptions<StoredSettings>) => SettingsBackend, filePath: string, now = Date.now()): OpenedSettings {
  const options = { ...storeOptions(), clearInvalidConfig: false };
  let repaired: Notice | null = null;
  try {
    repaired = repairSettingsFile(filePath, now, DEFAULT_SETTINGS);
  } catch {
    // the file system refused (a read-only folder): the store below meets the same and says so
  }
  try {
    return { backend: open(options), notices: repaired ? [repaired] : [] };
  } catch (error) {
    if (!existsSync(filePath)) throw error;
    const kept = join(dirname(filePath), `${basename(filePath, '.json')}.damaged-${now}.json`);
    renameSync(filePath, kept);
    const backend = open({ ...options, clearInvalidConfig: true });
    const why = error instanceof SyntaxError || /JSON/i.test(String((error as Error).message)) ? 'was not readable' : 'held values this version does not accept';
    return {
      backend,
      notices: [
        {
          id: 'settings-reset',
          level: 'warning',
          text: `The settings file ${why}, so the app started with default settings. The old file was kept as ${kept}.`,
        },
      ],
    };
  }
}

/** A conf store in `dir` (the preview host and the tests; the app uses electron-store). */
export function openSettingsDir(dir: string, now = Date.now()): OpenedSettings {
  return openSettings((options) => new Conf<StoredSettings>({ ...options, cwd: dir }), join(dir, 'settings.json'), now);
}
