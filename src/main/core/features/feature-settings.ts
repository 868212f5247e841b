/**
 * The features' own settings (reminder lead time, which health alerts are on), kept in
 * feature-settings.json next to the app's settings until they move into the settings module.
 */
import * as v from 'valibot';
import type { FeatureSettings, FeatureSettingsPatch } from '../../../shared/bridge';
import { HEALTH_FIELDS, REMINDER_LEAD_MINUTES, reminderLeadMinutes, UNREACHABLE_MINUTES } from '../../../shared/shapes';
import { fieldsOrDefault, orDefault } from '../../../shared/tolerant';
import type { FeatureStore } from './json-store';

export const FEATURE_SETTINGS_FILE = 'feature-settings.json';

export const DEFAULT_FEATURE_SETTINGS: FeatureSettings = {
  reminderLeadMinutes: REMINDER_LEAD_MINUTES.default,
  health: { unreachable: true, unreachableMinutes: UNREACHABLE_MINUTES.default, keyRejected: true, versionChanged: true, streamFull: true, webhookDisabled: true },
};

/** feature-settings.json: each setting on its own, back to its default when damaged. */
const FEATURE_SETTINGS_SCHEMA = v.object({
  version: v.literal(1),
  reminderLeadMinutes: orDefault(reminderLeadMinutes, DEFAULT_FEATURE_SETTINGS.reminderLeadMinutes),
  health: orDefault(fieldsOrDefault(HEALTH_FIELDS, DEFAULT_FEATURE_SETTINGS.health), DEFAULT_FEATURE_SETTINGS.health),
});

export class FeatureSettingsStore {
  readonly #store: FeatureStore;
  readonly #changed: () => void;
  #values: FeatureSettings;

  constructor(store: FeatureStore, changed: () => void, problem: (text: string) => void) {
    this.#store = store;
    this.#changed = changed;
    const loaded = store.read(FEATURE_SETTINGS_FILE, FEATURE_SETTINGS_SCHEMA);
    if (loaded.problem) problem(loaded.problem);
    this.#values = loaded.value ? { reminderLeadMinutes: loaded.value.reminderLeadMinutes, health: loaded.value.health } : DEFAULT_FEATURE_SETTINGS;
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
