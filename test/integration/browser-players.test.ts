import { describe, expect, it } from 'vitest';
import { activityLines, onAirChannel, startedWatchingNotes } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// Browser and TV-web players on the airwave profile end their session and start a new one when the
// viewer changes channel (airwave-api.md, *How sessions behave*). The whole core against the demo
// over loopback on the fake clock: such a viewer is one viewer who changed channel, never a new
// viewer, and the activity log has one "changed" line, not a stop and a start; whether the new
// session comes in the same burst of events or a few seconds later.

const core = useCoreHarness('airwave-browser-players');
const connected = () => core.connected({ demo: { profile: 'airwave', viewers: 0 } });

describe('a browser player that changes channel', () => {
  for (const gap of [0, 3_000]) {
    it(`is one viewer who changed channel (new session ${gap === 0 ? 'in the same burst' : `${gap / 1000} s later`})`, async () => {
      const harness = await connected();
      const from = onAirChannel(harness.demo, 0);
      const to = onAirChannel(harness.demo, 1);
      const first = harness.demo.controls.startSession({ user: 'Web Wendy', channelNumber: from, platform: 'Chrome', model: 'Chrome 131', deviceId: 'dev_wendy' });
      await harness.until(() => startedWatchingNotes(harness).length === 1, { stepMs: 200, what: 'Wendy announced' });
      await harness.until(() => harness.app.snapshot().activity.entries === 1, { stepMs: 200, what: 'a start' });

      harness.demo.controls.tune(first.id, to, { restartAfterMs: gap });
      const isNew = () => harness.demo.controls.listSessions().some((s) => s.user === 'Web Wendy' && s.id !== first.id);
      await harness.until(isNew, { stepMs: 200, what: 'the new session' });
      const viewersNow = () => harness.app.store.state.sessions.data?.filter((s) => s.user === 'Web Wendy').map((s) => s.id) ?? [];
      await harness.until(() => viewersNow().length === 1 && viewersNow()[0] !== first.id, { stepMs: 200, what: 'the app holds the new session' });
      await harness.runFor(30_000, 1_000); // anything held back has long been written

      expect(startedWatchingNotes(harness).map((n) => n.title)).toHaveLength(1);
      expect(await activityLines(harness)).toEqual([`changed Web Wendy ${from}→${to}`, `started Web Wendy ${from}`]);
    });
  }

  it('who stops for good is logged as stopped once the few seconds are over', async () => {
    const harness = await connected();
    const from = onAirChannel(harness.demo, 0);
    const to = onAirChannel(harness.demo, 1);
    const first = harness.demo.controls.startSession({ user: 'Web Wendy', channelNumber: from, platform: 'Chrome', model: 'Chrome 131', deviceId: 'dev_wendy' });
    await harness.until(() => harness.app.snapshot().activity.entries === 1, { stepMs: 200, what: 'a start' });
    // a restart whose new session never comes within the window: a stop, then a start
    harness.demo.controls.tune(first.id, to, { restartAfterMs: 45_000 });
    await harness.until(() => harness.app.snapshot().activity.entries === 2, { stepMs: 1_000, maxSteps: 60, what: 'a stop' });
    await harness.until(() => harness.app.snapshot().activity.entries === 3, { stepMs: 1_000, maxSteps: 60, what: 'a start' });
    expect(await activityLines(harness)).toEqual([`started Web Wendy ${to}`, `stopped Web Wendy ${from}`, `started Web Wendy ${from}`]);
  });
});
