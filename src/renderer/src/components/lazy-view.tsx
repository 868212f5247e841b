import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A view loaded when first shown, so its code stays out of the first paint's JavaScript: `load`
 * is the caller's own `import()` (the chunk is the caller's), `loading` the words shown until it
 * arrives (null: nothing, for a sheet drawn over the page, which appears a moment later whole).
 * Loaded once, the module is kept for every later showing; `preload()` fetches it ahead of its
 * first showing (one request at most: a load in flight is shared, a failed one may be asked again).
 */
export type LazyView = ComponentType & { preload: () => void };

export function lazyView(load: () => Promise<ComponentType>, loading: () => string | null): LazyView {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const fetchView = (): Promise<ComponentType> =>
    (pending ??= load().then(
      (view) => (loaded = view),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  function Lazy() {
    const [View, setView] = useState<ComponentType | null>(() => loaded);
    useEffect(() => {
      if (View) return;
      let current = true;
      void fetchView().then((view) => {
        if (current) setView(() => view);
      });
      return () => {
        current = false;
      };
    }, []);
    const words = View ? null : loading();
    return View ? (
      <View />
    ) : words === null ? null : (
      <p class="muted" role="status">
        {words}
      </p>
    );
  }
  return Object.assign(Lazy, { preload: () => void fetchView().catch(() => {}) });
}
