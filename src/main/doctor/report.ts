import type { ProbeReport, ProbeStep, ProbeVerdict } from '../core/probe';

/** Exit codes of `npm run doctor`, one per verdict (1 is also used for usage errors). */
export const EXIT_CODES: Record<ProbeVerdict, number> = {
  ok: 0,
  'invalid-address': 1,
  'key-rejected': 2,
  unreachable: 3,
  'not-airwave': 4,
};

const MARKS: Record<ProbeStep['outcome'], string> = { ok: '✓', warn: '!', fail: '✗', skipped: '-' };

/** The probe report as the lines a person reads in a terminal. */
export function formatReport(report: ProbeReport, target: string): string {
  const width = Math.max(...report.steps.map((s) => s.label.length));
  const lines = [`Airwave doctor: checking ${target}`, ''];
  for (const step of report.steps) {
    const ms = step.ms !== undefined && step.outcome !== 'skipped' ? ` (${step.ms} ms)` : '';
    lines.push(`  ${MARKS[step.outcome]} ${step.label.padEnd(width)}  ${step.detail}${ms}`);
    if (step.fix && (step.outcome === 'fail' || step.outcome === 'warn')) {
      lines.push(`    ${' '.repeat(width)}  → ${step.fix}`);
    }
  }
  if (report.missing.length > 0) {
    lines.push('', 'This server is older or differs from the newest Airwave; the app works without:');
    for (const item of report.missing) lines.push(`  - ${item}`);
  }
  lines.push('');
  const warnings = report.steps.filter((s) => s.outcome === 'warn').length;
  const tail = report.verdict === 'ok' && warnings > 0 ? ` (${warnings} ${warnings === 1 ? 'warning' : 'warnings'} above)` : '';
  lines.push(`${report.summary}${tail}`);
  return lines.join('\n');
}
