import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { probeServer, type ProbeReport } from '../../src/main/core/connection-test/probe';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { closedPort, sendJson, startLocalServer, type LocalServer } from '../support/local-server';
import { startOlderServer } from '../support/older-server';
import { applyLocale } from '../../src/shared/i18n/catalogues';

const outcomes = (report: ProbeReport) => Object.fromEntries(report.steps.map((s) => [s.id, s.outcome]));

describe('probe against the demo server', () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 7, channels: 6, viewers: 2, churn: 0 });
  });
  afterAll(() => demo.close());

  it('passes every step with a good key and reports what it found', async () => {
    const report = await probeServer({ server: demo.url, apiKey: demo.key });
    expect(report.verdict).toBe('ok');
    expect(outcomes(report)).toEqual({
      address: 'ok',
      reachable: 'ok',
      key: 'ok',
      status: 'ok',
      capabilities: 'ok',
      sessions: 'ok',
      channels: 'ok',
      artwork: 'ok',
    });
    expect(report.channelCount).toBe(6);
    expect(report.lookupForm).toBe('by-number-now');
    expect(report.missing).toEqual([]);
    expect(report.steps.find((s) => s.id === 'channels')?.detail).toBe('6 channels on now · lookup by number in one request');
    expect(report.authStyle).toBe('x-api-key');
    expect(report.status?.counts?.channels).toBe(6);
    expect(report.sessionCount).toBe(2);
    expect(report.capabilities?.sse.supported).toBe(true);
    expect(report.steps.find((s) => s.id === 'capabilities')?.detail).toContain('live events: yes');
    expect(report.steps.find((s) => s.id === 'artwork')?.detail).toMatch(/image\/png/);
    expect(JSON.stringify(report)).not.toContain(demo.key);
  });

  it('keeps the preferred auth style when both work', async () => {
    const report = await probeServer({ server: demo.url, apiKey: demo.key, authStyle: 'bearer' });
    expect(report.verdict).toBe('ok');
    expect(report.authStyle).toBe('bearer');
  });

  it('says the key was rejected, with a fix, and never repeats the key', async () => {
    const wrong = 'airwave_not_the_right_key_123';
    const report = await probeServer({ server: demo.url, apiKey: wrong });
    expect(report.verdict).toBe('key-rejected');
    const key = report.steps.find((s) => s.id === 'key');
    expect(key?.outcome).toBe('fail');
    expect(key?.detail).toContain('Invalid or revoked API key');
    expect(key?.fix).toMatch(/Settings → API Keys/);
    expect(outcomes(report).status).toBe('skipped');
    expect(JSON.stringify(report)).not.toContain(wrong);
  });

  it('treats a missing key as a key problem after checking the server is there', async () => {
    const report = await probeServer({ server: demo.url, apiKey: '  ' });
    expect(report.verdict).toBe('key-rejected');
    expect(outcomes(report).reachable).toBe('ok');
    expect(report.steps.find((s) => s.id === 'key')?.fix).toContain('AIRWAVE_API_KEY');
  });

  it('reports live events off when the server has no stream', async () => {
    const quiet = await startDemoServer({ port: 0, seed: 2, channels: 3, viewers: 0, churn: 0, sse: false });
    try {
      const report = await probeServer({ server: quiet.url, apiKey: quiet.key });
      expect(report.verdict).toBe('ok');
      expect(report.sessionCount).toBe(0);
      expect(report.steps.find((s) => s.id === 'capabilities')?.detail).toContain('live events: no');
    } finally {
      await quiet.close();
    }
  });
});

describe('probe against things that are not a working Airwave server', () => {
  let server: LocalServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('rejects an address that cannot be a server before any request', async () => {
    const report = await probeServer({ server: 'ftp://example.org', apiKey: 'k' });
    expect(report.verdict).toBe('invalid-address');
    expect(report.steps[0]?.detail).toContain('http://');
    expect(report.server).toBeNull();
  });

  it('says nothing is listening, with a fix that names the default port', async () => {
    const port = await closedPort();
    const report = await probeServer({ server: `127.0.0.1:${port}`, apiKey: 'k' });
    expect(report.verdict).toBe('unreachable');
    const reach = report.steps.find((s) => s.id === 'reachable');
    expect(reach?.detail).toContain('connection refused');
    expect(reach?.fix).toContain('36020');
  });

  it.each([
    ['en', `Nothing is listening at 127.0.0.1:PORT (connection refused).`, /Check that the server is running/],
    ['de', `Unter 127.0.0.1:PORT lauscht nichts (Verbindung abgelehnt).`, /Prüfen Sie, ob der Server läuft/],
  ] as const)('in %s, the step says what it found and the fix once, each its own message (no advice cut from a sentence)', async (locale, detail, advice) => {
    const port = await closedPort();
    applyLocale(locale);
    try {
      const report = await probeServer({ server: `127.0.0.1:${port}`, apiKey: 'k' });
      const reach = report.steps.find((s) => s.id === 'reachable')!;
      expect(reach.detail).toBe(detail.replace('PORT', String(port)));
      expect(reach.fix).toBeTruthy();
      expect(reach.fix).toContain('36020');
      expect(`${reach.detail} ${reach.fix}`).not.toMatch(advice);
    } finally {
      applyLocale('en');
    }
  });

  it('recognises a web page that is not Airwave', async () => {
    server = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Router login</title>');
    });
    const report = await probeServer({ server: server.url, apiKey: 'k' });
    expect(report.verdict).toBe('not-airwave');
    expect(report.steps.find((s) => s.id === 'reachable')?.detail).toMatch(/not JSON/);
  });

  it('recognises a JSON API without the Airwave routes', async () => {
    server = await startLocalServer((_req, res) => sendJson(res, 404, { message: 'no such route' }));
    const report = await probeServer({ server: server.url, apiKey: 'k' });
    expect(report.verdict).toBe('not-airwave');
    expect(report.steps.find((s) => s.id === 'reachable')?.fix).toContain(`${server.url}/api/public/v1`);
  });

  it('reads a proxy 502 as the server behind it being down', async () => {
    server = await startLocalServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>502 Bad Gateway</h1>');
    });
    const report = await probeServer({ server: server.url, apiKey: 'k' });
    expect(report.verdict).toBe('unreachable');
    expect(report.steps.find((s) => s.id === 'reachable')?.fix).toMatch(/proxy/);
  });

  it('warns when only one auth style gets through (a proxy dropping a header)', async () => {
    const demo = await startDemoServer({ port: 0, seed: 3, channels: 2, viewers: 1, churn: 0 });
    // A proxy in front of the demo that strips Authorization.
    server = await startLocalServer((req, res) => {
      const headers: Record<string, string> = {};
      if (typeof req.headers['x-api-key'] === 'string') headers['x-api-key'] = req.headers['x-api-key'];
      fetch(`${demo.url}${req.url ?? '/'}`, { headers })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
    try {
      const report = await probeServer({ server: server.url, apiKey: demo.key, authStyle: 'bearer' });
      expect(report.verdict).toBe('ok');
      expect(report.authStyle).toBe('x-api-key');
      const key = report.steps.find((s) => s.id === 'key');
      expect(key?.outcome).toBe('warn');
      expect(key?.fix).toContain('X-API-Key');
    } finally {
      await demo.close();
    }
  });

  it('stops at a body of the wrong shape and says so plainly (issue 48: never in the validator’s words)', async () => {
    server = await startLocalServer((req, res) => {
      if (!req.headers['x-api-key'] && !req.headers.authorization) {
        sendJson(res, 401, { error: { code: 'unauthorized', message: 'API key required.' } });
      } else {
        // `version` is one of the two fields /status must have (a bad `name` costs only itself: issue 33).
        sendJson(res, 200, { product: 'airwave', version: 1, name: 'Home', instanceId: 'i-1' });
      }
    });
    const report = await probeServer({ server: server.url, apiKey: 'k' });
    expect(report.verdict).toBe('not-airwave');
    expect(report.steps.find((s) => s.id === 'status')?.detail).toBe('The server sent something this app could not read in GET /status.');
  });
});

describe('probe against older and differently built servers', () => {
  let demo: DemoServer;
  let older: LocalServer | undefined;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 5, channels: 4, viewers: 1, churn: 0 });
  });
  afterAll(() => demo.close());
  afterEach(async () => {
    await older?.close();
    older = undefined;
  });

  it('passes an Airwave 0.14 server (no uptime, no counts, no event stream, no by-number/now) and names each difference', async () => {
    older = await startOlderServer(demo.url, { legacyStatus: true, noEvents: true, noByNumberNow: true });
    const report = await probeServer({ server: older.url, apiKey: demo.key });
    expect(report.verdict).toBe('ok');
    expect(outcomes(report)).toEqual({
      address: 'ok',
      reachable: 'ok',
      key: 'ok',
      status: 'ok',
      capabilities: 'ok',
      sessions: 'ok',
      channels: 'ok',
      artwork: 'ok',
    });
    expect(report.status?.uptimeSeconds).toBeNull();
    expect(report.status?.counts).toBeNull();
    const status = report.steps.find((s) => s.id === 'status')?.detail ?? '';
    expect(status).toContain('uptime unknown');
    expect(status).toContain('counts unknown');
    expect(report.lookupForm).toBe('by-number-then-id');
    expect(report.steps.find((s) => s.id === 'channels')?.detail).toContain('/channels/by-number/{n} and /channels/{id}/now');
    expect(report.missing).toEqual([
      'no live event stream (the app polls /sessions/count)',
      'no uptime in /status',
      'no counts in /status (the session count comes from /sessions/count)',
      'no /channels/by-number/{n}/now (a lookup by number takes two requests)',
    ]);
  });

  it('names only the missing lookup route on a current Airwave router', async () => {
    older = await startOlderServer(demo.url, { noByNumberNow: true });
    const report = await probeServer({ server: older.url, apiKey: demo.key });
    expect(report.verdict).toBe('ok');
    expect(report.missing).toEqual(['no /channels/by-number/{n}/now (a lookup by number takes two requests)']);
    expect(report.steps.find((s) => s.id === 'capabilities')?.detail).toContain('live events: yes');
  });
});
