import type { Session } from '../../shared/airwave';
import type { KeyRing, KeyRole } from './auth';
import type { EventHub } from './event-hub';
import type { AnswerHook } from './http';
import type { Listener } from './listener';
import type { SessionPool, StartInput } from './sessions';
import type { DemoWebhook, WebhookBook } from './webhooks';
import type { DemoWorld } from './world';

/**
 * The test controls: what a test (or the preview) may do to the running demo beyond the API:
 * viewers starting, leaving, dropping out, tuning and pausing; the event stream off or lossy;
 * keys revoked or regenerated and the viewer key's channels; webhooks disabled by the server;
 * request and byte counts.
 */

export interface DemoControls {
  /**
   * Emits session.started and playback.started. With heartbeats (airwave, legacy), the same `user`
   * and `deviceId` as a session that is not yet ended continues it instead (no session.started;
   * channel.tuned if the channel differs).
   */
  startSession(input?: StartInput): Session;
  /**
   * The viewer stops. seed: playback.stopped and session.ended at once. airwave/legacy:
   * playback.stopped now, gone from the lists 30 s later, session.ended 60 s later.
   */
  endSession(id: string): boolean;
  /**
   * airwave/legacy only (throws on seed): the viewer's device goes silent now and heartbeats again
   * after `seconds`. Listed for 30 s more; within 60 s it comes back as the same session with no
   * events; past 60 s the session ended (session.ended) and it comes back as a new one (session.started).
   */
  dropOut(id: string, seconds: number): boolean;
  /**
   * The viewer changes channel: channel.tuned. On the airwave profile a browser or TV-web player
   * ends its session and starts a new one instead, `restartAfterMs` later (default: at once); with
   * a gap the ended session is returned.
   */
  tune(id: string, channelNumber: number, options?: { restartAfterMs?: number }): Session | null;
  /** emits playback.paused / playback.resumed */
  setPaused(id: string, paused: boolean): Session | null;
  /** What /sessions shows the admin key; `includeSilent` adds sessions past 30 s silence not yet ended. */
  listSessions(options?: { includeSilent?: boolean }): Session[];
  listChannels(): { id: string; number: number; name: string; empty: boolean }[];
  /** The channel numbers the viewer key sees (REST answers are filtered to them). */
  viewerChannels(): number[];
  setViewerChannels(numbers: readonly number[]): void;
  /** turning it off also closes the open streams; throws on the legacy profile, which has none */
  setSse(supported: boolean): void;
  /** drops every event while on, as a lossy network would (clients must still catch up) */
  dropEvents(on: boolean): void;
  /** both keys by default */
  revokeKey(which?: KeyRole | 'both'): void;
  restoreKey(which?: KeyRole | 'both'): void;
  /** As Settings → API Keys → Regenerate: the old key is rejected at once; returns the new key. */
  regenerateKey(which?: KeyRole): string;
  openStreams(): number;
  /** the webhook endpoints as an admin key reads them */
  webhooks(): DemoWebhook[];
  /** the server disables an endpoint by itself (after 15 failed deliveries), or it is re-enabled in Airwave */
  setWebhookEnabled(id: string, enabled: boolean, reason?: string): boolean;
  /** requests served so far, by path without the query (e.g. "/api/public/v1/sessions/count") */
  requestCounts(): Record<string, number>;
  /**
   * Every JSON answer of the public API (2xx, routes under /api/public/v1 but `/events`) goes
   * through `hook(path, body)` before it is sent, `path` without the prefix and query
   * ("/now-playing"); null takes it away. For tests that make one field odd (issue 33).
   */
  setAnswerHook(hook: AnswerHook | null): void;
  /** bytes the server has sent and received on all its connections so far, headers included */
  traffic(): { sent: number; received: number };
}

export interface ControlledParts {
  world: DemoWorld;
  pool: SessionPool;
  hub: EventHub;
  keys: KeyRing;
  listener: Listener;
  webhooks: WebhookBook;
  setSse(supported: boolean): void;
  setAnswerHook(hook: AnswerHook | null): void;
}

export function createControls({ world, pool, hub, keys, listener, webhooks, setSse, setAnswerHook }: ControlledParts): DemoControls {
  return {
    startSession: (input) => pool.start(input),
    endSession: (id) => pool.end(id),
    dropOut: (id, seconds) => pool.dropOut(id, seconds),
    tune: (id, number, options) => pool.tune(id, number, options),
    setPaused: (id, paused) => pool.setPaused(id, paused),
    listSessions: (options) => pool.list(options),
    listChannels: () =>
      world.channels.map((c) => ({ id: c.record.id, number: c.record.number, name: c.record.name, empty: c.empty })),
    viewerChannels: () => keys.viewerChannels(),
    setViewerChannels: (numbers) => keys.setViewerChannels(numbers),
    setSse,
    setAnswerHook,
    dropEvents: (on) => hub.dropEvents(on),
    revokeKey: (which) => keys.revoke(which),
    restoreKey: (which) => keys.restore(which),
    regenerateKey: (which = 'admin') => keys.regenerate(which),
    openStreams: () => hub.size,
    webhooks: () => webhooks.list(),
    setWebhookEnabled: (id, enabled, reason) => webhooks.setEnabled(id, enabled, reason),
    requestCounts: () => listener.requestCounts(),
    traffic: () => listener.traffic(),
  };
}
