/**
 * Favourite channels: the starred set (by channel id, with the number and name shown when it was
 * starred), kept in favourites.json, and the ordering that puts favourites first.
 */
import type { FavouriteChannel } from '../../../shared/bridge';
import type { FeatureStore } from './json-store';

export const FAVOURITES_FILE = 'favourites.json';
/** More stars than any guide needs; a file claiming more is not ours. */
export const MAX_FAVOURITES = 500;

export class Favourites {
  readonly #store: FeatureStore;
  readonly #changed: () => void;
  #list: FavouriteChannel[];

  /** Reads the saved favourites; `problem` reports a damaged file (set aside, started empty). */
  constructor(store: FeatureStore, changed: () => void, problem: (text: string) => void) {
    this.#store = store;
    this.#changed = changed;
    const loaded = store.read(FAVOURITES_FILE, checkFavourites);
    if (loaded.problem) problem(loaded.problem);
    this.#list = loaded.value ?? [];
  }

  /** The favourites, in the order they were starred; a new array after every change. */
  get list(): FavouriteChannel[] {
    return this.#list;
  }

  /** The channel ids starred (for ordering channel lists). */
  ids(): Set<string> {
    return new Set(this.#list.map((f) => f.channelId));
  }

  /** Stars or unstars a channel; false when the list is full. */
  set(channel: FavouriteChannel, favourite: boolean): boolean {
    const entry: FavouriteChannel = { channelId: channel.channelId, channelNumber: channel.channelNumber, channelName: channel.channelName };
    const held = this.#list.some((f) => f.channelId === entry.channelId);
    if (!favourite && !held) return true;
    if (favourite && !held && this.#list.length >= MAX_FAVOURITES) return false;
    if (!favourite) this.#list = this.#list.filter((f) => f.channelId !== entry.channelId);
    else if (held) this.#list = this.#list.map((f) => (f.channelId === entry.channelId ? entry : f));
    else this.#list = [...this.#list, entry];
    this.#store.write(FAVOURITES_FILE, { version: 1, favourites: this.#list });
    this.#changed();
    return true;
  }
}

/** Channel rows with the favourites first, each group in its original (guide) order. */
export function favouritesFirst<T extends { id: string }>(rows: readonly T[], favourites: ReadonlySet<string>): T[] {
  if (favourites.size === 0) return [...rows];
  return [...rows.filter((row) => favourites.has(row.id)), ...rows.filter((row) => !favourites.has(row.id))];
}

function checkFavourites(json: unknown): FavouriteChannel[] | null {
  if (!isObject(json) || json.version !== 1 || !Array.isArray(json.favourites) || json.favourites.length > MAX_FAVOURITES) return null;
  const out: FavouriteChannel[] = [];
  for (const item of json.favourites) {
    if (!isObject(item)) return null;
    const { channelId, channelNumber, channelName } = item;
    if (typeof channelId !== 'string' || typeof channelNumber !== 'number' || typeof channelName !== 'string') return null;
    if (!out.some((f) => f.channelId === channelId)) out.push({ channelId, channelNumber, channelName });
  }
  return out;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
