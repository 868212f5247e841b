import { protocol } from 'electron';
import { artworkRequestFromUrl } from '../../shared/artwork-url';
import { toDisposable, type Disposable } from '../common/disposable';
import { ART_SCHEME } from './app-protocol';

/** What the protocol needs of the artwork service (core/artwork/artwork-service.ts), which decides everything. */
export interface ArtworkSource {
  serve(path: string, signal?: AbortSignal, server?: string | null): Promise<{ status: number; contentType: string; body: Buffer }>;
}

/**
 * Answers `airwave-art://art[/~<server>]/api/public/v1/channels/…/artwork/…` from the artwork service. Any
 * other URL of the scheme is a 404 that never reaches the service. Install after `ready`; undone on quit.
 */
export function serveArtwork(service: ArtworkSource): Disposable {
  protocol.handle(ART_SCHEME, async (request) => {
    const art = artworkRequestFromUrl(request.url);
    if (art === null) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const { status, contentType, body } = await service.serve(art.path, request.signal, art.server);
    // a copy in its own ArrayBuffer: a Buffer may be a view of a shared pool, which BodyInit's typing refuses
    return new Response(new Uint8Array(body), {
      status,
      headers: {
        'content-type': contentType,
        // an image may be kept for a while; a failure must not outlive the server coming back
        'cache-control': status === 200 ? 'private, max-age=3600' : 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
  return toDisposable(() => protocol.unhandle(ART_SCHEME));
}
