import type { Session } from '../../shared/airwave';
import type { KeyRing } from './auth';
import type { EventHub } from './event-hub';
import type { Listener } from './listener';
import type { SessionPool, StartInput } from './sessions';
import type { DemoWorld } from './world';

/**
 * The test controls: what a test (or the preview) may do to the running demo beyond the API,
 * such as starting and ending viewers, turning the event stream off, or revoking the key.
 */

export interface DemoControls {
  /** emits session.started and playback.started */
  startSession(input?: StartInput): Session;
  /** emits playback.stopped and session.ended */
  endSession(id: string): boolean;
  /** emits channel.tuned */
  tune(id: string, channelNumber: number): Session | null;
  /** emits playback.paused / playback.resumed */
  setPaused(id: string, paused: boolean): Session | null;
  listSessions(): Session[];
  listChannels(): { id: string; number: number; name: string; empty: boolean }[];
  /** turning it off also closes the open streams */
  setSse(supported: boolean): void;
  /** drops every event while on, as a lossy network would (clients must still catch up) */
  dropEvents(on: boolean): void;
  revokeKey(): void;
  restoreKey(): void;
  openStreams(): number;
  /** requests served so far, by path without the query (e.g. "/api/public/v1/sessions/count") */
  requestCounts(): Record<string, number>;
  /** bytes the server has sent and received on all its connections so far, headers included */
  traffic(): { sent: number; received: number };
}

export interface ControlledParts {
  world: DemoWorld;
  pool: SessionPool;
  hub: EventHub;
  keys: KeyRing;
  listener: Listener;
  setSse(supported: boolean): void;
}

export function createControls({ world, pool, hub, keys, listener, setSse }: ControlledParts): DemoControls {
  return {
    startSession: (input) => pool.start(input),
    endSession: (id) => pool.end(id),
    tune: (id, number) => pool.tune(id, number),
    setPaused: (id, paused) => pool.setPaused(id, paused),
    listSessions: () => pool.list(),
    listChannels: () =>
      world.channels.map((c) => ({ id: c.record.id, number: c.record.number, name: c.record.name, empty: c.empty })),
    setSse,
    dropEvents: (on) => hub.dropEvents(on),
    revokeKey: () => keys.revoke(),
    restoreKey: () => keys.restore(),
    openStreams: () => hub.size,
    requestCounts: () => listener.requestCounts(),
    traffic: () => listener.traffic(),
  };
}
