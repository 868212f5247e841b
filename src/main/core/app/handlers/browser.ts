/**
 * Opening pages in the browser: only http(s) addresses on the followed server's origin, without
 * credentials, and only through the host's port.
 */
import type { BridgeHandlers, OpenTarget, Outcome } from '../../../../shared/bridge';
import type { ServerAddress } from '../../../../shared/server-url';
import type { EngineView } from '../servers';
import { failed, ok } from './outcome';
import type { HostPort } from '../ports';

export function browserHandlers(engine: EngineView, host: Partial<HostPort>): Pick<BridgeHandlers, 'openInBrowser'> {
  return {
    openInBrowser: async (target) => {
      const url = browserUrl(engine.client?.server ?? null, target);
      if (!url.ok) return url;
      if (!host.openExternal) return failed('unsupported', 'Opening a browser is not available here.');
      await host.openExternal(url.value);
      return ok(null);
    },
  };
}

/** Only http(s) addresses on the followed server's origin are opened. */
function browserUrl(server: ServerAddress | null, target: OpenTarget): Outcome<string> {
  if (!server) return failed('unconfigured', 'There is no server to open.');
  if (target.kind === 'server') return ok(`${server.root}/`);
  let url: URL;
  try {
    url = new URL(target.url, `${server.root}/`);
  } catch {
    return failed('invalid-url', 'That is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('invalid-url', 'Only web addresses can be opened.');
  if (url.origin !== server.origin) return failed('invalid-url', 'Only pages of the connected server can be opened.');
  if (url.username || url.password) return failed('invalid-url', 'Addresses with credentials are not opened.');
  return ok(url.href);
}
