import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

/**
 * Issue 33 item 7: schema-valid answers with one field at a time made odd, served by the demo
 * server's answer hook over loopback. Whatever the field and the oddity, the app reads the rest:
 * the other fields and rows are still shown, it never goes offline, never reconnects, and says at
 * most one thing about it. The answers are the demo's own (read by the app's schemas); the odd
 * field is picked from every path in them. Seeded and bounded: AIRWAVE_PROPERTY_RUNS sets the
 * number of cases (200 by default, within the CI minute).
 */

type Json = unknown;
type Path = (string | number)[];

const RUNS = Math.max(1, Number(process.env.AIRWAVE_PROPERTY_RUNS ?? 200) || 200);
const SEED = Number(process.env.AIRWAVE_PROPERTY_SEED ?? 33);

/** The endpoints a refresh reads, each with the resource that shows it and what it cannot do without. */
const ENDPOINTS = {
  '/status': { resource: 'status', list: null, required: [['product'], ['version']] },
  '/sessions/count': { resource: 'sessionCount', list: null, required: [['count']] },
  '/now-playing': { resource: 'nowPlaying', list: 'nowPlaying', required: [['nowPlaying']] },
  '/sessions': { resource: 'sessions', list: 'sessions', required: [['sessions']] },
  '/guide/now': { resource: 'onNow', list: 'channels', required: [['channels']] },
} as const;
type Endpoint = keyof typeof ENDPOINTS;

const ODDITIES = ['null', 'wrong-type', 'negative', 'huge', 'not-a-time', 'unknown-enum', 'extra-field'] as const;
type Oddity = (typeof ODDITIES)[number];

/** The value made odd (an object gets an extra field instead of being replaced, for 'extra-field'). */
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

/** Every path in an answer (objects and leaves; list entries by index). */
function paths(value: Json, at: Path = []): Path[] {
  const out: Path[] = at.length > 0 ? [at] : [];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...paths(item, [...at, i])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...at, key]));
  return out;
}

function withOdd(body: Json, path: Path, oddity: Oddity): Json {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  parent[last] = oddValue(parent[last], oddity);
  return copy;
}

const same = (a: Path, b: readonly (string | number)[]) => a.length === b.length && a.every((key, i) => key === b[i]);

describe('schema-valid oddities, one field at a time (property)', () => {
  let h: CoreHarness;
  const answers = new Map<Endpoint, Json>();
  const logged: string[] = [];

  beforeAll(async () => {
    h = await startCoreHarness({ demo: { viewers: 3, profile: 'airwave', channels: 6, churn: 0 }, app: { log: (line) => logged.push(line) } });
    // the answers as the demo sends them, captured once (the hook sees every one)
    h.demo.controls.setAnswerHook((path, body) => {
      if (path in ENDPOINTS && !answers.has(path as Endpoint)) answers.set(path as Endpoint, structuredClone(body));
      return body;
    });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(3_000);
    h.app.engine.refresh();
    await h.runFor(2_000);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('reads the rest, never goes offline or reconnects, says at most one thing', async () => {
    expect([...answers.keys()].sort()).toEqual(Object.keys(ENDPOINTS).sort());
    const cases = fc.oneof(
      ...(Object.keys(ENDPOINTS) as Endpoint[]).map((endpoint) =>
        fc.record({ endpoint: fc.constant(endpoint), path: fc.constantFrom(...paths(answers.get(endpoint))), oddity: fc.constantFrom(...ODDITIES) }),
      ),
    );
    const state = () => h.app.store.state;
    await fc.assert(
      fc.asyncProperty(cases, async ({ endpoint, path, oddity }) => {
        const { resource, list, required } = ENDPOINTS[endpoint];
        const original = answers.get(endpoint) as Record<string, unknown>;
        h.demo.controls.setAnswerHook((at, body) => (at === endpoint ? withOdd(original, path, oddity) : body));
        const capabilitiesBefore = h.apiRequests()['/capabilities'] ?? 0;
        const logBefore = logged.length;
        h.app.engine.refresh();
        // (a second apart in simulated time: the request governor allows 10 a second)
        await h.step(500);
        await h.step(500);

        // never offline, never a reconnect
        expect(['live', 'polling'], state().connection.message).toContain(state().connection.state);
        expect(h.apiRequests()['/capabilities'] ?? 0).toBe(capabilitiesBefore);
        // at most one thing said about it (a log line; the view's sentence is its resource's error)
        const said = logged.slice(logBefore).filter((line) => line.includes(endpoint));
        expect(said.length, said.join(' | ')).toBeLessThanOrEqual(1);

        const held = state()[resource] as { data: unknown; error: string | null };
        const refusable = required.some((req) => path.length <= req.length && same(path, req.slice(0, path.length)));
        if (held.error !== null) {
          expect(refusable).toBe(true);
          expect(held.error).toBe(`The server sent something this app could not read in GET ${endpoint}.`);
        } else if (held.data === null) {
          // /sessions that cannot be read: viewers are users on devices for now, and /sessions is asked
          // again later (session-semantics), so a later case may find it not asked yet
          expect(refusable || (resource === 'sessions' && state().sessions.supported === false)).toBe(true);
        } else if (list) {
          // the other rows are still there: at most the one row holding the odd field is left out
          const sent = (original[list] as unknown[]).length;
          const rows = (resource === 'onNow' ? (held.data as { channels: unknown[] }).channels : (held.data as unknown[])).length;
          const inRow = path[0] === list && path.length >= 2;
          expect(rows).toBeGreaterThanOrEqual(inRow ? sent - 1 : sent);
        }
        h.demo.controls.setAnswerHook(null);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    h.app.engine.refresh();
    await h.step(200);
    expect(state().nowPlaying.error).toBeNull();
  }, 120_000);
});
