import { describe, expect, it } from 'vitest';
import type { LocalServer } from '../support/local-server';
import type { CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';
import { startOlderServer } from '../support/older-server';

/**
 * Issue 13, item 4: one malformed `/sessions` answer must not switch viewer identity to user on
 * device for good. The engine reads viewers as users on devices for the moment and asks
 * `/sessions` again after 1, 2, 4, 8, 16 minutes; the first good answer brings sessions back.
 * A proxy in front of the demo (polling) spoils `/sessions` while told to.
 */

const core = useCoreHarness();
let h: CoreHarness | null = null;
let proxy: LocalServer | null = null;

const state = () => h!.app.store.state;

describe('a malformed /sessions answer', () => {
  it('is asked again after a minute (then 2, 4, …), not given up for good', async () => {
    let broken = true;
    h = await core.start({ demo: { sse: false }, pollSeconds: 15 });
    proxy = core.closeAfter(await startOlderServer(h.demo.url, { noEvents: true, malformedSessions: () => broken }));
    await h.connect(proxy.url);
    h.app.setPopoverOpen(true); // the viewer list is refreshed on every poll while the popover is open
    await h.step(100);
    expect(state().sessions.supported).toBe(false); // users on devices for now
    expect(state().nowPlaying.data).toHaveLength(2); // and the viewers are still shown

    const asked = () => proxy!.requests.filter((r) => r.url.split('?')[0] === '/api/public/v1/sessions').length;
    const first = asked();
    await h.runFor(50_000, 5_000);
    expect(asked()).toBe(first); // not before the minute is up, although the list was refreshed
    await h.runFor(15_000, 5_000);
    expect(asked()).toBe(first + 1); // asked again, still malformed: next in 2 minutes
    expect(state().sessions.supported).toBe(false);

    broken = false;
    await h.runFor(100_000, 5_000);
    expect(asked()).toBe(first + 1);
    await h.runFor(20_000, 5_000);
    expect(asked()).toBe(first + 2); // at 3 minutes: a good answer
    expect(state().sessions.supported).toBe(true);
    expect(state().sessions.data).toHaveLength(2);
    // and from now on on every refresh again
    await h.runFor(30_000, 5_000);
    expect(asked()).toBeGreaterThan(first + 2);
  });
});
