/**
 * The bridge contract's part for the connection: how the popover is told where the link to a server
 * stands, what a command answers on failure, and what connecting and "Test connection" take and
 * answer. A leaf of the contract: it imports no other bridge file, and bridge.ts and
 * bridge-servers.ts import it (types flow one way, no cycle).
 */
import type { AuthStyle } from './shapes';

/** How the key is sent (one definition, in shapes.ts). */
export type { AuthStyle };

export type ConnectionState =
  | 'unconfigured'
  | 'connecting'
  | 'live'
  | 'polling'
  | 'offline'
  | 'unauthorized'
  | 'incompatible';

export interface ConnectionView {
  state: ConnectionState;
  /** one line for people: "Live", "Offline: nothing is listening at …", "Key rejected" */
  message: string;
  /** when the state was entered (ms since the epoch) */
  since: number;
  /** offline/incompatible: when the next attempt is due */
  nextRetryAt: number | null;
  /** consecutive failed attempts (0 when healthy) */
  attempt: number;
  /** paused because the computer sleeps */
  suspended: boolean;
  /** the server said it is busy (503 with Retry-After, or the event stream refused as full) */
  busy?: boolean;
  /** unauthorized: the key had worked in this run, until when (when known); absent for a key that never worked */
  keyWorked?: { until: number | null };
}

export type KeyStorage = 'encrypted' | 'not-protected';

export interface UserError {
  /** a machine-readable reason, e.g. "unauthorized", "unreachable", "invalid-request" */
  kind: string;
  message: string;
  /** one sentence on what to do, when there is one */
  fix?: string;
  /** the message without what a heading above it already says (a missing channel: the server's range alone) */
  detail?: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UserError };

export interface ConnectRequest {
  server: string;
  /** empty means "keep the saved key" (the key field is write-only) */
  apiKey: string;
  authStyle: AuthStyle;
}

/** What a connection test concluded; 'busy' means it was not run (too many tests asked for at once). */
export type ProbeVerdict = 'ok' | 'invalid-address' | 'unreachable' | 'not-airwave' | 'key-rejected' | 'busy';

/** What "Test connection" found, step by step, each failure with its one-sentence fix. */
export interface ProbeView {
  verdict: ProbeVerdict;
  summary: string;
  server: string | null;
  /** the auth style the test found working (null when no style was accepted) */
  authStyle: AuthStyle | null;
  /** an address where Airwave does answer (http:// for https://, a web-app page's origin), offered in one click */
  suggestion?: string;
  steps: { id: string; label: string; outcome: 'ok' | 'warn' | 'fail' | 'skipped'; detail: string; fix?: string }[];
}

/** What `connect` did: the probe's findings, and whether the server and key were saved. */
export interface ConnectResult {
  saved: boolean;
  probe: ProbeView;
}
