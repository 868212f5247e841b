/**
 * The connection probe's shapes: its steps, its report, its options, each step's label and each
 * verdict's summary (read from the catalogue in the language in use: the doctor speaks English),
 * and the report of a test that was not run. Types flow one way:
 * probe.ts, probe-steps.ts and probe-words.ts read them here; this module imports none of them.
 */
import type { Capabilities, ServerIdentity, Status } from '../../../shared/airwave';
import type { ProbeVerdict } from '../../../shared/bridge';
import { parseServerUrl, type ServerAddress } from '../../../shared/server-url';
import type { AuthStyle, Timeouts } from '../client';
import type { LookupForm } from './lookup';
import { messages } from '../../../shared/i18n/messages';

export type ProbeStepId = 'address' | 'reachable' | 'key' | 'status' | 'capabilities' | 'sessions' | 'channels' | 'artwork';
export type StepOutcome = 'ok' | 'warn' | 'fail' | 'skipped';

export interface ProbeStep {
  id: ProbeStepId;
  label: string;
  outcome: StepOutcome;
  /** what was found, in words */
  detail: string;
  /** for warn/fail: one sentence on what to do */
  fix?: string;
  /** round-trip time of the step's request(s) */
  ms?: number;
}

/** The overall answer, which `doctor` maps to its exit code. */
export type { ProbeVerdict };

export interface ProbeReport {
  verdict: ProbeVerdict;
  summary: string;
  server: ServerAddress | null;
  steps: ProbeStep[];
  /** the auth style the key worked with (the requested one when both work) */
  authStyle: AuthStyle | null;
  status: Status | null;
  /** what the server said of itself without a key (`/api/identity`), when it has that route */
  identity: ServerIdentity | null;
  capabilities: Capabilities | null;
  sessionCount: number | null;
  /** channels the key sees in `/guide/now` */
  channelCount: number | null;
  /** how this server answers a lookup by number, when one was tried */
  lookupForm: LookupForm | null;
  /** what this server lacks that newer ones offer, in words (the app works without each) */
  missing: string[];
  /** another address that does answer as Airwave (plain http:// for https://, the origin of a web-app path), offered in one click */
  suggestion?: string | null;
}

export interface ProbeOptions {
  server: string;
  apiKey: string;
  authStyle?: AuthStyle;
  timeouts?: Partial<Timeouts>;
  signal?: AbortSignal;
  /** how long to wait for the event stream's hello frame (probe-events.ts; tests shorten it) */
  helloWithinMs?: number;
}

/** The steps, in the order the probe takes them. */
export const STEP_IDS: readonly ProbeStepId[] = ['address', 'reachable', 'key', 'status', 'capabilities', 'sessions', 'channels', 'artwork'];

/** A step's label, in the language in use. */
export const stepLabel = (id: ProbeStepId): string => messages().probe.labels[id];

export const AUTH_NAMES: Record<AuthStyle, string> = { 'x-api-key': 'X-API-Key', bearer: 'Authorization: Bearer' };

const SUMMARY_KEYS = { ok: 'ok', 'invalid-address': 'invalidAddress', unreachable: 'unreachable', 'not-airwave': 'notAirwave', 'key-rejected': 'keyRejected', busy: 'busy' } as const satisfies Record<ProbeVerdict, string>;

/** A verdict's summary, in the language in use. */
export const summaryOf = (verdict: ProbeVerdict): string => messages().probe.summaries[SUMMARY_KEYS[verdict]];

/** The answer to a test that was not run (see probe-gate.ts): nothing was asked of any server. */
export function busyReport(server: string): ProbeReport {
  const parsed = parseServerUrl(server);
  return { ...emptyReport(), verdict: 'busy', summary: summaryOf('busy'), server: parsed.ok ? parsed.address : null };
}

/** Records one step of the report (the probe's `step`). */
export type StepFn = (id: ProbeStepId, outcome: StepOutcome, detail: string, extra?: { fix?: string; ms?: number }) => void;

/** A report with nothing found yet. */
export function emptyReport(): ProbeReport {
  return {
    verdict: 'ok',
    summary: '',
    server: null,
    steps: [],
    authStyle: null,
    status: null,
    identity: null,
    capabilities: null,
    sessionCount: null,
    channelCount: null,
    lookupForm: null,
    missing: [],
    suggestion: null,
  };
}
