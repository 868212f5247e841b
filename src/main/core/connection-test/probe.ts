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
import { foundKeyRejected, foundNeedsKey, isAirwaveRefusal, lookWithoutKey, somethingRejectedKey } from './keyless-identity';
import { nearbyAirwave } from './near-miss';
import { eventsOpen } from './probe-events';
import { probeArtwork, probeChannels, routeMissing } from './probe-steps';
import { AUTH_NAMES, emptyReport, STEP_IDS, stepLabel, summaryOf, type ProbeOptions, type ProbeReport, type ProbeStepId, type ProbeVerdict, type StepOutcome } from './probe-types';
import { describeStatus, explainUnreachable, missingFeatures } from './probe-words';
import { timed } from './timed';
import { messages, t } from '../../../shared/i18n/messages';
import { addressWords } from '../client/address-words';

/** The probe's words, in the language in use (the doctor's is English). */
const w = () => messages().probe;

export { formatUptime } from './probe-words';
export { busyReport } from './probe-types';
export type { ProbeOptions, ProbeReport, ProbeStep, ProbeStepId, ProbeVerdict, StepOutcome } from './probe-types';

export async function probeServer(options: ProbeOptions): Promise<ProbeReport> {
  const report = emptyReport();
  const steps = report.steps;
  const step = (id: ProbeStepId, outcome: StepOutcome, detail: string, extra: { fix?: string; ms?: number } = {}) => {
    steps.push({ id, label: stepLabel(id), outcome, detail, ...extra });
  };
  const finish = (verdict: ProbeVerdict) => {
    report.verdict = verdict;
    report.summary = summaryOf(verdict);
    report.missing = missingFeatures(report.status, report.capabilities);
    if (report.lookupForm === 'by-number-then-id') {
      report.missing.push('no /channels/by-number/{n}/now (a lookup by number takes two requests)');
    }
    for (const id of STEP_IDS) {
      if (!steps.some((s) => s.id === id)) step(id, 'skipped', w().found.skipped);
    }
    return report;
  };

  // 1. The address.
  const parsed = parseServerUrl(options.server);
  if (!parsed.ok) {
    step('address', 'fail', addressWords(parsed.problem), { fix: t(w().fixes.address, { example: `http://192.168.1.10:${DEFAULT_PORT}` }) });
    return finish('invalid-address');
  }
  const server = parsed.address;
  report.server = server;
  step('address', 'ok', t(w().found.apiAt, { base: server.apiBase }));

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
      step('reachable', outcome, error.fact, { ms, fix });
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
      step('key', 'fail', w().found.noKey, { fix: w().fixes.noKey });
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
    for (const tried of tries) if (tried.result.error?.kind === 'cancelled') throw tried.result.error;
    const accepted = tries.filter((t) => !t.result.error);
    const keyMs = tries.reduce((sum, t) => sum + t.result.ms, 0);
    const rejected = tries.filter((t) => t.result.error?.kind === 'unauthorized');
    if (accepted.length === 0 && rejected.length === tries.length) {
      // both ways of sending it were tried; which header is no business of the person reading this
      const said = rejected[0]?.result.error?.serverMessage;
      // Airwave by name only when it is known to be Airwave: it said so, or refused in its own words
      const airwave = report.identity !== null || rejected.some((t) => isAirwaveRefusal(t.result.error));
      const found = w().found;
      const refused = said ? t(airwave ? found.airwaveRefusedSaid : found.serverRefusedSaid, { said }) : airwave ? found.airwaveRefused : found.serverRefused;
      step('key', 'fail', refused, { ms: keyMs, fix: options.apiKey.trim().startsWith('airwave_') ? w().fixes.keyRevoked : w().fixes.keyShape });
      finish('key-rejected');
      if (report.identity) report.summary = foundKeyRejected(report.identity);
      else if (!airwave) report.summary = somethingRejectedKey();
      return report;
    }
    // The answer the rest of the probe builds on: a success, else the first non-401 failure.
    const first = accepted[0] ?? tries.find((t) => t.result.error?.kind !== 'unauthorized') ?? tries[0]!;
    if (accepted.length === tries.length) {
      step('key', 'ok', t(w().found.acceptedBoth, { first: AUTH_NAMES['x-api-key'], second: AUTH_NAMES.bearer }), { ms: keyMs });
      report.authStyle = preferred;
    } else if (accepted.length > 0) {
      const other = tries.find((t) => t.result.error);
      report.authStyle = first.authStyle;
      step(
        'key',
        'warn',
        t(w().found.acceptedOnly, { style: AUTH_NAMES[first.authStyle], other: AUTH_NAMES[other?.authStyle ?? preferred], error: other?.result.error?.message ?? w().found.failed }),
        { ms: keyMs, fix: first.authStyle === preferred ? w().fixes.otherHeader : t(w().fixes.authStyle, { style: AUTH_NAMES[first.authStyle] }) },
      );
    } else if (report.identity && first.result.error?.kind === 'bad-response') {
      // Airwave named itself and answered /status with the key (not a 401): the key is accepted
      step('key', 'ok', w().found.acceptedByStatus, { ms: keyMs });
      report.authStyle = first.authStyle;
    } else {
      step('key', 'skipped', w().found.keyUnchecked, { ms: keyMs });
    }

    // 4. Status, from the answer the key got.
    const statusTry = first.result;
    if (statusTry.error) {
      if (report.identity && routeMissing(statusTry.error)) {
        // Airwave said who it is without a key, yet has no /status: a version before the public API
        const sentence = noApiSentence(identityWords(report.identity));
        step('status', 'fail', `${statusTry.error.message} ${sentence}.`, { ms: statusTry.ms, fix: t(w().fixes.updateTo, { version: FIRST_PUBLIC_API }) });
        finish('not-airwave');
        report.summary = `${sentence}.`;
        return report;
      }
      const { outcome, verdict, fix } = explainUnreachable(statusTry.error, server);
      step('status', outcome, statusTry.error.fact, { ms: statusTry.ms, fix });
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
      const product = status.product;
      const detail = report.identity ? t(w().found.notAirwaveThough, { about, product, server: identityWords(report.identity) }) : t(w().found.notAirwave, { about, product });
      step('status', 'fail', detail, { ms: statusTry.ms, fix: w().fixes.checkStatus });
      finish('not-airwave');
      report.summary = report.identity
        ? t(w().summaries.identityDisagrees, { server: identityWords(report.identity), product })
        : t(w().summaries.saysProduct, { product });
      return report;
    }
    step('status', 'ok', about, { ms: statusTry.ms });

    const client = first.client;
    // 5. Capabilities: is there a live event stream, or will the app poll?
    const caps = await timed(() => client.capabilities(call));
    if (caps.error) {
      if (caps.error.kind === 'cancelled') throw caps.error;
      step('capabilities', 'warn', t(w().found.willPoll, { error: withoutStop(caps.error.message) }), { ms: caps.ms, fix: w().fixes.liveEvents });
    } else {
      report.capabilities = caps.value;
      // "yes" only after the stream really opened and said hello (probe-events.ts)
      const events = caps.value.sse.supported ? await eventsOpen(client, { signal: options.signal, withinMs: options.helloWithinMs }) : null;
      const found = w().found;
      const live = !events ? found.liveNo : events.opened ? found.liveYes : t(found.liveUnreachable, { reason: events.reason });
      const line = t(found.capabilities, { version: `API ${caps.value.apiVersion}`, live });
      if (events && !events.opened) step('capabilities', 'warn', line, { ms: caps.ms, fix: w().fixes.eventsProxy });
      else if (caps.value.apiVersion !== 'v1') step('capabilities', 'warn', line, { ms: caps.ms, fix: w().fixes.newerApi });
      else step('capabilities', 'ok', line, { ms: caps.ms });
    }

    // 6. The viewer count, the app's most frequent request.
    const sessions = await timed(() => client.sessionCount(call));
    if (sessions.error && routeMissing(sessions.error)) {
      // an older stage (Airwave 0.14.67) has no viewer routes: the server works, the app shows less
      step('sessions', 'warn', lackSentence(report.status?.version, 'viewers'), { ms: sessions.ms, fix: w().fixes.viewers });
    } else if (sessions.error) {
      if (sessions.error.kind === 'cancelled') throw sessions.error;
      const broken = sessions.error.kind === 'bad-response';
      step('sessions', 'fail', sessions.error.fact, {
        ms: sessions.ms,
        fix: broken ? w().fixes.sessionsForm : w().fixes.tryAgainLog,
      });
      return finish(broken ? 'not-airwave' : 'unreachable');
    } else if (sessions.value.count === null) {
      // a count that cannot be a count is unknown (issue 48): set-up passes, and says so
      step('sessions', 'warn', w().found.countUnknown, { ms: sessions.ms, fix: w().fixes.countUnknown });
    } else {
      const count = sessions.value.count;
      report.sessionCount = count;
      // two counts printed a line apart that differ are explained, never left to contradict each other (issue 48)
      const status = report.status?.counts?.activeSessions;
      const detail = status != null && status !== count ? t(w().found.countsDiffer, { n: count, status }) : t(w().found.activeSessions, { n: count });
      step('sessions', 'ok', detail, { ms: sessions.ms });
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
      report.summary = w().summaries.cancelled;
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

/** Identity said Airwave and the key was taken, but /status could not be read. */
const unreadableStatus = (identity: ServerIdentity) => t(w().summaries.unreadableStatus, { server: identityWords(identity) });

