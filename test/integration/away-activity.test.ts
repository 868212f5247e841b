import { describe, expect, it } from 'vitest';
import { onAirChannel, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

/**
 * The "while you were away" summary points at the Activity log: the core following the demo over
 * loopback on a fake clock sleeps, viewers start meanwhile, and on waking the one summary carries
 * the Activity target; clicking it (what the notifier does) puts that target in the snapshot.
 */

const core = useCoreHarness();
let h: CoreHarness | null = null;

async function sleepThrough(harness: CoreHarness, users: string[]): Promise<void> {
  harness.app.suspend();
  await harness.step(1_000);
  users.forEach((user, i) => harness.demo.controls.startSession({ user, channelNumber: onAirChannel(harness.demo, i) }));
  await harness.runFor(10 * 60_000, 60_000);
  const epoch = harness.app.store.state.viewerEpoch;
  harness.app.resume();
  await harness.until(() => harness.app.store.state.connection.state === 'live' && harness.app.store.state.viewerEpoch > epoch, { what: 'live after waking' });
  await harness.runFor(30_000, 5_000);
}

describe('the while-away summary lands on Activity', () => {
  it.each([
    { who: 'one viewer', users: ['Ava'], title: /^While you were away, Ava started watching/ },
    { who: 'two viewers', users: ['Ava', 'Ben'], title: /^While you were away, 2 people started watching$/ },
  ])('carries the Activity log as its target ($who), and a click opens the popover there', async ({ users, title }) => {
    h = await core.start();
    await h.connect();
    expect(h.notifications).toEqual([]);
    await sleepThrough(h, users);
    expect(h.notifications.map((n) => n.title)).toEqual([expect.stringMatching(title)]);
    const summary = h.notifications[0]!;
    expect(summary.target).toEqual({ view: 'activity', section: 'log' });

    // what it points at is there: the log has the arrivals, tagged as noticed after the gap
    const log = await h.app.handlers.getActivity({ day: 'today' });
    expect(log.ok).toBe(true);
    const started = log.ok ? log.value.entries.filter((e) => e.kind === 'started' && e.whileAway).map((e) => e.user) : [];
    expect(started.sort()).toEqual([...users].sort());

    // the notifier hands the target back on a click: the popover is asked to open on it
    const before = h.app.snapshot().focus?.seq ?? 0;
    h.app.focus(summary.target);
    expect(h.app.snapshot().focus).toEqual({ seq: before + 1, target: { view: 'activity', section: 'log' } });
  });

  it('a viewer who started while the app was awake still points at their card', async () => {
    h = await core.start();
    await h.connect();
    h.demo.controls.startSession({ user: 'Cy', channelNumber: onAirChannel(h.demo) });
    await h.until(() => h!.notifications.length === 1, { what: 'one notification', stepMs: 500 });
    expect(h.notifications[0]!.target).toMatchObject({ view: 'watching', viewer: expect.any(String) });
  });
});
