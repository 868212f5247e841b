import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { closedPort, startLocalServer, type LocalServer } from '../support/local-server';
import { startOlderServer } from '../support/older-server';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run doctor`'s script as a child process; killed if it runs past 15 s. */
function doctor(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['src/main/doctor/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, AIRWAVE_API_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('npm run doctor', () => {
  let demo: DemoServer;
  let other: LocalServer | undefined;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 11, channels: 4, viewers: 1, churn: 0 });
  });
  afterAll(() => demo.close());
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it('exits 0 and prints each step for a good key from AIRWAVE_API_KEY', async () => {
    const run = await doctor(['--server', demo.url], { AIRWAVE_API_KEY: demo.key });
    expect(run.code).toBe(0);
    for (const label of ['Address', 'Reachable', 'API key', 'Status', 'Capabilities', 'Sessions', 'Channels', 'Artwork']) {
      expect(run.stdout).toMatch(new RegExp(`✓ ${label}`));
    }
    expect(run.stdout).toContain('live events: yes');
    expect(run.stdout).not.toContain(demo.key);
    expect(run.stderr).not.toContain('shell history');
    expect(run.stdout).not.toContain('works without');
  });

  it('exits 0 against an Airwave 0.14 server and says what it lacks', async () => {
    other = await startOlderServer(demo.url, { legacyStatus: true, noEvents: true, noByNumberNow: true });
    const run = await doctor(['--server', other.url], { AIRWAVE_API_KEY: demo.key });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/✓ Status +"[^"]+" · version [^·]+ · uptime unknown · counts unknown/);
    expect(run.stdout).toContain('live events: no (the app will poll)');
    expect(run.stdout).toContain('the app works without:\n  - no live event stream');
    expect(run.stdout).toContain('  - no uptime in /status\n');
    expect(run.stdout).toContain('  - no /channels/by-number/{n}/now (a lookup by number takes two requests)\n');
    expect(run.stdout).not.toContain(demo.key);
    const json = await doctor(['--server', other.url, '--json'], { AIRWAVE_API_KEY: demo.key });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as { exitCode: number; missing: string[]; lookupForm: string };
    expect(report.exitCode).toBe(0);
    expect(report.lookupForm).toBe('by-number-then-id');
    expect(report.missing).toHaveLength(4);
  });

  it('exits 2 for a wrong key, warns about --key, and prints JSON with --json', async () => {
    const run = await doctor(['--server', demo.url, '--key', 'airwave_wrong', '--json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('shell history');
    const report = JSON.parse(run.stdout) as { verdict: string; exitCode: number; steps: { id: string; outcome: string }[] };
    expect(report.verdict).toBe('key-rejected');
    expect(report.exitCode).toBe(2);
    expect(report.steps.find((s) => s.id === 'key')?.outcome).toBe('fail');
    expect(run.stdout).not.toContain('airwave_wrong');
  });

  it('exits 3 when nothing is listening', async () => {
    const port = await closedPort();
    const run = await doctor(['--server', `http://127.0.0.1:${port}`], { AIRWAVE_API_KEY: 'airwave_x' });
    expect(run.code).toBe(3);
    expect(run.stdout).toContain('✗ Reachable');
    expect(run.stdout).toContain('→ Start the Airwave server');
  });

  it('exits 4 for an HTTP server that is not Airwave', async () => {
    other = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>It works!</body></html>');
    });
    const run = await doctor(['--server', other.url], { AIRWAVE_API_KEY: 'airwave_x' });
    expect(run.code).toBe(4);
    expect(run.stdout).toContain('not like an Airwave server');
  });

  it('exits 1 with usage for a missing --server or an impossible address', async () => {
    const missing = await doctor([]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Usage: npm run doctor');
    const bad = await doctor(['--server', 'ftp://example.org']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('Only http:// and https://');
  });
});
