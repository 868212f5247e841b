/**
 * Artwork paths: `/api/public/v1/channels/{channelId}/artwork/{ratingKey}?kind=<kind>&w=<px>&h=<px>`.
 * They are host-relative and tokenless: prepend the server's base address; fetching needs no key.
 * Real servers resize to `w`/`h` through the media server.
 */

export const API_PREFIX = '/api/public/v1';
export const ArtworkKinds = ['poster', 'background', 'thumb'] as const;
export type ArtworkKind = (typeof ArtworkKinds)[number];

/** The largest `w` or `h` asked for (a 4K screen's width). */
export const MAX_ARTWORK_PIXELS = 4096;

export interface ArtworkRef {
  channelId: string;
  ratingKey: string;
  kind?: ArtworkKind;
  /** pixels wide to resize to, 1…MAX_ARTWORK_PIXELS */
  width?: number;
  /** pixels high to resize to, 1…MAX_ARTWORK_PIXELS */
  height?: number;
}

const validPixels = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 1 && n <= MAX_ARTWORK_PIXELS);

/** Builds the host-relative artwork path for a channel's item (prefer the server's own `artworkUrl`). */
export function artworkPath({ channelId, ratingKey, kind, width, height }: ArtworkRef): string {
  for (const id of [channelId, ratingKey]) {
    // Encoding leaves "." alone, so these would climb out of the artwork path.
    if (id === '' || id === '.' || id === '..') throw new RangeError(`"${id}" cannot be part of an artwork address.`);
  }
  if (!validPixels(width) || !validPixels(height)) throw new RangeError(`An artwork size is a whole number of pixels up to ${MAX_ARTWORK_PIXELS}.`);
  const path = `${API_PREFIX}/channels/${encodeURIComponent(channelId)}/artwork/${encodeURIComponent(ratingKey)}`;
  const query = [kind && `kind=${kind}`, width !== undefined && `w=${width}`, height !== undefined && `h=${height}`].filter(Boolean);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

const PIXELS = /^[1-9]\d{0,3}$/;

const SEGMENT = /^[A-Za-z0-9._~%-]+$/;

/**
 * Reads a host-relative artwork path back into its parts, or returns null for anything that is not
 * exactly that shape (other paths, traversal, absolute URLs, unknown kinds, sizes that are not
 * 1…4096 written plainly, repeated or extra query fields).
 */
export function parseArtworkPath(path: string): ArtworkRef | null {
  if (!path.startsWith(`${API_PREFIX}/channels/`)) return null;
  const [pathname = '', query, ...rest] = path.split('?');
  if (rest.length > 0 || pathname.includes('#') || (query ?? '').includes('#')) return null;
  const parts = pathname.slice(API_PREFIX.length + 1).split('/');
  if (parts.length !== 4 || parts[0] !== 'channels' || parts[2] !== 'artwork') return null;
  const [, rawChannel = '', , rawKey = ''] = parts;
  if (!SEGMENT.test(rawChannel) || !SEGMENT.test(rawKey)) return null;
  let channelId: string;
  let ratingKey: string;
  try {
    channelId = decodeURIComponent(rawChannel);
    ratingKey = decodeURIComponent(rawKey);
  } catch {
    return null;
  }
  if ([channelId, ratingKey].some((s) => s === '.' || s === '..' || s.includes('/') || s.includes('\\'))) return null;
  if (query === undefined || query === '') return { channelId, ratingKey };
  const ref: ArtworkRef = { channelId, ratingKey };
  const seen = new Set<string>();
  for (const [name, value] of new URLSearchParams(query)) {
    if (seen.has(name)) return null;
    seen.add(name);
    if (name === 'kind' && ArtworkKinds.includes(value as ArtworkKind)) ref.kind = value as ArtworkKind;
    else if ((name === 'w' || name === 'h') && PIXELS.test(value) && Number(value) <= MAX_ARTWORK_PIXELS) {
      ref[name === 'w' ? 'width' : 'height'] = Number(value);
    } else return null;
  }
  return seen.size > 0 ? ref : null;
}
