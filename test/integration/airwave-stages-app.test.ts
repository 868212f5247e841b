import { afterEach, describe, expect, it } from 'vitest';
import { AirwaveClient, isMissingResource, isMissingRoute } from '../../src/main/core/client';
import { probeServer, type ProbeReport } from '../../src/main/core/connection-test/probe';
import { parseServerUrl } from '../../src/shared/server-url';
import { parseGuideNow } from '../../src/shared/airwave';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { startCoreHarness, type CoreHarness } from '../support/core-harness';
import { demoGet } from '../support/demo-client';

// The app on each stage of Airwave's public API: a missing route a view needs is a sentence naming
// the version and what it lacks; artworkPath is never fetched and the probe says why; a text/plain
// 404 from the artwork route is a missing image, not a missing route; the held-row lookup never
// takes a programme's end for the answer's endsAt.

const stepOf = (report: ProbeReport, id: string) => report.steps.find((s) => s.id === id);

let demo: DemoServer | null = null;
let h: CoreHarness | null = null;
afterEach(async () => {
  await demo?.close();
  await h?.close();
  demo = null;
  h = null;
});

describe('the probe on each stage', () => {
  it('0.14.67: passes, and says the server has no guide and no viewer list, naming its version', async () => {
    demo = await startDemoServer({ port: 0, seed: 3, channels: 4, churn: 0, serverVersion: '0.14.67' });
    const report = await probeServer({ server: demo.url, apiKey: demo.key });
    expect(report.verdict).toBe('ok');
    expect(stepOf(report, 'sessions')).toMatchObject({ outcome: 'warn', detail: 'Airwave 0.14.67 has no viewer list in its public API; update Airwave to see who is watching' });
    expect(stepOf(report, 'channels')).toMatchObject({ outcome: 'warn', detail: 'Airwave 0.14.67 has no guide in its public API; update Airwave to see what is on' });
  });

  it('0.14.68: does not fetch artworkPath, and says why there is no artwork', async () => {
    demo = await startDemoServer({ port: 0, seed: 3, channels: 4, churn: 0, serverVersion: '0.14.68' });
    const report = await probeServer({ server: demo.url, apiKey: demo.key });
    expect(report.verdict).toBe('ok');
    expect(stepOf(report, 'artwork')?.outcome).toBe('warn');
    expect(stepOf(report, 'artwork')?.detail).toMatch(/^Airwave 0\.14\.68 has no artwork addresses .*artworkPath.*; update Airwave to see posters$/);
    expect(Object.keys(demo.controls.requestCounts()).filter((p) => p.includes('/artwork/') || p.startsWith('/library/'))).toEqual([]);
  });

  it('0.15.13: every step passes, with the one-request lookup', async () => {
    demo = await startDemoServer({ port: 0, seed: 3, channels: 4, churn: 0, serverVersion: '0.15.13' });
    const report = await probeServer({ server: demo.url, apiKey: demo.key });
    expect(report.steps.map((s) => s.outcome)).toEqual(Array(report.steps.length).fill('ok'));
    expect(report.lookupForm).toBe('by-number-now');
  });
});

describe('artwork the media server lacks', () => {
  it('is a missing image (a text/plain 404 from a route that exists), not a missing route', async () => {
    demo = await startDemoServer({ port: 0, seed: 3, channels: 4, churn: 0, profile: 'airwave' });
    const row = parseGuideNow((await demoGet(demo)('/guide/now')).json).channels.find((c) => c.now)!;
    const client = new AirwaveClient({ server: (parseServerUrl(demo.url) as { ok: true; address: never }).address, apiKey: '' });
    try {
      const error = await client.artwork(`/api/public/v1/channels/${row.id}/artwork/99999999?kind=poster`).catch((e: unknown) => e);
      expect(isMissingRoute(error)).toBe(false);
      expect(isMissingResource(error)).toBe(true);
      expect((error as Error).message).toBe('The media server has no such image (HTTP 404).');
    } finally {
      await client.close();
    }
  });
});

describe('the core on Airwave 0.14.67', () => {
  it('says what the server lacks, naming its version, instead of a generic failure', async () => {
    h = await startCoreHarness({ demo: { serverVersion: '0.14.67' } });
    const result = await h.app.handlers.connect({ server: h.demo.url, apiKey: h.demo.key, authStyle: 'x-api-key' });
    expect(result.saved).toBe(true);
    await h.until(() => h!.app.store.state.connection.state === 'incompatible', { what: 'the stage sentence' });
    expect(h.app.store.state.connection.message).toBe('Airwave 0.14.67 has no viewer list in its public API; update Airwave to see who is watching');
    // each view says what it lacks: none is left waiting on a request the stop cancelled
    const state = h.app.store.state;
    expect(state.nowPlaying.error).toBe('Airwave 0.14.67 has no viewer list in its public API; update Airwave to see who is watching');
    expect(state.sessionCount.error).toBe(state.nowPlaying.error);
    expect(state.onNow.error).toBe('Airwave 0.14.67 has no guide in its public API; update Airwave to see what is on');
    // it answers: the switcher's dot and the status line do not call it trouble (nor does the tray's corner)
    expect(h.app.servers.summaries().map((server) => server.trouble)).toEqual([false]);
  });
});

describe('the held-row lookup', () => {
  it('leaves the answer’s endsAt unknown (a /guide/now row does not say when the schedule runs out)', async () => {
    h = await startCoreHarness({ demo: { profile: 'airwave' } });
    await h.connect();
    const row = h.app.store.state.onNow.data!.channels.find((c) => c.now)!;
    await h.demo.close();
    const result = await h.app.handlers.lookupChannel({ number: row.number });
    expect(result.ok && result.value.stale).toBeTruthy();
    if (!result.ok) return;
    expect(result.value.now.current?.endsAt).toBe(row.now!.endsAt);
    expect(result.value.now.endsAt).toBeNull();
  });
});
