/**
 * The connection probe: what `npm run doctor` prints and what the app's "Test connection" button
 * shows. It walks the same road the app will (address, reachability, key, status, capabilities,
 * sessions, channels and lookup, artwork), records what it found at each step, and for each failure
 * says in one sentence what to do. It never throws for a server's misbehaviour, and the key never
 * appears in the report. An older server passes, with what it lacks listed in `missing`.
 * Reachability is asked without a key first (keyless-identity.ts): an Airwave server names itself
 * before any key is sent, so a rejected key reads as "Airwave Home is there, the key is wrong",
 * never as "not Airwave". An address that does not answer as Airwave is tried at its near misses
 * (near-miss.ts: plain http://, a web-app page's origin) before the probe says why.
 */
import { FIRST_PUBLIC_API, identityWords, isAirwaveProduct, lackSentence, noApiSentence, type ServerIdentity } from '../../../shared/airwave';
import { DEFAULT_PORT, parseServerUrl } from '../../../shared/server-url';
import { AirwaveClient, isApiError, type ApiError, type AuthStyle } from '../client';
import { foundKeyRejected, foundNeedsKey, isAirwaveRefusal, lookWithoutKey, SOMETHING_REJECTED_KEY } from './keyless-identity';
import { nearbyAirwave } from './near-miss';
import { eventsOpen } from './probe-events';
import { probeArtwork, probeChannels, routeMissing } from './probe-steps';
import { AUTH_NAMES, emptyReport, LABELS, SUMMARIES, type ProbeOptions, type ProbeReport, type ProbeStepId, type ProbeVerdict, type StepOutcome } from './probe-types';
import { describeStatus, explainUnreachable, missingFeatures } from './probe-words';
import { timed } from './timed';

export { formatUptime } from './probe-words';
export { busyReport } from './probe-types';
export type { ProbeOptions, ProbeReport, ProbeStep, ProbeStepId, ProbeVerdict, StepOutcome } from './probe-types';

export async function probeServer(options: ProbeOptions): Promise<ProbeReport> {
  const report = emptyReport();
  const steps = report.steps;
  const step = (id: ProbeStepId, outcome: StepOutcome, detail: string, extra: { fix?: string; ms?: number } = {}) => {
    steps.push({ id, label: LABELS[id], outcome, detail, ...extra });
  };
  const finish = (verdict: ProbeVerdict) => {
    report.verdict = verdict;
    report.summary = SUMMARIES[verdict];
    report.missing = missingFeatures(report.status, report.capabilities);
    if (report.lookupForm === 'by-number-then-id') {
      report.missing.push('no /channels/by-number/{n}/now (a lookup by number takes two requests)');
    }
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
    /** The address as typed did not answer as Airwave: offer Airwave one step away (plain http://, or the origin of a pasted web-app page), else say why. */
    const notReached = async (error: ApiError, ms: number): Promise<ProbeReport> => {
      const elsewhere = await nearbyAirwave(error, server, options.timeouts, call);
      if (elsewhere) {
        report.suggestion = elsewhere.address;
        step('reachable', 'fail', elsewhere.detail, { ms, fix: elsewhere.fix });
        const done = finish('unreachable');
        done.summary = elsewhere.summary;
        return done;
      }
      const { outcome, verdict, fix } = explainUnreachable(error, server);
      step('reachable', outcome, error.message, { ms, fix });
      return finish(verdict);
    };

    // 2. Reachability, without a key: which server this is (its identity), else whether /status
    // answers or refuses as Airwave does.
    const look = await lookWithoutKey(keyless, call);
    if (!look.reached) return notReached(look.error, look.ms);
    report.identity = look.identity;
    // The route list (optional: capped, with a short deadline of its own) is asked now and read at step 7, so it never holds the test up.
    const routesAsked = keyless.openApi(call).catch(() => null);
    step('reachable', look.outcome, look.detail, look.fix === undefined ? { ms: look.ms } : { ms: look.ms, fix: look.fix });

    // 3. The key, with each auth style (both should work; a proxy may strip one of them).
    if (!options.apiKey.trim()) {
      step('key', 'fail', 'no API key was given', {
        fix: "Create a key in Airwave under Settings → API Keys and pass it in AIRWAVE_API_KEY.",
      });
      finish('key-rejected');
      if (report.identity) report.summary = foundNeedsKey(report.identity);
      return report;
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
      // both ways of sending it were tried; which header is no business of the person reading this
      const said = rejected[0]?.result.error?.serverMessage;
      // Airwave by name only when it is known to be Airwave: it said so, or refused in its own words
      const airwave = report.identity !== null || rejected.some((t) => isAirwaveRefusal(t.result.error));
      step('key', 'fail', `${airwave ? 'Airwave' : 'The server'} did not accept this key${said ? ` (it said "${said}")` : ''}`, {
        ms: keyMs,
        fix: options.apiKey.trim().startsWith('airwave_')
          ? 'The key is wrong or was revoked: create a new one in Airwave under Settings → API Keys and paste it whole.'
          : "Airwave keys start with airwave_: copy the whole key from Airwave's Settings → API Keys.",
      });
      finish('key-rejected');
      if (report.identity) report.summary = foundKeyRejected(report.identity);
      else if (!airwave) report.summary = SOMETHING_REJECTED_KEY;
      return report;
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
    } else if (report.identity && first.result.error?.kind === 'bad-response') {
      // Airwave named itself and answered /status with the key (not a 401): the key is accepted
      step('key', 'ok', 'accepted (/status answered with it)', { ms: keyMs });
      report.authStyle = first.authStyle;
    } else {
      step('key', 'skipped', 'could not be checked: the server did not answer /status properly', { ms: keyMs });
    }

    // 4. Status, from the answer the key got.
    const statusTry = first.result;
    if (statusTry.error) {
      if (report.identity && routeMissing(statusTry.error)) {
        // Airwave said who it is without a key, yet has no /status: a version before the public API
        const sentence = noApiSentence(identityWords(report.identity));
        step('status', 'fail', `${statusTry.error.message} ${sentence}.`, { ms: statusTry.ms, fix: `Update Airwave to ${FIRST_PUBLIC_API} or later.` });
        finish('not-airwave');
        report.summary = `${sentence}.`;
        return report;
      }
      const { outcome, verdict, fix } = explainUnreachable(statusTry.error, server);
      step('status', outcome, statusTry.error.message, { ms: statusTry.ms, fix });
      finish(verdict);
      // Airwave named itself and took the key: never "not like an Airwave server" after "Found Airwave"
      if (report.identity && statusTry.error.kind === 'bad-response') report.summary = unreadableStatus(report.identity);
      return report;
    }
    const status = statusTry.value;
    report.status = status;
    const about = describeStatus(status);
    if (!isAirwaveProduct(status.product)) {
      // the app goes by /status (the engine follows only a server that says "airwave" there), so set-up does too
      const disagree = statusDisagrees(report.identity, status.product);
      step('status', 'fail', `${about}; it says it is "${status.product}", not Airwave${disagree ? `, though ${disagree.named}` : ''}`, {
        ms: statusTry.ms,
        fix: 'Check that this is the address of the Airwave server you meant: the app follows a server only when its /status says Airwave.',
      });
      finish('not-airwave');
      report.summary = disagree?.summary ?? `This server says it is "${status.product}", not Airwave.`;
      return report;
    }
    step('status', 'ok', about, { ms: statusTry.ms });

    const client = first.client;
    // 5. Capabilities: is there a live event stream, or will the app poll?
    const caps = await timed(() => client.capabilities(call));
    if (caps.error) {
      if (caps.error.kind === 'cancelled') throw caps.error;
      step('capabilities', 'warn', `${withoutStop(caps.error.message)}; the app will poll for changes`, {
        ms: caps.ms,
        fix: 'Nothing required; updating Airwave adds live events.',
      });
    } else {
      report.capabilities = caps.value;
      // "yes" only after the stream really opened and said hello (probe-events.ts)
      const events = caps.value.sse.supported ? await eventsOpen(client, { signal: options.signal, withinMs: options.helloWithinMs }) : null;
      const live = !events ? 'no (the app will poll)' : events.opened ? 'yes' : `offered but not reachable (${events.reason}); the app will poll`;
      const version = caps.value.apiVersion === 'v1' ? 'API v1' : `API ${caps.value.apiVersion}`;
      if (events && !events.opened) {
        step('capabilities', 'warn', `${version} · live events: ${live}`, {
          ms: caps.ms,
          fix: 'Nothing required; if a proxy guards Airwave, let /api/public/v1/events through (it must not buffer the stream).',
        });
      } else if (caps.value.apiVersion !== 'v1') {
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
    if (sessions.error && routeMissing(sessions.error)) {
      // an older stage (Airwave 0.14.67) has no viewer routes: the server works, the app shows less
      step('sessions', 'warn', lackSentence(report.status?.version, 'viewers'), {
        ms: sessions.ms,
        fix: 'Update Airwave (0.14.68 or later) for the viewer count and the Watching list.',
      });
    } else if (sessions.error) {
      if (sessions.error.kind === 'cancelled') throw sessions.error;
      const broken = sessions.error.kind === 'bad-response';
      step('sessions', 'fail', sessions.error.message, {
        ms: sessions.ms,
        fix: broken
          ? 'The server answered /sessions/count in a form the app does not understand; check the Airwave version.'
          : 'Try again; if it persists, check the Airwave server log.',
      });
      return finish(broken ? 'not-airwave' : 'unreachable');
    } else {
      report.sessionCount = sessions.value.count;
      step('sessions', 'ok', `${sessions.value.count} active ${sessions.value.count === 1 ? 'session' : 'sessions'}`, {
        ms: sessions.ms,
      });
    }

    // 7. What is on now (which channels this key sees), and a lookup by number: in the form the
    // server's keyless /openapi.json lists, when it has one (no route is tried in vain).
    const routes = await routesAsked;
    const guide = await probeChannels(client, call, report, step, routes);
    // 8. Artwork: fetched without a key, from an address the guide gives.
    await probeArtwork(guide, keyless, call, step, report.status?.version ?? null);
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

/** A sentence to go on with "; …": its full stop dropped. */
const withoutStop = (sentence: string): string => sentence.replace(/\.$/, '');

/** Identity said Airwave, /status says otherwise: what each said, and that /status is what counts. */
function statusDisagrees(identity: ServerIdentity | null, product: string): { named: string; summary: string } | null {
  if (!identity) return null;
  const words = identityWords(identity);
  return {
    named: `/api/identity named it ${words}`,
    summary: `${words} answered /api/identity, but its /status says it is "${product}": the app goes by /status, so it will not follow this address.`,
  };
}

/** Identity said Airwave and the key was taken, but /status could not be read. */
const unreadableStatus = (identity: ServerIdentity) =>
  `${identityWords(identity)} took the key, but sent a /status this app could not read (it needs the product and version there).`;

