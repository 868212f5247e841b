import { afterEach, describe, expect, it } from 'vitest';
import { probeServer } from '../../src/main/core/connection-test/probe';
import { EXIT_CODES, formatReport, formatRun } from '../../src/main/doctor/report';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { SERVER_VERSIONS } from '../../src/main/demo/profile';
import { sendJson, startLocalServer, type LocalServer } from '../support/local-server';

// The doctor's probe against each stage of Airwave's public API (--server-version), as the doctor
// prints it: the keyless /api/identity names the server before any key is sent, so a missing or
// wrong key reads as "Airwave Home is there" and never as "not Airwave"; two addresses of one
// server are seen to be one without a key; something that is not Airwave is said to be so.

let demo: DemoServer | null = null;
let other: LocalServer | null = null;
afterEach(async () => {
  await demo?.close();
  await other?.close();
  demo = null;
  other = null;
});

const keyed = (counts: Record<string, number>) => Object.keys(counts).filter((path) => path.startsWith('/api/public/v1/'));

describe.each(SERVER_VERSIONS)('the doctor against Airwave %s', (version) => {
  it('names the server without a key, then checks the key', async () => {
    demo = await startDemoServer({ port: 0, seed: 9, channels: 4, viewers: 1, churn: 0, profile: 'airwave', serverVersion: version, name: 'Home' });
    const found = `Airwave Home ${version}`;

    const none = await probeServer({ server: demo.url, apiKey: '' });
    expect(EXIT_CODES[none.verdict]).toBe(EXIT_CODES['key-rejected']);
    expect(none.summary).toBe(`Found ${found} — now paste an API key.`);
    expect(formatReport(none, demo.url)).toMatch(new RegExp(`✓ Reachable +${found.replace(/\./g, "\\.")} answered without a key`));
    expect(keyed(demo.controls.requestCounts())).toEqual([]); // nothing under the API was asked

    const wrong = await probeServer({ server: demo.url, apiKey: 'airwave_not_the_key' });
    expect(wrong.verdict).toBe('key-rejected');
    expect(wrong.summary).toBe(`${found} is there, but it did not accept the API key.`);

    const good = await probeServer({ server: demo.url, apiKey: demo.key });
    expect(good.verdict, formatReport(good, demo.url)).toBe('ok');
    expect(good.identity).toMatchObject({ name: 'Home', version, instanceId: good.status?.instanceId });
  });
});

describe('the doctor against an Airwave from before the public API', () => {
  it('names it and says to update Airwave, never "not Airwave"', async () => {
    demo = await startDemoServer({ port: 0, seed: 9, channels: 4, viewers: 1, churn: 0, serverVersion: '0.14.60', name: 'Attic' });
    const report = await probeServer({ server: demo.url, apiKey: demo.key });
    expect(report.verdict).toBe('not-airwave');
    expect(report.summary).toBe('Airwave Attic 0.14.60 has no public API; update Airwave to 0.14.65 or later to use this app.');
    const printed = formatReport(report, demo.url);
    expect(printed).toContain('→ Update Airwave to 0.14.65 or later.');
    expect(printed).not.toContain('not like an Airwave server');
  });
});

describe('the doctor without a key', () => {
  it('sees that two addresses are the same server (instanceId from /api/identity)', async () => {
    demo = await startDemoServer({ port: 0, seed: 9, channels: 4, viewers: 0, churn: 0, profile: 'airwave', name: 'Home' });
    const given = [`http://127.0.0.1:${demo.port}`, `http://localhost:${demo.port}`];
    const checked = await Promise.all(given.map(async (address) => ({ given: address, report: await probeServer({ server: address, apiKey: '' }) })));
    const run = formatRun(checked);
    expect(run).toMatch(/http:\/\/127\.0\.0\.1:\d+ and http:\/\/localhost:\d+ are the same server \(instance inst_/);
    expect(run).toContain('"Home" · Found Airwave Home 0.15.12 — now paste an API key.');
    expect(keyed(demo.controls.requestCounts())).toEqual([]);
  });

  it('says an address that answers everything with a plain 404 is not Airwave', async () => {
    other = await startLocalServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('404 Not Found');
    });
    const report = await probeServer({ server: `http://127.0.0.1:${other.port}`, apiKey: 'airwave_x' });
    expect(report.verdict).toBe('not-airwave');
    expect(other.requests.map((r) => r.url)).toEqual(['/api/identity', '/api/public/v1/status']);
    expect(other.requests[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('says an address whose /api/identity names another product is not taken for Airwave', async () => {
    other = await startLocalServer((req, res) => (req.url === '/api/identity' ? sendJson(res, 200, { product: 'jellyfin', name: 'Media' }) : sendJson(res, 401, { message: 'login' })));
    const report = await probeServer({ server: `http://127.0.0.1:${other.port}`, apiKey: 'airwave_x' });
    expect(report.identity).toBeNull();
    expect(report.verdict).toBe('key-rejected');
    expect(report.summary).not.toContain('Airwave');
  });
});
