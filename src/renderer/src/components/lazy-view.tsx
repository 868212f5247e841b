import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * A view loaded when first shown, so its code stays out of the first paint's JavaScript: `load`
 * is the caller's own `import()` (the chunk is the caller's), `loading` the words shown until it
 * arrives (null: nothing, for a sheet drawn over the page, which appears a moment later whole).
 * Loaded once, the module is kept for every later showing.
 */
export function lazyView(load: () => Promise<ComponentType>, loading: () => string | null): ComponentType {
  let loaded: ComponentType | null = null;
  return function Lazy() {
    const [View, setView] = useState<ComponentType | null>(() => loaded);
    useEffect(() => {
      if (View) return;
      let current = true;
      void load().then((view) => {
        loaded = view;
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
  };
}
