import { lazyView } from '../components/lazy-view';
import { onNow } from '../strings/on-now';

/**
 * Settings, loaded when first opened: its sections (servers, notifications, features, history,
 * language) stay out of the first paint's JavaScript, which now carries a language's words too
 * (250 KB in all; test/e2e/languages.test.ts). The module is kept once loaded.
 */
export const LazySettings = lazyView(() => import('./Settings').then((module) => module.Settings), () => onNow.loadingRow);
