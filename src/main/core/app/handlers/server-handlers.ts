/**
 * The server list's commands: add a server (probed first; one already listed under another address
 * is offered as a second address of that entry, never added twice), keep another address, rename,
 * pause, follow another address, remove, select, and the first run's look for a local server.
 *
 * The page is not trusted with authority over the saved keys: an address becomes another address
 * of an entry only when the core itself probed it in `addServer` with the key the user typed, found
 * the entry's instanceId, and that key is the entry's own saved key. So a saved key only ever goes
 * to an address it was already given to; `addAddress` with any other address is refused.
 * `identifyServer` asks an address who it is without a key (set-up names the server before a key
 * is given) and may say it is a listed server again (the same instanceId): an offer only, which
 * stores nothing and sends no key.
 */
import type { AddServerResult, BridgeHandlers, IdentifiedServer, LocalServerOffer, ProbeView } from '../../../../shared/bridge';
import { identityWords } from '../../../../shared/airwave';
import type { Identified } from '../../connection-test/identify';
import { MAX_SERVERS } from '../../../../shared/bridge-servers';
import { parseServerUrl } from '../../../../shared/server-url';
import type { ProbeOptions, ProbeReport } from '../../connection-test/probe';
import { sameAddress } from '../../settings/server-entries';
import type { SettingsService } from '../../settings/settings';
import type { DemoMode } from '../demo-mode';
import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../common/clock';
import { failed, ok } from './outcome';
import { probeFailure, probeView } from '../../connection-test/probe-view';
import type { FollowedServers } from '../servers';
import { messages, t } from '../../../../shared/i18n/messages';
import { addressWords } from '../../client/address-words';

export interface ServerHandlerDeps {
  settings: SettingsService;
  probe: (options: ProbeOptions) => Promise<ProbeReport>;
  demo: DemoMode;
  servers: FollowedServers;
  findLocalServer: () => Promise<LocalServerOffer | null>;
  /** asks an address who it is, without a key (gated like the probe) */
  identify: (server: string) => Promise<Identified | null>;
  clock: Clock;
}

/** How long a probed address may wait for the user's "add as another address", and how many. */
export const VERIFIED_ADDRESS_MS = 10 * 60_000;
const VERIFIED_ADDRESSES_MAX = 8;

/** Addresses the core probed with an entry's own key and found to be that entry's server. */
class VerifiedAddresses {
  readonly #until = new Map<string, number>();
  constructor(private readonly clock: Clock) {}

  add(id: string, address: string): void {
    this.#until.delete(`${id}\n${address}`);
    this.#until.set(`${id}\n${address}`, this.clock.monotonic() + VERIFIED_ADDRESS_MS);
    for (const oldest of this.#until.keys()) {
      if (this.#until.size <= VERIFIED_ADDRESSES_MAX) break;
      this.#until.delete(oldest);
    }
  }

  /** Whether `address` was verified for `id` and has not expired; a verification is used once. */
  take(id: string, address: string): boolean {
    const key = `${id}\n${address}`;
    const until = this.#until.get(key);
    this.#until.delete(key);
    return until !== undefined && this.clock.monotonic() <= until;
  }
}

/** Whether two keys are the same, in a time that does not depend on where they differ. */
function sameKey(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type ServerCommands = 'addServer' | 'addAddress' | 'updateServer' | 'removeServer' | 'selectServer' | 'findLocalServer' | 'identifyServer';

export function serverHandlers(deps: ServerHandlerDeps): Pick<BridgeHandlers, ServerCommands> {
  const { settings } = deps;
  const verified = new VerifiedAddresses(deps.clock);
  const missing = (id: string) => failed('no-such-server', t(messages().errors.noSuchServer, { id }));
  return {
    addServer: (request) => addServer(deps, verified, request),
    addAddress: async ({ id, address }) => {
      const parsed = parseServerUrl(address);
      if (!parsed.ok) return failed('invalid-address', addressWords(parsed.problem));
      const entry = settings.entry(id);
      if (!entry) return missing(id);
      if (!verified.take(id, parsed.address.root)) {
        return failed('not-verified', t(messages().errors.notVerified, { address: parsed.address.display, name: entry.name }), t(messages().errors.notVerifiedFix, { name: entry.name }));
      }
      return settings.updateServer(id, { addAddress: parsed.address.root }) ? ok(settings.view()) : missing(id);
    },
    updateServer: async ({ id, name, paused, address }) => {
      const entry = settings.entry(id);
      if (!entry) return missing(id);
      const known = address === undefined ? undefined : entry.addresses.find((a) => sameAddress(a, address));
      if (address !== undefined && !known) return failed('unknown-address', t(messages().errors.unknownAddress, { address, name: entry.name }), messages().errors.unknownAddressFix);
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
    identifyServer: async ({ server }) => {
      const parsed = parseServerUrl(server);
      if (!parsed.ok) return failed('invalid-address', addressWords(parsed.problem));
      const found = await deps.identify(server);
      return ok(found ? identified(deps, found) : null);
    },
  };
}

/** What set-up says of an address that named itself; a listed server with its instanceId is offered, never changed. */
function identified({ settings }: ServerHandlerDeps, { address, identity }: Identified): IdentifiedServer {
  const words = identityWords(identity);
  const byInstance = identity.instanceId ? settings.servers.find((s) => s.instanceId === identity.instanceId) : undefined;
  const listed = byInstance ?? settings.servers.find((s) => s.addresses.some((a) => sameAddress(a, address.root)));
  const known = listed ? { id: listed.id, name: listed.name } : null;
  const sentence = !known
    ? t(messages().probe.summaries.foundNeedsKey, { server: words })
    : listed!.addresses.some((a) => sameAddress(a, address.root))
      ? t(messages().errors.alreadyListedAs, { name: known.name, server: words })
      : t(messages().errors.sameServerAgain, { name: known.name, server: words });
  return { server: address.display, name: identity.name, version: identity.version, sentence, listed: known };
}

async function addServer(deps: ServerHandlerDeps, verified: VerifiedAddresses, request: Parameters<BridgeHandlers['addServer']>[0]): Promise<AddServerResult> {
  const { settings } = deps;
  const typed = parseServerUrl(request.server);
  const listed = typed.ok ? settings.servers.find((s) => s.addresses.some((a) => sameAddress(a, request.server))) : undefined;
  const key = request.apiKey.trim();
  if (!key) {
    if (listed) return { kind: 'already-listed', id: listed.id, name: listed.name, probe: failedView(request.server, messages().errors.alreadyListed) };
    return { kind: 'failed', probe: probeFailure(request.server, { kind: 'key-missing', message: messages().errors.pasteKey, fix: messages().errors.pasteKeyFix }) };
  }
  if (settings.servers.length >= MAX_SERVERS && !listed) {
    return { kind: 'full', probe: failedView(request.server, t(messages().errors.tooManyServers, { max: MAX_SERVERS })) };
  }
  const report = await deps.probe({ server: request.server, apiKey: key, authStyle: request.authStyle });
  const probe = probeView(report);
  if (report.verdict !== 'ok' || !report.server) return { kind: 'failed', probe };
  const address = report.server.root;
  const instanceId = report.status?.instanceId ?? null;
  const already = settings.servers.find((s) => s.addresses.some((a) => sameAddress(a, address)));
  if (already) return { kind: 'already-listed', id: already.id, name: already.name, probe };
  const same = instanceId === null ? undefined : settings.servers.find((s) => s.instanceId === instanceId);
  if (same) {
    const saved = settings.keyOf(same.id);
    const keyMatches = saved !== null && sameKey(saved, key);
    if (keyMatches) verified.add(same.id, address);
    return { kind: 'same-server', id: same.id, name: same.name, address, keyMatches, probe };
  }
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
