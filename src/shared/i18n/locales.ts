/**
 * Which languages the app speaks and how one is chosen: the user's choice in Settings, else the
 * system's preferred languages in order (the first one the app has, by its base language), else
 * English. Written once; the hosts, the core and the popover all ask here.
 */

/** The languages with a complete catalogue, English (the source) first. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];

/** A locale the preview can show too: English, accented and ~40% longer, to find what would break. */
export const PSEUDO = 'pseudo';
export type DisplayLocale = Locale | typeof PSEUDO;

/** What Settings offers: follow the system, or one language. */
export type LanguageChoice = 'system' | Locale;
export const LANGUAGE_CHOICES: readonly LanguageChoice[] = ['system', ...LOCALES];

/** Each language's name in itself, as the Settings menu lists it (never translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', ja: '日本語' };

/** The tag Intl formats with for a display locale (the pseudo-locale formats as English). */
export function intlTag(locale: DisplayLocale): string {
  return locale === PSEUDO ? 'en' : locale;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of `preferred` (BCP 47 tags, most wanted first) the app speaks, by base language; else English. */
export function matchLocale(preferred: readonly string[]): DisplayLocale {
  for (const tag of preferred) {
    const lower = tag.trim().toLowerCase();
    if (lower === PSEUDO) return PSEUDO;
    const base = lower.split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/**
 * The tag Intl writes times, days and numbers with for `locale`: the first of `preferred` in that
 * language, its region kept ("en-GB" writes 18:02, "en-US" 6:02 PM), else the language itself.
 */
export function formatTag(locale: DisplayLocale, preferred: readonly string[]): string {
  const base = intlTag(locale);
  const own = preferred.find((tag) => tag.trim().toLowerCase().split(/[-_]/)[0] === base);
  if (!own) return base;
  try {
    return Intl.getCanonicalLocales(own.trim().replace(/_/g, '-'))[0] ?? base;
  } catch {
    return base;
  }
}

/** The language in use: the choice in Settings, or the system's when it is "system". */
export function resolveLocale(choice: LanguageChoice, system: readonly string[]): DisplayLocale {
  return choice === 'system' ? matchLocale(system) : choice;
}
