/**
 * The tray view as the hosts receive it: computed from state and settings, sent to listeners only
 * when it really changed.
 */
import type { TrayView } from './tray-view';
import { Emitter } from '../../common/emitter';

export class TrayPublisher {
  readonly #compute: () => TrayView;
  #view: TrayView | null = null;
  #key = '';
  readonly #changed = new Emitter<TrayView>();

  constructor(compute: () => TrayView) {
    this.#compute = compute;
  }

  get view(): TrayView {
    this.#view ??= this.#compute();
    return this.#view;
  }

  /** The tray view now and whenever it changes. */
  listen(listener: (view: TrayView) => void): () => void {
    const off = this.#changed.event(listener);
    listener(this.view);
    return off;
  }

  /** Recomputes the view; listeners hear of it only when it differs from the last one. */
  update(): void {
    const view = this.#compute();
    const key = JSON.stringify(view);
    if (key === this.#key) return;
    this.#key = key;
    this.#view = view;
    this.#changed.fire(view);
  }

  /** Releases every listener (the core is closing). */
  dispose(): void {
    this.#changed.dispose();
  }
}
