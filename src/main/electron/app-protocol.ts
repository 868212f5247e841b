import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { ART_URL_SCHEME } from '../../shared/artwork-url';
import { fileInside } from '../core/inside';

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

export function serveApp(rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => {
    const file = appFile(rendererDir, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).href);
  });
}
