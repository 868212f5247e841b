import { describe, expect, it } from 'vitest';
import { PROBE_LIMITS } from '../../src/main/core/connection-test/probe-gate';
import { DEFAULT_GOVERNOR } from '../../src/main/core/client';
import { onAirChannel, total, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// Issue 28, renderer-driven floods: a hostile page calling the bridge as fast as it can. Whatever
// it asks, what reaches a server stays bounded: connection tests go through one gate, and the
// user's own requests have a ceiling per second. The demo server over loopback counts what it got.

const core = useCoreHarness();
let h: CoreHarness | null = null;

describe('a page that floods the bridge', () => {
  it('700 connection tests at once (both auth styles) run a few tests, one at a time, and answer the rest "busy"', async () => {
    h = await core.start();
    await h.connect();
    await h.runFor(5_000);
    const before = total(h.apiRequests());
    // one test alone costs this many requests: the unit the bound is counted in
    const single = await h.app.handlers.testConnection({ server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' });
    expect(single.verdict).toBe('ok');
    const perTest = total(h.apiRequests()) - before;
    expect(perTest).toBeGreaterThan(0);

    const floodStart = total(h.apiRequests());
    const asked = Array.from({ length: 700 }, (_, i) =>
      h!.app.handlers.testConnection({ server: h!.demo.url, apiKey: h!.demo.key, authStyle: i % 2 ? 'bearer' : 'x-api-key' }),
    );
    const views = await Promise.all(asked);
    const ran = views.filter((v) => v.verdict !== 'busy').length;
    const sent = total(h.apiRequests()) - floodStart;
    console.log(`700 tests in one instant: ${ran} ran, ${sent} requests (one test alone: ${perTest})`);
    // the first test of this window already used one start: at most perWindow - 1 more
    expect(ran).toBeLessThanOrEqual(PROBE_LIMITS.perWindow - 1);
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual((PROBE_LIMITS.perWindow - 1) * (perTest + 2));
    expect(views.find((v) => v.verdict === 'busy')?.summary).toMatch(/not run: too many tests/);

    // after the window the user can test again
    h.clock.advance(PROBE_LIMITS.windowMs);
    expect((await h.app.handlers.testConnection({ server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' })).verdict).toBe('ok');
  });

  it('the window: seven tests one after another within 10 s, the seventh is refused as busy with no request sent', async () => {
    expect(PROBE_LIMITS).toEqual({ perWindow: 6, windowMs: 10_000 });
    h = await core.start();
    const request = { server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' as const };
    const verdicts: string[] = [];
    for (let i = 0; i < 6; i++) {
      // one at a time, each after the one before has answered: the one-at-a-time gate refuses none
      verdicts.push((await h.app.handlers.testConnection(request)).verdict);
      h.clock.advance(1_000);
    }
    expect(verdicts).toEqual(Array(6).fill('ok'));
    const before = total(h.apiRequests());
    // 6 s after the first: still inside its 10 s window
    const seventh = await h.app.handlers.testConnection(request);
    expect(seventh.verdict).toBe('busy');
    expect(seventh.summary).toMatch(/not run: too many tests/);
    expect(total(h.apiRequests())).toBe(before);
    // once the first start is 10 s old, a test runs again
    h.clock.advance(PROBE_LIMITS.windowMs - 6_000);
    expect((await h.app.handlers.testConnection(request)).verdict).toBe('ok');
  });

  it('a test asked for while another runs waits for it (the newest waiting one wins)', async () => {
    h = await core.start();
    const request = { server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' as const };
    const [first, displaced, last] = await Promise.all([
      h.app.handlers.testConnection(request),
      h.app.handlers.testConnection(request),
      h.app.handlers.testConnection(request),
    ]);
    expect(first.verdict).toBe('ok');
    expect(displaced.verdict).toBe('busy');
    expect(last.verdict).toBe('ok');
  });

  it('1,000 channel lookups in one instant send at most the user ceiling per second', async () => {
    h = await core.start();
    await h.connect();
    await h.runFor(5_000);
    const number = onAirChannel(h.demo);
    const before = h.apiRequests();
    const answers = await Promise.all(Array.from({ length: 1000 }, (_, i) => h!.app.handlers.lookupChannel({ number: number + (i % 500) })));
    const after = h.apiRequests();
    const lookups = Object.keys(after)
      .filter((path) => path.startsWith('/channels/'))
      .reduce((sum, path) => sum + (after[path]! - (before[path] ?? 0)), 0);
    console.log(`1,000 lookups in one instant: ${lookups} lookup requests reached the server`);
    // a lookup by number may take two requests on servers without the by-number route
    expect(lookups).toBeLessThanOrEqual(2 * DEFAULT_GOVERNOR.userPerSecond);
    const refused = answers.filter((a) => !a.ok && a.error.message.includes('requests a second'));
    expect(refused.length).toBeGreaterThanOrEqual(1000 - 2 * DEFAULT_GOVERNOR.userPerSecond);
  });
});
