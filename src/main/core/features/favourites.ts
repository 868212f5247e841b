/**
 * Favourite channels: the starred set (by channel id, with the number and name shown when it was
 * starred), kept in favourites.json, and the ordering that puts favourites first.
 */
import * as v from 'valibot';
import type { FavouriteChannel } from '../../../shared/bridge';
import { FAVOURITE_FIELDS, serverId } from '../../../shared/shapes';
import { eachKept, orDefault } from '../../../shared/tolerant';
import type { FeatureStore } from './json-store';

export const FAVOURITES_FILE = 'favourites.json';
/** More stars than any guide needs; stars past it in a file are not ours. */
export const MAX_FAVOURITES = 500;

/** favourites.json: each star on its own (one per channel and server). */
const FAVOURITES_SCHEMA = v.object({
  version: v.literal(1),
  favourites: orDefault(
    eachKept(v.object({ ...FAVOURITE_FIELDS, server: v.optional(serverId) }), { max: MAX_FAVOURITES, key: (f) => `${f.server ?? ''}\n${f.channelId}` }),
    [],
  ),
});

export class Favourites {
  readonly #store: FeatureStore;
  readonly #changed: () => void;
  /** the server shown now (favourites are per server: a channel id means nothing on another) */
  readonly #server: () => string | null;
  /** every server's favourites */
  #all: FavouriteChannel[];
  #shown: { server: string | null; all: FavouriteChannel[]; list: FavouriteChannel[] } | null = null;

  /** Reads the saved favourites; `problem` reports a damaged file (set aside, started empty). */
  constructor(store: FeatureStore, changed: () => void, problem: (text: string) => void, server: () => string | null = () => null) {
    this.#store = store;
    this.#changed = changed;
    this.#server = server;
    const loaded = store.read(FAVOURITES_FILE, FAVOURITES_SCHEMA);
    if (loaded.problem) problem(loaded.problem);
    this.#all = loaded.value?.favourites ?? [];
  }

  /** The shown server's favourites, in the order they were starred; the same array until they change. */
  get list(): FavouriteChannel[] {
    const server = this.#server();
    if (this.#shown?.server !== server || this.#shown.all !== this.#all) {
      this.#shown = { server, all: this.#all, list: this.#all.filter((f) => (f.server ?? null) === server || f.server === undefined) };
    }
    return this.#shown.list;
  }

  /** The channel ids starred on the shown server (for ordering channel lists). */
  ids(): Set<string> {
    return new Set(this.list.map((f) => f.channelId));
  }

  /** Stars or unstars a channel of the shown server; false when the list is full. */
  set(channel: FavouriteChannel, favourite: boolean): boolean {
    const server = this.#server();
    const entry: FavouriteChannel = { channelId: channel.channelId, channelNumber: channel.channelNumber, channelName: channel.channelName, ...(server ? { server } : {}) };
    const mine = (f: FavouriteChannel) => f.channelId === entry.channelId && (f.server === undefined || (f.server ?? null) === server);
    const held = this.#all.some(mine);
    if (!favourite && !held) return true;
    if (favourite && !held && this.#all.length >= MAX_FAVOURITES) return false;
    if (!favourite) this.#all = this.#all.filter((f) => !mine(f));
    else if (held) this.#all = this.#all.map((f) => (mine(f) ? entry : f));
    else this.#all = [...this.#all, entry];
    this.#store.write(FAVOURITES_FILE, { version: 1, favourites: this.#all });
    this.#changed();
    return true;
  }
}

/** Channel rows with the favourites first, each group in its original (guide) order. */
export function favouritesFirst<T extends { id: string }>(rows: readonly T[], favourites: ReadonlySet<string>): T[] {
  if (favourites.size === 0) return [...rows];
  return [...rows.filter((row) => favourites.has(row.id)), ...rows.filter((row) => !favourites.has(row.id))];
}
