import { afterEach, describe, expect, it } from 'vitest';
import { AirwaveClient, DEFAULT_GOVERNOR, type ApiError } from '../../src/main/core/client';
import { ManualClock } from '../support/manual-clock';
import { sendJson, startLocalServer, type LocalServer } from '../support/local-server';

// Issue 14, request floods: whatever a scheduler does, the client's governor keeps what reaches
// one server bounded. Real HTTP on loopback; the governor's time is a manual clock, so "requests
// per minute" are counted in simulated minutes at the server.

const KEY = 'airwave_flood_test_key_0001';
const servers: LocalServer[] = [];
const clients: AirwaveClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A server that answers the count and any lookup, after `delayMs` of real time, and notes when (in simulated time) and how many at once. */
async function countingServer(clock: ManualClock, delayMs = 0) {
  const arrivals: { path: string; at: number }[] = [];
  let open = 0;
  let most = 0;
  const server = await startLocalServer((req, res) => {
    arrivals.push({ path: (req.url ?? '').replace('/api/public/v1', ''), at: clock.now() });
    open++;
    most = Math.max(most, open);
    setTimeout(() => {
      open--;
      if (req.url?.endsWith('/sessions/count')) sendJson(res, 200, { count: 2 });
      else sendJson(res, 200, { current: null, next: null, endsAt: null });
    }, delayMs);
  });
  servers.push(server);
  return {
    server,
    arrivals,
    get most() {
      return most;
    },
  };
}

function clientFor(server: LocalServer, clock: ManualClock) {
  const client = new AirwaveClient({ server: server.url, apiKey: KEY, clock });
  clients.push(client);
  return client;
}

/** Lets loopback answers land (real time) until nothing is in flight, at most ~1 s. */
async function settle(client: AirwaveClient) {
  for (let i = 0; i < 200; i++) {
    await sleep(i < 2 ? 1 : 5);
    if (client.governor.inFlight === 0 && i >= 1) return;
  }
}

describe('the request governor against a server', () => {
  it('holds a scheduler that loops at 0 ms to the budget: at most 20 requests in any simulated minute', async () => {
    const clock = new ManualClock();
    const { server, arrivals } = await countingServer(clock);
    const client = clientFor(server, clock);
    let stop = false;
    const loop = (async () => {
      let rounds = 0;
      while (!stop && rounds++ < 100_000) await client.sessionCount().catch(() => null);
    })();
    await settle(client); // the first request lands before the clock first moves
    const minutes = 5;
    for (let ms = 0; ms < minutes * 60_000; ms += 500) {
      clock.advance(500);
      await settle(client);
    }
    stop = true;
    clock.advance(60_000);
    await settle(client);
    await loop;
    const start = arrivals[0]!.at;
    const perMinute = Array.from({ length: minutes }, (_, m) => arrivals.filter((a) => a.at >= start + m * 60_000 && a.at < start + (m + 1) * 60_000).length);
    console.log(`a 0 ms loop against /sessions/count: requests per simulated minute ${perMinute.join(', ')}`);
    expect(Math.max(...perMinute)).toBeLessThanOrEqual(20);
    expect(Math.min(...perMinute)).toBeGreaterThanOrEqual(19); // held to the budget, not stopped
  });

  it('300 user lookups at once: 10 distinct ones a second are sent, at most 4 at a time, identical ones share, the rest are refused', async () => {
    const clock = new ManualClock();
    const counting = await countingServer(clock, 15);
    const client = clientFor(counting.server, clock);
    const numbers = Array.from({ length: 300 }, (_, i) => 101 + (i % 40));
    const results = await Promise.allSettled(numbers.map((n) => client.channelNowByNumber(n, { user: true })));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r.reason as ApiError).kind);
    expect(counting.arrivals).toHaveLength(DEFAULT_GOVERNOR.userPerSecond);
    expect(counting.most).toBeLessThanOrEqual(4);
    // the first 10 numbers were sent, and every later ask for one of them shared its answer
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(numbers.filter((n) => n < 101 + DEFAULT_GOVERNOR.userPerSecond).length);
    expect(new Set(refused)).toEqual(new Set(['busy']));
    console.log(`300 lookups of 40 channels: ${counting.arrivals.length} requests, at most ${counting.most} at once, ${refused.length} refused`);
  });

  it('background lookups beyond the budget wait (the queue is bounded), user actions go through at once', async () => {
    const clock = new ManualClock();
    const counting = await countingServer(clock);
    const client = clientFor(counting.server, clock);
    const background = Array.from({ length: 300 }, (_, i) => client.channelNowByNumber(1000 + i).then(() => 'ok', (e: Error) => e.message));
    await settle(client);
    expect(counting.arrivals).toHaveLength(20); // one minute's budget for the family
    // the user types a number: answered now, without the clock moving
    await expect(client.channelNowByNumber(101, { user: true })).resolves.toMatchObject({ current: null });
    expect(counting.arrivals).toHaveLength(21);
    // what did not fit the queue was refused with a reason, not left hanging
    clock.advance(20 * 60_000);
    for (let i = 0; i < 20; i++) {
      clock.advance(60_000);
      await settle(client);
    }
    const outcomes = await Promise.all(background);
    const refused = outcomes.filter((o) => o !== 'ok');
    expect(refused.length).toBe(300 - 256 - 4);
    expect(refused[0]).toMatch(/Too many requests to this server are waiting/);
  });

  it('a burst of identical background requests becomes one request', async () => {
    const clock = new ManualClock();
    const counting = await countingServer(clock, 10);
    const client = clientFor(counting.server, clock);
    const answers = await Promise.all(Array.from({ length: 500 }, () => client.sessionCount()));
    expect(answers.every((a) => a.count === 2)).toBe(true);
    expect(counting.arrivals).toHaveLength(1);
  });
});
