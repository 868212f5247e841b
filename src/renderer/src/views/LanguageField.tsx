import type { SettingsPatch, SettingsView } from '../../../shared/bridge';
import { LANGUAGE_CHOICES, LANGUAGE_NAMES, isLocale, type LanguageChoice } from '../../../shared/i18n/locales';
import { settings as t } from '../strings/settings';

/**
 * Settings → General → Language: System (naming the language it stands for now) or one of the
 * app's languages, each in its own name. The choice applies at once (the core resolves it and the
 * popover, the tray and later notifications follow).
 */
export function LanguageField({ settings, apply }: { settings: SettingsView; apply: (patch: SettingsPatch) => Promise<unknown> }) {
  const system = isLocale(settings.locale) ? LANGUAGE_NAMES[settings.locale] : settings.locale;
  return (
    <label class="field">
      <span>{t.language}</span>
      <select name="language" value={settings.language} onChange={(event) => void apply({ language: (event.currentTarget as HTMLSelectElement).value as LanguageChoice })}>
        {LANGUAGE_CHOICES.map((choice) => (
          <option key={choice} value={choice} lang={choice === 'system' ? undefined : choice}>
            {choice !== 'system' ? LANGUAGE_NAMES[choice] : settings.language === 'system' ? t.languageSystem(system) : t.system}
          </option>
        ))}
      </select>
    </label>
  );
}
