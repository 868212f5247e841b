/**
 * Telling listeners that something happened: an Emitter fires values to whoever subscribed through
 * its `event`, and a subscription is undone by the function `event` returns. One listener that
 * throws does not stop the others: every listener hears the value, then the first error is thrown
 * to whoever fired (or handed to `onError` when one was given). Disposing the emitter drops every
 * listener and refuses new ones, like every other Disposable in the app.
 */
import type { Disposable } from './disposable';

/** Subscribes `listener`; the returned function unsubscribes it (calling it again does nothing). */
export type Event<T> = (listener: (value: T) => void) => () => void;

export class Emitter<T> implements Disposable {
  readonly #listeners = new Set<(value: T) => void>();
  readonly #onError: ((error: unknown) => void) | null;
  #disposed = false;

  /** `onError` hears of each listener that threw; without it, `fire` throws the first error once all have heard. */
  constructor(onError: ((error: unknown) => void) | null = null) {
    this.#onError = onError;
  }

  readonly event: Event<T> = (listener) => {
    if (this.#disposed) return () => {};
    const own = (value: T) => listener(value); // the same function subscribed twice is two subscriptions
    this.#listeners.add(own);
    return () => void this.#listeners.delete(own);
  };

  /** Listeners now subscribed. */
  get size(): number {
    return this.#listeners.size;
  }

  fire(value: T): void {
    let failed: { error: unknown } | null = null;
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch (error) {
        if (this.#onError) this.#onError(error);
        else failed ??= { error };
      }
    }
    if (failed) throw failed.error;
  }

  dispose(): void {
    this.#disposed = true;
    this.#listeners.clear();
  }
}
