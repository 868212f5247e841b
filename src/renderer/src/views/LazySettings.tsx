import { lazyView } from '../components/lazy-view';
import { loadLazyWords } from '../../../shared/i18n/load';
import { onNow } from '../strings/on-now';

/**
 * Settings, loaded when first opened: its sections (servers, notifications, features, history,
 * language) stay out of the first paint's JavaScript, which now carries a language's words too
 * (250 KB in all; test/e2e/languages.test.ts). Settings → History's words come with it (they are
 * the History view's, loaded lazily: i18n/load.ts). The module is kept once loaded.
 */
export const LazySettings = lazyView(() => Promise.all([import('./Settings'), loadLazyWords()]).then(([module]) => module.Settings), () => onNow.loadingRow);
