/**
 * The features' own settings (reminder lead time, which health alerts are on), kept in
 * feature-settings.json next to the app's settings until they move into the settings module.
 */
import type { FeatureSettings, FeatureSettingsPatch } from '../../../shared/bridge';
import { REMINDER_LEAD_MINUTES, UNREACHABLE_MINUTES } from '../../../shared/bridge-schema';
import { isObject } from './favourites';
import type { FeatureStore } from './json-store';

export const FEATURE_SETTINGS_FILE = 'feature-settings.json';

export const DEFAULT_FEATURE_SETTINGS: FeatureSettings = {
  reminderLeadMinutes: REMINDER_LEAD_MINUTES.default,
  health: { unreachable: true, unreachableMinutes: UNREACHABLE_MINUTES.default, keyRejected: true, versionChanged: true, streamFull: true },
};

export class FeatureSettingsStore {
  readonly #store: FeatureStore;
  readonly #changed: () => void;
  #values: FeatureSettings;

  constructor(store: FeatureStore, changed: () => void, problem: (text: string) => void) {
    this.#store = store;
    this.#changed = changed;
    const loaded = store.read(FEATURE_SETTINGS_FILE, checkFile);
    if (loaded.problem) problem(loaded.problem);
    this.#values = loaded.value ?? DEFAULT_FEATURE_SETTINGS;
  }

  get values(): FeatureSettings {
    return this.#values;
  }

  /** Applies a checked patch (bridge-schema bounds it); unknown fields never reach here. */
  update(patch: FeatureSettingsPatch): FeatureSettings {
    this.#values = {
      reminderLeadMinutes: patch.reminderLeadMinutes ?? this.#values.reminderLeadMinutes,
      health: { ...this.#values.health, ...patch.health },
    };
    this.#store.write(FEATURE_SETTINGS_FILE, { version: 1, ...this.#values });
    this.#changed();
    return this.#values;
  }
}

const within = (value: unknown, bounds: { min: number; max: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max;

function checkFile(json: unknown): FeatureSettings | null {
  if (!isObject(json) || json.version !== 1 || !within(json.reminderLeadMinutes, REMINDER_LEAD_MINUTES) || !isObject(json.health)) return null;
  const h = json.health;
  const flags = ['unreachable', 'keyRejected', 'versionChanged', 'streamFull'] as const;
  if (!flags.every((flag) => typeof h[flag] === 'boolean') || !within(h.unreachableMinutes, UNREACHABLE_MINUTES)) return null;
  return {
    reminderLeadMinutes: json.reminderLeadMinutes as number,
    health: {
      unreachable: h.unreachable as boolean,
      unreachableMinutes: h.unreachableMinutes as number,
      keyRejected: h.keyRejected as boolean,
      versionChanged: h.versionChanged as boolean,
      streamFull: h.streamFull as boolean,
    },
  };
}
