import type { ComponentChildren } from 'preact';

/**
 * Owns the index of Lucide's per-icon modules: one loader per icon file, each its own small chunk
 * fetched the first time a channel uses that icon. The index itself (about 1,850 loaders) is a
 * chunk of its own too, loaded on the first lucide icon rather than with the popover's first paint.
 */

export type IconComponent = (props: { size?: number; 'aria-hidden'?: boolean }) => ComponentChildren;

// index.mjs re-exports the whole set: exactly what must never load.
export const loaders = import.meta.glob<IconComponent>(['./*.mjs', '!./index.mjs'], {
  base: '../../../../node_modules/lucide-preact/dist/esm/icons/',
  import: 'default',
});
