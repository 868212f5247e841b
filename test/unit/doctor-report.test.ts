import { describe, expect, it } from 'vitest';
import { formatUptime, type ProbeReport } from '../../src/main/core/connection-test/probe';
import { emptyReport } from '../../src/main/core/connection-test/probe-types';
import { EXIT_CODES, formatReport } from '../../src/main/doctor/report';

describe('doctor report', () => {
  const report: ProbeReport = {
    ...emptyReport(),
    verdict: 'key-rejected',
    summary: 'The server is there, but the API key was not accepted.',
    steps: [
      { id: 'address', label: 'Address', outcome: 'ok', detail: 'API at http://h:36020/api/public/v1' },
      { id: 'reachable', label: 'Reachable', outcome: 'ok', detail: 'answered', ms: 4 },
      { id: 'key', label: 'API key', outcome: 'fail', detail: 'rejected', fix: 'Create a new key.', ms: 9 },
      { id: 'status', label: 'Status', outcome: 'skipped', detail: 'not checked', fix: 'never shown' },
    ],
  };

  it('prints one aligned line per step, the fix under each failure, and the summary last', () => {
    const lines = formatReport(report, 'h:36020').split('\n');
    expect(lines[0]).toBe('Airwave doctor: checking h:36020');
    expect(lines).toContain('  ✓ Reachable  answered (4 ms)');
    expect(lines).toContain('  ✗ API key    rejected (9 ms)');
    expect(lines).toContain('               → Create a new key.');
    expect(lines).toContain('  - Status     not checked');
    expect(lines.join('\n')).not.toContain('never shown');
    expect(lines.at(-1)).toBe(report.summary);
  });

  it('lists what an older server lacks before the summary, and nothing for a current one', () => {
    expect(formatReport(report, 'h:36020')).not.toContain('works without');
    const older = formatReport({ ...report, verdict: 'ok', summary: 'This server and key will work.', missing: ['no uptime in /status', 'no live event stream'] }, 'h');
    const lines = older.split('\n');
    const at = lines.indexOf('This server is older or differs from the newest Airwave; the app works without:');
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 3)).toEqual(['  - no uptime in /status', '  - no live event stream']);
    expect(lines.at(-1)).toBe('This server and key will work.');
  });

  it('maps verdicts to the documented exit codes', () => {
    expect(EXIT_CODES).toEqual({ ok: 0, 'invalid-address': 1, 'key-rejected': 2, unreachable: 3, 'not-airwave': 4, busy: 5 });
  });

  it('formats uptime at each scale', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min');
    expect(formatUptime(3 * 3600 + 12 * 60)).toBe('3 h 12 min');
    expect(formatUptime(2 * 86400 + 5 * 3600 + 59)).toBe('2 d 5 h');
  });
});
