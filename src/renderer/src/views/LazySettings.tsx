import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { onNow } from '../strings/on-now';

/**
 * Settings, loaded when first opened: its sections (servers, notifications, features, history,
 * language) stay out of the first paint's JavaScript, which now carries a language's words too
 * (250 KB in all; test/e2e/languages.test.ts). The module is kept once loaded.
 */
let loaded: ComponentType | null = null;

export function LazySettings() {
  const [View, setView] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (View) return;
    let current = true;
    void import('./Settings').then((module) => {
      loaded = module.Settings;
      if (current) setView(() => module.Settings);
    });
    return () => {
      current = false;
    };
  }, []);
  return View ? (
    <View />
  ) : (
    <p class="muted" role="status">
      {onNow.loadingRow}
    </p>
  );
}
