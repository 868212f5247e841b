import type { ServerResponse } from 'node:http';
import { ArtworkKinds, type ArtworkKind } from '../../../shared/airwave';
import { renderArtwork } from '../artwork';
import { isKnownRatingKey } from '../catalog';
import { fail } from '../http';
import type { DemoWorld } from '../world';

/** `/channels/{id}/artwork/{ratingKey}?kind=`: a PNG for a known channel and item, without a key. */

export const ARTWORK_PATH = /^\/channels\/([^/]+)\/artwork\/([^/]+)$/;

export function serveArtwork(world: DemoWorld, res: ServerResponse, url: URL, channelId: string, ratingKey: string): void {
  const kind = url.searchParams.get('kind') ?? 'poster';
  if (!ArtworkKinds.includes(kind as ArtworkKind)) {
    return fail(res, 422, 'invalid_request', `kind must be one of ${ArtworkKinds.join(', ')}.`);
  }
  if (!world.byId.has(channelId) || !isKnownRatingKey(ratingKey)) return fail(res, 404, 'not_found', 'Artwork not found.');
  const bytes = renderArtwork(ratingKey, kind as ArtworkKind);
  res.writeHead(200, {
    'content-type': 'image/png',
    'content-length': bytes.length,
    'cache-control': 'public, max-age=86400',
  });
  res.end(bytes);
}
