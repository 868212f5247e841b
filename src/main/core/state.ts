import type { GuideNow, Packages, PublicRoutes, Session } from '../../shared/airwave';
import type { GuideView, Resource, ServerData } from '../../shared/bridge';
import { Emitter } from '../common/emitter';
import { messages } from '../common/words';

/**
 * What the core knows about the server, in one immutable value. The sync engine is its only
 * writer; the snapshot for the renderer, the tray view and the notification policy are derived
 * from it. Data that fails to refresh is kept with its age (never blanked).
 */
/** A `/guide/now` answer as held: its rows moved on as programmes end (sync/on-now.ts), and which rows ran out. */
export interface HeldOnNow extends GuideNow {
  /** ids of rows that held programmes and ran past them (waiting for the server) */
  waiting?: ReadonlySet<string>;
  /**
   * Rows whose every slot had ended in the server's own latest answer (nothing newer: a stale
   * schedule), by id: when the last one ended. Shown as "Nothing on since 9:06 PM", asked again
   * at the normal pace, never "waiting" for ever (issue 33).
   */
  endedAt?: ReadonlyMap<string, number>;
}

export interface AppState extends ServerData {
  /** `/guide/now` as held (see HeldOnNow) */
  onNow: Resource<HeldOnNow>;
  /** `/sessions` when the server offers it (better viewer identity); `supported: false` after a 404 */
  sessions: Resource<Session[]> & { supported: boolean };
  /**
   * Increments with every resynchronisation after a (re)connect. The first viewer list of a new
   * epoch is a baseline for notifications, never news.
   */
  viewerEpoch: number;
  /**
   * On a new epoch after a gap (reconnect, wake): when the last successful viewer sync before the
   * gap was, so viewers who started meanwhile are announced as a summary; null at start-up.
   */
  awaySince: number | null;
  /** viewers who changed channel (`channel.tuned`) in the burst behind the latest viewer update (see channelChangeMarks) */
  channelChanges: readonly string[];
  /** the routes the server's `/openapi.json` lists (read on connect); null where it has none: routes are then tried */
  routes: PublicRoutes | null;
  /**
   * `/packages` (the channel groups), read on connect and then rarely (sync/schedules.ts);
   * `supported` is null until known, false when the server has no such route
   */
  packages: Resource<Packages['packages']> & { supported: boolean | null };
}

/** Which followed server a state is from: its slot id, and its name when several are followed (null: not named). */
export interface ServerTag {
  id: string;
  label: string | null;
}

/** One server followed, never named (the default of what keeps memory per server). */
export const ONLY_SERVER: ServerTag = { id: 'default', label: null };

export const emptyResource = <T>(): Resource<T> => ({ data: null, updatedAt: null, error: null });

/** A resource just fetched: its data, when, and no error. */
export const freshResource = <T>(data: T, now: number): Resource<T> => ({ data, updatedAt: now, error: null });

/**
 * How old a resource is at wall time `now` (infinitely old when it never arrived). Data stamped in the future (the system clock was set
 * back since) is as old as can be: it is read again once, rather than trusted for the length of
 * the jump.
 */
export function resourceAge(resource: Resource<unknown>, now: number): number {
  if (resource.updatedAt === null) return Number.POSITIVE_INFINITY;
  const age = now - resource.updatedAt;
  return age < 0 ? Number.POSITIVE_INFINITY : age;
}

export const emptyGuideView = (forwardMinutes: number): GuideView => ({
  forwardMinutes,
  loading: false,
  updatedAt: null,
  error: null,
  window: null,
  state: 'empty',
  channels: 0,
  programmes: 0,
  receivedBytes: 0,
  revision: 0,
});

/** What the core reads from a server, none of it read yet: a new state's, and another server's once it is followed instead. */
export function emptyServerResources(): Pick<AppState, 'status' | 'capabilities' | 'sessionCount' | 'nowPlaying' | 'sessions' | 'onNow' | 'packages'> {
  return {
    status: emptyResource(),
    capabilities: emptyResource(),
    sessionCount: emptyResource(),
    nowPlaying: emptyResource(),
    sessions: { ...emptyResource<Session[]>(), supported: true },
    onNow: emptyResource(),
    packages: { ...emptyResource<Packages['packages']>(), supported: null },
  };
}

export function initialState(now: number, forwardMinutes = 180): AppState {
  return {
    connection: {
      state: 'unconfigured',
      message: messages().client.noServerYet,
      since: now,
      nextRetryAt: null,
      attempt: 0,
      suspended: false,
    },
    server: null,
    ...emptyServerResources(),
    guide: emptyGuideView(forwardMinutes),
    viewerEpoch: 0,
    awaySince: null,
    channelChanges: [],
    routes: null,
  };
}

export type StateListener = (state: AppState, changed: ReadonlySet<keyof AppState>) => void;

/** Holds the current AppState; `update` merges a partial and tells listeners which parts changed. */
export class StateStore {
  #state: AppState;
  readonly #changed = new Emitter<{ state: AppState; changed: ReadonlySet<keyof AppState> }>();

  constructor(initial: AppState) {
    this.#state = initial;
  }

  get state(): AppState {
    return this.#state;
  }

  update(patch: Partial<AppState> | ((state: AppState) => Partial<AppState>)): void {
    const changes = typeof patch === 'function' ? patch(this.#state) : patch;
    const changed = new Set<keyof AppState>();
    for (const key of Object.keys(changes) as (keyof AppState)[]) {
      if (changes[key] !== this.#state[key]) changed.add(key);
    }
    if (changed.size === 0) return;
    this.#state = { ...this.#state, ...changes };
    this.#changed.fire({ state: this.#state, changed });
  }

  subscribe(listener: StateListener): () => void {
    return this.#changed.event(({ state, changed }) => listener(state, changed));
  }
}

/** The packages a server lists, for grouping its channels: what `/packages` said, once it said it (null: none known). */
export const listedPackages = (state: Pick<AppState, 'packages'>): AppState['packages']['data'] => (state.packages.supported === true ? state.packages.data : null);
