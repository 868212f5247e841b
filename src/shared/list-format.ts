/**
 * How a list is joined in the language in use. A leaf (only the i18n state under it), so that
 * modules below format.ts (the tolerant reader) join lists by the same rule.
 */
import { lang } from './i18n/messages';

/**
 * "dave, erin and frank", as the locale joins a list. The app's English writes no serial comma
 * (as its messages always have), so English in use joins as en-GB does.
 */
export function listOf(items: readonly string[], locale?: string, type: 'conjunction' | 'unit' = 'conjunction'): string {
  const tag = locale ?? (lang() === 'en' ? 'en-GB' : lang());
  // 'unit': the first names of a longer list, which the message ends with "and 2 more" ("Ann, Bob, Cy")
  return new Intl.ListFormat(tag, { style: type === 'unit' ? 'narrow' : 'long', type }).format(items);
}
