import type { Capabilities, Status } from '../../../shared/airwave';
import { DEFAULT_PORT, type ServerAddress } from '../../../shared/server-url';
import type { ApiError } from '../client';
import type { ProbeVerdict, StepOutcome } from './probe-types';

/**
 * The probe's words: what a server's `/status` says, what an older server lacks, and the one thing
 * to do about each kind of failure. Pure, so `doctor` and "Test connection" say the same.
 */

/** `"Living Room" · version 1.8.2 · up 3 h 12 min · 24 channels, 3 packages, 2 active sessions · time zone Europe/Berlin` */
export function describeStatus(status: Status): string {
  const counts = status.counts;
  const known = (n: number | null | undefined, one: string, many: string) => (n == null ? null : `${n} ${n === 1 ? one : many}`);
  const countText = counts
    ? [known(counts.channels, 'channel', 'channels'), known(counts.packages, 'package', 'packages'), known(counts.activeSessions, 'active session', 'active sessions')]
        .filter(Boolean)
        .join(', ')
    : '';
  return [
    // a name the server did not send readably is left out (issue 33: it costs only itself)
    status.name === null ? null : `"${status.name}"`,
    `version ${status.version}`,
    status.uptimeSeconds === null ? 'uptime unknown' : `up ${formatUptime(status.uptimeSeconds)}`,
    countText || 'counts unknown',
    status.timezone ? `time zone ${status.timezone}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * What this server does not offer that newer ones do, each in a few words (empty for a current
 * server). The app works without every one of them; doctor lists them so a user knows what differs.
 */
export function missingFeatures(status: Status | null, capabilities: Capabilities | null): string[] {
  const missing: string[] = [];
  if (capabilities && !capabilities.sse.supported) missing.push('no live event stream (the app polls /sessions/count)');
  if (status && status.uptimeSeconds === null) missing.push('no uptime in /status');
  if (status && (status.counts === null || status.counts.activeSessions === null)) {
    missing.push('no counts in /status (the session count comes from /sessions/count)');
  }
  return missing;
}

export function formatUptime(totalSeconds: number): string {
  const s = Math.floor(totalSeconds);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${s} s`;
}

/** Turns a failed request into the step outcome, the verdict and the one thing to do. */
export function explainUnreachable(
  error: ApiError,
  server: ServerAddress,
): { outcome: StepOutcome; verdict: ProbeVerdict; fix: string } {
  const fail = (verdict: ProbeVerdict, fix: string) => ({ outcome: 'fail' as const, verdict, fix });
  switch (error.kind) {
    case 'unreachable': {
      const cause = String((error.cause as { code?: string } | undefined)?.code ?? '');
      if (/ENOTFOUND|EAI_/.test(error.message + cause) || error.message.includes('could not be found')) {
        return fail('unreachable', "Check the host name's spelling, or use the server's IP address instead.");
      }
      if (error.message.includes('certificate')) {
        return fail('unreachable', 'Use http:// if the server has no valid certificate, or install its certificate on this computer.');
      }
      return fail(
        'unreachable',
        `Start the Airwave server, and check the address and port (Airwave listens on ${DEFAULT_PORT} by default).`,
      );
    }
    case 'timeout':
      return fail('unreachable', 'Check that the server is on and that no firewall blocks the port between here and there.');
    case 'server-error':
      if (error.status === 502 || error.status === 503 || error.status === 504) {
        return fail('unreachable', 'A proxy answered but could not reach Airwave behind it: start Airwave or fix the proxy target.');
      }
      return fail('not-airwave', 'Check that the address points at the Airwave server itself, not at another service.');
    case 'not-found':
      return fail(
        'not-airwave',
        `There is no Airwave API at ${server.apiBase}: use the address Airwave's web app opens on, with any proxy path prefix.`,
      );
    case 'bad-response':
      if (error.location) return fail('not-airwave', `The server sends visitors to ${error.location}; if that is Airwave, use that address.`);
      return fail('not-airwave', "Check that the address points at the Airwave server, not its media server, a router or another web page.");
    case 'invalid-request':
      return fail('not-airwave', 'Check that the address points at the Airwave server itself.');
    case 'unauthorized':
      return fail('key-rejected', "Create a key in Airwave under Settings → API Keys and paste it whole.");
    case 'busy':
      return fail('busy', 'Wait a moment and run the test again.');
    case 'cancelled':
      return fail('unreachable', 'Run the check again.');
  }
}
