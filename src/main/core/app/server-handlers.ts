/**
 * The server list's commands: add a server (probed first; one already listed under another address
 * is offered as a second address of that entry, never added twice), keep another address, rename,
 * pause, follow another address, remove, select, and the first run's look for a local server.
 */
import type { AddServerResult, BridgeHandlers, LocalServerOffer, ProbeView } from '../../../shared/bridge';
import { MAX_SERVERS } from '../../../shared/bridge-servers';
import { parseServerUrl } from '../../../shared/server-url';
import type { ProbeOptions, ProbeReport } from '../probe';
import { sameAddress } from '../server-entries';
import type { SettingsService } from '../settings';
import type { DemoMode } from './demo-mode';
import { failed, ok } from './outcome';
import { probeFailure, probeView } from './probe-view';
import type { FollowedServers } from './servers';

export interface ServerHandlerDeps {
  settings: SettingsService;
  probe: (options: ProbeOptions) => Promise<ProbeReport>;
  demo: DemoMode;
  servers: FollowedServers;
  findLocalServer: () => Promise<LocalServerOffer | null>;
}

type ServerCommands = 'addServer' | 'addAddress' | 'updateServer' | 'removeServer' | 'selectServer' | 'findLocalServer';

export function serverHandlers(deps: ServerHandlerDeps): Pick<BridgeHandlers, ServerCommands> {
  const { settings } = deps;
  const missing = (id: string) => failed('no-such-server', `There is no server ${id} in the list any more.`);
  return {
    addServer: (request) => addServer(deps, request),
    addAddress: async ({ id, address }) => {
      const parsed = parseServerUrl(address);
      if (!parsed.ok) return failed('invalid-address', parsed.reason);
      return settings.updateServer(id, { addAddress: parsed.address.root }) ? ok(settings.view()) : missing(id);
    },
    updateServer: async ({ id, name, paused, address }) => {
      const entry = settings.entry(id);
      if (!entry) return missing(id);
      const known = address === undefined ? undefined : entry.addresses.find((a) => sameAddress(a, address));
      if (address !== undefined && !known) return failed('unknown-address', `${address} is not one of ${entry.name}'s addresses.`, 'Add it as a server first: the app checks it is the same server.');
      settings.updateServer(id, { ...(name !== undefined ? { name } : {}), ...(paused !== undefined ? { paused } : {}), ...(known ? { address: known } : {}) });
      return ok(settings.view());
    },
    removeServer: async ({ id }) => (settings.removeServer(id) ? ok(settings.view()) : missing(id)),
    selectServer: async ({ id }) => (deps.servers.select(id) ? ok(null) : missing(id)),
    findLocalServer: async () => {
      // first run only: with a server listed there is nothing to offer
      if (settings.servers.length > 0) return ok(null);
      return ok(await deps.findLocalServer());
    },
  };
}

async function addServer(deps: ServerHandlerDeps, request: Parameters<BridgeHandlers['addServer']>[0]): Promise<AddServerResult> {
  const { settings } = deps;
  const typed = parseServerUrl(request.server);
  const listed = typed.ok ? settings.servers.find((s) => s.addresses.some((a) => sameAddress(a, request.server))) : undefined;
  const key = request.apiKey.trim();
  if (!key) {
    if (listed) return { kind: 'already-listed', id: listed.id, name: listed.name, probe: failedView(request.server, 'This address is already in the list.') };
    return { kind: 'failed', probe: probeFailure(request.server, { kind: 'key-missing', message: 'Paste the API key for this server.', fix: 'Copy it from the Airwave web interface, under API keys, into the key field.' }) };
  }
  if (settings.servers.length >= MAX_SERVERS && !listed) {
    return { kind: 'full', probe: failedView(request.server, `The app follows at most ${MAX_SERVERS} servers. Remove one to add another.`) };
  }
  const report = await deps.probe({ server: request.server, apiKey: key, authStyle: request.authStyle });
  const probe = probeView(report);
  if (report.verdict !== 'ok' || !report.server) return { kind: 'failed', probe };
  const address = report.server.root;
  const instanceId = report.status?.instanceId ?? null;
  const already = settings.servers.find((s) => s.addresses.some((a) => sameAddress(a, address)));
  if (already) return { kind: 'already-listed', id: already.id, name: already.name, probe };
  const same = instanceId === null ? undefined : settings.servers.find((s) => s.instanceId === instanceId);
  if (same) return { kind: 'same-server', id: same.id, name: same.name, address, probe };
  if (settings.values.demo) await deps.demo.stop();
  const name = request.name?.trim() || report.status?.name || null;
  const id = settings.addServer({ address, apiKey: key, authStyle: report.authStyle ?? request.authStyle, name, instanceId });
  return { kind: 'added', id, probe };
}

/** Nothing was asked of the server (the answer's kind says why): a view with no steps. */
function failedView(server: string, summary: string): ProbeView {
  const address = parseServerUrl(server);
  return { verdict: 'invalid-address', summary, server: address.ok ? address.address.display : null, authStyle: null, steps: [] };
}
