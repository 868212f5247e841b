import { describe, expect, it } from 'vitest';
import { delta, onAirChannel, total, type CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

/**
 * The computer's clock is set while the app runs (NTP stepping back after boot, a dual-boot
 * machine keeping local time, a restored VM snapshot). The server's clock does not move. Spacing,
 * budgets and backoff run on monotonic time, so after a jump either way traffic goes on at its
 * usual pace and a new viewer is shown as fast as without a jump (issue 28, item 1).
 */

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const JUMPS: [string, number][] = [
  ['2 minutes back', -2 * MIN],
  ['an hour back', -60 * MIN],
  ['a day back', -DAY],
  ['a year back', -365 * DAY],
  ['a day forward', DAY],
  ['a year forward', 365 * DAY],
];

const core = useCoreHarness();
let h: CoreHarness | null = null;

/** Simulated ms until a notification names `user`, in steps of `stepMs` (at most `limitMs`). */
async function latency(user: string, stepMs: number, limitMs: number): Promise<number> {
  const h_ = h!;
  const channel = onAirChannel(h_.demo);
  h_.demo.controls.startSession({ user, channelNumber: channel, deviceId: `dev-${user}` });
  let waited = 0;
  while (!h_.notifications.some((n) => n.title.startsWith(`${user} `))) {
    if (waited >= limitMs) return Number.POSITIVE_INFINITY;
    await h_.step(stepMs);
    waited += stepMs;
  }
  return waited;
}

describe.each([
  ['the event stream', true, 100],
  ['polling every 20 s', false, 1_000],
] as const)('a clock that jumps, following %s', (_, sse, stepMs) => {
  it.each(JUMPS)('%s: requests go on at their pace and a new viewer is shown as fast as without the jump', async (_name, jump) => {
    h = await core.start({ demo: { sse, viewers: 1 }, pollSeconds: 20, steadyServer: true });
    await h.connect();
    h.app.setPopoverOpen(true);
    await h.runFor(2 * MIN, stepMs * 10);
    const usual = await latency('Ann', stepMs, 2 * MIN);
    expect(usual).toBeLessThan(2 * MIN);
    await h.runFor(MIN, stepMs * 10);
    const before = h.apiRequests();
    await h.runFor(MIN, stepMs * 10);
    const minuteBefore = total(delta(h.apiRequests(), before));

    h.clock.jump(jump);
    const after = h.apiRequests();
    await h.runFor(MIN, stepMs * 10);
    const minuteAfter = total(delta(h.apiRequests(), after));
    const viewer = await latency('Bob', stepMs, 2 * MIN);

    // traffic resumes within one normal interval: the minute after the jump looks like the one before
    expect(minuteAfter).toBeGreaterThan(0);
    expect(minuteAfter).toBeGreaterThanOrEqual(minuteBefore - 2);
    expect(minuteAfter).toBeLessThanOrEqual(minuteBefore + 6);
    // and a new viewer is noticed as fast (one step of slack for the poll's phase)
    expect(viewer).toBeLessThanOrEqual(usual + (sse ? stepMs : 20_000));
    expect(['live', 'polling']).toContain(h.app.store.state.connection.state);
  });
});
