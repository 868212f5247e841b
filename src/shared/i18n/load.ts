/**
 * Loads a language's catalogue when it is needed: every language, English too, is its own chunk
 * (a dynamic import), so the popover's first paint carries only the language in use. The words of
 * a view that loads lazily (History, a person's page, Settings → History: `historyView`) are a
 * chunk of their own per language too, loaded with that view (`loadLazyWords`); once asked for,
 * they come with every later change of language before it applies.
 */
import type { Catalogue, LazyCatalogue, PopoverCatalogue } from './en';
import { PSEUDO, type DisplayLocale } from './locales';
import { currentLocale, hasCatalogue, lang, messages, useCatalogue } from './messages';

const loaders: Record<Exclude<DisplayLocale, typeof PSEUDO>, () => Promise<PopoverCatalogue>> = {
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  es: () => import('./es').then((m) => m.es),
  ja: () => import('./ja').then((m) => m.ja),
};

const lazyLoaders: Record<DisplayLocale, () => Promise<LazyCatalogue>> = {
  en: () => import('./en/history-view').then((m) => ({ historyView: m.historyView })),
  de: () => import('./de/history-view').then((m) => ({ historyView: m.historyView })),
  fr: () => import('./fr/history-view').then((m) => ({ historyView: m.historyView })),
  es: () => import('./es/history-view').then((m) => ({ historyView: m.historyView })),
  ja: () => import('./ja/history-view').then((m) => ({ historyView: m.historyView })),
  [PSEUDO]: () => import('./pseudo-catalogue').then((m) => ({ historyView: m.historyView })),
};

/** The popover's catalogue of `locale` (without the main process's own words, en/host.ts, or the lazy views', en/history-view.ts), loaded once. */
export function loadCatalogue(locale: DisplayLocale): Promise<PopoverCatalogue> {
  if (locale === PSEUDO) return import('./pseudo-catalogue').then((m) => m.pseudo);
  return loaders[locale]();
}

/** Whether a lazy view has asked for its words: from then on each language loads them with its catalogue. */
let lazyWanted = false;

/** Whether the catalogue in use holds the lazy views' words. */
const hasLazyWords = () => hasCatalogue() && 'historyView' in messages();

/**
 * The lazy views' words in the language in use, added to its catalogue (a view calls this with its
 * own chunk's import, and shows once both are in). Resolves at once when they are already there.
 */
export async function loadLazyWords(): Promise<void> {
  lazyWanted = true;
  // a change of language while they load brings a catalogue without them: load that language's (a few turns at most)
  for (let turn = 0; turn < 3 && !hasLazyWords(); turn++) {
    const locale = currentLocale();
    const words = await lazyLoaders[locale]();
    if (currentLocale() === locale && hasCatalogue() && !hasLazyWords()) useCatalogue(locale, { ...messages(), ...words }, lang());
  }
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
  const [catalogue, lazy] = await Promise.all([loadCatalogue(locale), lazyWanted ? lazyLoaders[locale]() : null]);
  // asked for while the catalogue loaded: loaded now, so a view showing them never reads a catalogue without them
  const words = lazy ?? (lazyWanted ? await lazyLoaders[locale]() : null);
  if (wanted === locale) useCatalogue(locale, { ...catalogue, ...words } as Catalogue, tag);
}
