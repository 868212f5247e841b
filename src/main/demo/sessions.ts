import type { Session } from '../../shared/airwave';
import type { Clock, TimerHandle } from '../common/clock';
import type { DemoChannel } from './channels';
import { Rng } from './rng';
import type { Schedules } from './schedule';

/**
 * The demo's viewers. A session is who watches which channel on which device; what they see is
 * computed from the channel's schedule at the current time, so a viewer on a channel with nothing
 * scheduled is in state `off` (counted by /sessions/count, absent from /now-playing, as on real
 * servers). Viewers arrive at a seeded, steady rate (`churn` per hour) and leave after a while,
 * all on the injected clock.
 */

export type DemoEventType =
  | 'session.started'
  | 'session.ended'
  | 'playback.started'
  | 'playback.stopped'
  | 'playback.paused'
  | 'playback.resumed'
  | 'channel.tuned';

export interface StartInput {
  user?: string;
  channelNumber?: number;
  platform?: string;
  model?: string;
}

interface Viewer {
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
}

const USERS = ['James', 'Zoë', 'María José', '李雷', 'Priya', 'Olu', 'Søren', 'Hannah', 'Mehmet', 'Ava', 'Kofi', 'Élodie'];
const DEVICES: readonly { platform: string; model: string; osVersion: string | null; hdr: boolean | null }[] = [
  { platform: 'Roku', model: 'Roku Ultra', osVersion: '13.1', hdr: true },
  { platform: 'tvOS', model: 'Apple TV 4K', osVersion: '18.2', hdr: true },
  { platform: 'Chrome', model: 'Chrome on Windows', osVersion: null, hdr: false },
  { platform: 'Android TV', model: 'Shield TV Pro', osVersion: '11', hdr: true },
  { platform: 'iOS', model: 'iPhone 15', osVersion: '18.1', hdr: null },
  { platform: 'webOS', model: 'LG OLED C3', osVersion: '23', hdr: true },
];

export class SessionPool {
  private readonly viewers = new Map<string, Viewer>();
  private readonly rng: Rng;
  private serial = 0;
  private arrival: TimerHandle | null = null;
  private closed = false;

  constructor(
    seed: string | number,
    private readonly clock: Clock,
    private readonly channels: readonly DemoChannel[],
    private readonly schedules: Schedules,
    private readonly emit: (type: DemoEventType, session: Session) => void,
    private readonly churnPerHour: number,
  ) {
    this.rng = new Rng(seed, 'viewers');
  }

  /** Starts the initial viewers and, with churn, the arrivals. */
  begin(initialViewers: number): void {
    const playable = this.channels.filter((c) => !c.empty);
    for (let i = 0; i < initialViewers && playable.length > 0; i++) {
      // The first viewer watches the first channel, so a demo always has someone on 101.
      const channel = i === 0 ? playable[0] : this.rng.pick(playable);
      this.start({ channelNumber: channel?.record.number }, { quiet: true });
    }
    this.scheduleArrival();
  }

  start(input: StartInput = {}, options: { quiet?: boolean } = {}): Session {
    const channel =
      input.channelNumber === undefined
        ? this.rng.pick(this.channels)
        : this.channels.find((c) => c.record.number === input.channelNumber);
    if (!channel) throw new RangeError(`No demo channel has the number ${input.channelNumber}.`);
    const device = this.rng.pick(DEVICES);
    const serial = ++this.serial;
    const viewer: Viewer = {
      id: `sess_${serial.toString(36)}_${Math.floor(this.rng.next() * 1e9).toString(36)}`,
      user: input.user ?? this.rng.pick(USERS),
      deviceId: `dev_${Math.floor(this.rng.next() * 1e9).toString(36)}`,
      channelNumber: channel.record.number,
      platform: input.platform ?? device.platform,
      model: input.model ?? device.model,
      osVersion: device.osVersion,
      hdr: device.hdr,
      startedAt: this.clock.now(),
      paused: false,
      leave: null,
    };
    this.viewers.set(viewer.id, viewer);
    if (this.churnPerHour > 0) {
      // With churn, everyone leaves eventually: after 10 minutes to 2 hours.
      const stay = this.rng.int(10, 120) * 60_000;
      viewer.leave = this.clock.setTimeout(() => this.end(viewer.id), stay);
    }
    if (!options.quiet) {
      const record = this.record(viewer);
      this.emit('session.started', record);
      this.emit('playback.started', record);
    }
    return this.record(viewer);
  }

  end(id: string): boolean {
    const viewer = this.viewers.get(id);
    if (!viewer) return false;
    viewer.leave?.cancel();
    const record = this.record(viewer);
    this.viewers.delete(id);
    this.emit('playback.stopped', record);
    this.emit('session.ended', record);
    return true;
  }

  tune(id: string, channelNumber: number): Session | null {
    const viewer = this.viewers.get(id);
    const channel = this.channels.find((c) => c.record.number === channelNumber);
    if (!viewer || !channel) return null;
    viewer.channelNumber = channelNumber;
    const record = this.record(viewer);
    this.emit('channel.tuned', record);
    return record;
  }

  setPaused(id: string, paused: boolean): Session | null {
    const viewer = this.viewers.get(id);
    if (!viewer) return null;
    viewer.paused = paused;
    const record = this.record(viewer);
    this.emit(paused ? 'playback.paused' : 'playback.resumed', record);
    return record;
  }

  list(): Session[] {
    return [...this.viewers.values()].map((v) => this.record(v));
  }

  close(): void {
    this.closed = true;
    this.arrival?.cancel();
    for (const viewer of this.viewers.values()) viewer.leave?.cancel();
  }

  private scheduleArrival(): void {
    if (this.churnPerHour <= 0 || this.closed) return;
    const gap = this.rng.exponential(3_600_000 / this.churnPerHour);
    this.arrival = this.clock.setTimeout(() => {
      this.start();
      this.scheduleArrival();
    }, Math.max(1_000, gap));
  }

  /** The session as the API shows it at the current time. */
  private record(viewer: Viewer): Session {
    const now = this.clock.now();
    const channel = this.channels.find((c) => c.record.number === viewer.channelNumber);
    const slot = channel ? this.schedules.at(channel, now).current : null;
    const program = slot?.program ?? null;
    const device = {
      id: viewer.deviceId,
      platform: viewer.platform,
      model: viewer.model,
      osVersion: viewer.osVersion,
      hdr: viewer.hdr,
    };
    return {
      id: viewer.id,
      user: viewer.user,
      deviceId: viewer.deviceId,
      channel: channel
        ? { number: channel.record.number, name: channel.record.name, callsign: channel.record.callsign }
        : null,
      state: !slot ? 'off' : slot.bumper ? 'bumper' : 'program',
      playbackState: !slot ? 'idle' : viewer.paused ? 'paused' : 'playing',
      title: program?.title ?? null,
      showTitle: program?.showTitle ?? null,
      season: program?.season ?? null,
      episode: program?.episode ?? null,
      year: program?.year ?? null,
      artworkUrl: program?.artworkUrl ?? null,
      progress: slot
        ? { positionSeconds: Math.floor((now - slot.start) / 1000), durationSeconds: program?.durationSeconds ?? 0 }
        : null,
      startedAt: new Date(viewer.startedAt).toISOString(),
      device,
    };
  }
}
