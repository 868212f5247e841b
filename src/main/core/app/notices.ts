/**
 * The notices the popover shows above every view (a damaged settings file, a key this computer
 * cannot unlock, a demo that did not start), and the bridge command that dismisses one.
 */
import type { BridgeHandlers, Notice } from '../../../shared/bridge';
import { ok } from './handlers/outcome';

export class Notices {
  #list: Notice[];
  readonly #changed: () => void;

  /** `changed` runs after every change (the snapshot's `notices` part is pushed). */
  constructor(initial: readonly Notice[], changed: () => void) {
    this.#list = [...initial];
    this.#changed = changed;
  }

  /** The current notices; a new array after every change. */
  get list(): Notice[] {
    return this.#list;
  }

  /** Adds `notice`, replacing one with the same id. */
  add(notice: Notice): void {
    this.#list = [...this.#list.filter((n) => n.id !== notice.id), notice];
    this.#changed();
  }

  /** Removes the notice `id`, if it is there. */
  drop(id: string): void {
    if (!this.#list.some((notice) => notice.id === id)) return;
    this.#list = this.#list.filter((notice) => notice.id !== id);
    this.#changed();
  }
}

export function noticeHandlers(notices: Notices): Pick<BridgeHandlers, 'dismissNotice'> {
  return {
    dismissNotice: async ({ id }) => {
      notices.drop(id);
      return ok(null);
    },
  };
}
