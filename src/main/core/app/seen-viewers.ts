/**
 * The names of viewers the app has seen, for Settings' muted-names picker: everyone in the viewer
 * lists of this run (newest first), then the activity log's names, at most 50 in all.
 */
import type { AppState } from '../state';

export const SEEN_VIEWERS_MAX = 50;

export class SeenViewers {
  /** this run's names, newest first, one per name (case ignored) */
  #run: string[] = [];
  readonly #logged: () => { revision: number; names: () => string[] };
  #cache: { run: string[]; revision: number; list: string[] } | null = null;

  /** `logged` says the activity log's revision and, when asked, the names in it. */
  constructor(logged: () => { revision: number; names: () => string[] }) {
    this.#logged = logged;
  }

  /** Takes the names from a state's viewer lists; true when a new name came in. */
  observe(state: AppState): boolean {
    const names = [...(state.nowPlaying.data ?? []).map((entry) => entry.user), ...(state.sessions.data ?? []).map((session) => session.user)];
    const fresh: string[] = [];
    for (const raw of names) {
      const name = raw.trim();
      if (name && !has(this.#run, name) && !has(fresh, name)) fresh.push(name);
    }
    if (fresh.length === 0) return false;
    this.#run = [...fresh, ...this.#run].slice(0, SEEN_VIEWERS_MAX);
    return true;
  }

  list(): string[] {
    const { revision, names } = this.#logged();
    if (this.#cache && this.#cache.run === this.#run && this.#cache.revision === revision) return this.#cache.list;
    const list = [...this.#run];
    for (const name of names()) {
      if (list.length >= SEEN_VIEWERS_MAX) break;
      if (name.trim() && !has(list, name)) list.push(name);
    }
    this.#cache = { run: this.#run, revision, list };
    return list;
  }
}

const has = (names: readonly string[], name: string) => names.some((known) => known.toLowerCase() === name.toLowerCase());
