/**
 * The bridge contract's part for following several servers: each server as Settings lists it,
 * each as the popover's switcher and the tray summarise it, and what the server commands take and
 * answer (see bridge.ts). A server is one entry however many addresses reach it: entries are told
 * apart by `/status`'s instanceId.
 */
import type { AuthStyle, ConnectionView, ConnectRequest, KeyStorage, ProbeView } from './bridge-connection';

/** At most this many servers are followed (each has its own connection and request budget). */
export const MAX_SERVERS = 8;

/** One server as Settings lists it: never the key, only whether there is one and how it is kept. */
export interface ServerEntryView {
  /** a local id, stable for the life of the entry ("srv-…"); `demo` for the built-in demo */
  id: string;
  /** what the user calls it ("Home"); defaults to the server's own name */
  name: string;
  /** the address followed */
  address: string;
  /** every address known to reach this server, the followed one first */
  addresses: string[];
  /** `/status`'s instanceId, when the server sends one */
  instanceId: string | null;
  hasKey: boolean;
  keyStorage: KeyStorage | null;
  authStyle: AuthStyle;
  /** not followed until resumed (no requests at all) */
  paused: boolean;
}

/** One followed server as the switcher and the tray summarise it. */
export interface ServerSummary {
  id: string;
  name: string;
  paused: boolean;
  /** the server On now, the guide, lookup and search are showing */
  selected: boolean;
  connection: ConnectionView;
  /** people watching something there (0 while paused or unknown) */
  watching: number;
  /** when its viewer data was last current, if it is not now (see staleSince) */
  staleSince: number | null;
  /** away, refusing the key or not followable (never while paused; an older Airwave lacking a view is not) */
  trouble: boolean;
}

export interface AddServerRequest extends ConnectRequest {
  /** what to call it; empty or missing: the server's own name */
  name?: string;
}

/**
 * What adding a server did. An address that reaches a server already listed (same instanceId) is
 * not added twice: the answer offers it as another address of that entry (see `addAddress`), but
 * only when the key typed for it is that entry's own key (`keyMatches`): the app never sends a
 * saved key to an address the key was not already given to.
 */
export type AddServerResult =
  | { kind: 'added'; id: string; probe: ProbeView }
  | { kind: 'same-server'; id: string; name: string; address: string; keyMatches: boolean; probe: ProbeView }
  | { kind: 'already-listed'; id: string; name: string; probe: ProbeView }
  | { kind: 'full'; probe: ProbeView }
  | { kind: 'failed'; probe: ProbeView };

/** A change to one server entry; fields left out stay as they are. */
export interface ServerPatch {
  id: string;
  name?: string;
  paused?: boolean;
  /** follow this one of its known addresses instead */
  address?: string;
}

/** A server found on this computer at first run (Airwave's desktop app serves on localhost:36020). */
export interface LocalServerOffer {
  url: string;
  /** its name, when it told us without a key */
  name: string | null;
  /** its Airwave version, when it told us without a key (`/api/identity`) */
  version?: string;
}

/**
 * What an address said of itself without a key (`/api/identity`), as set-up shows it before the
 * key is checked. `listed`: a server in the list with the same instanceId, so this address is that
 * server again; only offered (adding it still probes it with that server's own key).
 */
export interface IdentifiedServer {
  /** the address as shown */
  server: string;
  name: string | null;
  version: string | null;
  /** "Found Airwave Home 0.15.12 — now paste an API key." */
  sentence: string;
  listed: { id: string; name: string } | null;
}
