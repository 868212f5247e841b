/**
 * Every catalogue at hand at once, for the main process (the tray's menu and tooltip and the
 * notifications change language the moment Settings does, with nothing to wait for). Their
 * messages are ICU sources, compiled the first time each is used (compile.ts registers the compiler).
 */
import './compile';
import { en, type Catalogue } from './en';
import { de } from './de';
import { fr } from './fr';
import { es } from './es';
import { ja } from './ja';
import { enHost } from './en/host';
import { deHost } from './de/host';
import { frHost } from './fr/host';
import { esHost } from './es/host';
import { jaHost } from './ja/host';
import type { DisplayLocale, Locale } from './locales';
import { pseudoCatalogue } from './pseudo';
import { hasCatalogue, useCatalogue } from './messages';

/** Each language whole: the popover's words and the main process's own. */
export const CATALOGUES: Record<Locale, Catalogue> = {
  en: { ...en, ...enHost },
  de: { ...de, ...deHost },
  fr: { ...fr, ...frHost },
  es: { ...es, ...esHost },
  ja: { ...ja, ...jaHost },
};

let pseudo: Catalogue | null = null;

// the main process speaks English until the settings say otherwise
if (!hasCatalogue()) useCatalogue('en', CATALOGUES.en);

/** Makes `locale` the language in use in this process (`tag`: what Intl writes with, region kept). */
export function applyLocale(locale: DisplayLocale, tag?: string): void {
  if (locale === 'pseudo') useCatalogue(locale, (pseudo ??= pseudoCatalogue(CATALOGUES.en)), tag);
  else useCatalogue(locale, CATALOGUES[locale], tag);
}
