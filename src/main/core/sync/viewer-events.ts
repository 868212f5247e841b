import { parseSessionEventData, type EventEnvelope, type Session } from '../../../shared/airwave';
import type { SyncDeps } from './config';
import type { Connection } from './connection';
import type { ResourceFetcher } from './fetcher';
import type { FollowedServer } from './followed-server';

/**
 * Viewer events from the stream, applied in bursts: events arriving within the debounce window
 * are applied together once it settles (five people starting at once make one update, and one
 * summary notification). The session records they carry update `/sessions` in place, without a
 * request, and `/now-playing` is refetched (it carries the count: the badge is its length). A
 * record that does not parse falls back to refetching both.
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
    conn.schedule('event-refresh', this.#deps.tuning.eventDebounceMs, () => {
      const events = this.#server.pendingEvents.splice(0);
      void (this.#applySessionEvents(events) ? this.#fetcher.nowPlaying(conn) : this.#fetcher.viewers(conn));
    });
  }

  /** Applies session records from events to `/sessions`; false when that is not possible. */
  #applySessionEvents(events: EventEnvelope[]): boolean {
    const { store, clock } = this.#deps;
    const sessions = store.state.sessions;
    if (!sessions.supported) return true; // nothing to keep up to date
    if (!sessions.data) return false;
    const byId = new Map(sessions.data.map((session) => [session.id, session]));
    for (const envelope of events) {
      let record: Session;
      try {
        record = parseSessionEventData(envelope);
      } catch {
        return false;
      }
      if (envelope.type === 'session.ended') byId.delete(record.id);
      else byId.set(record.id, record);
    }
    store.update({ sessions: { ...sessions, data: [...byId.values()], updatedAt: clock.now(), error: null } });
    return true;
  }
}
