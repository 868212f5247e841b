import { describe, expect, it } from 'vitest';
import { onAirChannel, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// Routes from /openapi.json (issue 25): a server that lists its public routes tells the core which
// lookup form it has, so no route is found by trying it (no 404 trial); a server without the
// document is tried as before. The whole core against the demo's stages over loopback.

const core = useCoreHarness('airwave-openapi');
const connected = (serverVersion: string) => core.connected({ demo: { profile: 'airwave', serverVersion } });

const trials = (harness: CoreHarness) => Object.keys(harness.apiRequests()).filter((path) => /^\/channels\/by-number\/\d+\/now$/.test(path));

describe('a lookup by number', () => {
  it('on Airwave 0.15.12 with /openapi.json: the two-request form at once, with no 404 trial', async () => {
    const harness = await connected('0.15.12');
    expect(harness.app.store.state.routes?.paths.has('/channels/by-number/{}/now')).toBe(false);
    const number = onAirChannel(harness.demo, 0);
    const answer = await harness.app.handlers.lookupChannel({ number });
    expect(answer.ok).toBe(true);
    expect(trials(harness)).toEqual([]);
    expect(harness.apiRequests()[`/channels/by-number/${number}`]).toBeGreaterThan(0);
    // read once by the connection test before saving, once by the engine on connect
    expect(harness.apiRequests()['/openapi.json']).toBe(2);
  });

  it('on Airwave 0.15.13 with /openapi.json: one request', async () => {
    const harness = await connected('0.15.13');
    const number = onAirChannel(harness.demo, 0);
    expect((await harness.app.handlers.lookupChannel({ number })).ok).toBe(true);
    expect(trials(harness)).toEqual([`/channels/by-number/${number}/now`]);
    expect(harness.apiRequests()[`/channels/by-number/${number}`]).toBeUndefined();
  });

  it('on Airwave 0.14.70 without /openapi.json: tries by-number now once, as before', async () => {
    const harness = await connected('0.14.70');
    expect(harness.app.store.state.routes).toBeNull();
    const [first, second] = [onAirChannel(harness.demo, 0), onAirChannel(harness.demo, 1)];
    expect((await harness.app.handlers.lookupChannel({ number: first })).ok).toBe(true);
    expect((await harness.app.handlers.lookupChannel({ number: second })).ok).toBe(true);
    expect(trials(harness)).toEqual([`/channels/by-number/${first}/now`]);
  });
});
