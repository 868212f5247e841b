import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { ART_URL_SCHEME } from '../../shared/artwork-url';
import { toDisposable, type Disposable } from '../common/disposable';
import { fileInside } from '../common/inside';
import { APP_RESPONSE_HEADERS } from './csp';

/**
 * The popover page is served from a custom scheme rather than file:// (Electron's security
 * checklist): `airwave-app://popover/…` maps only to files inside the built renderer folder.
 * Schemes must be registered as privileged before `ready`; handlers are installed after it.
 */
export const APP_SCHEME = 'airwave-app';
/** artwork: the same scheme the renderer's image URLs use (src/shared/artwork-url.ts) */
export const ART_SCHEME = ART_URL_SCHEME;
export const APP_ORIGIN = `${APP_SCHEME}://popover`;
export const APP_PAGE = `${APP_ORIGIN}/index.html`;

export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: ART_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The file for an app URL, or null when it is not inside `root`. */
export function appFile(root: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== 'popover') return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  return fileInside(root, path);
}

/**
 * Serves the built renderer; every answer carries the CSP header (with `frame-ancestors`, which
 * only a header can set). Undone on quit.
 */
export function serveApp(rendererDir: string): Disposable {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appFile(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404, headers: { ...APP_RESPONSE_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
    const response = await net.fetch(pathToFileURL(file).href);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(APP_RESPONSE_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  });
  return toDisposable(() => protocol.unhandle(APP_SCHEME));
}
