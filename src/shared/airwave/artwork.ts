/**
 * Artwork paths: `/api/public/v1/channels/{channelId}/artwork/{ratingKey}?kind=<kind>`.
 * They are host-relative and tokenless: prepend the server's base address; fetching needs no key.
 */

export const API_PREFIX = '/api/public/v1';
export const ArtworkKinds = ['poster', 'background', 'thumb'] as const;
export type ArtworkKind = (typeof ArtworkKinds)[number];

export interface ArtworkRef {
  channelId: string;
  ratingKey: string;
  kind?: ArtworkKind;
}

/** Builds the host-relative artwork path for a channel's item (prefer the server's own `artworkUrl`). */
export function artworkPath({ channelId, ratingKey, kind }: ArtworkRef): string {
  for (const id of [channelId, ratingKey]) {
    // Encoding leaves "." alone, so these would climb out of the artwork path.
    if (id === '' || id === '.' || id === '..') throw new RangeError(`"${id}" cannot be part of an artwork address.`);
  }
  const path = `${API_PREFIX}/channels/${encodeURIComponent(channelId)}/artwork/${encodeURIComponent(ratingKey)}`;
  return kind ? `${path}?kind=${kind}` : path;
}

const SEGMENT = /^[A-Za-z0-9._~%-]+$/;

/**
 * Reads a host-relative artwork path back into its parts, or returns null for anything that is not
 * exactly that shape (other paths, traversal, absolute URLs, unknown kinds, extra query fields).
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
  const params = new URLSearchParams(query);
  const keys = [...params.keys()];
  const kind = params.get('kind');
  if (keys.length !== 1 || keys[0] !== 'kind' || !ArtworkKinds.includes(kind as ArtworkKind)) return null;
  return { channelId, ratingKey, kind: kind as ArtworkKind };
}
