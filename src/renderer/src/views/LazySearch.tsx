import { lazyView } from '../components/lazy-view';

/**
 * Search, loaded when first opened (issue 48's merge with issue 46's whole sentences left the
 * first paint over its 250 KB: test/e2e/languages.test.ts). Its sheet and rows (about 12 KB) stay
 * out of the first paint's JavaScript, as Settings' do; it opens a moment later, whole, over the
 * page (nothing drawn meanwhile), and its field takes the focus as it always has. The module is
 * kept once loaded.
 */
export const LazySearch = lazyView(() => import('./Search').then((module) => module.Search), () => null);
