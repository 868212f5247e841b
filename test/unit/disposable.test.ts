import { describe, expect, it } from 'vitest';
import { DisposableStore, toDisposable } from '../../src/main/common/disposable';

describe('DisposableStore', () => {
  it('undoes everything once, newest first, and empties itself', async () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.defer(() => void order.push('timer'));
    store.add({ dispose: async () => void order.push('socket') });
    store.defer(() => void order.push('listener'));
    expect(store.size).toBe(3);
    await store.dispose();
    await store.dispose();
    expect(order).toEqual(['listener', 'socket', 'timer']);
    expect(store.size).toBe(0);
    expect(store.isDisposed).toBe(true);
  });

  it('undoes every item even when some throw, then reports all failures', async () => {
    const undone: string[] = [];
    const store = new DisposableStore();
    store.defer(() => void undone.push('a'));
    store.defer(() => {
      throw new Error('b failed');
    });
    store.defer(() => {
      throw new Error('c failed');
    });
    await expect(store.dispose()).rejects.toThrow('2 disposals failed');
    expect(undone).toEqual(['a']);
  });

  it('disposes what is added after it was disposed', async () => {
    const store = new DisposableStore();
    await store.dispose();
    let undone = false;
    store.add(toDisposable(() => void (undone = true)));
    await Promise.resolve();
    await Promise.resolve();
    expect(undone).toBe(true);
    expect(store.size).toBe(0);
  });

  it('lets one registration be undone early, and only once', async () => {
    let count = 0;
    const store = new DisposableStore();
    const handle = store.defer(() => void count++);
    await handle.dispose();
    expect(store.size).toBe(0);
    await store.dispose();
    expect(count).toBe(1);
  });
});
