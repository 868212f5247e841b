import { parseViewerSignal, type EventEnvelope, type NowPlayingEntry, type Session, type ViewerSignal } from '../../../shared/airwave';
import { personKey } from '../../../shared/viewer-identity';
import { concernsKey, planSignals, visibilityOf } from './event-signals';
import { viewersOf } from '../viewers/watching';
import type { SyncDeps } from './config';
import type { Connection } from './connection';
import type { ResourceFetcher } from './fetcher';
import type { FollowedServer } from './followed-server';

/**
 * Viewer events from the stream, taken as signals and acted on in bursts: events arriving within
 * the debounce window are planned together once it settles (five people starting at once make one
 * update, and one summary notification). An event only says who and what changed: the records come
 * from the key's own `/now-playing` and `/sessions`, refetched once per burst; playback events alone
 * refetch `/now-playing`, and so do departures of sessions the app holds by id (only who left is
 * taken from the event: the session is dropped from the held `/sessions`); events about channels
 * this key cannot see (Airwave does not filter the stream by key) cost nothing. A channel change is
 * passed on, so it is never announced as news.
 */
export class ViewerEvents {
  readonly #server: FollowedServer;
  readonly #deps: SyncDeps;
  readonly #fetcher: ResourceFetcher;

  constructor(server: FollowedServer, deps: SyncDeps, fetcher: ResourceFetcher) {
    this.#server = server;
    this.#deps = deps;
    this.#fetcher = fetcher;
  }

  /** One viewer event of `conn`'s stream. */
  add(conn: Connection, envelope: EventEnvelope): void {
    this.#server.pendingEvents.push(envelope);
    if (conn.hasJob('event-refresh')) return;
    conn.schedule('event-refresh', this.#deps.tuning.eventDebounceMs, () => this.#settle(conn));
  }

  #settle(conn: Connection): void {
    const { store, log } = this.#deps;
    const signals: ViewerSignal[] = [];
    let unreadable = 0;
    for (const envelope of this.#server.pendingEvents.splice(0)) {
      try {
        const signal = parseViewerSignal(envelope);
        if (signal) signals.push(signal);
      } catch (error) {
        // Something happened to someone: the REST answers will say what.
        unreadable++;
        log(`event ${envelope.type}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const state = store.state;
    const visibility = visibilityOf(state.onNow.data?.channels);
    const held = viewersOf(state)?.viewers ?? [];
    const plan = planSignals(signals, visibility, held);
    for (const mark of plan.changedChannel) this.#server.channelChanges.add(mark);
    if (plan.ignored > 0) log(`event stream: ${plan.ignored} event(s) about channels this key cannot see, ignored`);
    const relevant = signals.filter((signal) => concernsKey(signal, visibility, held));
    if (unreadable === 0 && plan.viewers && this.#dropDepartures(relevant)) void this.#fetcher.nowPlaying(conn);
    else if (plan.viewers || unreadable > 0) void this.#fetcher.viewers(conn);
    else if (plan.nowPlaying) void this.#fetcher.nowPlaying(conn);
  }

  /**
   * When every viewer change in the burst is a departure of a session held by id, drops those
   * sessions from the held `/sessions` (no record is taken from the event) and says so; otherwise
   * changes nothing and says false (the viewers are refetched).
   */
  #dropDepartures(relevant: readonly ViewerSignal[]): boolean {
    const { store, clock } = this.#deps;
    const sessions = store.state.sessions;
    if (!sessions.supported || !sessions.data) return false;
    const heldIds = new Set(sessions.data.map((session) => session.id));
    const gone = new Set<string>();
    for (const signal of relevant) {
      if (signal.change === 'playback') continue;
      const id = signal.who.sessionId;
      if (signal.change !== 'ended' || !id || !heldIds.has(id)) return false;
      gone.add(id);
    }
    if (gone.size === 0) return false;
    const data = sessions.data.filter((session) => !gone.has(session.id));
    // their /now-playing entries go with them (until it is read again): a held entry no session names would be a viewer of its own (viewers/watching.ts)
    const entries = store.state.nowPlaying.data;
    const left = entries ? withoutEntriesOf(entries, sessions.data.filter((session) => gone.has(session.id))) : null;
    store.update({
      sessions: { ...sessions, data, updatedAt: clock.now(), error: null },
      ...(left && left !== entries ? { nowPlaying: { ...store.state.nowPlaying, data: left } } : {}),
    });
    return true;
  }
}

/** `entries` without the one entry of each departed session (the same person, on its channel where one is), or `entries` itself when none is held. */
function withoutEntriesOf(entries: NowPlayingEntry[], departed: readonly Session[]): NowPlayingEntry[] {
  const left = [...entries];
  for (const session of departed) {
    if (session.state === 'off') continue; // /now-playing never named it
    const person = personKey(session.user, session.device);
    const same = left.map((entry, index) => ({ entry, index })).filter(({ entry }) => personKey(entry.user, entry.device) === person);
    const found = same.find(({ entry }) => entry.channelNumber === (session.channel?.number ?? null)) ?? same[0];
    if (found) left.splice(found.index, 1);
  }
  return left.length === entries.length ? entries : left;
}
