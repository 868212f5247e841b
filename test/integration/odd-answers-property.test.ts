import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeServer } from '../../src/main/core/connection-test/probe';
import { EXIT_CODES, formatReport } from '../../src/main/doctor/report';
import { checkRequest } from '../../src/shared/bridge-schema';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

/**
 * Issue 33 item 7, extended by issue 48 item 5 to every answer the app reads: the demo's own answers
 * with one field at a time made odd, served by its answer hook over loopback, each read the way the
 * app reads it (a refresh, the guide, the channel list, a lookup, a schedule, the groups, the webhook
 * check, and set-up's and the doctor's probe). The odd value is one of Airwave's own OpenAPI
 * document's types (any string, any integer, any number, the document says no more) or a plainly odd
 * one (null, the wrong type, negative, huge, not a time, an unknown enum value, an extra field).
 * Whatever the field and the value, the app reads the rest: the other fields and rows stay, it never
 * goes offline or reconnects, says at most one thing in the log, refuses only what the answer cannot
 * do without (and then says so plainly), and never shows a validator's sentence; and what issue 48
 * found holds: a guide placed by the local clock, a count that is unknown, a channel of any number
 * looked up, one set of viewers, a progress that can be true, a programme named when its times are
 * not. Seeded and bounded: AIRWAVE_PROPERTY_RUNS sets the number of cases (200 by default),
 * AIRWAVE_PROPERTY_SEED the seed, AIRWAVE_PROPERTY_ONLY a comma list of endpoints to try alone,
 * AIRWAVE_PROPERTY_TRACE=1 prints each case as it starts.
 */

type Json = unknown;
type Path = (string | number)[];

const RUNS = Math.max(1, Number(process.env.AIRWAVE_PROPERTY_RUNS ?? 200) || 200);
const SEED = Number(process.env.AIRWAVE_PROPERTY_SEED ?? 48);

/** How the app comes to read an endpoint. */
type Read = 'refresh' | 'guide' | 'channels' | 'lookup' | 'schedule' | 'packages' | 'webhooks' | 'probe';

interface Endpoint {
  /** the concrete paths that are this endpoint's ("/channels/ch_101/now") */
  match: RegExp;
  /** how the app reads it (the probe is set-up's Test connection and `npm run doctor`) */
  reads: Read[];
  /** the resource that shows it (refresh endpoints) */
  resource?: 'status' | 'sessionCount' | 'nowPlaying' | 'sessions' | 'onNow';
  /** the list of rows in the answer, where it has one */
  list: string | null;
  /** what it cannot do without (docs/compatibility.md's table): only these may refuse the answer */
  required: Path[];
}

const ENDPOINTS: Record<string, Endpoint> = {
  '/status': { match: /^\/status$/, reads: ['refresh', 'probe'], resource: 'status', list: null, required: [['product'], ['version']] },
  '/sessions/count': { match: /^\/sessions\/count$/, reads: ['refresh', 'probe'], resource: 'sessionCount', list: null, required: [] },
  '/now-playing': { match: /^\/now-playing$/, reads: ['refresh'], resource: 'nowPlaying', list: 'nowPlaying', required: [['nowPlaying']] },
  '/sessions': { match: /^\/sessions$/, reads: ['refresh'], resource: 'sessions', list: 'sessions', required: [['sessions']] },
  '/guide/now': { match: /^\/guide\/now$/, reads: ['refresh', 'probe'], resource: 'onNow', list: 'channels', required: [['channels']] },
  '/guide': { match: /^\/guide$/, reads: ['guide'], list: 'channels', required: [['channels']] },
  '/channels': { match: /^\/channels$/, reads: ['channels'], list: 'channels', required: [['channels']] },
  '/channels/{id}/now': { match: /^\/channels\/(?!by-number\/)[^/]+\/now$/, reads: ['lookup'], list: null, required: [] },
  '/channels/by-number/{n}/now': { match: /^\/channels\/by-number\/[^/]+\/now$/, reads: ['probe'], list: null, required: [] },
  '/channels/{id}/schedule': { match: /^\/channels\/[^/]+\/schedule$/, reads: ['schedule'], list: 'programs', required: [['programs']] },
  '/packages': { match: /^\/packages$/, reads: ['packages'], list: 'packages', required: [['packages']] },
  '/webhooks': { match: /^\/webhooks$/, reads: ['webhooks'], list: 'webhooks', required: [['webhooks']] },
  '/capabilities': { match: /^\/capabilities$/, reads: ['probe'], list: null, required: [] },
  '/api/identity': { match: /^\/api\/identity$/, reads: ['probe'], list: null, required: [] },
  '/openapi.json': { match: /^\/openapi\.json$/, reads: ['probe'], list: null, required: [] },
};
const ONLY = (process.env.AIRWAVE_PROPERTY_ONLY ?? '').split(',').filter(Boolean);
const ENDPOINT_NAMES = Object.keys(ENDPOINTS).filter((name) => ONLY.length === 0 || ONLY.includes(name));
const endpointOf = (at: string) => Object.keys(ENDPOINTS).find((name) => ENDPOINTS[name]!.match.test(at)) ?? null;

const ODDITIES = ['null', 'wrong-type', 'negative', 'huge', 'not-a-time', 'unknown-enum', 'extra-field'] as const;
type Oddity = (typeof ODDITIES)[number];

/** The value made plainly odd (an object gets an extra field instead of being replaced, for 'extra-field'). */
function oddValue(value: Json, oddity: Oddity): Json {
  switch (oddity) {
    case 'null':
      return null;
    case 'wrong-type':
      return typeof value === 'string' ? 7 : typeof value === 'number' ? String(value) : typeof value === 'boolean' ? 'yes' : 'a string';
    case 'negative':
      return typeof value === 'number' ? -Math.abs(value) - 3 : -1;
    case 'huge':
      return typeof value === 'string' ? 'x'.repeat(50_000) : 1e308;
    case 'not-a-time':
      return 'half past six';
    case 'unknown-enum':
      return 'something-new';
    case 'extra-field':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, extra: { nested: [1, 'two', null] } } : value;
  }
}

/** Any value of the type Airwave's document gives the field (it says no more than string, integer, number, boolean). */
function documentValue(value: Json): fc.Arbitrary<Json> | null {
  if (typeof value === 'string') return fc.string({ maxLength: 40 });
  if (typeof value === 'number') return Number.isInteger(value) ? fc.maxSafeInteger() : fc.double({ noNaN: true, noDefaultInfinity: true });
  if (typeof value === 'boolean') return fc.boolean();
  return null;
}

/** Every path in an answer (objects and leaves; list entries by index). */
function paths(value: Json, at: Path = []): Path[] {
  const out: Path[] = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...paths(item, [...at, i])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...at, key]));
  return out;
}

const valueAt = (body: Json, path: Path): Json => path.reduce<Json>((node, key) => (node as Record<string | number, Json>)[key], body);

function withValue(body: Json, path: Path, value: Json): Json {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = value;
  return copy;
}

/** What a view may show of a value: all of it but what an answer left out (`unreadable`, the log's). */
const shown = (value: unknown) => JSON.stringify(value, (key, item: unknown) => (key === 'unreadable' ? undefined : item));
const same = (a: Path, b: readonly (string | number)[]) => a.length === b.length && a.every((key, i) => key === b[i]);
/** A sentence only a validator writes (valibot's, or the app's log words): no view, set-up or doctor line may show one. */
const VALIDATOR = /Unexpected response|Unerwartete Antwort|but received|Invalid (value|type|length)|Expected [<>]=|required field is missing|expected an ISO-8601/;

describe('schema-valid oddities, one field at a time, in every answer the app reads (property)', () => {
  let h: CoreHarness;
  const answers = new Map<string, Json>();
  const logged: string[] = [];

  beforeAll(async () => {
    h = await startCoreHarness({ demo: { viewers: 3, profile: 'airwave', serverVersion: '0.15.13', channels: 6, churn: 0 }, app: { log: (line) => logged.push(line) } });
    // the answers as the demo sends them, captured once each (the hook sees every JSON answer)
    h.demo.controls.setAnswerHook((at, body) => {
      const name = endpointOf(at);
      if (name && !answers.has(name)) answers.set(name, structuredClone(body));
      return body;
    });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(3_000);
    h.app.engine.refresh();
    await h.runFor(2_000);
    await read('guide');
    await read('channels');
    await read('lookup');
    await read('schedule');
    await read('webhooks');
    await read('probe');
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  const state = () => h.app.store.state;
  const channel = () => h.demo.controls.listChannels().find((c) => !c.empty)!;

  /** `asked`, with simulated time moving while it waits (the request governor spaces what a page asks again and again), at most a minute. */
  async function answered<T>(asked: Promise<T>): Promise<T> {
    let done = false;
    void asked.finally(() => (done = true)).catch(() => {});
    for (let i = 0; i < 60 && !done; i++) await h.step(i === 0 ? 0 : 1_000);
    return asked;
  }

  /** Makes the app read what `how` reads; returns what it said (for the probe, its report). */
  async function read(how: Read): Promise<unknown> {
    switch (how) {
      case 'refresh':
        h.app.engine.refresh();
        // (a second apart in simulated time: the request governor allows 10 a second)
        await h.step(500);
        await h.step(500);
        return null;
      case 'guide':
        return answered(h.app.handlers.loadGuide({ forwardMinutes: 180 }));
      case 'channels':
        return answered(h.app.handlers.getChannels({ definition: false }));
      case 'lookup':
        return answered(h.app.handlers.lookupChannel({ number: channel().number }));
      case 'schedule':
        return answered(h.app.handlers.getSchedule({ channelId: channel().id, hours: 6 }));
      case 'packages':
        // the groups are read again at most once a minute, when what is on names a group the app does not hold
        // (a minute in steps, so the live stream's keepalives arrive as they would)
        await h.runFor(61_000, 5_000);
        h.app.engine.refresh();
        await h.step(500);
        await h.step(500);
        return null;
      case 'webhooks':
        // read when Settings opens, at most once a minute
        await h.runFor(61_000, 5_000);
        await h.app.handlers.settingsOpened({});
        await h.step(500);
        return null;
      case 'probe':
        return probeServer({ server: h.demo.url, apiKey: h.demo.key, helloWithinMs: 2_000 });
    }
  }

  it('reads the rest, never goes offline or reconnects, says at most one thing, never in a validator’s words', async () => {
    expect([...answers.keys()].filter((name) => ENDPOINT_NAMES.includes(name)).sort()).toEqual([...ENDPOINT_NAMES].sort());
    const cases = fc.oneof(
      ...ENDPOINT_NAMES.map((name) =>
        fc.constantFrom(...paths(answers.get(name))).chain((path) => {
          const typed = documentValue(valueAt(answers.get(name), path));
          const value = fc.oneof(fc.constantFrom(...ODDITIES).map((oddity) => ({ oddity, value: oddValue(valueAt(answers.get(name), path), oddity) })), ...(typed ? [typed.map((value) => ({ oddity: 'document' as const, value }))] : []));
          return fc.record({ endpoint: fc.constant(name), path: fc.constant(path), odd: value, how: fc.constantFrom(...ENDPOINTS[name]!.reads) });
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ endpoint, path, odd, how }) => {
        if (process.env.AIRWAVE_PROPERTY_TRACE) process.stderr.write(`${JSON.stringify({ endpoint, path, odd, how }).slice(0, 200)}\n`);
        const spec = ENDPOINTS[endpoint]!;
        const original = answers.get(endpoint) as Record<string, unknown>;
        const body = withValue(original, path, odd.value);
        h.demo.controls.setAnswerHook((at, sent) => (spec.match.test(at) ? body : sent));
        // the groups are read when On now names one the app does not hold: a /guide/now that names a new one
        if (how === 'packages') renameAGroup(h, body, spec);
        const capabilitiesBefore = h.apiRequests()['/capabilities'] ?? 0;
        const logBefore = logged.length;
        const said = await read(how);
        h.demo.controls.setAnswerHook(null);

        const refusable = spec.required.some((req) => path.length <= req.length && same(path, req.slice(0, path.length)));
        // never offline, never a reconnect
        expect(['live', 'polling'], state().connection.message).toContain(state().connection.state);
        if (how !== 'probe') expect(h.apiRequests()['/capabilities'] ?? 0).toBe(capabilitiesBefore);
        // at most one thing said about it in the log
        const lines = logged.slice(logBefore).filter((line) => (line.match(/\/[^\s:?]+/g) ?? []).some((at) => spec.match.test(at.replace(/^\/api\/public\/v1/, ''))));
        expect(lines.length, lines.join(' | ')).toBeLessThanOrEqual(1);
        // no view shows a validator's sentence (what an answer left out rides along as data, `unreadable`, for the log only)
        expect(shown(h.app.snapshot())).not.toMatch(VALIDATOR);
        expect(shown(h.app.trayView)).not.toMatch(VALIDATOR);
        if (how !== 'probe') expect(shown((said as { error?: unknown } | null)?.error ?? null)).not.toMatch(VALIDATOR);

        switch (how) {
          case 'refresh':
            return refreshed(endpoint, spec, path, original, refusable);
          case 'guide': {
            const guide = state().guide;
            if (guide.error !== null) {
              expect(refusable, guide.error).toBe(true);
              expect(guide.error).toBe('The server sent something this app could not read in GET /guide.');
            } else {
              // every channel but the one holding the odd field; the window placed (by the local clock if need be: item 1)
              expect(guide.channels).toBeGreaterThanOrEqual((original.channels as unknown[]).length - 1);
              expect(Number.isFinite(Date.parse(guide.window!.serverTime))).toBe(true);
            }
            return;
          }
          case 'channels':
          case 'schedule': {
            const outcome = said as { ok: boolean; value?: unknown; error?: { message: string } };
            if (!outcome.ok) {
              expect(refusable, outcome.error?.message).toBe(true);
              return;
            }
            // a schedule the server could not give is answered from the guide the app holds, said so (its source)
            if (how === 'schedule' && (outcome.value as { source: string }).source !== 'server') return void expect(refusable).toBe(true);
            const rows = how === 'channels' ? (outcome.value as unknown[]) : (outcome.value as { programs: unknown[] }).programs;
            expect(rows.length).toBeGreaterThanOrEqual((original[spec.list!] as unknown[]).length - 1);
            return;
          }
          case 'lookup': {
            const outcome = said as { ok: boolean; value?: { now: { current: unknown; currentUntimed?: unknown } }; error?: { message: string } };
            // an answer for another channel is refused in words (item 2); nothing else refuses a lookup
            if (!outcome.ok) expect(outcome.error?.message).toMatch(/^The server answered for channel /);
            // a current programme whose times cannot be read is still named (item 1)
            else if (path[0] === 'current' && (path[1] === 'startsAt' || path[1] === 'endsAt')) expect(outcome.value!.now.current ?? outcome.value!.now.currentUntimed ?? null).not.toBeNull();
            return;
          }
          case 'packages': {
            const packages = state().packages;
            if (packages.error !== null) expect(refusable, packages.error).toBe(true);
            return;
          }
          case 'webhooks':
            return;
          case 'probe': {
            const report = said as Awaited<ReturnType<typeof probeServer>>;
            // set-up passes and the doctor exits 0 unless what /status cannot do without is odd (item 1)
            if (!(endpoint === '/status' && refusable)) {
              expect(report.verdict, formatReport(report, h.demo.url)).toBe('ok');
              expect(EXIT_CODES[report.verdict]).toBe(0);
            }
            expect(formatReport(report, h.demo.url)).not.toMatch(VALIDATOR);
            return;
          }
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    h.app.engine.refresh();
    await h.step(200);
    expect(state().nowPlaying.error).toBeNull();
  }, 300_000);

  /** What a refresh must leave, per resource (issue 33), and what issue 48 found about these answers. */
  function refreshed(endpoint: string, spec: Endpoint, path: Path, original: Record<string, unknown>, refusable: boolean): void {
    const held = state()[spec.resource!] as { data: unknown; error: string | null };
    if (held.error !== null) {
      expect(refusable, held.error).toBe(true);
      expect(held.error).toBe(`The server sent something this app could not read in GET ${endpoint}.`);
    } else if (held.data === null) {
      // /sessions that cannot be read: viewers are users on devices for now, and /sessions is asked again later;
      // a count that cannot be a count is unknown (item 1)
      expect(refusable || (spec.resource === 'sessions' && state().sessions.supported === false) || spec.resource === 'sessionCount').toBe(true);
    } else if (spec.list) {
      // the other rows are still there: at most the one row holding the odd field is left out
      const sent = (original[spec.list] as unknown[]).length;
      const rows = (spec.resource === 'onNow' ? (held.data as { channels: unknown[] }).channels : (held.data as unknown[])).length;
      const inRow = path[0] === spec.list && path.length >= 2;
      expect(rows).toBeGreaterThanOrEqual(inRow ? sent - 1 : sent);
    }
    const snapshot = h.app.snapshot();
    if (endpoint === '/guide/now' && path[0] === 'channels' && typeof path[1] === 'number') {
      const row = state().onNow.data!.channels.find((r) => r.id === (original.channels as { id: string }[])[path[1] as number]!.id);
      // a channel of any whole number is listed and may be looked up (item 2)
      if (path[2] === 'number' && row) expect(checkRequest('lookupChannel', { number: row.number }).ok).toBe(true);
      // a programme whose times cannot be read is still named (item 1)
      const slot = (original.channels as Record<string, { title?: unknown } | null>[])[path[1] as number]![path[2] as string];
      if ((path[2] === 'now' || path[2] === 'next') && (path[3] === 'startsAt' || path[3] === 'endsAt') && row && slot) {
        expect(row[path[2] as 'now' | 'next'] ?? row[`${path[2] as 'now' | 'next'}Untimed`] ?? null).not.toBeNull();
      }
    }
    if (endpoint === '/now-playing' || endpoint === '/sessions' || endpoint === '/sessions/count') {
      // one set of viewers: the badge, Watching and the tray menu count and name the same people, or say why (item 3)
      const cards = snapshot.nowPlaying.data ?? [];
      expect(h.app.trayView.badge).toBe(snapshot.watching);
      const menu = h.app.trayView.menu.filter((entry) => entry.id.startsWith('viewer:'));
      expect(menu.length).toBe(cards.length);
      if (snapshot.watching !== cards.length) expect(snapshot.nowPlaying.differs).toEqual({ counted: snapshot.watching, listed: cards.length });
      // a progress that can be true, or none (item 4)
      for (const entry of cards) {
        const p = entry.progress;
        if (p) expect(p.durationSeconds > 0 && p.durationSeconds <= 86_400 && p.positionSeconds >= 0 && p.positionSeconds <= p.durationSeconds, JSON.stringify(p)).toBe(true);
      }
    }
  }
});

let renamed = 0;
/** Has what is on now name a group the app does not hold, so the app reads `/packages` again at once. */
function renameAGroup(h: CoreHarness, packages: Json, spec: Endpoint): void {
  renamed++;
  h.demo.controls.setAnswerHook((at, sent) => {
    if (spec.match.test(at)) return packages;
    if (at !== '/guide/now') return sent;
    const b = sent as { channels: { package: { id: string } | null }[] };
    const channels = b.channels.map((row, i) => (i === 0 && row.package ? { ...row, package: { ...row.package, id: `renamed_${renamed}_${row.package.id}` } } : row));
    return { ...b, channels };
  });
}
