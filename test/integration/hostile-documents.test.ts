import { afterEach, describe, expect, it } from 'vitest';
import { AirwaveClient } from '../../src/main/core/client';
import { OPTIONAL_DOCUMENT_BYTES } from '../../src/main/core/client/optional';
import { probeServer } from '../../src/main/core/connection-test/probe';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { startHostileServer, type HostileServer } from '../support/hostile-server';
import { useTempDirs } from '../support/temp-dirs';

// Issue 34 item 3: optional documents cost little and never hold up the connection. The route list
// (/openapi.json) is read under a 1 MiB cap with a 3 s deadline of its own, asked alongside the
// handshake and never waited for; a slow /api/identity falls back to /status. Traffic only on 127.0.0.1.

const tempDir = useTempDirs('airwave-documents');
let h: CoreHarness | null = null;
let demo: DemoServer | null = null;
let hostile: HostileServer | null = null;
const clients: AirwaveClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await hostile?.close();
  hostile = null;
  await h?.close();
  h = null;
  await demo?.close();
  demo = null;
});

/** An OpenAPI document listing `count` made-up paths (440,000 is about 19 MB, under the 20 MB cap of data answers). */
function hugeDocument(count: number): string {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) paths.push(`"/made-up/route-${i}/{id}":{"get":{"x":1}}`);
  return `{"openapi":"3.1.0","info":{"version":"0.15.12"},"paths":{${paths.join(',')}}}`;
}

describe('the route list', () => {
  it('a 19 MB document with 440,000 paths is refused at the 1 MiB cap, never parsed', async () => {
    demo = await startDemoServer({ port: 0, seed: 2, channels: 2, viewers: 0, churn: 0, profile: 'airwave' });
    hostile = await startHostileServer(demo);
    const doc = hugeDocument(440_000);
    expect(doc.length).toBeGreaterThan(18 * 1024 * 1024);
    expect(doc.length).toBeLessThan(20 * 1024 * 1024);
    await hostile.setMode('rewrite', /\/openapi\.json$/);
    hostile.rewrite = () => doc;
    const client = new AirwaveClient({ server: hostile.url, apiKey: '' });
    clients.push(client);
    await expect(client.openApi()).rejects.toMatchObject({ kind: 'bad-response', message: expect.stringMatching(/larger than|too large|MB/i) });
    expect(OPTIONAL_DOCUMENT_BYTES).toBe(1024 * 1024);
  });

  it('a stalled /openapi.json holds up neither the test nor the connection: live while it still hangs', async () => {
    h = await startCoreHarness({ demo: { profile: 'airwave' }, app: { dataDir: tempDir() } });
    await h.app.start();
    hostile = await startHostileServer(h.demo);
    await hostile.setMode('hang', /\/openapi\.json$/);
    await h.connect(hostile.url);
    // the engine's request for the route list is still held open by the server: nothing waited for it
    expect(['live', 'polling']).toContain(h.app.store.state.connection.state);
    expect(hostile.pending('/openapi.json')).toBeGreaterThanOrEqual(1);
    expect(h.app.store.state.routes).toBeNull();
    expect(h.app.store.state.nowPlaying.data).not.toBeNull();
  });
});

describe('a slow /api/identity', () => {
  it('dripping a byte a second makes a working server pass, not "could not be reached" (/status is asked)', async () => {
    demo = await startDemoServer({ port: 0, seed: 3, channels: 2, viewers: 1, churn: 0, profile: 'airwave', name: 'Home' });
    hostile = await startHostileServer(demo);
    await hostile.setMode('drip', /^\/api\/identity$/);
    const report = await probeServer({ server: hostile.url, apiKey: demo.key, timeouts: { bodyMs: 1_500 } });
    expect(report.verdict).toBe('ok');
    expect(report.summary).toBe('This server and key will work.');
    expect(report.steps.find((s) => s.id === 'reachable')?.detail).toMatch(/asked for a key, as an Airwave server does|did not ask for a key/);
    expect(hostile.requests['/status']).toBeGreaterThanOrEqual(1);
  });
});
