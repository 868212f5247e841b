/**
 * Where the popover opens: the focus target in the snapshot (a viewer, a channel, settings),
 * numbered so the renderer sees every request, and the host asked to show the window.
 */
import type { AppSnapshot, FocusTarget } from '../../../shared/bridge';
import type { AppState, StateStore } from '../state';
import { viewersOf } from '../viewers/watching';
import type { HostPort } from './ports';

export class PopoverFocus {
  #focus: AppSnapshot['focus'] = null;
  readonly #store: StateStore;
  readonly #host: Partial<HostPort>;
  readonly #changed: () => void;
  /** a followed server's state by its id (several servers: a viewer is looked up on their own) */
  readonly #serverState: (id: string) => AppState | null;

  /** `changed` runs when the focus target changed (the snapshot's `focus` part is pushed). */
  constructor(store: StateStore, host: Partial<HostPort>, changed: () => void, serverState: (id: string) => AppState | null = () => null) {
    this.#store = store;
    this.#host = host;
    this.#changed = changed;
    this.#serverState = serverState;
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

  /**
   * The popover finds a viewer by person (user on a device): it sees /now-playing, not sessions.
   * A viewer of a named server is looked up there, and the server stays in the target.
   */
  #forRenderer(target: FocusTarget): FocusTarget {
    if (target.view !== 'watching' || !target.viewer) return target;
    const state = target.server ? this.#serverState(target.server) : this.#store.state;
    const viewer = state ? viewersOf(state)?.viewers.find((v) => v.key === target.viewer) : undefined;
    const server = target.server ? { server: target.server } : {};
    return viewer ? { view: 'watching', viewer: viewer.person, ...server } : { view: 'watching', ...server };
  }
}
