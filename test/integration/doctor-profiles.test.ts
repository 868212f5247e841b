import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from '../../src/main/demo';

/**
 * Issue 13: `npm run doctor` against each demo profile, with the admin key and with the viewer's
 * key: it exits 0 every time and names what the server lacks (and nothing it has).
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** Runs the doctor's script as a child process; killed if it runs past 15 s (25 s for several servers). */
function doctor(server: string | string[], apiKey: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string }> {
  const servers = typeof server === 'string' ? [server] : server;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['src/main/doctor/cli.ts', ...servers.flatMap((url) => ['--server', url])], {
      cwd: root,
      env: { ...process.env, AIRWAVE_API_KEY: apiKey, AIRWAVE_API_KEYS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), servers.length > 1 ? 25_000 : 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout });
    });
  });
}

const LACKS = {
  stream: 'no live event stream',
  uptime: 'no uptime in /status',
  counts: 'no counts in /status',
  lookup: 'no /channels/by-number/{n}/now',
};

let demo: DemoServer | null = null;
afterEach(async () => {
  await demo?.close();
  demo = null;
});

describe.each([
  { profile: 'seed', lacks: [] as (keyof typeof LACKS)[], live: 'yes' },
  { profile: 'airwave', lacks: ['lookup'] as (keyof typeof LACKS)[], live: 'yes' },
  { profile: 'legacy', lacks: ['stream', 'uptime', 'counts', 'lookup'] as (keyof typeof LACKS)[], live: 'no' },
] as const)('npm run doctor against the $profile profile', ({ profile, lacks, live }) => {
  it.each(['admin', 'viewer'] as const)('exits 0 with the %s key and names what the server lacks', async (which) => {
    demo = await startDemoServer({ port: 0, seed: 11, channels: 6, viewers: 1, churn: 0, profile });
    const run = await doctor(demo.url, which === 'admin' ? demo.key : demo.viewerKey);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`live events: ${live}`);
    expect(run.stdout).toContain('This server and key will work.');
    for (const [name, words] of Object.entries(LACKS)) {
      expect(run.stdout.includes(words), `${name} in:\n${run.stdout}`).toBe((lacks as readonly string[]).includes(name));
    }
    if (lacks.length > 0) expect(run.stdout).toContain('the app works without');
    const channels = which === 'admin' ? 6 : demo.controls.viewerChannels().length;
    expect(run.stdout).toContain(`${channels} channels on now`);
    expect(run.stdout).not.toContain(which === 'admin' ? demo.key : demo.viewerKey);
  });
});

describe('npm run doctor against every profile in one run (issue 19)', () => {
  const demos: DemoServer[] = [];
  afterEach(async () => {
    await Promise.all(demos.splice(0).map((d) => d.close()));
  });

  it('exits 0 and names, under each server, what that server lacks', async () => {
    for (const [i, profile] of (['seed', 'airwave', 'legacy'] as const).entries()) {
      demos.push(await startDemoServer({ port: 0, seed: 31 + i, channels: 4, viewers: 1, churn: 0, profile, name: `Demo ${profile}` }));
    }
    const keys = [demos[0]?.key, demos[1]?.viewerKey, demos[2]?.key].join(',');
    const run = await doctor(demos.map((d) => d.url), '', { AIRWAVE_API_KEYS: keys });
    expect(run.code, run.stdout).toBe(0);
    const sections = run.stdout.split(/^== Server \d of 3: /m).slice(1);
    expect(sections).toHaveLength(3);
    const [seed = '', airwave = '', legacy = ''] = sections;
    expect(seed).toContain('live events: yes');
    expect(seed).not.toContain('the app works without');
    expect(airwave).toContain(LACKS.lookup);
    expect(airwave).not.toContain(LACKS.stream);
    expect(legacy).toContain('live events: no');
    for (const words of Object.values(LACKS)) expect(legacy).toContain(words);
    for (const profile of ['seed', 'airwave', 'legacy']) expect(run.stdout).toMatch(new RegExp(`exit 0 · "Demo ${profile}" · This server and key will work`));
    expect(run.stdout).not.toContain('same server');
  });
});
