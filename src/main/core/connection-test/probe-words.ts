import type { Capabilities, Status } from '../../../shared/airwave';
import { DEFAULT_PORT, type ServerAddress } from '../../../shared/server-url';
import type { ApiError } from '../client';
import { causeCode } from '../client/errors';
import type { ProbeVerdict, StepOutcome } from './probe-types';
import { messages, t } from '../../../shared/i18n/messages';

/**
 * The probe's words: what a server's `/status` says, what an older server lacks, and the one thing
 * to do about each kind of failure. Pure, so `doctor` and "Test connection" say the same, each in
 * the language in use (the doctor's is English). What a server lacks (`missing`) is listed by the
 * doctor only, in English.
 */

const w = () => messages().probe;

/** `“Living Room” · version 1.8.2 · up 3 h 12 min · 24 channels, 3 packages, 2 active sessions · time zone Europe/Berlin` */
export function describeStatus(status: Status): string {
  const words = w().status;
  const counts = status.counts;
  const known = (n: number | null | undefined, message: string) => (n == null ? null : t(message, { n }));
  const countText = counts
    ? [known(counts.channels, words.channels), known(counts.packages, words.packages), known(counts.activeSessions, words.sessions)].filter(Boolean).join(', ')
    : '';
  return [
    // a name the server did not send readably is left out (issue 33: it costs only itself)
    status.name === null ? null : t(words.name, { name: status.name }),
    t(words.version, { version: status.version }),
    status.uptimeSeconds === null ? words.uptimeUnknown : t(words.up, { uptime: formatUptime(status.uptimeSeconds) }),
    countText || words.countsUnknown,
    status.timezone ? t(words.timeZone, { zone: status.timezone }) : null,
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
  const time = messages().time;
  if (days > 0) return t(w().status.uptimeDays, { d: days, h: hours });
  if (hours > 0) return t(time.hoursMinutes, { h: hours, m: minutes });
  if (minutes > 0) return t(time.minutes, { n: minutes });
  return t(time.seconds, { n: s });
}

/** Turns a failed request into the step outcome, the verdict and the one thing to do. */
export function explainUnreachable(
  error: ApiError,
  server: ServerAddress,
): { outcome: StepOutcome; verdict: ProbeVerdict; fix: string } {
  const fail = (verdict: ProbeVerdict, fix: string) => ({ outcome: 'fail' as const, verdict, fix });
  const f = w().fixes;
  switch (error.kind) {
    case 'unreachable': {
      // the system's code says which, never the message's words (they are in the language in use)
      const code = causeCode(error);
      if (/ENOTFOUND|EAI_/.test(code)) {
        return fail('unreachable', f.hostName);
      }
      if (/CERT|SELF_SIGNED/.test(code)) {
        return fail('unreachable', f.certificate);
      }
      return fail('unreachable', t(f.startServer, { port: DEFAULT_PORT }));
    }
    case 'timeout':
      return fail('unreachable', f.firewall);
    case 'server-error':
      if (error.status === 502 || error.status === 503 || error.status === 504) {
        return fail('unreachable', f.proxyBehind);
      }
      return fail('not-airwave', f.notOtherService);
    case 'not-found':
      return fail('not-airwave', t(f.noApiAt, { base: server.apiBase }));
    case 'bad-response':
      if (error.location) return fail('not-airwave', t(f.redirected, { location: error.location }));
      return fail('not-airwave', f.notMediaServer);
    case 'invalid-request':
      return fail('not-airwave', f.notItself);
    case 'unauthorized':
      return fail('key-rejected', f.createKey);
    case 'busy':
      return fail('busy', f.waitRetry);
    case 'cancelled':
      return fail('unreachable', f.runAgain);
  }
}
