import { artworkPath, MAX_ARTWORK_PIXELS, parseArtworkPath } from './airwave/artwork';

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

/** How an image is shown: its CSS size and the screen's pixel ratio (`window.devicePixelRatio`). */
export interface ShownSize {
  width: number;
  height: number;
  pixelRatio?: number;
}

/**
 * Widths asked for, in device pixels. Each shown size is rounded up to one of these, so the
 * server resizes to few distinct sizes and the cache holds few copies of one image.
 */
export const ARTWORK_WIDTH_BUCKETS = [64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048] as const;
const LARGEST_BUCKET = 2048;

/**
 * The `w`/`h` to ask for an image shown at `size`: the width times the pixel ratio rounded up to a
 * bucket, and the height that keeps the shown aspect ratio. Null for a size that is not a size.
 */
export function artworkPixels(size: ShownSize): { width: number; height: number } | null {
  const ratio = size.pixelRatio !== undefined && Number.isFinite(size.pixelRatio) && size.pixelRatio > 0 ? Math.min(size.pixelRatio, 4) : 1;
  if (!(Number.isFinite(size.width) && Number.isFinite(size.height) && size.width > 0 && size.height > 0)) return null;
  const wanted = size.width * ratio;
  const width: number = ARTWORK_WIDTH_BUCKETS.find((bucket) => bucket >= wanted) ?? LARGEST_BUCKET;
  const height = Math.min(MAX_ARTWORK_PIXELS, Math.max(1, Math.round((width * size.height) / size.width)));
  return { width, height };
}

/**
 * The canonical artwork path asking for `size` (see artworkPixels), replacing any size the server
 * put in it; null when `path` is not an artwork path. Without a usable size, the path as it was.
 */
export function sizedArtworkPath(path: string, size?: ShownSize): string | null {
  const ref = parseArtworkPath(path);
  if (!ref) return null;
  const pixels = size ? artworkPixels(size) : null;
  try {
    return artworkPath(pixels ? { ...ref, ...pixels } : ref);
  } catch {
    return null;
  }
}

/**
 * `<base><canonical artwork path>` for an image `src`, where base is ART_URL_BASE or
 * PREVIEW_ART_PREFIX, asking for the shown size when one is given. Returns '' (no request at all,
 * falsy for a placeholder) for anything that is not an artwork path, so a server's odd
 * `artworkUrl` never becomes a URL somewhere else.
 */
export function artworkSrc(path: string, base: string, size?: ShownSize, server?: string | null): string {
  const canonical = sizedArtworkPath(path, size);
  if (canonical === null) return '';
  return server && SERVER_ID.test(server) ? `${base}/~${server}${canonical}` : `${base}${canonical}`;
}

/** A server's id as it may stand in an artwork URL (several servers: `/~<id>` before the path). */
const SERVER_ID = /^[a-z0-9-]{1,40}$/;
const SERVER_SEGMENT = /^\/~([a-z0-9-]{1,40})(?=\/)/;

/** An artwork request: the artwork path, and the server it is for (null: the selected one). */
export interface ArtworkRequest {
  path: string;
  server: string | null;
}

/** Splits `/~<server>/api/…` into the server and the artwork path; null when the rest is not one. */
function withServer(path: string): ArtworkRequest | null {
  const match = SERVER_SEGMENT.exec(path);
  const rest = match ? path.slice(match[0].length) : path;
  return parseArtworkPath(rest) ? { path: rest, server: match?.[1] ?? null } : null;
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
  const request = artworkRequestFromUrl(url);
  return request && request.server === null ? request.path : null;
}

/** artworkPathFromUrl that also reads which server the image is for (`airwave-art://art/~<id>/api/…`). */
export function artworkRequestFromUrl(url: string): ArtworkRequest | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${ART_URL_SCHEME}:` || parsed.host !== ART_URL_HOST) return null;
  if (parsed.username || parsed.password || parsed.port || parsed.hash || url.includes('#')) return null;
  return withServer(`${parsed.pathname}${parsed.search}`);
}

/** artworkPathFromPreview that also reads which server the image is for (`/art/~<id>/api/…`). */
export function artworkRequestFromPreview(requestPath: string): ArtworkRequest | null {
  if (!requestPath.startsWith(`${PREVIEW_ART_PREFIX}/`)) return null;
  return withServer(requestPath.slice(PREVIEW_ART_PREFIX.length));
}

/**
 * The preview host's counterpart: the artwork path of a request path `/art/api/public/v1/...`
 * (pathname + search, as the browser sent it), or null when it is not one.
 */
export function artworkPathFromPreview(requestPath: string): string | null {
  const request = artworkRequestFromPreview(requestPath);
  return request && request.server === null ? request.path : null;
}
