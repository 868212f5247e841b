/**
 * One lifecycle for what must be undone: timers, streams, sockets, listeners, registrations. Each
 * owner (a connection, the core, a host) keeps one DisposableStore and disposes it once, in
 * reverse order of registration. Modelled on VS Code's DisposableStore, written for this app.
 */

export interface Disposable {
  dispose(): void | Promise<void>;
}

/** Wraps an undo function so it runs at most once. */
export function toDisposable(undo: () => void | Promise<void>): Disposable {
  let done = false;
  return {
    dispose() {
      if (done) return;
      done = true;
      return undo();
    },
  };
}

export class DisposableStore implements Disposable {
  #items: Disposable[] = [];
  #disposed = false;

  /** True once `dispose` has been called; anything added after that is undone at once. */
  get isDisposed(): boolean {
    return this.#disposed;
  }

  /** How many registrations are still waiting to be undone (tests assert it returns to zero). */
  get size(): number {
    return this.#items.length;
  }

  /** Registers `item`; when the store is already disposed, `item` is disposed immediately. */
  add<T extends Disposable>(item: T): T {
    if (this.#disposed) {
      void Promise.resolve()
        .then(() => item.dispose())
        .catch(() => {});
      return item;
    }
    this.#items.push(item);
    return item;
  }

  /** Registers an undo function; returns a handle that undoes it early and forgets it. */
  defer(undo: () => void | Promise<void>): Disposable {
    const item = toDisposable(undo);
    this.add(item);
    return {
      dispose: () => {
        this.delete(item);
        return item.dispose();
      },
    };
  }

  /** Forgets `item` without undoing it (its owner undid it already). */
  delete(item: Disposable): void {
    const index = this.#items.indexOf(item);
    if (index >= 0) this.#items.splice(index, 1);
  }

  /**
   * Undoes everything, newest first. Every item is undone even when one throws; the failures are
   * rethrown together afterwards. Calling it again does nothing.
   */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    const items = this.#items.reverse();
    this.#items = [];
    const errors: unknown[] = [];
    for (const item of items) {
      try {
        await item.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} disposals failed`);
  }
}
