import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChannelNowById, parseGuide, parseGuideNow, parseSessions, readErrorEnvelope, type NowSlot } from '../../src/shared/airwave';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { demoGet } from '../support/demo-client';
import { ManualClock } from '../support/manual-clock';
import { openSse } from '../support/sse';

// The demo's airwave profile against the corrected airwave-api.md, field by field: breaks only in
// now/next answers, stretched guides, the now answer's schedule horizon, plain-text 404s, Airwave's
// keepalives, lowercase platforms, webhooks for the admin key, keyless identity and OpenAPI, and
// browser players that restart their session on a channel change.

const START = '2026-09-27T17:40:00.000Z';

describe('demo airwave profile: what real servers send', () => {
  const clock = new ManualClock(START);
  let demo: DemoServer;
  let get: ReturnType<typeof demoGet>;
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 21, channels: 8, viewers: 0, churn: 0, clock, profile: 'airwave' });
    get = demoGet(demo);
  });
  afterAll(() => demo.close());

  const channelIds = () => demo.controls.listChannels().filter((c) => !c.empty);
  const nowOf = async (id: string) => parseChannelNowById((await get(`/channels/${id}/now`)).json, id);

  /** Moves the clock into the next break on some channel; returns that channel and the bumper. */
  async function intoBreak(): Promise<{ id: string; number: number; bumper: NowSlot }> {
    for (const c of channelIds()) {
      const answer = await nowOf(c.id);
      if (answer.next?.kind === 'bumper') {
        clock.set(Date.parse(answer.next.startsAt) + 1_000);
        return { id: c.id, number: c.number, bumper: answer.next };
      }
    }
    throw new Error('no channel has a break next');
  }

  it('has bumpers only in now/next answers, each named for the programme it introduces', async () => {
    clock.set(START);
    const { id, bumper } = await intoBreak();
    const now = await nowOf(id);
    expect(now.current).toMatchObject({ kind: 'bumper', ratingKey: null, startsAt: bumper.startsAt });
    expect(now.next?.kind).toBe('program');
    // the bumper carries the title, type, show, season and episode of what it introduces
    const { title, type, showTitle, season, episode } = now.next!;
    expect(now.current).toMatchObject({ title, type, showTitle, season, episode });
    expect(now.next!.startsAt).toBe(now.current!.endsAt);

    const guide = parseGuide((await get('/guide?forwardMinutes=1440&backMinutes=120')).json);
    const guideNow = parseGuideNow((await get('/guide/now')).json);
    const schedule = (await get(`/channels/${id}/schedule?hours=24`)).json as { programs: { ratingKey: string | null }[] };
    for (const row of guide.channels) for (const p of row.programs) expect(p.ratingKey, row.name).not.toBeNull();
    for (const row of guideNow.channels) for (const p of [row.now, row.next]) if (p) expect(p.ratingKey, row.name).not.toBeNull();
    expect(schedule.programs.length).toBeGreaterThan(0);
    for (const p of schedule.programs) expect(p.ratingKey).not.toBeNull();
  });

  it('stretches /guide and /guide/now programmes over the breaks: during one, /guide/now has the programme before it on', async () => {
    clock.set(START);
    const { id, bumper } = await intoBreak();
    const guide = parseGuide((await get('/guide?forwardMinutes=600&backMinutes=60')).json);
    for (const row of guide.channels) {
      for (let i = 1; i < row.programs.length; i++) expect(row.programs[i - 1]!.endsAt, row.name).toBe(row.programs[i]!.startsAt);
      for (const p of row.programs) expect(p.durationSeconds).toBe((Date.parse(p.endsAt) - Date.parse(p.startsAt)) / 1000);
    }
    const row = parseGuideNow((await get('/guide/now')).json).channels.find((c) => c.id === id)!;
    expect(row.next).toMatchObject({ startsAt: bumper.endsAt, title: bumper.title });
    // the programme before the break is stretched to the start of the next one in /guide, and is
    // /guide/now's `now` during the break ("a channel's row has no gaps", airwave-api.md)
    const before = guide.channels.find((c) => c.id === id)!.programs.find((p) => p.endsAt === bumper.endsAt);
    expect(before && Date.parse(before.startsAt)).toBeLessThan(Date.parse(bumper.startsAt));
    expect(row.now).toMatchObject({ startsAt: before!.startsAt, endsAt: bumper.endsAt, title: before!.title });

    // /schedule is not stretched: the break is a gap there
    const schedule = (await get(`/channels/${id}/schedule?hours=6`)).json as { programs: { startsAt: string; endsAt: string }[] };
    expect(schedule.programs[0]?.startsAt).toBe(bumper.endsAt);
    const gaps = schedule.programs.filter((p, i) => i > 0 && schedule.programs[i - 1]!.endsAt !== p.startsAt);
    expect(gaps.length).toBeGreaterThan(0);
  });

  it('says in a now answer when the prepared schedule runs out (days away), not when the slot ends', async () => {
    clock.set(START);
    const c = channelIds()[0]!;
    const now = await nowOf(c.id);
    expect(Date.parse(now.endsAt!) - clock.now()).toBeGreaterThan(86_400_000);
    expect(Date.parse(now.current!.endsAt) - clock.now()).toBeLessThan(6 * 3_600_000);
  });

  it('answers unknown routes and artwork the media server lacks with a text/plain 404', async () => {
    const route = await get('/no/such/thing');
    expect([route.status, route.contentType.startsWith('text/plain'), route.text]).toEqual([404, true, '404 Not Found']);
    const c = channelIds()[0]!;
    const missing = await fetch(`${demo.url}/api/public/v1/channels/${c.id}/artwork/99999999?kind=poster`);
    expect([missing.status, missing.headers.get('content-type')?.startsWith('text/plain'), await missing.text()]).toEqual([404, true, 'not found']);
    const noChannel = await fetch(`${demo.url}/api/public/v1/channels/ch_nope/artwork/48000`);
    expect(noChannel.status).toBe(404);
    expect(readErrorEnvelope(await noChannel.json())?.message).toBe('Artwork not found.');
  });

  it('sends hello as {product, filter} and keepalives as {"t":<epoch ms>}', async () => {
    const stream = await openSse(`${demo.url}/api/public/v1/events`, { 'x-api-key': demo.key });
    try {
      const hello = await stream.waitFor((e) => e.event === 'hello');
      expect(JSON.parse(hello.data)).toEqual({ product: 'airwave', filter: 'all' });
      clock.advance(15_000);
      const keepalive = await stream.waitFor((e) => e.event === 'keepalive');
      expect(JSON.parse(keepalive.data)).toEqual({ t: clock.now() });
    } finally {
      stream.close();
    }
  });

  it('names device platforms in lowercase', async () => {
    const started = ['Roku', 'tvOS', 'Chrome', 'Android TV', 'iOS', 'webOS'].map((platform, i) =>
      demo.controls.startSession({ user: `Lower ${i}`, channelNumber: 101, platform, deviceId: `dev_lower_${i}` }),
    );
    try {
      const sessions = parseSessions((await get('/sessions')).json).sessions.filter((s) => s.user.startsWith('Lower '));
      const platforms = sessions.map((s) => s.device?.platform);
      expect(platforms).toEqual(['roku', 'ios', 'browser', 'android', 'ios', 'webos']);
    } finally {
      for (const s of started) demo.controls.endSession(s.id);
    }
  });

  it('lets the admin key read /webhooks and refuses a viewer key with 403', async () => {
    const admin = await get('/webhooks');
    expect(admin.status).toBe(200);
    const hooks = (admin.json as { webhooks: Record<string, unknown>[] }).webhooks;
    expect(hooks.length).toBeGreaterThan(0);
    expect(Object.keys(hooks[0]!).sort()).toEqual(['createdAt', 'description', 'disabledAt', 'disabledReason', 'enabled', 'eventTypes', 'id', 'updatedAt', 'url']);
    const viewer = await get('/webhooks', demo.viewerKey);
    expect(viewer.status).toBe(403);
    expect(readErrorEnvelope(viewer.json)?.code).toBe('forbidden');
  });

  it('answers /api/identity, /api/health and /openapi.json without a key', async () => {
    const identity = await fetch(`${demo.url}/api/identity`);
    const status = (await get('/status')).json as { instanceId: string; name: string; version: string };
    expect(await identity.json()).toEqual({ product: 'airwave', version: status.version, instanceId: status.instanceId, name: status.name });
    expect(await (await fetch(`${demo.url}/api/health`)).json()).toEqual({ ok: true });
    const openapi = (await get('/openapi.json', null)).json as { info: { version: string }; paths: Record<string, unknown> };
    expect(openapi.info.version).toBe(status.version);
    expect(Object.keys(openapi.paths)).toContain('/guide/now');
    expect(Object.keys(openapi.paths)).not.toContain('/channels/by-number/{number}/now');
    // the rest still wants a key
    expect((await get('/status', null)).status).toBe(401);
  });

  it('ends and restarts a browser player’s session when it changes channel', async () => {
    const stream = await openSse(`${demo.url}/api/public/v1/events`, { 'x-api-key': demo.key });
    try {
      await stream.waitFor((e) => e.event === 'hello');
      const first = demo.controls.startSession({ user: 'Web Wendy', channelNumber: 101, platform: 'Chrome', deviceId: 'dev_browser' });
      await stream.waitFor((e) => e.event === 'session.started' && e.data.includes('Web Wendy'));
      const from = stream.events.length;
      const second = demo.controls.tune(first.id, 103)!;
      await stream.waitFor((e) => e.event === 'session.started' && e.data.includes('Web Wendy') && stream.events.indexOf(e) >= from);
      const kinds = stream.events.slice(from).map((e) => e.event ?? '').filter((e) => e.startsWith('session.') || e === 'channel.tuned');
      expect(kinds).toEqual(['session.ended', 'session.started']);
      expect(second.id).not.toBe(first.id);
      expect(second).toMatchObject({ user: 'Web Wendy', deviceId: 'dev_browser', channel: { number: 103 } });
      const listed = parseSessions((await get('/sessions')).json).sessions.filter((s) => s.user === 'Web Wendy');
      expect(listed.map((s) => s.id)).toEqual([second.id]);
      demo.controls.endSession(second.id);
    } finally {
      stream.close();
    }
  });
});
