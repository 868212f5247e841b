/**
 * Opening pages in the browser: only http(s) addresses on the followed server's origin, without
 * credentials, and only through the host's port.
 */
import type { BridgeHandlers, OpenTarget, Outcome } from '../../../../shared/bridge';
import type { ServerAddress } from '../../../../shared/server-url';
import type { EngineView } from '../servers';
import { failed, ok } from './outcome';
import type { HostPort } from '../ports';
import { messages } from '../../../../shared/i18n/messages';

export function browserHandlers(engine: EngineView, host: Partial<HostPort>): Pick<BridgeHandlers, 'openInBrowser'> {
  return {
    openInBrowser: async (target) => {
      const url = browserUrl(engine.client?.server ?? null, target);
      if (!url.ok) return url;
      if (!host.openExternal) return failed('unsupported', messages().errors.noBrowser);
      await host.openExternal(url.value);
      return ok(null);
    },
  };
}

/** Only http(s) addresses on the followed server's origin are opened. */
function browserUrl(server: ServerAddress | null, target: OpenTarget): Outcome<string> {
  if (!server) return failed('unconfigured', messages().errors.noServerToOpen);
  if (target.kind === 'server') return ok(`${server.root}/`);
  let url: URL;
  try {
    url = new URL(target.url, `${server.root}/`);
  } catch {
    return failed('invalid-url', messages().errors.notWebAddress);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('invalid-url', messages().errors.onlyWeb);
  if (url.origin !== server.origin) return failed('invalid-url', messages().errors.onlyServerPages);
  if (url.username || url.password) return failed('invalid-url', messages().errors.noCredentials);
  return ok(url.href);
}
