/**
 * Connecting and testing: which key a connect or test may use (never a saved key for another
 * server), and probe before save.
 */
import type { BridgeHandlers, ConnectRequest, ConnectResult, UserError } from '../../../../shared/bridge';
import { parseServerUrl } from '../../../../shared/server-url';
import type { ProbeOptions, ProbeReport } from '../../connection-test/probe';
import type { SettingsService } from '../../settings/settings';
import type { DemoMode } from '../demo-mode';
import type { Notices } from '../notices';
import { probeFailure, probeView } from '../../connection-test/probe-view';
import { messages } from '../../../../shared/i18n/messages';

export interface ConnectDeps {
  settings: SettingsService;
  probe: (options: ProbeOptions) => Promise<ProbeReport>;
  demo: DemoMode;
  notices: Notices;
  /** brings what is followed in line with the settings */
  refollow: () => void;
}

export function connectHandlers(deps: ConnectDeps): Pick<BridgeHandlers, 'connect' | 'testConnection'> {
  return {
    connect: (request) => connect(deps, request),
    testConnection: async (request) => {
      const key = keyFor(deps.settings, request);
      if (typeof key !== 'string') return probeFailure(request.server, key);
      return probeView(await deps.probe({ server: request.server, apiKey: key, authStyle: request.authStyle }));
    },
  };
}

/** Probes first; saves and follows the server only when the probe says it works. */
async function connect(deps: ConnectDeps, request: ConnectRequest): Promise<ConnectResult> {
  const { settings } = deps;
  const key = keyFor(settings, request);
  if (typeof key !== 'string') return { saved: false, probe: probeFailure(request.server, key) };
  const report = await deps.probe({ server: request.server, apiKey: key, authStyle: request.authStyle });
  const probe = probeView(report);
  if (report.verdict !== 'ok' || !report.server) return { saved: false, probe };
  const authStyle = report.authStyle ?? request.authStyle;
  await deps.demo.stop();
  settings.saveServer(report.server.root, request.apiKey, authStyle, { instanceId: report.status?.instanceId ?? null, name: report.status?.name ?? null });
  deps.notices.drop('key-unreadable');
  deps.refollow();
  return { saved: true, probe };
}

/**
 * The key a connect or test uses: the one typed, or (left empty) the saved one, but only for
 * the server it was saved for: a saved key is never sent to a different server.
 */
function keyFor(settings: SettingsService, request: ConnectRequest): string | UserError {
  if (request.apiKey.trim()) return request.apiKey.trim();
  const saved = settings.selected()?.address ?? null;
  const typed = parseServerUrl(request.server);
  const savedAddress = saved ? parseServerUrl(saved) : null;
  const sameServer = typed.ok && savedAddress?.ok && typed.address.root === savedAddress.address.root;
  const key = sameServer ? settings.apiKey() : null;
  if (key) return key;
  return {
    kind: 'key-missing',
    message: sameServer ? messages().errors.savedKeyUnreadable : messages().errors.pasteKey,
    fix: messages().errors.pasteKeyFix,
  };
}
