import type { ServerResponse } from 'node:http';
import { ArtworkKinds, type ArtworkKind } from '../../../shared/airwave';
import { ARTWORK_PIXELS, artworkSize, renderArtwork } from '../artwork';
import { isKnownRatingKey } from '../catalog';
import { fail, intParam, sendText } from '../http';
import type { DemoWorld } from '../world';

/**
 * `/channels/{id}/artwork/{ratingKey}?kind=&w=&h=`: a PNG for a known channel and item, without a
 * key, at the kind's size or the one asked for, cacheable for an hour as on real servers. An
 * unknown channel is a JSON 404; an item the media server lacks is a text/plain 404 on Airwave's
 * own server (`plainMissing`), the JSON one on the seed.
 */

export const ARTWORK_PATH = /^\/channels\/([^/]+)\/artwork\/([^/]+)$/;

export function serveArtwork(world: DemoWorld, res: ServerResponse, url: URL, channelId: string, ratingKey: string, plainMissing = false): void {
  const kind = url.searchParams.get('kind') ?? 'poster';
  if (!ArtworkKinds.includes(kind as ArtworkKind)) {
    return fail(res, 422, 'invalid_request', `kind must be one of ${ArtworkKinds.join(', ')}.`);
  }
  const pixels: Record<'w' | 'h', number | null> = { w: null, h: null };
  for (const name of ['w', 'h'] as const) {
    const value = intParam(url, name, ARTWORK_PIXELS.min, ARTWORK_PIXELS.max, NaN);
    if (typeof value === 'string') return fail(res, 422, 'invalid_request', value);
    pixels[name] = Number.isNaN(value) ? null : value;
  }
  if (!world.byId.has(channelId)) return fail(res, 404, 'not_found', 'Artwork not found.');
  if (!isKnownRatingKey(ratingKey)) return plainMissing ? sendText(res, 404, 'not found') : fail(res, 404, 'not_found', 'Artwork not found.');
  const bytes = renderArtwork(ratingKey, kind as ArtworkKind, artworkSize(kind as ArtworkKind, pixels.w, pixels.h));
  res.writeHead(200, {
    'content-type': 'image/png',
    'content-length': bytes.length,
    'cache-control': 'public, max-age=3600',
  });
  res.end(bytes);
}
