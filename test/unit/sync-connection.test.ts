import { describe, expect, it } from 'vitest';
import { toDisposable } from '../../src/main/common/disposable';
import { Connection, ConnectionReplaced } from '../../src/main/core/sync/connection';
import { ManualClock } from '../support/manual-clock';

/** A connection drops whatever arrives after it was replaced, and undoes what it owns, at one place. */

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function connection(clock = new ManualClock()) {
  const failures: unknown[] = [];
  const conn = new Connection(clock, (error) => failures.push(error));
  return { clock, conn, failures };
}

describe('Connection', () => {
  it('hands results through while current and turns late ones (answers and failures) into ConnectionReplaced', async () => {
    const { conn } = connection();
    await expect(conn.run(async () => 42)).resolves.toBe(42);
    await expect(conn.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');

    const answer = deferred<number>();
    const failure = deferred<number>();
    const late = conn.run(() => answer.promise);
    const lateFailure = conn.run(() => failure.promise);
    void conn.dispose();
    answer.resolve(7);
    failure.reject(new Error('server down'));
    await expect(late).rejects.toBeInstanceOf(ConnectionReplaced);
    await expect(lateFailure).rejects.toBeInstanceOf(ConnectionReplaced);
  });

  it('starts nothing once replaced, and aborts what it started', async () => {
    const { conn } = connection();
    let signal: AbortSignal | null = null;
    const running = conn.run((s) => {
      signal = s;
      return new Promise((_resolve, reject) => s.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    });
    await conn.dispose();
    expect(signal!.aborted).toBe(true);
    await expect(running).rejects.toBeInstanceOf(ConnectionReplaced);
    let started = false;
    await expect(conn.run(async () => void (started = true))).rejects.toBeInstanceOf(ConnectionReplaced);
    expect(started).toBe(false);
  });

  it('runs its timers while current; replaced, none fires and none is left on the clock', async () => {
    const { clock, conn } = connection();
    const fired: string[] = [];
    conn.schedule('poll', 1_000, () => fired.push('poll'));
    conn.schedule('poll', 2_000, () => fired.push('poll again')); // replaces the first
    conn.schedule('slow', 5_000, () => fired.push('slow'));
    expect(conn.pendingJobs).toEqual(['poll', 'slow']);
    clock.advance(2_000);
    expect(fired).toEqual(['poll again']);

    const disposing = conn.dispose();
    clock.advance(10_000); // even before the disposal has finished, nothing of it runs
    await disposing;
    expect(fired).toEqual(['poll again']);
    conn.schedule('late', 10, () => fired.push('late'));
    expect(clock.timerCount).toBe(0);
    clock.advance(100);
    expect(fired).toEqual(['poll again']);
  });

  it('reports failures while current only, never a ConnectionReplaced', async () => {
    const { conn, failures } = connection();
    conn.fail(new ConnectionReplaced());
    conn.fail(new Error('first'));
    await conn.dispose();
    conn.fail(new Error('after'));
    expect(failures.map((error) => (error as Error).message)).toEqual(['first']);
  });

  it('runs effects and bound callbacks while current only', async () => {
    const { conn } = connection();
    const seen: string[] = [];
    const onEvent = conn.bind((name: string) => seen.push(name));
    onEvent('before');
    conn.ifCurrent(() => seen.push('effect'));
    expect(conn.isCurrent()).toBe(true);
    await conn.dispose();
    expect(conn.isCurrent()).toBe(false);
    onEvent('after');
    conn.ifCurrent(() => seen.push('late effect'));
    expect(seen).toEqual(['before', 'effect']);
  });

  it('undoes what was registered with it (its stream), also when registered after it ended', async () => {
    const { conn } = connection();
    const closed: string[] = [];
    conn.add(toDisposable(() => void closed.push('stream')));
    await conn.dispose();
    expect(closed).toEqual(['stream']);
    conn.add(toDisposable(() => void closed.push('late stream')));
    await Promise.resolve();
    await Promise.resolve();
    expect(closed).toEqual(['stream', 'late stream']);
  });
});
