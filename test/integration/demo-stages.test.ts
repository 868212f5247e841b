import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCapabilities, parseChannelNow, parseStatus, readErrorEnvelope } from '../../src/shared/airwave';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { demoGet } from '../support/demo-client';
import { startDemoCli } from '../support/demo-cli';

// `--server-version`: the demo plays the stages of airwave-api.md's version table, each with only
// the routes and fields that version had.

const PLAIN_404 = [404, '404 Not Found'];

async function stage(version: string): Promise<{ demo: DemoServer; get: ReturnType<typeof demoGet> }> {
  const demo = await startDemoServer({ port: 0, seed: 8, channels: 6, viewers: 2, churn: 0, serverVersion: version });
  return { demo, get: demoGet(demo) };
}

describe('demo stage 0.14.67: channels, no guide, no sessions', () => {
  let s: Awaited<ReturnType<typeof stage>>;
  beforeAll(async () => (s = await stage('0.14.67')));
  afterAll(() => s.demo.close());

  it('says its version and has /status without uptime or counts, /capabilities and the channel routes', async () => {
    expect(s.demo.profile).toBe('airwave');
    const status = parseStatus((await s.get('/status')).json);
    expect(status).toMatchObject({ version: '0.14.67', uptimeSeconds: null, counts: null });
    const capabilities = parseCapabilities((await s.get('/capabilities')).json);
    expect(capabilities).toMatchObject({ serverVersion: '0.14.67', sse: { supported: false }, webhooks: { supported: false } });
    expect((await s.get('/channels')).status).toBe(200);
    const record = (await s.get('/channels/by-number/101')).json as { id: string };
    const now = (await s.get(`/channels/${record.id}/now`)).json as Record<string, Record<string, unknown> | null>;
    expect(now.current).toHaveProperty('artworkPath');
    expect(now.current).not.toHaveProperty('artworkUrl');
  });

  it('answers the guide, sessions, packages, now-playing, events and by-number now with a plain-text 404', async () => {
    for (const path of ['/guide/now', '/guide', '/sessions', '/sessions/count', '/now-playing', '/packages', '/events', '/channels/by-number/101/now', '/webhooks']) {
      const answer = await s.get(path);
      expect([answer.status, answer.text], path).toEqual(PLAIN_404);
    }
    // no OpenAPI document at this stage, but the keyless identity
    expect((await s.get('/openapi.json', null)).status).toBe(401);
    expect(await (await fetch(`${s.demo.url}/api/identity`)).json()).toMatchObject({ product: 'airwave', version: '0.14.67' });
  });
});

describe('demo stage 0.14.68: the guide and sessions, artwork as artworkPath', () => {
  let s: Awaited<ReturnType<typeof stage>>;
  beforeAll(async () => (s = await stage('0.14.68')));
  afterAll(() => s.demo.close());

  it('sends artworkPath (a media-server path) instead of artworkUrl, in programmes and sessions, and has no artwork route', async () => {
    const guide = (await s.get('/guide/now')).json as { channels: { now: Record<string, unknown> | null }[] };
    const now = guide.channels.map((c) => c.now).find(Boolean)!;
    expect(now).not.toHaveProperty('artworkUrl');
    expect(now.artworkPath).toMatch(/^\/library\/metadata\//);
    const sessions = (await s.get('/sessions')).json as { sessions: Record<string, unknown>[] };
    expect(sessions.sessions.length).toBe(2);
    for (const session of sessions.sessions) {
      expect(session).not.toHaveProperty('artworkUrl');
      expect(session).not.toHaveProperty('deviceId');
      expect(session).not.toHaveProperty('playbackState');
    }
    const status = parseStatus((await s.get('/status')).json);
    expect(status.counts?.activeSessions).toBe(2);
    // no artwork route yet: with a key, a plain-text 404 (without one, the key check answers first)
    const art = await s.get('/channels/x/artwork/48000');
    expect([art.status, art.text]).toEqual(PLAIN_404);
  });
});

describe('demo stage 0.15.12: everything but the by-number now', () => {
  let s: Awaited<ReturnType<typeof stage>>;
  beforeAll(async () => (s = await stage('0.15.12')));
  afterAll(() => s.demo.close());

  it('has the event stream, webhooks and artworkUrl, lists its routes in /openapi.json, and no by-number now', async () => {
    expect(parseCapabilities((await s.get('/capabilities')).json)).toMatchObject({ sse: { supported: true }, webhooks: { supported: true } });
    const guide = (await s.get('/guide/now')).json as { channels: { now: Record<string, unknown> | null }[] };
    expect(guide.channels.map((c) => c.now).find(Boolean)).toHaveProperty('artworkUrl');
    const answer = await s.get('/channels/by-number/101/now');
    expect([answer.status, answer.text]).toEqual(PLAIN_404);
    const openapi = (await s.get('/openapi.json', null)).json as { info: { version: string }; paths: Record<string, unknown> };
    expect(openapi.info.version).toBe('0.15.12');
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/sessions', '/channels/{channelId}/schedule', '/guide/now']));
    expect(Object.keys(openapi.paths)).not.toContain('/channels/by-number/{number}/now');
  });
});

describe('demo stage 0.15.13: by-number now and schedule', () => {
  let s: Awaited<ReturnType<typeof stage>>;
  beforeAll(async () => (s = await stage('0.15.13')));
  afterAll(() => s.demo.close());

  it('answers /channels/by-number/{n}/now (the same payload as by id) and /schedule, and lists them', async () => {
    const now = parseChannelNow((await s.get('/channels/by-number/101/now')).json, 101);
    expect(now.current).not.toBeNull();
    expect(now.channel).toBeUndefined();
    const schedule = (await s.get('/channels/by-number/101/schedule?hours=2')).json as { programs: unknown[] };
    expect(schedule.programs.length).toBeGreaterThan(0);
    expect(readErrorEnvelope((await s.get('/channels/by-number/999/now')).json)?.code).toBe('not_found');
    const openapi = (await s.get('/openapi.json', null)).json as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/channels/by-number/{number}/now', '/channels/by-number/{number}/schedule']));
  });
});

describe('demo stages: refused versions', () => {
  it('refuses a version before 0.14, and a stage with the seed profile', async () => {
    await expect(startDemoServer({ port: 0, serverVersion: '0.13.9' })).rejects.toThrow(/from 0\.14\.0 on/);
    await expect(startDemoServer({ port: 0, serverVersion: 'latest' })).rejects.toThrow(/--server-version/);
    await expect(startDemoServer({ port: 0, profile: 'seed', serverVersion: '0.15.13' })).rejects.toThrow(/--profile airwave/);
  });

  it('before 0.14.65 answers /api/identity, and every path of the public API with a plain-text 404', async () => {
    const demo = await startDemoServer({ port: 0, channels: 4, serverVersion: '0.14.60' });
    try {
      const identity = await fetch(`${demo.url}/api/identity`);
      expect(await identity.json()).toMatchObject({ product: 'airwave', version: '0.14.60' });
      for (const path of ['/status', '/capabilities', '/channels', '/openapi.json']) {
        const res = await fetch(`${demo.url}/api/public/v1${path}`, { headers: { 'X-API-Key': demo.key } });
        expect([path, res.status, res.headers.get('content-type'), await res.text()]).toEqual([path, 404, expect.stringMatching(/^text\/plain/), '404 Not Found']);
      }
    } finally {
      await demo.close();
    }
  });

  it('npm run demo-server -- --server-version prints the version it plays', async () => {
    const cli = await startDemoCli(['--port', '0', '--channels', '4', '--server-version', '0.14.68']);
    try {
      await cli.line(/Viewer key: \S+/);
      expect(cli.stdout()).toContain('Profile: airwave (Airwave 0.14.68)');
    } finally {
      // killed, nothing of it is left listening (close() checks the port)
      await cli.close('SIGKILL');
    }
  });
});
