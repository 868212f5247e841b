import type { ConnectionState, ConnectionView } from '../../../shared/bridge';
import type { ApiError } from '../client';
import type { SyncDeps } from './config';
import type { Connection } from './connection';
import type { FollowedServer } from './followed-server';
import { describe, isKeyRejection, keyRejectedMessage, patchConnection } from './reporting';
import { keyRecheckDelay } from './schedules';

/**
 * The rejected key: once Airwave says no, normal traffic stops, the data is kept (shown as stale),
 * and one cheap `/sessions/count` every `keyRecheckMs` (and on wake or when the network is back)
 * asks whether the key works again, so a restored key recovers without the user.
 */

export interface KeyRecheckHooks {
  suspended(): boolean;
  /** shows the rejected state (and sets the server's mode to 'rejected') */
  showRejected(state: ConnectionState, message: string, extra: Partial<ConnectionView>): void;
  /** the key is accepted again */
  reconnect(): void;
}

export class KeyRecheck {
  constructor(
    private readonly server: FollowedServer,
    private readonly deps: SyncDeps,
    private readonly hooks: KeyRecheckHooks,
  ) {}

  /** The key was rejected: stop, say so, and check again after the re-check delay. */
  rejected(error: ApiError): void {
    const conn = this.server.renew();
    const delay = keyRecheckDelay(this.deps.tuning);
    this.deps.log(`key rejected: ${error.message}; checking again every ${Math.round(delay / 60_000)} min`);
    const worked = this.server.keyWorked ? { keyWorked: { until: this.server.lastSyncAt } } : {};
    this.hooks.showRejected('unauthorized', keyRejectedMessage(this.server.keyWorked, delay, this.server.lastSyncAt, this.deps.clock.now()), { nextRetryAt: this.deps.clock.now() + delay, ...worked });
    this.#schedule(conn, delay);
  }

  /** One `/sessions/count` with the rejected key: accepted, reconnect; rejected again, wait for the next check. */
  async check(): Promise<void> {
    if (this.hooks.suspended()) return;
    const { server } = this;
    const conn = server.renew('rejected');
    server.checkingKey = true;
    try {
      await conn.run((signal) => server.client.sessionCount({ signal }));
    } catch (error) {
      server.checkingKey = false;
      if (!conn.isCurrent()) return;
      if (isKeyRejection(error)) return this.rejected(error as ApiError);
      // Not an answer about the key (the server is away, a proxy): ask again at the next check.
      this.deps.log(`key re-check: ${describe(error)}`);
      const delay = keyRecheckDelay(this.deps.tuning);
      patchConnection(this.deps, { nextRetryAt: this.deps.clock.now() + delay });
      return this.#schedule(conn, delay);
    }
    server.checkingKey = false;
    if (!conn.isCurrent()) return;
    this.deps.log('key re-check: the key is accepted again; reconnecting');
    server.attempt = 0;
    this.hooks.reconnect();
  }

  #schedule(conn: Connection, delay: number): void {
    conn.schedule('key-recheck', delay, () => void this.check());
  }
}
