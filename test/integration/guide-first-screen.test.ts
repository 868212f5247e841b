import { describe, expect, it } from 'vitest';
import type { CoreHarness } from '../support/core-harness';
import { useCoreHarness } from '../support/use-core-harness';

// While a guide window streams in, the state says how many channels the core holds: at every
// network chunk until a first screen is there (so the page fills its first screen as the rows
// arrive), then at most every 200 ms of the app's clock. The clock here does not move, so only
// the first screen's updates (and the end) can appear.

const core = useCoreHarness();
let h: CoreHarness | null = null;

describe('a guide window streaming in', () => {
  it('tells the state about every chunk of rows until a first screen is held, then the end', { timeout: 60_000 }, async () => {
    h = await core.start({ demo: { channels: 400 } });
    await h.connect();
    const counts: number[] = [];
    const stop = h.app.store.subscribe((state) => {
      const guide = state.guide;
      if (guide.loading && guide.window?.windowMinutes === 1440 && counts.at(-1) !== guide.channels) counts.push(guide.channels);
    });
    expect(await h.app.handlers.loadGuide({ forwardMinutes: 1440 })).toEqual({ ok: true, value: null });
    stop();
    expect(h.app.store.state.guide).toMatchObject({ state: 'loaded', channels: 400, loading: false });
    // a 24 h chunk brings a few channels: the first screen (40) arrives in several steps, all told
    const firstScreen = counts.filter((n) => n < 40);
    expect(firstScreen.length).toBeGreaterThanOrEqual(3);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // past the first screen, the unmoving clock allows only the step that crossed it and the end
    expect(counts.filter((n) => n >= 40).length).toBeLessThanOrEqual(2);
    expect(counts.at(-1)).toBe(400);
  });
});
