import { parseViewerSignal, type EventEnvelope, type ViewerSignal } from '../../../shared/airwave';
import { planSignals, visibilityOf } from '../event-signals';
import { viewersOf } from '../viewers';
import type { SyncDeps } from './config';
import type { Connection } from './connection';
import type { ResourceFetcher } from './fetcher';
import type { FollowedServer } from './followed-server';

/**
 * Viewer events from the stream, taken as signals and acted on in bursts: events arriving within
 * the debounce window are planned together once it settles (five people starting at once make one
 * update, and one summary notification). An event only says who and what changed: the records come
 * from the key's own `/now-playing` and `/sessions`, refetched once per burst; playback events alone
 * refetch `/now-playing`; events about channels this key cannot see (Airwave does not filter the
 * stream by key) cost nothing. A channel change is passed on, so it is never announced as news.
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
    const plan = planSignals(signals, visibilityOf(state.onNow.data?.channels), viewersOf(state)?.viewers ?? []);
    for (const mark of plan.changedChannel) this.#server.channelChanges.add(mark);
    if (plan.ignored > 0) log(`event stream: ${plan.ignored} event(s) about channels this key cannot see, ignored`);
    if (plan.viewers || unreadable > 0) void this.#fetcher.viewers(conn);
    else if (plan.nowPlaying) void this.#fetcher.nowPlaying(conn);
  }
}
