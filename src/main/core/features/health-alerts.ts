/**
 * Server health notifications, each of which can be turned off: unreachable for some minutes and
 * back again, the key rejected, the version changed (remembered per server in health.json, so an
 * upgrade while the app was closed counts), the event stream refused because the server is full,
 * and a webhook endpoint the server turned off by itself (each time it did, told once: remembered
 * in health.json too; many at once are one summary). Derived from the connection state and `/status` the core already publishes,
 * and from what the webhook check (webhook-check.ts) reads.
 */
import * as v from 'valibot';
import { disabledByServer, MAX_WEBHOOKS, type Webhook } from '../../../shared/airwave';
import { MAX_SERVERS as MAX_FOLLOWED } from '../../../shared/bridge-servers';
import type { HealthAlertSettings } from '../../../shared/bridge';
import { duration } from '../../../shared/format';
import { MAX_ADDRESS_CHARS, shortText } from '../../../shared/shapes';
import { boundText, cleanServerText } from '../../../shared/text';
import { eachKept, orDefault } from '../../../shared/tolerant';
import type { Clock, TimerHandle } from '../../common/clock';
import { redactInUse } from '../../common/redact';
import type { NotificationRequest } from '../viewers/notify-policy';
import type { NotificationSubject } from '../notifications/kinds';
import { ONLY_SERVER, type AppState, type ServerTag } from '../state';
import type { FeatureStore } from './json-store';
import { keyRefusedParams } from '../sync/reporting';
import { messages, t } from '../../../shared/i18n/messages';

export const HEALTH_FILE = 'health.json';
/** Servers whose last seen version is remembered. */
const MAX_SERVERS = 20;

/**
 * Webhook disablements remembered as told: everything one read can hold (MAX_WEBHOOKS) for every
 * server the app can follow, so nothing still read is ever forgotten and told again. A server's
 * memory is what its latest read holds (an endpoint enabled again is let go of).
 */
export const MAX_WEBHOOKS_TOLD = MAX_WEBHOOKS * MAX_FOLLOWED;
/** More newly turned off at once than this are told in one summary. */
export const WEBHOOK_ALERTS_EACH = 3;

/**
 * health.json: [server root, version last seen there], oldest first, each pair on its own; and
 * the webhook disablements told, [server id, endpoint id, disabledAt], oldest first (a file from
 * before they were kept has none: version 1 still, each list read on its own).
 */
const HEALTH_SCHEMA = v.object({
  version: v.literal(1),
  servers: orDefault(eachKept(v.tuple([shortText(MAX_ADDRESS_CHARS), shortText(100)]), { max: MAX_SERVERS, key: ([root]) => root }), []),
  webhooks: orDefault(eachKept(v.tuple([shortText(100), shortText(200), shortText(40)]), { max: MAX_WEBHOOKS_TOLD, key: (told) => JSON.stringify(told) }), []),
});

/** The alerts' words, read from the catalogue (src/shared/i18n, `alerts`) at the moment each is told. */
const m = () => messages().alerts;

/** Where a user turns a webhook on again, in the language in use: the app itself never changes one. */
export const webhookFix = (): string => m().webhookFix;
const WEBHOOK_NAME_CHARS = 60;
const WEBHOOK_REASON_CHARS = 160;

/**
 * How a webhook endpoint is named to the user: its description, else its URL's host (never the
 * URL's path or query, which may hold a secret).
 */
export function webhookName(hook: Pick<Webhook, 'description' | 'url'>): string {
  const description = hook.description?.replace(/\s+/g, ' ').trim();
  if (description) return boundText(description, WEBHOOK_NAME_CHARS);
  try {
    const host = hook.url ? new URL(hook.url).host : '';
    if (host) return boundText(host, WEBHOOK_NAME_CHARS);
  } catch {
    // not a URL: the endpoint goes unnamed
  }
  return m().anEndpoint;
}

/**
 * Why the server turned it off, shortened: one line, any URL in it cut to its host, no key in
 * use; null when the server did not say.
 */
export function webhookReason(reason: string | null): string | null {
  if (!reason) return null;
  // cleaned at the edge already (cleanServerText: credentials with or without a scheme); again here, as it costs nothing on clean text
  const line = redactInUse(cleanServerText(reason))
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/([^\s/?#]+)[^\s]*/gi, (_url, authority: string) => authority.replace(/^[^@]*@/, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return line ? boundText(line, WEBHOOK_REASON_CHARS) : null;
}

export interface HealthAlertsOptions {
  clock: Clock;
  store: FeatureStore;
  settings: () => HealthAlertSettings;
  notify: (request: NotificationRequest) => void;
  problem: (text: string) => void;
}

/** Trying and failing to reach the server (not asleep, not a key or version problem). */
const isDown = (state: AppState) =>
  !state.connection.suspended && (state.connection.state === 'offline' || (state.connection.state === 'connecting' && state.connection.attempt > 0));
const isUp = (state: AppState) => state.connection.state === 'live' || state.connection.state === 'polling';
/**
 * Polling although the server has a stream, because it refused the stream as full (a 503: the
 * connection's `busy`, set by the sync engine from the refusal itself, never read from its words).
 */
const isStreamFull = (state: AppState) =>
  state.connection.state === 'polling' && state.capabilities.data?.sse.supported === true && state.connection.busy === true;

/** What is remembered of one server between its state changes. */
interface Watch {
  /** the server (slot id) */
  id: string;
  downSince: number | null;
  downTimer: TimerHandle | null;
  /** the "unreachable" notification went out: "back again" is owed */
  toldDown: boolean;
  /** when the outage that was told about began */
  toldSince: number;
  /** the latest state and server name (for the timer's words) */
  last: { state: AppState; name: string } | null;
  wasUnauthorized: boolean;
  wasFull: boolean;
}

const newWatch = (id: string): Watch => ({ id, downSince: null, downTimer: null, toldDown: false, toldSince: 0, last: null, wasUnauthorized: false, wasFull: false });

export class HealthAlerts {
  readonly #o: HealthAlertsOptions;
  /** server root → the version last seen there */
  #versions: Map<string, string>;
  /** webhook disablements told, [server id, endpoint id, disabledAt] by their JSON, oldest first */
  readonly #toldWebhooks: Map<string, [string, string, string]>;
  /** each server's outage and alert memory (by slot id) */
  readonly #watches = new Map<string, Watch>();
  #disposed = false;
  #sent = 0;

  constructor(options: HealthAlertsOptions) {
    this.#o = options;
    const loaded = options.store.read(HEALTH_FILE, HEALTH_SCHEMA);
    if (loaded.problem) options.problem(loaded.problem);
    this.#versions = new Map(loaded.value?.servers ?? []);
    this.#toldWebhooks = new Map((loaded.value?.webhooks ?? []).map((told) => [JSON.stringify(told), told]));
  }

  /**
   * What `GET /webhooks` listed on one server (`listed`: how many it listed, when more than were
   * read): each endpoint the server turned off by itself is told once for each time it did (its
   * `disabledAt`), also across restarts; more than WEBHOOK_ALERTS_EACH at once are one summary.
   * Nothing is told, or remembered, while the alert is off.
   */
  webhooks(state: AppState, hooks: readonly Webhook[], server: ServerTag = ONLY_SERVER, listed = hooks.length): void {
    if (this.#disposed || !this.#o.settings().webhookDisabled) return;
    const current = new Map<string, [string, string, string]>();
    const fresh: (Webhook & { disabledAt: string })[] = [];
    for (const hook of hooks) {
      if (!disabledByServer(hook)) continue;
      const entry: [string, string, string] = [server.id, hook.id, hook.disabledAt];
      const key = JSON.stringify(entry);
      if (current.has(key)) continue;
      current.set(key, entry);
      if (!this.#toldWebhooks.has(key)) fresh.push(hook);
    }
    // this server's memory becomes what this read holds: never smaller than what is read
    let changed = fresh.length > 0;
    for (const [key, entry] of this.#toldWebhooks) {
      if (entry[0] === server.id && !current.has(key)) changed = this.#toldWebhooks.delete(key) || changed;
    }
    for (const [key, entry] of current) if (!this.#toldWebhooks.has(key)) this.#toldWebhooks.set(key, entry);
    while (this.#toldWebhooks.size > MAX_WEBHOOKS_TOLD) this.#toldWebhooks.delete(this.#toldWebhooks.keys().next().value as string);
    if (changed) this.#save();
    if (fresh.length > 0) this.#tellWebhooks(this.#name(state, server), fresh, { listed, read: hooks.length });
  }

  /** Each newly turned-off endpoint in a notification of its own, or many in one summary. */
  #tellWebhooks(name: string, fresh: readonly (Webhook & { disabledAt: string })[], { listed, read }: { listed: number; read: number }): void {
    const now = this.#o.clock.now();
    if (fresh.length <= WEBHOOK_ALERTS_EACH && listed <= read) {
      for (const hook of fresh) {
        const reason = webhookReason(hook.disabledReason);
        const why = reason ? t(m().webhookSaid, { reason }) : m().webhookFailed;
        this.#notify('webhook', t(m().webhookOff, { name, hook: webhookName(hook) }), `${why} ${webhookFix()}`, now, { view: 'settings' }, { kind: 'webhook' });
      }
      return;
    }
    const named = fresh.slice(0, WEBHOOK_ALERTS_EACH).map((hook) => `“${webhookName(hook)}”`);
    const more = fresh.length - named.length;
    const names = named.join(', ');
    const which = more > 0 ? t(m().webhooksMore, { names, n: more }) : names;
    const cut = listed > read ? ` ${t(m().webhooksCut, { listed, read })}` : '';
    const title = fresh.length === 1 ? t(m().webhookOff, { name, hook: webhookName(fresh[0]!) }) : t(m().webhooksOff, { name, n: fresh.length });
    this.#notify('webhook', title, `${which}.${cut} ${webhookFix()}`, now, { view: 'settings' }, { kind: 'webhook' });
  }

  /**
   * A server's state changed: raises what became news. With several servers followed, `label`
   * is the name the user gave it (the alerts say which server).
   */
  observe(state: AppState, server: ServerTag = ONLY_SERVER): void {
    if (this.#disposed) return;
    const settings = this.#o.settings();
    const name = this.#name(state, server);
    const now = this.#o.clock.now();
    let watch = this.#watches.get(server.id);
    if (!watch) this.#watches.set(server.id, (watch = newWatch(server.id)));
    this.#reachability(watch, state, name, now, settings);

    const unauthorized = state.connection.state === 'unauthorized';
    if (unauthorized && !watch.wasUnauthorized && settings.keyRejected) {
      const worked = state.connection.keyWorked;
      // a key that worked is refused now, never "wrong" (the one rule: keyRefusedParams)
      if (worked) this.#notify('key-rejected', t(m().keyRefusedTitle, { name }), t(m().keyRefusedBody, keyRefusedParams(worked.until)), now, { view: 'settings' });
      else this.#notify('key-rejected', t(m().keyRejectedTitle, { name }), m().keyRejectedBody, now, { view: 'settings' });
    }
    watch.wasUnauthorized = unauthorized;

    const full = isStreamFull(state);
    if (full && !watch.wasFull && settings.streamFull) {
      this.#notify('stream-full', t(m().fullTitle, { name }), m().fullBody, now);
    }
    if (full || isUp(state)) watch.wasFull = full;

    this.#version(state, name, now, settings);
  }

  /** A server is no longer followed: its timer goes, and nothing more is said of it. */
  forget(id: string): void {
    const watch = this.#watches.get(id);
    if (watch) this.#cancelDown(watch);
    this.#watches.delete(id);
  }

  /** The settings changed: a shorter or longer "unreachable" delay applies to the current outage. */
  settingsChanged(): void {
    for (const watch of this.#watches.values()) {
      this.#cancelDown(watch);
      if (watch.last && isDown(watch.last.state) && !watch.toldDown) this.#armDown(watch);
    }
  }

  dispose(): void {
    this.#disposed = true;
    for (const watch of this.#watches.values()) this.#cancelDown(watch);
  }

  #reachability(watch: Watch, state: AppState, name: string, now: number, settings: HealthAlertSettings): void {
    watch.last = { state, name };
    if (isDown(state)) {
      watch.downSince ??= now;
      if (!watch.toldDown && !watch.downTimer) this.#armDown(watch);
      return;
    }
    // up, asleep, a fresh connect, or a problem that is not reachability (key, version)
    this.#cancelDown(watch);
    watch.downSince = null;
    if (state.connection.state === 'unconfigured') watch.toldDown = false;
    if (isUp(state) && watch.toldDown) {
      watch.toldDown = false;
      if (settings.unreachable) this.#notify('back', t(m().backTitle, { name }), t(m().backBody, { length: duration(now - watch.toldSince) }), now, undefined, { kind: 'server-back', server: watch.id });
    }
  }

  /** One timer per server: when the outage has lasted the set minutes, say so (once). */
  #armDown(watch: Watch): void {
    const since = watch.downSince;
    if (since === null) return;
    const wait = since + this.#o.settings().unreachableMinutes * 60_000 - this.#o.clock.now();
    watch.downTimer = this.#o.clock.setTimeout(() => {
      watch.downTimer = null;
      if (this.#disposed || watch.downSince !== since || watch.toldDown || !watch.last) return;
      watch.toldDown = true;
      watch.toldSince = since;
      if (!this.#o.settings().unreachable) return;
      const now = this.#o.clock.now();
      const why = watch.last.state.connection.message;
      const length = duration(now - since);
      const body = why ? t(m().awayBodyWhy, { length, why }) : t(m().awayBody, { length });
      this.#notify('unreachable', t(m().awayTitle, { name: watch.last.name }), body, now, undefined, { kind: 'server-away', server: watch.id });
    }, Math.max(0, wait));
  }

  #cancelDown(watch: Watch): void {
    watch.downTimer?.cancel();
    watch.downTimer = null;
  }

  #version(state: AppState, name: string, now: number, settings: HealthAlertSettings): void {
    const root = state.server?.url;
    const version = state.status.data?.version;
    if (!root || !version) return;
    const known = this.#versions.get(root);
    if (known === version) return;
    this.#versions.delete(root);
    this.#versions.set(root, version);
    while (this.#versions.size > MAX_SERVERS) this.#versions.delete(this.#versions.keys().next().value as string);
    this.#save();
    if (known !== undefined && settings.versionChanged) {
      this.#notify('version', t(m().versionTitle, { name, version }), t(m().versionBody, { known }), now);
    }
  }

  #name(state: AppState, server: ServerTag): string {
    return server.label ?? state.server?.name ?? state.status.data?.name ?? state.server?.url ?? m().theServer;
  }

  #save(): void {
    this.#o.store.write(HEALTH_FILE, { version: 1, servers: [...this.#versions], webhooks: [...this.#toldWebhooks.values()] });
  }

  #notify(kind: string, title: string, body: string, now: number, target: NotificationRequest['target'] = { view: 'on-now' }, subject?: NotificationSubject): void {
    this.#o.notify({ id: `health-${kind}-${now.toString(36)}-${++this.#sent}`, title, body, artworkUrl: null, target, at: now, ...(subject ? { subject } : {}) });
  }
}
