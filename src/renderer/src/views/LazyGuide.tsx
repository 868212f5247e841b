import { lazyView } from '../components/lazy-view';
import { guideText } from '../strings/guide';

/**
 * The guide, loaded when first opened: its grid, rows, ruler, day menu, strip and list stay out
 * of the first paint's JavaScript (250 KB with a language's words: test/e2e/languages.test.ts),
 * as Settings' do. The module is kept once loaded.
 */
export const LazyGuide = lazyView(() => import('./Guide').then((module) => module.Guide), () => guideText.loadingGuide);
