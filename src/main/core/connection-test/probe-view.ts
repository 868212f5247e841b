/**
 * The probe as the popover shows it: each step of "Test connection" with its outcome and fix, and
 * the same shape for a test that stopped before the network because no key could be used.
 */
import type { ProbeView, UserError } from '../../../shared/bridge';
import { parseServerUrl } from '../../../shared/server-url';
import { stepLabel, type ProbeReport } from './probe-types';

export function probeView(report: ProbeReport): ProbeView {
  return {
    verdict: report.verdict,
    summary: report.summary,
    server: report.server?.display ?? null,
    authStyle: report.authStyle,
    ...(report.suggestion ? { suggestion: report.suggestion } : {}),
    steps: report.steps.map((step) => ({
      id: step.id,
      label: step.label,
      outcome: step.outcome,
      detail: step.detail,
      ...(step.fix ? { fix: step.fix } : {}),
    })),
  };
}

/** A probe that stopped before the network: the key is missing. */
export function probeFailure(server: string, error: UserError): ProbeView {
  const address = parseServerUrl(server);
  return {
    verdict: 'key-rejected',
    summary: error.message,
    server: address.ok ? address.address.display : null,
    authStyle: null,
    steps: [{ id: 'key', label: stepLabel('key'), outcome: 'fail', detail: error.message, ...(error.fix ? { fix: error.fix } : {}) }],
  };
}
