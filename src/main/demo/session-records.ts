import type { Session } from '../../shared/airwave';
import type { TimerHandle } from '../common/clock';
import type { DemoChannel } from './channels';
import { hash } from './rng';
import type { Slot } from './schedule';

/**
 * What the demo's sessions look like from outside: the event and session shapes, the devices and
 * users viewers are drawn from, and a viewer's record as /sessions and the compact live events
 * show it (sessions.ts keeps the pool that moves them).
 */

export type DemoEventType =
  | 'session.started'
  | 'session.ended'
  | 'playback.started'
  | 'playback.stopped'
  | 'playback.paused'
  | 'playback.resumed'
  | 'channel.tuned';

/** Airwave's compact session/playback event payload (airwave-api.md, *Live events*). */
export interface CompactEventData {
  userId: string;
  deviceId: string;
  user: string | null;
  channel: { id: string; number: number | null; name: string | null; callsign: string | null } | null;
  program: {
    ratingKey: string | null;
    title: string | null;
    showTitle: string | null;
    season: number | null;
    episode: number | null;
    year: number | null;
  } | null;
  playbackState: Session['playbackState'];
  delaySeconds: number;
  progress: Session['progress'];
}

export interface DemoEvent {
  type: DemoEventType;
  /** the session as /sessions shows it */
  session: Session;
  compact: CompactEventData;
  /** the channels the event is about (a tune names both), for keys that see only some */
  channels: number[];
}

export interface StartInput {
  user?: string;
  channelNumber?: number;
  platform?: string;
  model?: string;
  /** with heartbeats, starting again on the same (user, device) continues that session */
  deviceId?: string;
}

export interface Viewer {
  id: string;
  user: string;
  deviceId: string;
  channelNumber: number;
  platform: string;
  model: string;
  osVersion: string | null;
  hdr: boolean | null;
  startedAt: number;
  paused: boolean;
  leave: TimerHandle | null;
  /** heartbeats: the player stopped (playback.stopped sent); the session waits to be reaped */
  stopped: boolean;
  /** heartbeats: when the device last heartbeat before going silent; null while it heartbeats */
  silentSince: number | null;
  reap: TimerHandle | null;
  back: TimerHandle | null;
  delaySeconds: number;
}

export const USERS = ['James', 'Zoë', 'María José', '李雷', 'Priya', 'Olu', 'Søren', 'Hannah', 'Mehmet', 'Ava', 'Kofi', 'Élodie'];
export const DEVICES: readonly { platform: string; model: string; osVersion: string | null; hdr: boolean | null }[] = [
  { platform: 'Roku', model: 'Roku Ultra', osVersion: '13.1', hdr: true },
  { platform: 'tvOS', model: 'Apple TV 4K', osVersion: '18.2', hdr: true },
  { platform: 'Chrome', model: 'Chrome on Windows', osVersion: null, hdr: false },
  { platform: 'Android TV', model: 'Shield TV Pro', osVersion: '11', hdr: true },
  { platform: 'iOS', model: 'iPhone 15', osVersion: '18.1', hdr: null },
  { platform: 'webOS', model: 'LG OLED C3', osVersion: '23', hdr: true },
];

/** `device.platform` as Airwave sends it: lowercase, one word per kind of player. */
const AIRWAVE_PLATFORMS: Readonly<Record<string, string>> = {
  Roku: 'roku',
  tvOS: 'ios',
  Chrome: 'browser',
  'Android TV': 'android',
  iOS: 'ios',
  webOS: 'webos',
};

/** Players that end and restart their session on a channel change (browser and TV-web players). */
export const RESTARTING_PLATFORMS = new Set(['browser', 'webos', 'tizen']);

export function airwavePlatform(platform: string): string {
  return AIRWAVE_PLATFORMS[platform] ?? platform.toLowerCase().replace(/\s+/g, '');
}

/** A viewer's session as the API shows it at `now`, on `channel` showing `slot`. */
export function sessionRecord(
  viewer: Viewer,
  channel: DemoChannel | undefined,
  slot: Slot | null,
  now: number,
  { lowercasePlatforms, bareDevices }: { lowercasePlatforms: boolean; bareDevices: boolean },
): Session {
  const program = slot?.program ?? null;
  const device = {
    id: viewer.deviceId,
    platform: lowercasePlatforms ? airwavePlatform(viewer.platform) : viewer.platform,
    model: viewer.model,
    // Airwave 0.15.10 to 0.15.12 send the bare device record: these come back null
    osVersion: bareDevices ? null : viewer.osVersion,
    hdr: bareDevices ? null : viewer.hdr,
  };
  return {
    id: viewer.id,
    user: viewer.user,
    deviceId: viewer.deviceId,
    channel: channel
      ? { number: channel.record.number, name: channel.record.name, callsign: channel.record.callsign }
      : null,
    state: !slot ? 'off' : slot.bumper ? 'bumper' : 'program',
    playbackState: !slot || viewer.stopped ? 'idle' : viewer.paused ? 'paused' : 'playing',
    title: program?.title ?? null,
    showTitle: program?.showTitle ?? null,
    season: program?.season ?? null,
    episode: program?.episode ?? null,
    year: program?.year ?? null,
    artworkUrl: slot?.bumper ? null : (program?.artworkUrl ?? null),
    progress: slot
      ? { positionSeconds: Math.floor((now - slot.start) / 1000), durationSeconds: program?.durationSeconds ?? 0 }
      : null,
    startedAt: new Date(viewer.startedAt).toISOString(),
    device,
  };
}

/** What Airwave's server puts in a session or playback event: who, where, what; no id, artwork or device. */
export function compactRecord(viewer: Viewer, session: Session, channel: DemoChannel | undefined, slot: Slot | null): CompactEventData {
  const program = slot?.program ?? null;
  return {
    userId: `usr_${hash('user', viewer.user).toString(36)}`,
    deviceId: viewer.deviceId,
    user: viewer.user,
    channel: channel
      ? { id: channel.record.id, number: channel.record.number, name: channel.record.name, callsign: channel.record.callsign }
      : null,
    program: program
      ? {
          ratingKey: program.ratingKey,
          title: program.title,
          showTitle: program.showTitle,
          season: program.season,
          episode: program.episode,
          year: program.year,
        }
      : null,
    playbackState: session.playbackState,
    delaySeconds: viewer.delaySeconds,
    progress: session.progress,
  };
}
