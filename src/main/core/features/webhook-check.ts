/**
 * The webhook check: reads each followed server's `GET /webhooks` (admin keys only) at most once an
 * hour, and when the popover opens Settings (never more often than WEBHOOK_SETTINGS_GAP_MS, however
 * often Settings is opened), only where the server can have webhooks. What it reads goes to the
 * health alerts (an endpoint the server turned off by itself). A viewer's key (403) turns the check
 * off for that server until its key changes; a missing route (404) until its version changes; any
 * other failure waits for the next hourly check. It only reads: the app never changes a webhook.
 */
import { hasRoute, ROUTES, versionBefore, type Webhook } from '../../../shared/airwave';
import type { Clock, TimerHandle } from '../../common/clock';
import { isApiError, type AirwaveClient } from '../client';
import type { AppState, ServerTag } from '../state';

/** The background check: at most one request an hour per server. */
export const WEBHOOK_CHECK_EVERY_MS = 60 * 60_000;
/** The flood guard: Settings opened again and again asks a server at most once in this long. */
export const WEBHOOK_SETTINGS_GAP_MS = 60_000;
/** A server just reached is first asked this much later, outside the connect's own burst of requests. */
export const WEBHOOK_FIRST_CHECK_MS = 60_000;
/** The first Airwave version with `/webhooks` (airwave-api.md, *Versions differ*). */
export const WEBHOOKS_SINCE = '0.14.71';

/** One followed server as the check sees it now. */
export interface WebhookServer {
  tag: ServerTag;
  state: AppState;
  /** its engine's client (null while it is not followed) */
  client: AirwaveClient | null;
  /** stands for the key it is followed with (a fingerprint, never the key): a new one lifts a 403 */
  keyTag: string | null;
}

export interface WebhookCheckOptions {
  clock: Clock;
  /** the followed server with this id, as it is now (null: no longer followed) */
  server: (id: string) => WebhookServer | null;
  /** the alert is on (off: nothing is asked) */
  enabled: () => boolean;
  /** what one server's `/webhooks` listed (`listed`: how many it listed, more than `hooks` when the read was cut) */
  report: (server: WebhookServer, hooks: Webhook[], listed: number) => void;
  /** the server's key changed: what the old key read is no longer this key's to show */
  forgetReading: (server: WebhookServer) => void;
  log: (line: string) => void;
}

/** Why the check is off for a server, and what lifts it. */
type Off = { why: 'forbidden'; keyTag: string | null } | { why: 'missing'; version: string | null };

interface Watch {
  timer: TimerHandle | null;
  /** monotonic time of the last request (null: none yet, or a new key since) */
  askedAt: number | null;
  asking: boolean;
  off: Off | null;
  /** the last request failed (server error, timeout, …): only the hourly check asks again */
  failed: boolean;
  /** the key last seen (its fingerprint) */
  keyTag: string | null;
}

const connected = (state: AppState) => (state.connection.state === 'live' || state.connection.state === 'polling') && !state.connection.suspended;

/** Whether what the server said of itself leaves room for webhooks (without any hint: yes, one try). */
export function mayHaveWebhooks(state: AppState): boolean {
  if (hasRoute(state.routes, ROUTES.webhooks) === false) return false;
  if (state.capabilities.data && !state.capabilities.data.webhooks.supported) return false;
  return !versionBefore(state.status.data?.version, WEBHOOKS_SINCE);
}

export class WebhookCheck {
  readonly #o: WebhookCheckOptions;
  readonly #watches = new Map<string, Watch>();
  #disposed = false;
  #requests = 0;

  constructor(options: WebhookCheckOptions) {
    this.#o = options;
  }

  /** Requests sent so far (tests). */
  get requests(): number {
    return this.#requests;
  }

  /** Requests waiting for their answer now. */
  get inFlight(): number {
    let n = 0;
    for (const watch of this.#watches.values()) if (watch.asking) n += 1;
    return n;
  }

  /** A followed server's state changed: the next check is planned (or put off while it cannot be asked). */
  observe(id: string): void {
    if (this.#disposed) return;
    const server = this.#o.server(id);
    if (!server) return;
    let watch = this.#watches.get(id);
    if (!watch) this.#watches.set(id, (watch = { timer: null, askedAt: null, asking: false, off: null, failed: false, keyTag: server.keyTag }));
    this.#lift(watch, server);
    if (!this.#askable(watch, server)) {
      this.#cancel(watch);
      return;
    }
    if (watch.timer || watch.asking) return;
    const due = watch.askedAt === null ? WEBHOOK_FIRST_CHECK_MS : Math.max(0, watch.askedAt + WEBHOOK_CHECK_EVERY_MS - this.#o.clock.monotonic());
    watch.timer = this.#o.clock.setTimeout(() => {
      watch.timer = null;
      void this.#ask(id, watch);
    }, due);
  }

  /** The popover opened Settings: every server that may be asked and was not asked within the flood guard's gap is asked now. */
  settingsOpened(): void {
    if (this.#disposed) return;
    const now = this.#o.clock.monotonic();
    for (const [id, watch] of this.#watches) {
      const server = this.#o.server(id);
      if (!server) continue;
      this.#lift(watch, server);
      if (!this.#askable(watch, server) || watch.asking || watch.failed) continue;
      if (watch.askedAt !== null && now - watch.askedAt < WEBHOOK_SETTINGS_GAP_MS) continue;
      this.#cancel(watch);
      void this.#ask(id, watch);
    }
  }

  /** The alert was turned on or off: checks start or stop. */
  settingsChanged(): void {
    for (const id of [...this.#watches.keys()]) this.observe(id);
  }

  /** A server is no longer followed: its timer goes, and what was learnt of it. */
  forget(id: string): void {
    const watch = this.#watches.get(id);
    if (watch) this.#cancel(watch);
    this.#watches.delete(id);
  }

  dispose(): void {
    this.#disposed = true;
    for (const watch of this.#watches.values()) this.#cancel(watch);
    this.#watches.clear();
  }

  /** A new key lifts a 403 (and is asked soon); a new version lifts a missing route. */
  #lift(watch: Watch, server: WebhookServer): void {
    if (server.keyTag !== watch.keyTag) {
      watch.keyTag = server.keyTag;
      this.#o.forgetReading(server);
      watch.askedAt = null;
      watch.failed = false;
      if (watch.off?.why === 'forbidden') watch.off = null;
    }
    const version = server.state.status.data?.version ?? null;
    if (watch.off?.why === 'missing' && version !== null && version !== watch.off.version) {
      watch.off = null;
      watch.askedAt = null;
    }
  }

  #askable(watch: Watch, server: WebhookServer): boolean {
    return watch.off === null && server.client !== null && this.#o.enabled() && connected(server.state) && mayHaveWebhooks(server.state);
  }

  async #ask(id: string, watch: Watch): Promise<void> {
    const server = this.#o.server(id);
    if (this.#disposed || this.#watches.get(id) !== watch || !server || !this.#askable(watch, server) || watch.asking) return;
    const client = server.client!;
    watch.asking = true;
    watch.askedAt = this.#o.clock.monotonic();
    watch.failed = false;
    this.#requests += 1;
    try {
      const answer = await client.webhooks();
      const now = this.#o.server(id);
      // a new key or address meanwhile: that client's own check follows
      if (this.#disposed || this.#watches.get(id) !== watch || !now || now.client !== client) return;
      if (answer.unreadable > 0) this.#o.log(`/webhooks: ${answer.unreadable} endpoint(s) could not be read and were left out`);
      this.#o.report(now, answer.webhooks, answer.listed);
    } catch (error) {
      if (isApiError(error) && error.kind === 'cancelled') return;
      const status = isApiError(error) ? error.status : undefined;
      if (status === 403) {
        watch.off = { why: 'forbidden', keyTag: server.keyTag };
        this.#o.log('/webhooks refused (not an admin key): the webhook check is off for this server until its key changes');
      } else if (status === 404) {
        watch.off = { why: 'missing', version: server.state.status.data?.version ?? null };
        this.#o.log('/webhooks: this server has no such route; not asked again until its version changes');
      } else {
        watch.failed = true;
        this.#o.log(`/webhooks failed, asked again in an hour: ${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      watch.asking = false;
      if (!this.#disposed && this.#watches.get(id) === watch) this.observe(id);
    }
  }

  #cancel(watch: Watch): void {
    watch.timer?.cancel();
    watch.timer = null;
  }
}
