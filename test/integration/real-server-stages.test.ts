import { describe, expect, it } from 'vitest';
import { activityLines, onAirChannel, startedWatchingNotes } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// Issue 33 item 6: what real servers do, played by the demo's version stages, against the whole core.

const core = useCoreHarness('airwave-real-stages');
const connected = (serverVersion: string) => core.connected({ demo: { profile: 'airwave', serverVersion, viewers: 0 } });

describe('Airwave 0.14.75 to 0.15.1: no channel.tuned, older smaller event data', () => {
  it('a Roku changing channel (session.ended + session.started) is one viewer and one "changed" line', async () => {
    const harness = await connected('0.15.0');
    expect(harness.app.store.state.connection.state).toBe('live');
    const from = onAirChannel(harness.demo, 0);
    const to = onAirChannel(harness.demo, 1);
    const first = harness.demo.controls.startSession({ user: 'Rita', channelNumber: from, platform: 'Roku', model: 'Roku Ultra', deviceId: 'dev_rita' });
    await harness.until(() => startedWatchingNotes(harness).length === 1, { stepMs: 200, what: 'Rita announced' });
    await harness.until(() => harness.app.snapshot().activity.entries === 1, { stepMs: 200, what: 'a start' });
    harness.demo.controls.tune(first.id, to);
    const isNew = () => harness.demo.controls.listSessions().some((s) => s.user === 'Rita' && s.id !== first.id);
    await harness.until(isNew, { stepMs: 200, what: 'the new session' });
    await harness.runFor(30_000, 1_000);
    expect(startedWatchingNotes(harness)).toHaveLength(1);
    expect(await activityLines(harness)).toEqual([`changed Rita ${from}→${to}`, `started Rita ${from}`]);
    expect(harness.app.store.state.connection.state).toBe('live');
  });
});

describe('Airwave 0.15.10 to 0.15.12: the bare device record', () => {
  it('osVersion and hdr come back null: no HDR and no OS made up from them', async () => {
    const harness = await connected('0.15.12');
    harness.demo.controls.startSession({ user: 'Tess', channelNumber: onAirChannel(harness.demo, 0), platform: 'tvOS', model: 'Apple TV 4K', deviceId: 'dev_tess' });
    harness.app.setPopoverOpen(true);
    await harness.until(() => (harness.app.snapshot().nowPlaying.data?.length ?? 0) === 1, { stepMs: 500, what: 'Tess listed' });
    const [entry] = harness.app.snapshot().nowPlaying.data!;
    expect(entry).toMatchObject({ hdr: null, osVersion: null });
    expect(JSON.stringify(harness.app.trayView.menu)).not.toMatch(/HDR|null/);
  });
});
