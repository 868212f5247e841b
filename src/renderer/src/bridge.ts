import { ART_URL_BASE, PREVIEW_ART_PREFIX } from '../../shared/artwork-url';
import { COMMANDS, type BridgeApi, type SnapshotUpdate } from '../../shared/bridge';

/**
 * The bridge the popover talks through. In Electron the preload exposes it as `window.airwave`;
 * in the browser preview the same functions go over HTTP to the preview host (commands as POST,
 * the snapshot as an event stream). Either way the renderer sees one typed API.
 */
declare global {
  interface Window {
    airwave?: BridgeApi;
  }
}

function httpBridge(): BridgeApi {
  const api = Object.fromEntries(
    COMMANDS.map((command) => [
      command,
      async (request: unknown) => {
        const response = await fetch(`/__bridge/${command}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request ?? {}),
        });
        const body: unknown = await response.json();
        if (!response.ok) throw new Error((body as { error?: string }).error ?? `HTTP ${response.status}`);
        return body;
      },
    ]),
  ) as Omit<BridgeApi, 'onSnapshot'>;
  return {
    ...api,
    onSnapshot(listener) {
      // EventSource reconnects by itself; the host sends a full snapshot on every (re)connect.
      const source = new EventSource('/__bridge/snapshot');
      const forward = (event: MessageEvent<string>) => listener(JSON.parse(event.data) as SnapshotUpdate);
      source.addEventListener('snapshot', forward);
      return () => source.close();
    },
  };
}

export const bridge: BridgeApi = window.airwave ?? httpBridge();

/** Where artwork paths are served: a custom protocol in Electron, the preview host's /art otherwise. */
export const ARTWORK_BASE = window.airwave ? ART_URL_BASE : PREVIEW_ART_PREFIX;
