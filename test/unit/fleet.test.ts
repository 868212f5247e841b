import { describe, expect, it } from 'vitest';
import { Fleet } from '../../src/main/core/app/fleet';
import type { EngineConfig, SyncEngine } from '../../src/main/core/sync/engine';
import { ManualClock } from '../support/manual-clock';

// Closing the followed servers waits for every engine, also the ones `apply` stopped a moment
// before (issue 23: they were closed fire-and-forget, so close() could resolve while one was still
// closing). The engines here are stand-ins whose close the test finishes by hand.

function standIns() {
  const finish: (() => void)[] = [];
  const createEngine = () =>
    ({
      start() {},
      setPopoverOpen() {},
      suspend() {},
      close: () => new Promise<void>((resolve) => finish.push(resolve)),
    }) as unknown as SyncEngine;
  return { finish, createEngine };
}

const config = (server: string): EngineConfig => ({ server, apiKey: 'airwave_fleet_test_key', authStyle: 'x-api-key', pollSeconds: 20 });
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Fleet.close', () => {
  it('waits for an engine that apply removed or stopped just before', async () => {
    const { finish, createEngine } = standIns();
    const fleet = new Fleet({ clock: new ManualClock(), createEngine, forwardMinutes: () => 180, onState: () => {}, onRemoved: () => {} });
    fleet.apply([
      { id: 'a', name: 'A', paused: false, config: config('http://127.0.0.1:1') },
      { id: 'b', name: 'B', paused: false, config: config('http://127.0.0.1:2') },
    ]);
    // A is removed and B paused: both engines start closing and neither has finished
    fleet.apply([{ id: 'b', name: 'B', paused: true, config: null }]);
    expect(finish).toHaveLength(2);
    let closed = false;
    const closing = fleet.close().then(() => (closed = true));
    await flush();
    expect(finish).toHaveLength(3); // B's engine is closed once more by close() itself
    finish[2]!();
    await flush();
    expect(closed).toBe(false); // A and B's first close are still running
    finish[0]!();
    finish[1]!();
    await closing;
    expect(closed).toBe(true);
  });
});
