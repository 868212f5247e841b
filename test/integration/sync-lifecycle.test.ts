import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { AirwaveClient, type CallOptions } from '../../src/main/core/client';
import { initialState, StateStore } from '../../src/main/core/state';
import { SyncEngine } from '../../src/main/core/sync/engine';
import { startDemoServer, type DemoServer } from '../../src/main/demo';
import { ManualClock } from '../support/manual-clock';
import { startSocketCounter, type SocketCounter } from '../support/socket-counter';

/**
 * What the sync engine leaves behind. Closing it, and every reconnect before that, leaves no timer
 * on its clock, no socket open at the server, no event stream held and no listener on the abort
 * signals it handed its requests. The engine has a clock of its own here (the demo another), so
 * every timer counted is the engine's; a TCP pass-through in front of the demo counts the sockets.
 */

const START = '2026-09-27T18:00:00.000Z';

let demo: DemoServer | null = null;
let counter: SocketCounter | null = null;
let engine: SyncEngine | null = null;
afterEach(async () => {
  await engine?.close();
  await counter?.close();
  await demo?.close();
  engine = counter = demo = null;
});

/** Real-time wait (loopback I/O) until `check` holds; throws after ~3 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What passes through the client: the abort signals the engine gave, and the calls not settled yet. */
interface ClientTrace {
  signals: Set<AbortSignal>;
  pending: number;
}

function traced(client: AirwaveClient, trace: ClientTrace): AirwaveClient {
  const calls = client as unknown as Record<string, (o?: CallOptions) => Promise<unknown>>;
  for (const name of ['status', 'capabilities', 'sessionCount', 'nowPlaying', 'guideNow', 'sessions', 'openEvents']) {
    const call = calls[name]!.bind(client);
    calls[name] = (o?: CallOptions) => {
      if (o?.signal) trace.signals.add(o.signal);
      trace.pending++;
      const settled = () => void trace.pending--;
      const result = call(o);
      result.then(settled, settled);
      return result;
    };
  }
  return client;
}

async function follow({ sse }: { sse: boolean }) {
  demo = await startDemoServer({ seed: 5, channels: 6, viewers: 2, churn: 0, sse, clock: new ManualClock(START) });
  counter = await startSocketCounter(demo.port);
  const clock = new ManualClock(START);
  const store = new StateStore(initialState(clock.now()));
  const trace: ClientTrace = { signals: new Set(), pending: 0 };
  const created = new SyncEngine({
    clock,
    store,
    random: () => 0.5,
    createClient: (config) => traced(new AirwaveClient({ ...config, now: () => clock.now() }), trace),
  });
  engine = created;
  created.start({ server: counter.url, apiKey: demo.key, authStyle: 'x-api-key', pollSeconds: 15 });
  const expected = sse ? 'live' : 'polling';
  await until(() => store.state.connection.state === expected && created.inFlight === 0, expected);
  return { clock, store, engine: created, demo, counter, trace };
}

describe('closing the sync engine', () => {
  it.each([{ sse: true }, { sse: false }])('leaves no timer, socket, stream or listener behind (sse: $sse)', async ({ sse }) => {
    const { clock, engine, demo, counter, trace } = await follow({ sse });
    // Following: timers pending (one per job, all of the current connection), sockets open.
    expect(clock.timerCount).toBeGreaterThan(0);
    expect(clock.timerCount).toBe(engine.pendingJobs.length);
    expect(counter.open()).toBeGreaterThan(0);
    expect(demo.controls.openStreams()).toBe(sse ? 1 : 0);
    expect(trace.signals.size).toBeGreaterThan(0);

    await engine.close();
    expect(clock.timerCount).toBe(0);
    expect(engine.pendingJobs).toEqual([]);
    expect(engine.streamOpen).toBe(false);
    await counter.waitForOpen(0);
    await until(() => demo.controls.openStreams() === 0, 'the stream to close at the server');
    expect(trace.pending).toBe(0);
    for (const signal of trace.signals) {
      expect(signal.aborted).toBe(true);
      expect(getEventListeners(signal, 'abort')).toEqual([]);
    }
    // Nothing wakes up later either.
    const accepted = counter.accepted();
    clock.advance(24 * 60 * 60_000);
    expect(clock.timerCount).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counter.accepted()).toBe(accepted);
  });
});

describe('reconnecting', () => {
  it('replaces the connection whole: no timer, stream or socket of an old one stays', async () => {
    const { clock, store, engine, demo, counter } = await follow({ sse: true });
    const steadySockets = counter.open();
    for (let round = 0; round < 5; round++) {
      const epoch = store.state.viewerEpoch;
      engine.suspend();
      engine.resume();
      await until(() => store.state.connection.state === 'live' && store.state.viewerEpoch > epoch && engine.inFlight === 0, `live again (${round})`);
      await until(() => demo.controls.openStreams() === 1, 'one stream at the server');
      expect(clock.timerCount).toBe(engine.pendingJobs.length);
      expect(new Set(engine.pendingJobs).size).toBe(engine.pendingJobs.length);
    }
    await until(() => counter.open() <= steadySockets, `at most ${steadySockets} sockets (${counter.open()} open)`);
  });

  it("aborts the replaced connection's requests instead of leaving them to time out", async () => {
    const { engine, counter, trace } = await follow({ sse: false });
    // The server hangs from now on (the client would wait 10 s for an answer)...
    counter.hold(true);
    counter.dropAll();
    await new Promise((resolve) => setTimeout(resolve, 50)); // (the client notices its idle sockets closed)
    // ...so a refresh's requests hang.
    engine.refresh();
    await until(() => counter.open() > 0 && trace.pending === 5, 'five requests hanging'); // status, count, now-playing, sessions, guide/now
    // Sleep replaces the connection: what it had in flight is cancelled at once.
    engine.suspend();
    await until(() => trace.pending === 0, 'the hanging requests to be cancelled');
    expect(engine.inFlight).toBe(0);
  });
});
