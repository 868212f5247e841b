/**
 * The language in use in this process and its catalogue: the words every module reads at the
 * moment it speaks, so a change of language applies at once (no restart). Nothing is bundled
 * here: the main process sets English as it imports catalogues.ts (which holds all five), the
 * popover loads the one language in use (load.ts) before its first paint.
 */
import type { Catalogue } from './en';
import { intlTag, type DisplayLocale } from './locales';
import { formatMessage, type Params } from './message-format';

let current: { locale: DisplayLocale; catalogue: Catalogue | null; tag: string } = { locale: 'en', catalogue: null, tag: 'en' };
const listeners = new Set<(locale: DisplayLocale) => void>();

/** The catalogue of the language in use. */
export function messages(): Catalogue {
  if (!current.catalogue) throw new Error('No language loaded yet: the host loads one before anything speaks');
  return current.catalogue;
}

/** Whether a catalogue is loaded (the popover's first moments have none). */
export function hasCatalogue(): boolean {
  return current.catalogue !== null;
}

/** The language in use ('pseudo' in the preview's pseudo-locale). */
export function currentLocale(): DisplayLocale {
  return current.locale;
}

/** The tag Intl formats times, days, numbers and lists with (the language, with the system's region when it has one). */
export function lang(): string {
  return current.tag;
}

/** Switches this process to `locale` (its catalogue already loaded; `tag` for Intl); listeners hear of a change. */
export function useCatalogue(locale: DisplayLocale, catalogue: Catalogue, tag: string = intlTag(locale)): void {
  if (current.locale === locale && current.catalogue === catalogue && current.tag === tag) return;
  current = { locale, catalogue, tag };
  for (const listener of listeners) listener(locale);
}

/** Runs `listener` after each change of language; returns the way to stop. */
export function onLocaleChange(listener: (locale: DisplayLocale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message filled in the language in use. */
export function t(message: string, params: Params = {}): string {
  return formatMessage(message, params, lang());
}
