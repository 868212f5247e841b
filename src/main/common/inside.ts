import { relative, resolve, sep } from 'node:path';

/**
 * The file a decoded URL path names inside `root` (`/` is `index.html`), or null when it would
 * step outside: parent steps, also ones spelled with backslashes, are refused outright. Shared by
 * the Electron app protocol and the preview host, which serve the same built renderer.
 */
export function fileInside(root: string, decodedPath: string): string | null {
  if (decodedPath.split(/[\\/]/).includes('..')) return null;
  const file = resolve(root, `.${decodedPath === '/' ? '/index.html' : decodedPath}`);
  const inside = relative(root, file);
  if (!inside || inside.startsWith('..') || inside.split(sep).includes('..')) return null;
  return file;
}
