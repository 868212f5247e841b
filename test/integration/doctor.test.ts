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

/** Runs `npm run doctor`'s script as a child process; killed if it runs past 15 s (several servers: 25 s). */
function doctor(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['src/main/doctor/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, AIRWAVE_API_KEY: '', AIRWAVE_API_KEYS: '', AIRWAVE_SERVER: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), args.filter((a) => a === '--server').length > 1 ? 25_000 : 15_000);
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
    expect(run.stdout).toMatch(/✓ Status +“[^”]+” · version [^·]+ · uptime unknown · counts unknown/);
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

  it('prints a server\'s words cleaned of control sequences, never obeying them', async () => {
    const esc = '\u001b]52;c;ZXZpbA==\u0007\u001b]0;pwned\u0007\u001b[2J\u001b]8;;http://evil.example/\u001b\\\u009b31m\u202e';
    other = await startLocalServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path === '/api/public/v1/status') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ product: 'airwave', version: `0.15${esc}`, instanceId: 'i-1', name: `Home${esc}`, time: null, timezone: null }));
        return;
      }
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'internal', message: `Broken${esc}` } }));
    });
    for (const json of [false, true]) {
      const run = await doctor(['--server', other.url, ...(json ? ['--json'] : [])], { AIRWAVE_API_KEY: 'airwave_x' });
      // eslint-disable-next-line no-control-regex -- the point of the test
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      // cleaned where it entered the app (cleanServerText, issue 34): the sequences go with their payload
      expect(run.stdout).not.toContain('52;c;');
      expect(run.stdout).not.toContain('pwned');
      expect(run.stdout).toContain('Home');
      if (json) expect(() => JSON.parse(run.stdout)).not.toThrow();
    }
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

interface RunJson {
  servers: { verdict: string; exitCode: number; server: { root: string } | null; status: { name: string } | null }[];
  sameServer: { instanceId: string; addresses: string[] }[];
  exitCode: number;
}

describe('npm run doctor with several servers (issue 19)', () => {
  let first: DemoServer;
  let second: DemoServer;
  let stalls: LocalServer[] = [];
  beforeAll(async () => {
    first = await startDemoServer({ port: 0, seed: 21, channels: 3, viewers: 1, churn: 0, name: 'Living Room' });
    second = await startDemoServer({ port: 0, seed: 22, channels: 5, viewers: 0, churn: 0, name: 'Cabin' });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });
  afterEach(async () => {
    await Promise.all(stalls.map((s) => s.close()));
    stalls = [];
  });

  it('checks two servers in one run with a key each from AIRWAVE_API_KEYS, and names both', async () => {
    const run = await doctor(['--server', first.url, '--server', second.url], { AIRWAVE_API_KEYS: `${first.key}, ${second.key}` });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`== Server 1 of 2: ${first.url} ==`);
    expect(run.stdout).toContain(`== Server 2 of 2: ${second.url} ==`);
    expect(run.stdout).toContain('“Living Room” · version');
    expect(run.stdout).toContain('✓ Channels      3 channels on now');
    expect(run.stdout).toContain('✓ Channels      5 channels on now');
    const summary = run.stdout.slice(run.stdout.indexOf('\nSummary\n'));
    expect(summary).toMatch(new RegExp(`✓ ${first.url} +exit 0 · "Living Room" · This server and key will work\\.`));
    expect(summary).toMatch(new RegExp(`✓ ${second.url} +exit 0 · "Cabin" · This server and key will work\\.`));
    expect(summary).not.toContain('same server');
    expect(run.stdout).not.toContain(first.key);
    expect(run.stdout).not.toContain(second.key);
  });

  it('exits 3 when one server is unreachable, and still reports the good one', async () => {
    const port = await closedPort();
    const down = `http://127.0.0.1:${port}`;
    const args = ['--server', first.url, '--server', down];
    const run = await doctor(args, { AIRWAVE_API_KEYS: `${first.key},airwave_x` });
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(new RegExp(`✓ ${first.url} +exit 0 · "Living Room" · This server and key will work\\.`));
    expect(run.stdout).toMatch(new RegExp(`✗ ${down} +exit 3 · The server could not be reached\\.`));
    expect(run.stdout).toContain('✓ Sessions');
    const json = await doctor([...args, '--json'], { AIRWAVE_API_KEYS: `${first.key},airwave_x` });
    expect(json.code).toBe(3);
    const report = JSON.parse(json.stdout) as RunJson;
    expect(report.exitCode).toBe(3);
    expect(report.servers.map((s) => [s.server?.root, s.verdict, s.exitCode])).toEqual([
      [first.url, 'ok', 0],
      [down, 'unreachable', 3],
    ]);
    expect(report.sameServer).toEqual([]);
  });

  it('says when two addresses reach the same server, with AIRWAVE_API_KEY for both', async () => {
    const byName = `http://localhost:${first.port}`;
    const run = await doctor(['--server', first.url, '--server', `localhost:${first.port}`], { AIRWAVE_API_KEY: first.key });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`\\n${first.url} and ${byName} are the same server \\(instance inst_[0-9a-f]+\\)\\.`));
    const json = await doctor(['--server', first.url, '--server', byName, '--server', second.url, '--json'], {
      AIRWAVE_API_KEYS: [first.key, first.key, second.key].join(','),
    });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as RunJson;
    expect(report.sameServer).toEqual([{ instanceId: expect.stringMatching(/^inst_/) as string, addresses: [first.url, byName] }]);
    expect(report.servers.map((s) => s.status?.name)).toEqual(['Living Room', 'Living Room', 'Cabin']);
    expect(report.servers.every((s) => s.exitCode === 0)).toBe(true);
  });

  it('refuses a key count that does not match the servers, and --key with several servers', async () => {
    const mismatch = await doctor(['--server', first.url, '--server', second.url, '--server', 'localhost:1'], {
      AIRWAVE_API_KEYS: `${first.key},${second.key}`,
    });
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toContain('AIRWAVE_API_KEYS has 2 keys for 3 servers');
    expect(mismatch.stderr).toContain('Usage: npm run doctor');
    expect(mismatch.stdout).toBe('');
    const withKey = await doctor(['--server', first.url, '--server', second.url, '--key', first.key]);
    expect(withKey.code).toBe(1);
    expect(withKey.stderr).toContain('--key goes with one server (got 2)');
  });

  it('probes at most two servers at a time', async () => {
    // Three servers that never answer: each holds the doctor's request until its timeout.
    let open = 0;
    let peak = 0;
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      stalls.push(
        await startLocalServer((req) => {
          seen.add(req.headers.host ?? '');
          open++;
          peak = Math.max(peak, open);
          req.socket.once('close', () => open--);
        }),
      );
    }
    const run = await doctor([...stalls.flatMap((s) => ['--server', s.url]), '--timeout', '0.5'], { AIRWAVE_API_KEY: 'airwave_x' });
    expect(run.code).toBe(3);
    expect(seen.size).toBe(3);
    expect(peak).toBe(2);
  });
});
