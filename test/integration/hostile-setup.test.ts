import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { identityWords } from '../../src/shared/airwave';
import { probeServer } from '../../src/main/core/connection-test/probe';
import { findLocalServer } from '../../src/main/core/connection-test/local-server';
import { sendJson, startLocalServer } from '../support/local-server';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startHostileServer, type HostileServer } from '../support/hostile-server';

// Issue 34 item 5 and issue 33 item 3: set-up and the doctor trust what they found. What /status
// says wins over what /api/identity says (the engine follows only a server whose /status says
// Airwave), and the probe says so when they disagree; a server that named itself Airwave and took
// the key is never "not like an Airwave server"; "live events: yes" only after a hello frame.
// Traffic only on 127.0.0.1.

let demo: DemoServer;
let hostile: HostileServer | null = null;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 4, channels: 3, viewers: 1, churn: 0, profile: 'airwave', name: 'Home' });
});
afterAll(() => demo.close());
afterEach(async () => {
  await hostile?.close();
  hostile = null;
});

const step = (report: Awaited<ReturnType<typeof probeServer>>, id: string) => report.steps.find((s) => s.id === id);

describe('set-up trusts what it found', () => {
  it('identity says Airwave, /status says "jellyfin": the test fails, and says /status is what counts', async () => {
    hostile = await startHostileServer(demo);
    await hostile.setMode('rewrite', /\/status$/);
    hostile.rewrite = (_path, body) => body.replace('"product":"airwave"', '"product":"jellyfin"');
    const report = await probeServer({ server: hostile.url, apiKey: demo.key });
    expect(report.verdict).toBe('not-airwave');
    expect(report.summary).toMatch(/^Airwave Home [\d.]+ answered \/api\/identity, but its \/status says it is "jellyfin": the app goes by \/status/);
    expect(report.summary).not.toBe('This server and key will work.');
    expect(step(report, 'status')).toMatchObject({ outcome: 'fail', detail: expect.stringContaining('though /api/identity named it Airwave Home') });
  });

  it('identity says Airwave and the key is taken, but /status cannot be read: never "not like an Airwave server"', async () => {
    hostile = await startHostileServer(demo);
    await hostile.setMode('rewrite', /\/status$/);
    hostile.rewrite = (_path, body) => body.replace(/"product":"airwave",?/, '');
    const report = await probeServer({ server: hostile.url, apiKey: demo.key });
    expect(step(report, 'reachable')?.detail).toMatch(/^Airwave Home .* answered without a key$/);
    expect(step(report, 'key')?.outcome).toBe('ok');
    expect(report.summary).not.toMatch(/not like an Airwave server/);
    expect(report.summary).toMatch(/^Airwave Home [\d.]+ took the key, but sent a \/status this app could not read/);
  });

  it('a server name that holds "Airwave" anywhere is not given it again', () => {
    expect(identityWords({ name: 'Prism Airwave', version: '0.15.10' })).toBe('Prism Airwave 0.15.10');
    expect(identityWords({ name: 'my airwave box', version: null })).toBe('my airwave box');
    expect(identityWords({ name: 'Home', version: '0.15.10' })).toBe('Airwave Home 0.15.10');
    expect(identityWords({ name: 'Airwaves', version: null })).toBe('Airwave Airwaves');
  });
});

describe('the doctor says "live events: yes" only after a stream opened', () => {
  it('/capabilities offers events, /events answers 404: "offered but not reachable" with the status', async () => {
    hostile = await startHostileServer(demo);
    await hostile.setMode('route-404', /\/events$/);
    const report = await probeServer({ server: hostile.url, apiKey: demo.key });
    expect(report.verdict).toBe('ok');
    const caps = step(report, 'capabilities');
    expect(caps?.outcome).toBe('warn');
    expect(caps?.detail).toMatch(/live events: offered but not reachable \(.*404.*\); the app will poll/);
    expect(caps?.detail).not.toContain('live events: yes');
  });

  it('a stream that opens but never says hello within the limit is not "yes"', async () => {
    hostile = await startHostileServer(demo);
    await hostile.setMode('hang', /\/events$/);
    const report = await probeServer({ server: hostile.url, apiKey: demo.key, helloWithinMs: 300 });
    expect(step(report, 'capabilities')?.detail).toContain('live events: offered but not reachable (no answer within 0.3 s)');
  });

  it('says "yes" when the hello frame comes', async () => {
    const report = await probeServer({ server: demo.url, apiKey: demo.key });
    expect(step(report, 'capabilities')).toMatchObject({ outcome: 'ok', detail: expect.stringContaining('live events: yes') });
  });
});

describe("the finder's offered name", () => {
  it('keeps no bidi override nor OSC 8 link from a /status name', async () => {
    const name = 'Home\u202Eexe.\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\';
    const other = await startLocalServer((req, res) =>
      req.url === '/api/public/v1/status' ? sendJson(res, 200, { product: 'airwave', version: '0.15.2', instanceId: 'i', name, time: null, timezone: null }) : sendJson(res, 404, { error: { code: 'not_found', message: 'No.' } }),
    );
    try {
      const offer = await findLocalServer({ port: other.port });
      expect(offer?.name).toBe('Homeexe.link');
    } finally {
      await other.close();
    }
  });
});
