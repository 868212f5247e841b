/**
 * Where the popover opens: the focus target in the snapshot (a viewer, a channel, settings),
 * numbered so the renderer sees every request, and the host asked to show the window.
 */
import type { AppSnapshot, FocusTarget } from '../../../shared/bridge';
import type { StateStore } from '../state';
import { viewersOf } from '../viewers';
import type { HostPort } from './ports';

export class PopoverFocus {
  #focus: AppSnapshot['focus'] = null;
  readonly #store: StateStore;
  readonly #host: Partial<HostPort>;
  readonly #changed: () => void;

  /** `changed` runs when the focus target changed (the snapshot's `focus` part is pushed). */
  constructor(store: StateStore, host: Partial<HostPort>, changed: () => void) {
    this.#store = store;
    this.#host = host;
    this.#changed = changed;
  }

  get current(): AppSnapshot['focus'] {
    return this.#focus;
  }

  /** Opens the popover, optionally on a viewer, channel or settings. */
  open(target: FocusTarget | null): void {
    if (target) {
      this.#focus = { seq: (this.#focus?.seq ?? 0) + 1, target: this.#forRenderer(target) };
      this.#changed();
    }
    this.#host.showPopover?.(target);
  }

  /** The popover finds a viewer by person (user on a device): it sees /now-playing, not sessions. */
  #forRenderer(target: FocusTarget): FocusTarget {
    if (target.view !== 'watching' || !target.viewer) return target;
    const viewer = viewersOf(this.#store.state)?.viewers.find((v) => v.key === target.viewer);
    return viewer ? { view: 'watching', viewer: viewer.person } : { view: 'watching' };
  }
}
