import { describe, expect, it } from 'vitest';
import type { CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// Set-up names the server before a key is given: the core asks the typed address's keyless
// /api/identity (issue 25, keyless identity) and says "Found Airwave Home 0.15.12 — now paste an
// API key"; a second address of a listed server is seen to be that server by its instanceId, which
// is only offered: no key is sent there and the address is not kept until it is probed with that
// server's own key.

const core = useCoreHarness('airwave-setup-identity');
const tempDir = core.tempDir;
let h: CoreHarness | null = null;

const identify = async (harness: CoreHarness, server: string) => {
  const answer = await harness.app.handlers.identifyServer({ server });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
};

describe('identifyServer', () => {
  it('names an Airwave server before a key is given, with one keyless request', async () => {
    h = await core.start({ demo: { profile: 'airwave', name: 'Home' }, app: { dataDir: tempDir() } });
    await h.app.start();
    const found = await identify(h, h.demo.url);
    expect(found).toMatchObject({ name: 'Home', version: '0.15.12', listed: null, sentence: 'Found Airwave Home 0.15.12 — now paste an API key.' });
    expect(h.demo.controls.requestCounts()).toEqual({ '/api/identity': 1 });
  });

  it('offers a second address of a listed server as that server, and keeps nothing', async () => {
    h = await core.start({ demo: { profile: 'airwave', name: 'Home' }, app: { dataDir: tempDir() } });
    await h.app.start();
    await h.connect();
    const [entry] = h.settings.servers;
    const other = h.demo.url.replace('127.0.0.1', 'localhost');
    expect(other).not.toBe(h.demo.url);
    const found = await identify(h, other);
    expect(found?.listed).toEqual({ id: entry!.id, name: entry!.name });
    expect(found?.sentence).toBe(`This is ${entry!.name} again (Airwave Home 0.15.12) — add it with ${entry!.name}'s API key to keep this address too.`);
    expect(h.settings.servers[0]?.addresses).toEqual(entry!.addresses);
    // the offer is not a verification: the address is not kept without a probe with the entry's own key
    const kept = await h.app.handlers.addAddress({ id: entry!.id, address: other });
    expect(kept.ok).toBe(false);
    expect((await identify(h, h.demo.url))?.sentence).toBe(`This is ${entry!.name} (Airwave Home 0.15.12), already in the list.`);
  });

  it('answers null for a server without /api/identity (the published interface)', async () => {
    h = await core.start({ demo: { profile: 'seed' }, app: { dataDir: tempDir() } });
    await h.app.start();
    expect(await identify(h, h.demo.url)).toBeNull();
  });
});
