import type { Capabilities, Status } from '../../shared/airwave';
import { DEFAULT_PORT, parseServerUrl, type ServerAddress } from '../../shared/server-url';
import { AirwaveClient, isApiError, type ApiError, type AuthStyle, type Timeouts } from './client';

/**
 * The connection probe: what `npm run doctor` prints and what the app's "Test connection" button
 * shows. It walks the same road the app will (address, reachability, key, status, capabilities,
 * sessions, artwork), records what it found at each step, and for each failure says in one
 * sentence what to do. It never throws for a server's misbehaviour, and the key never appears in
 * the report.
 */

export type ProbeStepId = 'address' | 'reachable' | 'key' | 'status' | 'capabilities' | 'sessions' | 'artwork';
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
export type ProbeVerdict = 'ok' | 'invalid-address' | 'unreachable' | 'not-airwave' | 'key-rejected';

export interface ProbeReport {
  verdict: ProbeVerdict;
  summary: string;
  server: ServerAddress | null;
  steps: ProbeStep[];
  /** the auth style the key worked with (the requested one when both work) */
  authStyle: AuthStyle | null;
  status: Status | null;
  capabilities: Capabilities | null;
  sessionCount: number | null;
}

export interface ProbeOptions {
  server: string;
  apiKey: string;
  authStyle?: AuthStyle;
  timeouts?: Partial<Timeouts>;
  signal?: AbortSignal;
}

const LABELS: Record<ProbeStepId, string> = {
  address: 'Address',
  reachable: 'Reachable',
  key: 'API key',
  status: 'Status',
  capabilities: 'Capabilities',
  sessions: 'Sessions',
  artwork: 'Artwork',
};

const AUTH_NAMES: Record<AuthStyle, string> = { 'x-api-key': 'X-API-Key', bearer: 'Authorization: Bearer' };

const SUMMARIES: Record<ProbeVerdict, string> = {
  ok: 'This server and key will work.',
  'invalid-address': 'That address cannot be an Airwave server.',
  unreachable: 'The server could not be reached.',
  'not-airwave': 'Something answered, but not like an Airwave server.',
  'key-rejected': 'The server is there, but the API key was not accepted.',
};

const elapsed = (since: number) => Math.round(performance.now() - since);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number } & ({ value: T; error?: undefined } | { error: ApiError })> {
  const started = performance.now();
  try {
    return { value: await work(), ms: elapsed(started) };
  } catch (error) {
    if (isApiError(error)) return { error, ms: elapsed(started) };
    throw error; // a bug of ours, not the server's: let it surface
  }
}

export async function probeServer(options: ProbeOptions): Promise<ProbeReport> {
  const steps: ProbeStep[] = [];
  const report: ProbeReport = {
    verdict: 'ok',
    summary: '',
    server: null,
    steps,
    authStyle: null,
    status: null,
    capabilities: null,
    sessionCount: null,
  };
  const step = (id: ProbeStepId, outcome: StepOutcome, detail: string, extra: { fix?: string; ms?: number } = {}) => {
    steps.push({ id, label: LABELS[id], outcome, detail, ...extra });
  };
  const finish = (verdict: ProbeVerdict) => {
    report.verdict = verdict;
    report.summary = SUMMARIES[verdict];
    for (const id of Object.keys(LABELS) as ProbeStepId[]) {
      if (!steps.some((s) => s.id === id)) step(id, 'skipped', 'not checked (an earlier step failed)');
    }
    return report;
  };

  // 1. The address.
  const parsed = parseServerUrl(options.server);
  if (!parsed.ok) {
    step('address', 'fail', parsed.reason, { fix: `Use the address of the server, for example http://192.168.1.10:${DEFAULT_PORT}.` });
    return finish('invalid-address');
  }
  const server = parsed.address;
  report.server = server;
  step('address', 'ok', `API at ${server.apiBase}`);

  const preferred = options.authStyle ?? 'x-api-key';
  const common = { server, timeouts: options.timeouts };
  const keyless = new AirwaveClient({ ...common, apiKey: '' });
  const withKey = (authStyle: AuthStyle) => new AirwaveClient({ ...common, apiKey: options.apiKey, authStyle });
  const clients: AirwaveClient[] = [keyless];
  const call = { signal: options.signal };

  try {
    // 2. Reachability: ask for /status without a key. An Airwave server answers 401 in its own
    // error format; anything else tells us what is at that address instead.
    const reach = await timed(() => keyless.status(call));
    if (reach.error && reach.error.kind === 'cancelled') throw reach.error;
    if (!reach.error) {
      step('reachable', 'ok', 'answered (it did not ask for a key on /status)', { ms: reach.ms });
    } else if (reach.error.kind === 'unauthorized') {
      const airwaveLike = reach.error.serverCode === 'unauthorized';
      if (airwaveLike) {
        step('reachable', 'ok', 'answered and asked for a key, as an Airwave server does', { ms: reach.ms });
      } else {
        step('reachable', 'warn', "answered with HTTP 401, but not in Airwave's format", {
          ms: reach.ms,
          fix: 'If a proxy in front of Airwave asks for its own login, let /api/public/v1 through without it.',
        });
      }
    } else {
      const { outcome, verdict, fix } = explainUnreachable(reach.error, server);
      step('reachable', outcome, reach.error.message, { ms: reach.ms, fix });
      return finish(verdict);
    }

    // 3. The key, with each auth style (both should work; a proxy may strip one of them).
    if (!options.apiKey.trim()) {
      step('key', 'fail', 'no API key was given', {
        fix: "Create a key in Airwave under Settings → API Keys and pass it in AIRWAVE_API_KEY.",
      });
      return finish('key-rejected');
    }
    const styles: AuthStyle[] = preferred === 'bearer' ? ['bearer', 'x-api-key'] : ['x-api-key', 'bearer'];
    const tries = [];
    for (const authStyle of styles) {
      const client = withKey(authStyle);
      clients.push(client);
      tries.push({ authStyle, client, result: await timed(() => client.status(call)) });
    }
    for (const t of tries) if (t.result.error?.kind === 'cancelled') throw t.result.error;
    const accepted = tries.filter((t) => !t.result.error);
    const keyMs = tries.reduce((sum, t) => sum + t.result.ms, 0);
    const rejected = tries.filter((t) => t.result.error?.kind === 'unauthorized');
    if (accepted.length === 0 && rejected.length === tries.length) {
      const said = rejected[0]?.result.error?.serverMessage;
      step('key', 'fail', `rejected with ${styles.map((s) => AUTH_NAMES[s]).join(' and with ')}${said ? ` ("${said}")` : ''}`, {
        ms: keyMs,
        fix: options.apiKey.trim().startsWith('airwave_')
          ? 'The key is wrong or was revoked: create a new one in Airwave under Settings → API Keys and paste it whole.'
          : "Airwave keys start with airwave_: copy the whole key from Airwave's Settings → API Keys.",
      });
      return finish('key-rejected');
    }
    // The answer the rest of the probe builds on: a success, else the first non-401 failure.
    const first = accepted[0] ?? tries.find((t) => t.result.error?.kind !== 'unauthorized') ?? tries[0]!;
    if (accepted.length === tries.length) {
      step('key', 'ok', `accepted with ${AUTH_NAMES['x-api-key']} and with ${AUTH_NAMES.bearer}`, { ms: keyMs });
      report.authStyle = preferred;
    } else if (accepted.length > 0) {
      const other = tries.find((t) => t.result.error);
      report.authStyle = first.authStyle;
      step(
        'key',
        'warn',
        `accepted with ${AUTH_NAMES[first.authStyle]} only; with ${AUTH_NAMES[other?.authStyle ?? preferred]}: ${other?.result.error?.message ?? 'failed'}`,
        {
          ms: keyMs,
          fix:
            first.authStyle === preferred
              ? 'Nothing required; a proxy may be dropping the other header.'
              : `Set the auth style to ${AUTH_NAMES[first.authStyle]} in the settings.`,
        },
      );
    } else {
      step('key', 'skipped', 'could not be checked: the server did not answer /status properly', { ms: keyMs });
    }

    // 4. Status, from the answer the key got.
    const statusTry = first.result;
    if (statusTry.error) {
      const { outcome, verdict, fix } = explainUnreachable(statusTry.error, server);
      step('status', outcome, statusTry.error.message, { ms: statusTry.ms, fix });
      return finish(verdict);
    }
    const status = statusTry.value;
    report.status = status;
    const about = describeStatus(status);
    if (status.product !== 'airwave') {
      step('status', 'warn', `${about}; it calls itself "${status.product}", not "airwave"`, {
        ms: statusTry.ms,
        fix: 'Check that this is the Airwave server you meant; the app may not understand it fully.',
      });
    } else {
      step('status', 'ok', about, { ms: statusTry.ms });
    }

    const client = first.client;
    // 5. Capabilities: is there a live event stream, or will the app poll?
    const caps = await timed(() => client.capabilities(call));
    if (caps.error) {
      if (caps.error.kind === 'cancelled') throw caps.error;
      step('capabilities', 'warn', `${caps.error.message}; the app will poll for changes`, {
        ms: caps.ms,
        fix: 'Nothing required; updating Airwave adds live events.',
      });
    } else {
      report.capabilities = caps.value;
      const live = caps.value.sse.supported ? 'yes' : 'no (the app will poll)';
      const version = caps.value.apiVersion === 'v1' ? 'API v1' : `API ${caps.value.apiVersion}`;
      if (caps.value.apiVersion !== 'v1') {
        step('capabilities', 'warn', `${version} · live events: ${live}`, {
          ms: caps.ms,
          fix: 'This app speaks API v1; some things may not show until it is updated.',
        });
      } else {
        step('capabilities', 'ok', `${version} · live events: ${live}`, { ms: caps.ms });
      }
    }

    // 6. The viewer count, the app's most frequent request.
    const sessions = await timed(() => client.sessionCount(call));
    if (sessions.error) {
      if (sessions.error.kind === 'cancelled') throw sessions.error;
      const broken = sessions.error.kind === 'bad-response';
      step('sessions', 'fail', sessions.error.message, {
        ms: sessions.ms,
        fix: broken
          ? 'The server answered /sessions/count in a form the app does not understand; check the Airwave version.'
          : 'Try again; if it persists, check the Airwave server log.',
      });
      return finish(broken ? 'not-airwave' : 'unreachable');
    }
    report.sessionCount = sessions.value.count;
    step('sessions', 'ok', `${sessions.value.count} active ${sessions.value.count === 1 ? 'session' : 'sessions'}`, {
      ms: sessions.ms,
    });

    // 7. Artwork: fetched without a key, from an address the guide gives.
    await probeArtwork(client, keyless, call, step);
    return finish('ok');
  } catch (error) {
    if (isApiError(error) && error.kind === 'cancelled') {
      report.summary = 'The check was cancelled.';
      report.verdict = 'unreachable';
      return report;
    }
    throw error;
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

async function probeArtwork(
  client: AirwaveClient,
  keyless: AirwaveClient,
  call: { signal?: AbortSignal },
  step: (id: ProbeStepId, outcome: StepOutcome, detail: string, extra?: { fix?: string; ms?: number }) => void,
): Promise<void> {
  const guide = await timed(() => client.guideNow(call));
  if (guide.error) {
    if (guide.error.kind === 'cancelled') throw guide.error;
    step('artwork', 'warn', `could not read what is on now: ${guide.error.message}`, {
      ms: guide.ms,
      fix: 'The guide may not show; check the Airwave server log.',
    });
    return;
  }
  const url = guide.value.channels.map((c) => c.now?.artworkUrl ?? c.next?.artworkUrl).find((u) => !!u);
  if (!url) {
    step('artwork', 'skipped', 'nothing on now has artwork to try');
    return;
  }
  const art = await timed(() => keyless.artwork(url, call));
  if (art.error) {
    if (art.error.kind === 'cancelled') throw art.error;
    step('artwork', 'warn', `a poster did not load: ${art.error.message}`, {
      ms: art.ms,
      fix: 'Posters will be missing; if a proxy guards Airwave, let its artwork addresses through without a login.',
    });
    return;
  }
  const kb = Math.max(1, Math.round(art.value.bytes.length / 1024));
  step('artwork', 'ok', `a poster loaded without a key (${art.value.contentType}, ${kb} KB)`, { ms: art.ms });
}

/** "1 channel", "3 channels" (the probe speaks English, like the doctor). */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function describeStatus(status: Status): string {
  const { channels, packages, activeSessions } = status.counts;
  return [
    `"${status.name}"`,
    `version ${status.version}`,
    `up ${formatUptime(status.uptimeSeconds)}`,
    [count(channels, 'channel'), count(packages, 'package'), count(activeSessions, 'active session')].join(', '),
    `time zone ${status.timezone}`,
  ].join(' · ');
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
function explainUnreachable(
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
    case 'cancelled':
      return fail('unreachable', 'Run the check again.');
  }
}
