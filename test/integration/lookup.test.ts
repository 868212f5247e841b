import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AirwaveClient, ApiError, isMissingResource, isMissingRoute } from '../../src/main/core/client';
import { ChannelLookup } from '../../src/main/core/connection-test/lookup';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { sendJson, startLocalServer, type LocalServer } from '../support/local-server';
import { startOlderServer } from '../support/older-server';

// Lookup by number on every server (issue 13, item 2): one request where
// /channels/by-number/{n}/now exists, /channels/by-number/{n} + /channels/{id}/now where it does not
// (Airwave's router), remembered per server; "missing" only when the server says so.

const paths = (server: LocalServer) => server.requests.map((r) => r.url.replace('/api/public/v1', ''));

describe('channel lookup by number', () => {
  let demo: DemoServer;
  let front: LocalServer | undefined;
  const clients: AirwaveClient[] = [];
  const client = (url: string) => {
    const made = new AirwaveClient({ server: url, apiKey: demo.key });
    clients.push(made);
    return made;
  };
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 9, channels: 5, viewers: 0, churn: 0 });
  });
  afterAll(() => demo.close());
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await front?.close();
    front = undefined;
  });

  it('takes one request where the server has /channels/by-number/{n}/now', async () => {
    front = await startOlderServer(demo.url, {});
    const lookup = new ChannelLookup();
    const api = client(front.url);
    const result = await lookup.lookup(api, 101);
    expect(result).toMatchObject({ kind: 'found', number: 101, form: 'by-number-now' });
    const direct = await client(demo.url).channelNowByNumber(101);
    expect(result.kind === 'found' && result.now?.title).toBe(direct.current?.title);
    expect(paths(front)).toEqual(['/channels/by-number/101/now']);
    expect(lookup.formFor(api)).toBe('by-number-now');
  });

  it('falls back to by-number and {id}/now on a router without the route, and remembers that', async () => {
    front = await startOlderServer(demo.url, { noByNumberNow: true });
    const lookup = new ChannelLookup();
    const api = client(front.url);
    const first = await lookup.lookup(api, 102);
    const channels = await client(demo.url).channels();
    const expected = channels.channels.find((c) => c.number === 102);
    expect(first).toMatchObject({ kind: 'found', number: 102, form: 'by-number-then-id', channel: { id: expected?.id, name: expected?.name } });
    const direct = await client(demo.url).channelNowByNumber(102);
    expect(first.kind === 'found' && first.now?.title).toBe(direct.current?.title);
    expect(paths(front)).toEqual(['/channels/by-number/102/now', '/channels/by-number/102', `/channels/${expected?.id}/now`]);
    front.requests.length = 0;
    // The second lookup goes straight to the form that works.
    expect(await lookup.lookup(api, 103)).toMatchObject({ kind: 'found', form: 'by-number-then-id' });
    expect(paths(front).map((p) => p.replace(/\/channels\/[^/]+\/now$/, '/channels/{id}/now'))).toEqual([
      '/channels/by-number/103',
      '/channels/{id}/now',
    ]);
  });

  it('says a channel is missing only when the server says so, in either form', async () => {
    for (const options of [{}, { noByNumberNow: true }]) {
      front = await startOlderServer(demo.url, options);
      const result = await new ChannelLookup().lookup(client(front.url), 999);
      expect(result.kind).toBe('missing');
      await front.close();
      front = undefined;
    }
  });

  it('tells a missing route (plain 404) from a missing channel (404 in the error envelope)', async () => {
    front = await startOlderServer(demo.url, { noByNumberNow: true });
    const api = client(front.url);
    const route = await api.channelNowByNumber(101).catch((error: unknown) => error);
    expect(isMissingRoute(route)).toBe(true);
    expect(isMissingResource(route)).toBe(false);
    expect((route as ApiError).message).toBe('This server has no GET /channels/by-number/101/now (HTTP 404).');
    const channel = await api.channelByNumber(999).catch((error: unknown) => error);
    expect(isMissingResource(channel)).toBe(true);
    expect(isMissingRoute(channel)).toBe(false);
    expect((channel as ApiError).message).toMatch(/^Not found: GET \/channels\/by-number\/999\. The server said: /);
  });

  it('fails with a clear message, and forgets the form, on a server with neither route', async () => {
    front = await startLocalServer((req, res) => {
      if ((req.url ?? '').includes('/by-number/')) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('404 Not Found');
      } else sendJson(res, 500, {});
    });
    const lookup = new ChannelLookup();
    const api = client(front.url);
    const error = await lookup.lookup(api, 101).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('This server cannot look channels up by number (it has neither lookup route).');
    expect(lookup.formFor(api)).toBeNull();
    expect(paths(front)).toEqual(['/channels/by-number/101/now', '/channels/by-number/101']);
  });

  it('passes other failures on (offline, server trouble) without deciding anything', async () => {
    front = await startLocalServer((_req, res) => sendJson(res, 503, { error: { code: 'unavailable', message: 'busy' } }));
    const lookup = new ChannelLookup();
    const api = client(front.url);
    const error = await lookup.lookup(api, 101).catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('server-error');
    expect(lookup.formFor(api)).toBeNull();
  });
});
