/**
 * Loads a language's catalogue when it is needed: every language, English too, is its own chunk
 * (a dynamic import), so the popover's first paint carries only the language in use.
 */
import type { Catalogue, PopoverCatalogue } from './en';
import { PSEUDO, type DisplayLocale } from './locales';
import { currentLocale, hasCatalogue, lang, messages, useCatalogue } from './messages';

const loaders: Record<Exclude<DisplayLocale, typeof PSEUDO>, () => Promise<PopoverCatalogue>> = {
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  es: () => import('./es').then((m) => m.es),
  ja: () => import('./ja').then((m) => m.ja),
};

/** The popover's catalogue of `locale` (without the main process's own words, en/host.ts), loaded once. */
export function loadCatalogue(locale: DisplayLocale): Promise<PopoverCatalogue> {
  if (locale === PSEUDO) return import('./pseudo-catalogue').then((m) => m.pseudo);
  return loaders[locale]();
}

/** Loads `locale` and makes it the language in use, `tag` for Intl (a later call wins over an earlier one still loading). */
let wanted: DisplayLocale = 'en';
export async function switchLocale(locale: DisplayLocale, tag?: string): Promise<void> {
  wanted = locale;
  if (currentLocale() === locale && hasCatalogue()) {
    if (tag !== undefined && tag !== lang()) useCatalogue(locale, messages(), tag);
    return;
  }
  // the popover never reads the host's sections (test/unit/i18n-sources.test.ts keeps src/renderer off them)
  const catalogue = (await loadCatalogue(locale)) as Catalogue;
  if (wanted === locale) useCatalogue(locale, catalogue, tag);
}
