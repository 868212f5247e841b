import { lazyView } from '../components/lazy-view';
import { guideText } from '../strings/guide';

/**
 * The guide, loaded lazily: its grid, rows, ruler, day menu, strip and list stay out of the first
 * paint's JavaScript (250 KB with a language's words: test/e2e/languages.test.ts), as Settings'
 * do. Its chunk is fetched once the first paint is done and the page is idle
 * (`preloadGuideWhenIdle`), so the Guide tab's first open finds it loaded (it cost the first rows
 * 1.44× the eager build's when it was fetched on that open: docs/benchmarks.md). The module is kept
 * once loaded.
 */
export const LazyGuide = lazyView(() => import('./Guide').then((module) => module.Guide), () => guideText.loadingGuide);

/** At most this long after the first paint the guide's chunk is asked for, idle or not. */
export const GUIDE_PRELOAD_TIMEOUT_MS = 3000;

let scheduled = false;

/** Once per page, after the first paint: fetch the guide's chunk when the page is idle (within GUIDE_PRELOAD_TIMEOUT_MS). */
export function preloadGuideWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const start = () => LazyGuide.preload();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: GUIDE_PRELOAD_TIMEOUT_MS });
  else setTimeout(start, GUIDE_PRELOAD_TIMEOUT_MS);
}
