import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/main/core/client';
import { familyOf, RequestGovernor } from '../../src/main/core/client/governor';
import { ManualClock } from '../support/manual-clock';

// The request governor on its own, with sends that are plain promises the test settles, on a
// manual clock. The same rules against a real server over HTTP: test/integration/hostile-flood.

/** A send the test resolves by hand; counts how many ran and how many ran at once. */
function sender() {
  const pending: { resolve(v: string): void; reject(e: unknown): void; signal: AbortSignal; key: string }[] = [];
  let running = 0;
  let most = 0;
  let calls = 0;
  const send = (key: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      calls++;
      running++;
      most = Math.max(most, running);
      const done = () => running--;
      pending.push({
        key,
        signal,
        resolve: (v) => (done(), resolve(v)),
        reject: (e) => (done(), reject(e)),
      });
      signal.addEventListener('abort', () => reject(new ApiError('cancelled', 'cancelled', { endpoint: key })));
    });
  return {
    send,
    pending,
    get calls() {
      return calls;
    },
    get most() {
      return most;
    },
    /** answers everything running now with its key */
    answerAll() {
      for (const p of pending.splice(0)) p.resolve(`answer ${p.key}`);
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('RequestGovernor', () => {
  it('holds a background caller looping at 0 ms to the budget per minute and the spacing', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock, { perMinute: 20, spacingMs: 1_000, burst: 3 });
    const starts: number[] = [];
    let stop = false;
    const loop = (async () => {
      while (!stop) {
        await governor.run({ key: 'GET /sessions/count', endpoint: 'GET /sessions/count' }, async () => {
          starts.push(clock.now());
          return 1;
        });
      }
    })();
    for (let ms = 0; ms < 10 * 60_000; ms += 100) {
      clock.advance(100);
      await flush();
    }
    stop = true;
    clock.advance(60_000);
    await loop;
    const minutes = new Map<number, number>();
    for (const at of starts) minutes.set(Math.floor((at - starts[0]!) / 60_000), (minutes.get(Math.floor((at - starts[0]!) / 60_000)) ?? 0) + 1);
    expect(Math.max(...minutes.values())).toBeLessThanOrEqual(20);
    expect(starts.length).toBeGreaterThanOrEqual(10 * 20 - 1); // held back, not starved
    // the same request: at most 3 in any 3 s (one a second on average)
    for (let i = 3; i < starts.length; i++) expect(starts[i]! - starts[i - 3]!).toBeGreaterThanOrEqual(3_000);
    // any 60 s window, not only calendar minutes
    for (let i = 20; i < starts.length; i++) expect(starts[i]! - starts[i - 20]!).toBeGreaterThanOrEqual(60_000);
  });

  it('starts a waiting background request at once when the user asks for the same thing (Refresh)', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock, { perMinute: 2, spacingMs: 1_000, burst: 1 });
    const s = sender();
    const key = 'GET /now-playing';
    for (let i = 0; i < 2; i++) {
      void governor.run({ key, endpoint: key }, s.send(key));
      await flush();
      s.answerAll();
      await flush();
      clock.advance(1_000);
    }
    // the minute's budget is spent: the next background request waits for it
    const waiting = governor.run({ key, endpoint: key }, s.send(key));
    await flush();
    expect(s.calls).toBe(2);
    expect(governor.queued).toBe(1);
    // Refresh asks for the same request: it goes now, without any time passing
    const refreshed = governor.run({ key, endpoint: key, user: true }, s.send(key));
    await flush();
    expect(s.calls).toBe(3);
    s.answerAll();
    await expect(refreshed).resolves.toBe(`answer ${key}`);
    await expect(waiting).resolves.toBe(`answer ${key}`);
  });

  it('spaces and budgets on monotonic time: the system clock set back a day or a year holds nothing back', async () => {
    for (const jump of [-2 * 60_000, -24 * 3_600_000, -365 * 24 * 3_600_000]) {
      const clock = new ManualClock();
      const governor = new RequestGovernor(clock, { perMinute: 20, spacingMs: 1_000, burst: 1 });
      const s = sender();
      const key = 'GET /sessions/count';
      void governor.run({ key, endpoint: key }, s.send(key));
      await flush();
      s.answerAll();
      await flush();
      clock.jump(jump);
      clock.advance(1_000); // one spacing later, as the monotonic clock counts
      void governor.run({ key, endpoint: key }, s.send(key));
      await flush();
      expect(s.calls).toBe(2);
      s.answerAll();
      await flush();
    }
  });

  it('caps requests in flight, queues the rest, and shares identical ones', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock, { maxInFlight: 4, userPerSecond: 1000 }); // the user's ceiling has its own test below
    const s = sender();
    const calls = Array.from({ length: 300 }, (_, i) => {
      const key = `GET /channels/by-number/${100 + (i % 30)}/now`;
      return governor.run({ key, endpoint: key, user: true }, s.send(key));
    });
    await flush();
    expect(s.calls).toBe(4);
    expect(governor.queued).toBe(26);
    for (let round = 0; round < 20 && s.pending.length; round++) {
      s.answerAll();
      await flush();
    }
    const answers = await Promise.all(calls);
    expect(s.calls).toBe(30);
    expect(s.most).toBe(4);
    expect(answers[0]).toBe('answer GET /channels/by-number/100/now');
    expect(answers[31]).toBe('answer GET /channels/by-number/101/now');
    expect(governor.inFlight).toBe(0);
  });

  it('lets a user action through at once while background requests are held, and ahead of them', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock, { perMinute: 2, maxInFlight: 1 });
    const s = sender();
    const bg = (n: number) => governor.run({ key: `GET /now-playing?${n}`, endpoint: 'GET /now-playing' }, s.send(`bg${n}`));
    const first = bg(1);
    const second = bg(2);
    const third = bg(3); // over the budget of 2 a minute: held until a minute after the first
    const user = governor.run({ key: 'GET /now-playing', endpoint: 'GET /now-playing', user: true }, s.send('user'));
    await flush();
    expect(s.pending.map((p) => p.key)).toEqual(['bg1']);
    s.answerAll();
    await flush();
    expect(s.pending.map((p) => p.key)).toEqual(['user']); // the user's request jumped the queue
    s.answerAll();
    await flush();
    expect(s.pending.map((p) => p.key)).toEqual(['bg2']);
    s.answerAll();
    await flush();
    expect(s.pending).toEqual([]); // bg3 waits for the budget
    await expect(Promise.all([first, second, user])).resolves.toEqual(['answer bg1', 'answer bg2', 'answer user']);
    clock.advance(59_999);
    await flush();
    expect(s.pending).toEqual([]);
    clock.advance(1);
    await flush();
    expect(s.pending.map((p) => p.key)).toEqual(['bg3']);
    s.answerAll();
    await expect(third).resolves.toBe('answer bg3');
  });

  it('bounds the queue and says why a request was not sent', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock, { maxInFlight: 1, maxQueued: 3 });
    const s = sender();
    const calls = [0, 1, 2, 3, 4].map((n) => governor.run({ key: `GET /x/${n}`, endpoint: 'GET /x', user: true }, s.send(`${n}`)));
    const refused = await calls[4]!.catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toMatch(/Too many requests to this server are waiting/);
    for (let i = 0; i < 5; i++) {
      s.answerAll();
      await flush();
    }
    await expect(Promise.all(calls.slice(0, 4))).resolves.toHaveLength(4);
  });

  it('a caller that gives up leaves; the last one out cancels the request', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock);
    const s = sender();
    const a = new AbortController();
    const b = new AbortController();
    const key = 'GET /guide?forwardMinutes=180';
    const one = governor.run({ key, endpoint: 'GET /guide', signal: a.signal }, s.send(key));
    const two = governor.run({ key, endpoint: 'GET /guide', signal: b.signal }, s.send(key));
    await flush();
    expect(s.calls).toBe(1);
    a.abort();
    await expect(one).rejects.toMatchObject({ kind: 'cancelled' });
    expect(s.pending[0]!.signal.aborted).toBe(false); // the other caller still wants it
    b.abort();
    await expect(two).rejects.toMatchObject({ kind: 'cancelled' });
    expect(s.pending[0]!.signal.aborted).toBe(true);
    await flush();
    expect(governor.inFlight).toBe(0);
  });

  it('never shares a request marked not to be shared (an event stream)', async () => {
    const governor = new RequestGovernor(new ManualClock(), { spacingMs: 0 });
    const s = sender();
    void governor.run({ key: 'GET /events', endpoint: 'GET /events', coalesce: false, user: true }, s.send('a'));
    void governor.run({ key: 'GET /events', endpoint: 'GET /events', coalesce: false, user: true }, s.send('b'));
    await flush();
    expect(s.calls).toBe(2);
    s.answerAll();
  });

  it('refuses what waits when closed', async () => {
    const governor = new RequestGovernor(new ManualClock(), { maxInFlight: 1 });
    const s = sender();
    void governor.run({ key: 'GET /a', endpoint: 'GET /a' }, s.send('a'));
    const waiting = governor.run({ key: 'GET /b', endpoint: 'GET /b' }, s.send('b'));
    governor.close();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(governor.run({ key: 'GET /c', endpoint: 'GET /c' }, s.send('c'))).rejects.toMatchObject({ kind: 'cancelled' });
    s.answerAll();
  });
});

describe('the spacing of one request', () => {
  it('serves a request asked for twice at one instant, and holds one that repeats to one a second', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock, { perMinute: 1_000, spacingMs: 1_000, burst: 3 });
    const starts: number[] = [];
    const once = () => governor.run({ key: 'GET /now-playing', endpoint: 'GET /now-playing' }, async () => void starts.push(clock.now()));
    await once();
    await once(); // the engine's resync and an event at the same instant: not held
    await once();
    const fourth = once();
    await flush();
    expect(starts).toEqual([clock.now(), clock.now(), clock.now()]);
    clock.advance(2_999);
    await flush();
    expect(starts).toHaveLength(3);
    clock.advance(1);
    await fourth;
    expect(starts).toHaveLength(4);
    // a loop over 60 s: one a second on average
    const t0 = clock.now();
    let stop = false;
    const loop = (async () => {
      while (!stop) await once();
    })();
    for (let ms = 0; ms < 60_000; ms += 100) {
      clock.advance(100);
      await flush();
    }
    stop = true;
    clock.advance(3_000);
    await loop;
    expect(starts.filter((t) => t > t0 && t <= t0 + 60_000).length).toBeLessThanOrEqual(61);
  });
});

describe('familyOf', () => {
  it('puts every channel number or id of an endpoint in one family, and drops the query', () => {
    expect(familyOf('GET /channels/by-number/101/now')).toBe('GET /channels/by-number/{id}/now');
    expect(familyOf('GET /channels/ch_7f3a/schedule?from=1')).toBe('GET /channels/{id}/schedule');
    expect(familyOf('GET /guide?forwardMinutes=180')).toBe('GET /guide');
    expect(familyOf('GET /sessions/count')).toBe('GET /sessions/count');
  });
});

describe("the user's own ceiling", () => {
  it('accepts 10 new user requests in any second and refuses the rest at once, without sending them', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock);
    const s = sender();
    const asked = Array.from({ length: 1000 }, (_, i) =>
      governor.run({ key: `GET /channels/by-number/${i}/now`, endpoint: 'GET /channels/by-number/{n}/now', user: true }, s.send(`${i}`)).then(
        () => 'sent',
        (error: ApiError) => error.kind,
      ),
    );
    for (let round = 0; round < 10; round++) {
      s.answerAll();
      await flush();
    }
    const outcomes = await Promise.all(asked);
    expect(s.calls).toBe(10);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(10);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(990);
    // a second later the user is served again
    clock.advance(1_000);
    const again = governor.run({ key: 'GET /status', endpoint: 'GET /status', user: true }, s.send('status'));
    s.answerAll();
    await expect(again).resolves.toBe('answer status');
  });

  it('runs on monotonic time: ten user requests, the wall clock set back an hour, 1 s of monotonic time later the next goes through', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock);
    const s = sender();
    const ten = Array.from({ length: 10 }, (_, i) => governor.run({ key: `GET /channels/by-number/${i}/now`, endpoint: 'GET /channels/by-number/{n}/now', user: true }, s.send(`${i}`)));
    for (let round = 0; round < 3; round++) {
      s.answerAll();
      await flush();
    }
    await expect(Promise.all(ten)).resolves.toHaveLength(10);
    // the ceiling is full: the eleventh in the same second is refused
    await expect(governor.run({ key: 'GET /status', endpoint: 'GET /status', user: true }, s.send('status'))).rejects.toMatchObject({ kind: 'busy' });
    clock.jump(-3_600_000); // the system clock is set back an hour
    clock.advance(1_000); // one second later, as the monotonic clock counts
    const next = governor.run({ key: 'GET /status', endpoint: 'GET /status', user: true }, s.send('status'));
    await flush();
    s.answerAll();
    await expect(next).resolves.toBe('answer status');
    expect(s.calls).toBe(11);
  });

  it('a user request joining one already waiting or running costs nothing of the ceiling', async () => {
    const clock = new ManualClock();
    const governor = new RequestGovernor(clock, { userPerSecond: 2 });
    const s = sender();
    const same = Array.from({ length: 50 }, () => governor.run({ key: 'GET /now-playing', endpoint: 'GET /now-playing', user: true }, s.send('np')));
    const other = governor.run({ key: 'GET /status', endpoint: 'GET /status', user: true }, s.send('status'));
    s.answerAll();
    await expect(Promise.all(same)).resolves.toHaveLength(50);
    await expect(other).resolves.toBe('answer status');
    expect(s.calls).toBe(2);
  });
});
