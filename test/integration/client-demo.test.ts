import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AirwaveClient, ApiError, type AuthStyle } from '../../src/main/core/client';
import { startDemoServer, type DemoServer } from '../../src/main/demo';

let demo: DemoServer;
const clients: AirwaveClient[] = [];
const connect = (apiKey: string, authStyle?: AuthStyle) => {
  const client = new AirwaveClient({ server: demo.url, apiKey, authStyle });
  clients.push(client);
  return client;
};

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 21, channels: 8, viewers: 2, churn: 0 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await demo.close();
});

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe.each<AuthStyle>(['x-api-key', 'bearer'])('the client against the demo server with %s', (authStyle) => {
  it('reads every endpoint', async () => {
    const client = connect(demo.key, authStyle);
    const status = await client.status();
    expect(status).toMatchObject({ product: 'airwave', counts: { channels: 8, activeSessions: 2 } });
    expect((await client.capabilities()).sse.supported).toBe(true);
    expect((await client.sessionCount()).count).toBe(2);
    const playing = await client.nowPlaying();
    expect(playing.nowPlaying).toHaveLength(2);
    expect(playing.nowPlaying[0]?.channelNumber).toBe(101);
    const now = await client.guideNow();
    expect(now.channels).toHaveLength(8);
    expect((await client.sessions()).sessions).toHaveLength(2);
    expect((await client.packages()).packages.length).toBe(status.counts?.packages);
    const short = await client.guide(30);
    const long = await client.guide(1440, { backMinutes: 0 });
    expect(short.windowMinutes).toBe(30);
    expect(long.backMinutes).toBe(0);
    // Each window covers exactly what it asked for: up to now + forwardMinutes, and back as far as asked.
    const longEnd = Date.parse(long.serverTime) + 1440 * 60_000;
    const first = long.channels.find((c) => c.programs.length)!;
    expect(Date.parse(first.programs.at(-1)!.endsAt)).toBeGreaterThanOrEqual(longEnd);
    expect(Date.parse(first.programs[0]!.startsAt)).toBeLessThanOrEqual(Date.parse(long.serverTime));
    const shortEnd = Date.parse(short.serverTime) + 30 * 60_000;
    for (const c of short.channels) for (const p of c.programs) expect(Date.parse(p.startsAt)).toBeLessThan(shortEnd);
    expect((await client.channels()).channels[0]?.definition).toBeUndefined();
    expect((await client.channels({ definition: true })).channels[0]?.definition).toHaveProperty('clauses');
    const lookup = await client.channelNowByNumber(101);
    expect(lookup.channel?.number).toBe(101);
    expect(lookup.current?.title).toBe(now.channels[0]?.now?.title);
  });

  it('fetches artwork of every kind from a programme’s artworkUrl', async () => {
    const client = connect(demo.key, authStyle);
    const url = (await client.guideNow()).channels.map((c) => c.now?.artworkUrl).find(Boolean)!;
    const base = url.replace(/\?kind=.*$/, '');
    for (const kind of ['poster', 'background', 'thumb']) {
      const art = await client.artwork(`${base}?kind=${kind}`);
      expect(art.contentType).toBe('image/png');
      expect(art.bytes.length).toBeGreaterThan(100);
    }
    const byRef = await client.artwork({ channelId: base.split('/')[5]!, ratingKey: base.split('/')[7]!, kind: 'thumb' });
    expect(byRef.bytes.readUInt32BE(16)).toBe(240);
  });
});

describe('the client’s errors against the demo server', () => {
  it('a missing key is unauthorized, with the server’s message', async () => {
    const error = await failure(connect('').status());
    expect(error.kind).toBe('unauthorized');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toContain('API key required');
  });

  it('a wrong key is unauthorized and the error never contains it', async () => {
    const wrong = 'airwave_wrong_key_0123456789';
    for (const style of ['x-api-key', 'bearer'] as const) {
      const error = await failure(connect(wrong, style).sessionCount());
      expect(error.kind).toBe('unauthorized');
      expect(error.serverMessage).toBe('Invalid or revoked API key.');
      expect(`${error.message} ${JSON.stringify(error)} ${error.stack}`).not.toContain(wrong);
    }
  });

  it('an unknown channel number is not-found', async () => {
    const error = await failure(connect(demo.key).channelNowByNumber(9999));
    expect(error).toMatchObject({ kind: 'not-found', status: 404, serverMessage: 'Channel not found.' });
  });

  it('a guide window outside 30–1440 is refused before sending; the server’s 422 maps to invalid-request', async () => {
    const client = connect(demo.key);
    for (const minutes of [29, 1441, 60.5]) {
      expect((await failure(client.guide(minutes))).kind).toBe('invalid-request');
    }
    const served = await failure(client.guide(60, { backMinutes: 5000 }));
    expect(served).toMatchObject({ kind: 'invalid-request', status: 422, serverCode: 'invalid_request' });
    expect(served.serverMessage).toContain('backMinutes');
  });

  it('an artwork address of another shape is refused without a request', async () => {
    const error = await failure(connect(demo.key).artwork('/api/public/v1/status'));
    expect(error.kind).toBe('invalid-request');
  });
});
