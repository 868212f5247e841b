import { artworkPath, parseArtworkPath } from './airwave/artwork';

/**
 * Where the popover loads artwork from. The renderer never talks to the Airwave server: in
 * Electron an image is `airwave-art://art<artwork path>` (answered by the main process from its
 * disk cache), in the browser preview host it is `/art<artwork path>` on the preview's own origin.
 * Pure string work, no Node APIs: the renderer imports this too.
 */

/** The custom scheme; must equal ART_SCHEME in src/main/electron/app-protocol.ts (a test checks). */
export const ART_URL_SCHEME = 'airwave-art';
/** The one host of that scheme. */
export const ART_URL_HOST = 'art';
/** The base for images in Electron. */
export const ART_URL_BASE = `${ART_URL_SCHEME}://${ART_URL_HOST}`;
/** The base for images in the browser preview host (a same-origin path prefix). */
export const PREVIEW_ART_PREFIX = '/art';

/**
 * The artwork path in its canonical spelling (ids re-encoded the one way `artworkPath` does), or
 * null when it is not exactly an artwork path. The cache and the URLs both use this spelling.
 */
export function canonicalArtworkPath(path: string): string | null {
  const ref = parseArtworkPath(path);
  if (!ref) return null;
  try {
    return artworkPath(ref);
  } catch {
    return null;
  }
}

/**
 * `<base><canonical artwork path>` for an image `src`, where base is ART_URL_BASE or
 * PREVIEW_ART_PREFIX. Returns '' (no request at all, falsy for a placeholder) for anything that is
 * not an artwork path, so a server's odd `artworkUrl` never becomes a URL somewhere else.
 */
export function artworkSrc(path: string, base: string): string {
  const canonical = canonicalArtworkPath(path);
  return canonical === null ? '' : `${base}${canonical}`;
}

/** `<scheme>://art<canonical artwork path>`, or '' when `path` is not an artwork path. */
export function artworkUrlFor(scheme: string, path: string): string {
  return artworkSrc(path, `${scheme}://${ART_URL_HOST}`);
}

/**
 * The reverse of artworkUrlFor for ART_URL_SCHEME: the artwork path (pathname + search) of an
 * `airwave-art://art/...` URL, or null for another scheme or host, credentials, a port, a
 * fragment, or a path that is not exactly an artwork path. The URL parser has already resolved
 * dot segments (also percent-encoded ones), so what is checked here is what would be fetched.
 */
export function artworkPathFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${ART_URL_SCHEME}:` || parsed.host !== ART_URL_HOST) return null;
  if (parsed.username || parsed.password || parsed.port || parsed.hash || url.includes('#')) return null;
  const path = `${parsed.pathname}${parsed.search}`;
  return parseArtworkPath(path) ? path : null;
}

/**
 * The preview host's counterpart: the artwork path of a request path `/art/api/public/v1/...`
 * (pathname + search, as the browser sent it), or null when it is not one.
 */
export function artworkPathFromPreview(requestPath: string): string | null {
  if (!requestPath.startsWith(`${PREVIEW_ART_PREFIX}/`)) return null;
  const path = requestPath.slice(PREVIEW_ART_PREFIX.length);
  return parseArtworkPath(path) ? path : null;
}
