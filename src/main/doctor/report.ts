import type { ProbeReport, ProbeStep, ProbeVerdict } from '../core/connection-test/probe';
import { maxOf } from '../../shared/extent';

/**
 * What `npm run doctor` prints and exits with: one server's report, or several servers' reports
 * with a line each and the addresses that reach the same server.
 */

/** Exit codes of `npm run doctor`, one per verdict (1 is also used for usage errors). */
export const EXIT_CODES: Record<ProbeVerdict, number> = {
  ok: 0,
  'invalid-address': 1,
  'key-rejected': 2,
  unreachable: 3,
  'not-airwave': 4,
  busy: 5,
};

const MARKS: Record<ProbeStep['outcome'], string> = { ok: '✓', warn: '!', fail: '✗', skipped: '-' };

/** The probe report as the lines a person reads in a terminal. */
export function formatReport(report: ProbeReport, target: string): string {
  const width = maxOf(report.steps.map((s) => s.label.length), 0);
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

/** One server of a run: the address as the user gave it, and what the probe found there. */
export interface CheckedServer {
  given: string;
  report: ProbeReport;
}

/** Two or more of the addresses checked that reach one server (the same instanceId, from `/status` or the keyless `/api/identity`). */
export interface SameServer {
  instanceId: string;
  addresses: string[];
}

/** The address as the reports name it: the normalised root, or what was typed when it is not one. */
export const addressOf = ({ given, report }: CheckedServer): string => report.server?.root ?? given;

export function sameServers(checked: CheckedServer[]): SameServer[] {
  const byInstance = new Map<string, string[]>();
  for (const entry of checked) {
    const id = entry.report.status?.instanceId ?? entry.report.identity?.instanceId;
    if (!id) continue;
    const addresses = byInstance.get(id) ?? [];
    if (!addresses.includes(addressOf(entry))) addresses.push(addressOf(entry));
    byInstance.set(id, addresses);
  }
  return [...byInstance].filter(([, addresses]) => addresses.length > 1).map(([instanceId, addresses]) => ({ instanceId, addresses }));
}

const inWords = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** Several servers: each report under its heading, then one line per server and who is who. */
export function formatRun(checked: CheckedServer[]): string {
  const parts = checked.map((entry, i) => {
    const heading = `== Server ${i + 1} of ${checked.length}: ${addressOf(entry)} ==`;
    return `${heading}\n${formatReport(entry.report, entry.report.server?.display ?? entry.given)}`;
  });
  const width = maxOf(checked.map((entry) => addressOf(entry).length), 0);
  const lines = ['Summary'];
  for (const entry of checked) {
    const code = EXIT_CODES[entry.report.verdict];
    const named = entry.report.status?.name ?? entry.report.identity?.name;
    const name = named ? `"${named}" · ` : '';
    lines.push(`  ${code === 0 ? MARKS.ok : MARKS.fail} ${addressOf(entry).padEnd(width)}  exit ${code} · ${name}${entry.report.summary}`);
  }
  for (const same of sameServers(checked)) {
    lines.push(`${inWords(same.addresses)} are the same server (instance ${same.instanceId}).`);
  }
  return `${parts.join('\n\n')}\n\n${lines.join('\n')}`;
}

/** The worst exit code of a run (the highest). */
export const worstExitCode = (checked: CheckedServer[]): number => maxOf(checked.map((entry) => EXIT_CODES[entry.report.verdict]), 0);
