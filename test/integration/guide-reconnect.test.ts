import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../support/local-server';
import { sleep, startCoreHarness, type CoreHarness } from '../support/core-harness';

// Issue 14, item 2: a reconnect while a guide window loads (an auth-style change, a new key, a
// dropped network) never leaves `guide.loading` true, and loadGuide says what happened.

let h: CoreHarness | null = null;
let proxy: LocalServer | null = null;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  h = null;
  proxy = null;
});

/** A proxy in front of the demo that holds the first `hold` `/guide` requests open without answering. */
async function holdingProxy(target: string, hold: number): Promise<{ server: LocalServer; held: () => number }> {
  let held = 0;
  const server = await startLocalServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url!.startsWith('/api/public/v1/guide?') && held < hold) {
      held++;
      return; // never answers; the socket closes when the client gives up
    }
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end();
  });
  return { server, held: () => held };
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await sleep(5);
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('a reconnect while a guide window loads', () => {
  it('an auth-style change: the load is tried again on the new connection and the window arrives', async () => {
    h = await startCoreHarness();
    const relay = await holdingProxy(h.demo.url, 1);
    proxy = relay.server;
    await h.connect(proxy.url);
    const loading = h.app.handlers.loadGuide({ forwardMinutes: 360 });
    await waitFor(() => relay.held() === 1, 'the guide request to be held');
    expect(h.app.store.state.guide.loading).toBe(true);
    expect(await h.app.handlers.updateSettings({ authStyle: 'bearer' })).toMatchObject({ ok: true });
    expect(await loading).toEqual({ ok: true, value: null });
    expect(h.app.store.state.guide).toMatchObject({ loading: false, error: null, state: 'loaded', window: { windowMinutes: 360 } });
    expect(h.app.store.state.guide.channels).toBeGreaterThan(0);
  });

  it('a reconnect that keeps failing: loading ends, and loadGuide says what happened in words', async () => {
    h = await startCoreHarness();
    const relay = await holdingProxy(h.demo.url, 2);
    proxy = relay.server;
    await h.connect(proxy.url);
    const loading = h.app.handlers.loadGuide({ forwardMinutes: 360 });
    await waitFor(() => relay.held() === 1, 'the first guide request');
    await h.app.handlers.updateSettings({ authStyle: 'bearer' });
    await waitFor(() => relay.held() === 2, 'the second guide request');
    await h.app.handlers.updateSettings({ authStyle: 'x-api-key' });
    const outcome = await loading;
    expect(outcome.ok).toBe(false);
    const message = outcome.ok ? '' : outcome.error.message;
    expect(message).toMatch(/connection to the server changed while the guide was loading/);
    expect(message).not.toMatch(/UND_ERR/);
    expect(h.app.store.state.guide).toMatchObject({ loading: false, error: message });
  });
});
