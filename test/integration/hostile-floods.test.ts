import { describe, expect, it } from 'vitest';
import { PROBE_LIMITS } from '../../src/main/core/connection-test/probe-gate';
import { findLocalServer } from '../../src/main/core/connection-test/local-server';
import { SEARCH_DAY_RETRY_MS } from '../../src/main/core/sync/guide-window';
import type { CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';
import { startHostileServer, type HostileServer } from '../support/hostile-server';

// Issue 34 item 1: every request the app can be made to send has a limit and a backoff, whoever
// asks. Search while the server fails the day's guide asked the full-day /guide again on the very
// next search (586 a minute); now a failed day backs off. The local server finder had no limit
// (1,000 asks, 1,000 requests at 164/s); it now spends the connection test's start budget.
// Traffic only on 127.0.0.1.

const core = useCoreHarness('airwave-floods');
const tempDir = core.tempDir;
let h: CoreHarness | null = null;
let hostile: HostileServer | null = null;

describe('search while the server fails the day guide', () => {
  it('100 searches ask /guide once; again only after the backoff, which doubles', async () => {
    h = await core.start({ demo: { profile: 'airwave' }, app: { dataDir: tempDir() } });
    await h.app.start();
    hostile = core.closeAfter(await startHostileServer(h.demo));
    await h.connect(hostile.url);
    await hostile.setMode('500', /\/guide$/);
    const guides = () => hostile!.requests['/guide'] ?? 0;
    const before = guides();
    const search = () => h!.app.handlers.searchGuide({ query: 'news', limit: 10, after: h!.clock.now() });
    for (let i = 0; i < 100; i++) expect((await search()).ok).toBe(true);
    expect(guides() - before).toBe(1);
    // not before the first backoff…
    await h.step(SEARCH_DAY_RETRY_MS - 1_000);
    await search();
    expect(guides() - before).toBe(1);
    // …then once, and the next wait is twice as long
    await h.step(1_000);
    for (let i = 0; i < 20; i++) await search();
    expect(guides() - before).toBe(2);
    await h.step(SEARCH_DAY_RETRY_MS);
    await search();
    expect(guides() - before).toBe(2);
    await h.step(SEARCH_DAY_RETRY_MS);
    await search();
    expect(guides() - before).toBe(3);
  });
});

describe('the local server finder', () => {
  it('1,000 asks at once send at most the connection test budget of requests, and share it with the test', async () => {
    h = await core.start({ demo: { profile: 'airwave' }, app: { dataDir: tempDir(), findLocalServer: () => findLocalServer({ port: h!.demo.port }) } });
    await h.app.start();
    const identities = () => h!.demo.controls.requestCounts()['/api/identity'] ?? 0;
    const answers = await Promise.all(Array.from({ length: 1_000 }, () => h!.app.handlers.findLocalServer({})));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.filter((a) => a.ok && a.value !== null).length).toBeGreaterThanOrEqual(1);
    // one running, one waiting: the rest answered "nothing found" at once with no request
    expect(identities()).toBeLessThanOrEqual(2);
    for (let i = 0; i < 1_000; i++) await h.app.handlers.findLocalServer({});
    expect(identities()).toBeLessThanOrEqual(PROBE_LIMITS.perWindow);
    // the test spends the same budget: none is left for a connection test in this window
    const test = await h.app.handlers.testConnection({ server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' });
    expect(test.verdict).toBe('busy');
  });
});
