import { LUCIDE_ALIASES } from './lucide-aliases';

/**
 * Owns how a server's `lucide:Name` icon name maps to one of lucide-preact's per-icon files
 * (`dist/esm/icons/<stem>.mjs`): case-insensitively by the icon's own name, then by its old
 * names (`Laugh` is `face-grinning`). Pure, so it is tested without a bundler.
 */

/** "ArrowDownAZ", "arrow-down-a-z" and "arrowdownaz" all meet at the same key. */
export const iconKey = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/** The icon name in a channel's `icon` field ("lucide:Laugh" → "Laugh"); null for other icon sets. */
export function lucideName(icon: string | null | undefined): string | null {
  if (!icon?.startsWith('lucide:')) return null;
  const name = icon.slice('lucide:'.length).trim();
  return name && name.length <= 80 ? name : null;
}

/** The file stem for a file path such as `…/icons/face-grinning.mjs`. */
export const stemOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1).replace(/\.mjs$/, '');

/** Looks a name up among the installed stems, indexed by `iconKey(stem)`; null when Lucide has no such icon. */
export function resolveStem(name: string, stems: ReadonlyMap<string, string>): string | null {
  const key = iconKey(name);
  if (!key) return null;
  const direct = stems.get(key);
  if (direct) return direct;
  const alias = Object.hasOwn(LUCIDE_ALIASES, key) ? LUCIDE_ALIASES[key] : undefined;
  return alias && stems.has(iconKey(alias)) ? alias : null;
}

/** Indexes file paths (as `import.meta.glob` gives them) by the key of their stem. */
export function indexStems(paths: Iterable<string>): Map<string, string> {
  const index = new Map<string, string>();
  for (const path of paths) {
    const stem = stemOf(path);
    index.set(iconKey(stem), stem);
  }
  return index;
}
