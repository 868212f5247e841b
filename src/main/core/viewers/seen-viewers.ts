/**
 * The names of viewers the app has seen, for Settings' muted-names picker: everyone in the viewer
 * lists of this run (newest first), then the activity log's names, at most 50 in all.
 */
import type { AppState } from '../state';
import { foldName as folded } from '../../../shared/viewer-identity';

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

  /**
   * Takes the names from a state's viewer lists; true when a new name came in. Linear in the
   * viewers (a set of known names, and no more than SEEN_VIEWERS_MAX new ones are collected): it
   * runs on every viewer update, with tens of thousands of viewers too.
   */
  observe(state: AppState): boolean {
    const known = new Set(this.#run.map(folded));
    const fresh: string[] = [];
    const take = (raw: string) => {
      const name = raw.trim();
      const key = folded(name);
      if (!name || known.has(key)) return;
      known.add(key);
      fresh.push(name);
    };
    for (const entry of state.nowPlaying.data ?? []) {
      if (fresh.length >= SEEN_VIEWERS_MAX) break;
      take(entry.user);
    }
    for (const session of state.sessions.data ?? []) {
      if (fresh.length >= SEEN_VIEWERS_MAX) break;
      take(session.user);
    }
    if (fresh.length === 0) return false;
    this.#run = [...fresh, ...this.#run].slice(0, SEEN_VIEWERS_MAX);
    return true;
  }

  list(): string[] {
    const { revision, names } = this.#logged();
    if (this.#cache && this.#cache.run === this.#run && this.#cache.revision === revision) return this.#cache.list;
    const list = [...this.#run];
    const listed = new Set(list.map(folded));
    for (const name of names()) {
      if (list.length >= SEEN_VIEWERS_MAX) break;
      if (name.trim() && !listed.has(folded(name))) {
        listed.add(folded(name));
        list.push(name);
      }
    }
    this.#cache = { run: this.#run, revision, list };
    return list;
  }
}

