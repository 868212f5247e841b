/**
 * The followed servers: one slot per server in the settings, each with its own state store and
 * sync engine (so its own connection, event stream or polling, backoff and request governor).
 * `apply` brings the slots in line with what should be followed; a server failing or paused never
 * touches another slot. Every engine it stops is tracked until it has closed, so `close()` resolves
 * only when nothing of any server is left running.
 */
import type { Clock } from '../../common/clock';
import { initialState, StateStore, type AppState } from '../state';
import type { EngineConfig, SyncEngine } from '../sync/engine';

/** What one slot should do: follow `config`, or (null) hold still with `idle` as its state. */
export interface FollowTarget {
  id: string;
  name: string;
  /** paused by the user (then `config` is null) */
  paused: boolean;
  config: EngineConfig | null;
  /** the connection to show while not following (paused, or a key this computer cannot read) */
  idle?: Partial<AppState['connection']>;
}

export interface ServerSlot {
  readonly id: string;
  name: string;
  paused: boolean;
  readonly store: StateStore;
  readonly engine: SyncEngine;
  config: EngineConfig | null;
}

export interface FleetOptions {
  clock: Clock;
  createEngine: (store: StateStore, id: string) => SyncEngine;
  forwardMinutes: () => number;
  /** every state change of every slot */
  onState: (slot: ServerSlot, state: AppState, changed: ReadonlySet<keyof AppState>) => void;
  /** a slot was removed (its viewers are gone from every merged view) */
  onRemoved: (id: string) => void;
}

const sameConfig = (a: EngineConfig | null, b: EngineConfig | null) =>
  a === b || (a !== null && b !== null && a.server === b.server && a.apiKey === b.apiKey && a.authStyle === b.authStyle);

export class Fleet {
  readonly #o: FleetOptions;
  readonly #slots = new Map<string, ServerSlot & { unsubscribe: () => void }>();
  #popoverOpen = false;
  #suspended = false;
  #closed = false;
  /** engines stopped by `apply` (removed or idle) whose close has not finished yet */
  readonly #closing = new Set<Promise<void>>();

  constructor(options: FleetOptions) {
    this.#o = options;
  }

  /** The slots, in the settings' order. */
  get slots(): ServerSlot[] {
    return [...this.#slots.values()];
  }

  get(id: string | null): ServerSlot | null {
    return id === null ? null : (this.#slots.get(id) ?? null);
  }

  /** Brings the slots in line with `targets` (in their order): new ones start, gone ones close, changed ones restart. */
  apply(targets: readonly FollowTarget[]): void {
    if (this.#closed) return;
    const wanted = new Set(targets.map((t) => t.id));
    for (const id of [...this.#slots.keys()]) if (!wanted.has(id)) this.#track(this.remove(id));
    const ordered = new Map<string, ServerSlot & { unsubscribe: () => void }>();
    for (const target of targets) {
      const slot = this.#slots.get(target.id) ?? this.#create(target.id);
      slot.name = target.name;
      slot.paused = target.paused;
      ordered.set(target.id, slot);
      if (target.config === null) {
        // the state it shows while not following: a fresh one, its connection saying why
        const fresh = initialState(this.#o.clock.now(), slot.store.state.guide.forwardMinutes);
        const idle = { ...fresh.connection, ...target.idle };
        const shown = slot.store.state.connection;
        if (slot.config !== null || shown.state !== idle.state || shown.message !== idle.message) this.#idle(slot, { ...fresh, connection: idle });
      } else if (!sameConfig(slot.config, target.config)) {
        slot.config = target.config;
        slot.engine.start(target.config);
      } else if (slot.config && slot.config.pollSeconds !== target.config.pollSeconds) {
        slot.config = target.config;
        slot.engine.setPollSeconds(target.config.pollSeconds);
      }
    }
    this.#slots.clear();
    for (const [id, slot] of ordered) this.#slots.set(id, slot);
  }

  /** Stops following one server and lets its slot go (its state is not kept). */
  async remove(id: string): Promise<void> {
    const slot = this.#slots.get(id);
    if (!slot) return;
    this.#slots.delete(id);
    slot.unsubscribe();
    await slot.engine.close();
    this.#o.onRemoved(id);
  }

  setPopoverOpen(open: boolean): void {
    this.#popoverOpen = open;
    for (const slot of this.#slots.values()) slot.engine.setPopoverOpen(open);
  }

  suspend(): void {
    this.#suspended = true;
    for (const slot of this.#slots.values()) slot.engine.suspend();
  }

  resume(): void {
    this.#suspended = false;
    for (const slot of this.#slots.values()) slot.engine.resume();
  }

  networkOnline(): void {
    for (const slot of this.#slots.values()) slot.engine.networkOnline();
  }

  refresh(): void {
    for (const slot of this.#slots.values()) slot.engine.refresh();
  }

  /** Closes every engine; nothing starts again. */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = [...this.#slots.values()];
    this.#slots.clear();
    for (const slot of slots) slot.unsubscribe();
    await Promise.all([...slots.map((slot) => slot.engine.close()), ...this.#closing]);
  }

  /** Keeps `closing` until it settles, so `close()` can wait for it. */
  #track(closing: Promise<void>): void {
    const tracked = closing.catch(() => {}).finally(() => this.#closing.delete(tracked));
    this.#closing.add(tracked);
  }

  #create(id: string): ServerSlot & { unsubscribe: () => void } {
    const store = new StateStore(initialState(this.#o.clock.now(), this.#o.forwardMinutes()));
    const engine = this.#o.createEngine(store, id);
    if (this.#popoverOpen) engine.setPopoverOpen(true);
    if (this.#suspended) engine.suspend();
    const slot: ServerSlot & { unsubscribe: () => void } = { id, name: id, paused: false, store, engine, config: null, unsubscribe: () => {} };
    slot.unsubscribe = store.subscribe((state, changed) => this.#o.onState(slot, state, changed));
    return slot;
  }

  /** Not following: traffic stops, what was held is cleared, the connection says why. */
  #idle(slot: ServerSlot, state: AppState): void {
    slot.config = null;
    this.#track(slot.engine.close());
    slot.store.update(state);
  }
}
