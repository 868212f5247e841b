/**
 * The tray view as the hosts receive it: computed from state and settings, sent to listeners only
 * when it really changed, and computed again when a programme it names begins or ends (one timer,
 * see tray-deadline.ts).
 */
import type { TrayView } from './tray-view';
import type { Clock, TimerHandle } from '../../common/clock';
import { Emitter } from '../../common/emitter';

/** The tray's one timer: when the view next changes by the clock alone (null: never). */
export interface TrayTimer {
  clock: Clock;
  deadline: () => number | null;
}

/** Programme boundaries closer than this together are drawn in one go (no burst of redraws). */
export const TRAY_REDRAW_MIN_MS = 1_000;

export class TrayPublisher {
  readonly #compute: () => TrayView;
  #view: TrayView | null = null;
  #key = '';
  readonly #changed = new Emitter<TrayView>();
  readonly #timer: TrayTimer | null;
  #armed: { at: number; handle: TimerHandle } | null = null;
  #disposed = false;

  constructor(compute: () => TrayView, timer?: TrayTimer) {
    this.#compute = compute;
    this.#timer = timer ?? null;
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
    this.#arm();
    const view = this.#compute();
    const key = JSON.stringify(view);
    if (key === this.#key) return;
    this.#key = key;
    this.#view = view;
    this.#changed.fire(view);
  }

  /** Releases every listener (the core is closing). */
  dispose(): void {
    this.#disposed = true;
    this.#armed?.handle.cancel();
    this.#armed = null;
    this.#changed.dispose();
  }

  /** One timer at the next deadline; the same deadline is not armed again. */
  #arm(): void {
    if (!this.#timer || this.#disposed) return;
    const { clock, deadline } = this.#timer;
    const at = deadline();
    if (this.#armed?.at === at) return;
    this.#armed?.handle.cancel();
    this.#armed = null;
    if (at === null) return;
    const handle = clock.setTimeout(() => {
      this.#armed = null;
      this.update();
    }, Math.max(at - clock.now(), TRAY_REDRAW_MIN_MS));
    this.#armed = { at, handle };
  }
}
