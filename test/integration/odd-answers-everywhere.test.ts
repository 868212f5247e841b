import { afterEach, describe, expect, it } from 'vitest';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';

/**
 * Issue 48: "a bad value costs only itself" in every answer the app reads, not only the five a
 * refresh reads (odd-answers.test.ts). Each case is a value Airwave's own OpenAPI document allows
 * (any string, any integer), served by the demo's answer hook over loopback; each fails without
 * the change it names.
 */

type Json = Record<string, unknown>;
const edit = (path: string, change: (body: Json) => Json) => (at: string, body: unknown) => (at === path ? change(body as Json) : body);
/** A sentence only a validator writes: no view may show one. */
const VALIDATOR = /Unexpected response|expected an ISO-8601|Invalid value|Expected <=|received /;

describe('every answer the app reads costs only its bad value (issue 48)', () => {
  let h: CoreHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });
  const state = () => h!.app.store.state;

  it('item 1: /guide with "serverTime": "string" loads every channel, placed by the local clock; no view shows the validator', async () => {
    h = await startCoreHarness({ demo: { viewers: 0, profile: 'airwave', channels: 6 } });
    const logged: string[] = [];
    h.demo.controls.setAnswerHook(edit('/guide', (body) => ({ ...body, serverTime: 'string' })));
    await h.connect();
    const loaded = await h.app.handlers.loadGuide({ forwardMinutes: 180 });
    expect(loaded.ok).toBe(true);
    const guide = state().guide;
    expect(guide.error).toBeNull();
    expect(guide.state).toBe('loaded');
    expect(guide.channels).toBe(6);
    // the window is placed at the local clock, as /guide/now falls back to it
    expect(guide.window?.serverTime).toBe(new Date(h.clock.now()).toISOString());
    const rows = await h.app.handlers.getGuideRows({ from: 0, to: 6 });
    if (!rows.ok) throw new Error(rows.error.message);
    expect(rows.value.rows.filter((row) => row.programs.length > 0).length).toBeGreaterThan(0);
    // search reads the same guide: no validator's sentence there either
    const search = await h.app.handlers.searchGuide({ query: 'a', limit: 20, after: h.clock.now() });
    expect(JSON.stringify(search)).not.toMatch(VALIDATOR);
    expect(JSON.stringify(h.app.snapshot())).not.toMatch(VALIDATOR);
    void logged;
  });
});
