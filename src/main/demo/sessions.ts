import type { Session } from '../../shared/airwave';
import type { Clock, TimerHandle } from '../common/clock';
import type { DemoChannel } from './channels';
import { hash, Rng } from './rng';
import type { Schedules } from './schedule';
import {
  airwavePlatform,
  compactRecord,
  DEVICES,
  RESTARTING_PLATFORMS,
  sessionRecord,
  USERS,
  type CompactEventData,
  type DemoEvent,
  type DemoEventType,
  type StartInput,
  type Viewer,
} from './session-records';

export type { CompactEventData, DemoEvent, DemoEventType, StartInput } from './session-records';

/**
 * The demo's viewers. A session is who watches which channel on which device; what they see is
 * computed from the channel's schedule at the current time, so a viewer on a channel with nothing
 * scheduled is in state `off` (counted by /sessions/count, absent from /now-playing, as on real
 * servers). Viewers arrive at a seeded, steady rate (`churn` per hour) and leave after a while,
 * all on the injected clock. With `heartbeats` they behave as on Airwave's own server: one session
 * per (user, device), listed while heard from in the last 30 s, ended only after 60 s of silence;
 * with `browserRestarts`, browser and TV-web players end their session and start a new one when
 * they change channel (session.ended, then session.started), as Airwave's web players do.
 */

/** A heartbeating session is listed while its last heartbeat is at most this old. */
const LISTED_MS = 30_000;
/** ...and reaped, with `session.ended`, once it has been silent this long. */
const REAPED_MS = 60_000;

export interface SessionPoolOptions {
  seed: string | number;
  clock: Clock;
  channels: readonly DemoChannel[];
  schedules: Schedules;
  emit: (event: DemoEvent) => void;
  churnPerHour: number;
  /** real-server session semantics (see the module comment) */
  heartbeats: boolean;
  /** `device.platform` is lowercase, as Airwave sends it */
  lowercasePlatforms?: boolean;
  /** browser and TV-web players restart their session on a channel change */
  browserRestarts?: boolean;
  /** every player restarts its session on a channel change: no channel.tuned (Airwave 0.14.75 to 0.15.1) */
  everyPlayerRestarts?: boolean;
  /** the bare device record: osVersion and hdr null (Airwave 0.15.10 to 0.15.12) */
  bareDevices?: boolean;
  /** playback.* events fire (Airwave 0.15.10 on; the seed always) */
  playbackEvents?: boolean;
}

export class SessionPool {
  private readonly viewers = new Map<string, Viewer>();
  private readonly rng: Rng;
  private readonly clock: Clock;
  private serial = 0;
  private arrival: TimerHandle | null = null;
  /** drop-outs still to come back, including those whose session was reaped meanwhile */
  private readonly returns = new Set<TimerHandle>();
  private closed = false;

  constructor(private readonly options: SessionPoolOptions) {
    this.rng = new Rng(options.seed, 'viewers');
    this.clock = options.clock;
  }

  /** Starts the initial viewers and, with churn, the arrivals. */
  begin(initialViewers: number): void {
    const playable = this.options.channels.filter((c) => !c.empty);
    for (let i = 0; i < initialViewers && playable.length > 0; i++) {
      // The first viewer watches the first channel, so a demo always has someone on 101.
      const channel = i === 0 ? playable[0] : this.rng.pick(playable);
      this.start({ channelNumber: channel?.record.number }, { quiet: true });
    }
    this.scheduleArrival();
  }

  start(input: StartInput = {}, options: { quiet?: boolean } = {}): Session {
    const channel =
      input.channelNumber === undefined ? this.rng.pick(this.options.channels) : this.channel(input.channelNumber);
    if (!channel) throw new RangeError(`No demo channel has the number ${input.channelNumber}.`);
    const same = this.options.heartbeats && input.user !== undefined && input.deviceId !== undefined
      ? [...this.viewers.values()].find((v) => v.user === input.user && v.deviceId === input.deviceId)
      : undefined;
    if (same) return this.resume(same, channel.record.number);
    // a device asked for by platform gets that kind of device's system version and HDR (an LG TV
    // never reports an Apple TV's 18.2); the pick is made either way, so a seed plays as before
    const picked = this.rng.pick(DEVICES);
    const device = DEVICES.find((known) => known.platform === input.platform) ?? picked;
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
      stopped: false,
      silentSince: null,
      reap: null,
      back: null,
      delaySeconds: hash(this.options.seed, 'delay', serial) % 9,
    };
    if (input.deviceId !== undefined) viewer.deviceId = input.deviceId;
    this.viewers.set(viewer.id, viewer);
    if (this.options.churnPerHour > 0) {
      // With churn, everyone leaves eventually: after 10 minutes to 2 hours.
      const stay = this.rng.int(10, 120) * 60_000;
      viewer.leave = this.clock.setTimeout(() => this.end(viewer.id), stay);
    }
    if (!options.quiet) {
      this.emit('session.started', viewer);
      this.emit('playback.started', viewer);
    }
    return this.record(viewer);
  }

  /**
   * The viewer stops watching. Without heartbeats the session ends at once (playback.stopped,
   * session.ended). With them, playback.stopped now; the session leaves the lists 30 s after its
   * last heartbeat and ends (session.ended) after 60 s.
   */
  end(id: string): boolean {
    const viewer = this.viewers.get(id);
    if (!viewer) return false;
    viewer.leave?.cancel();
    viewer.leave = null;
    if (!this.options.heartbeats) {
      this.viewers.delete(id);
      this.emit('playback.stopped', viewer);
      this.emit('session.ended', viewer);
      return true;
    }
    if (viewer.stopped) return false;
    this.cancelReturn(viewer);
    viewer.stopped = true;
    this.emit('playback.stopped', viewer);
    if (viewer.silentSince === null) this.silence(viewer);
    return true;
  }

  /**
   * Heartbeats only: the viewer's device drops off the network now and comes back after `seconds`
   * (as the same session, with no events, if that is within 60 s; otherwise the old session has
   * been reaped with session.ended and the device starts a new one).
   */
  dropOut(id: string, seconds: number): boolean {
    if (!this.options.heartbeats) {
      throw new Error('dropOut needs real-server sessions: start the demo with the airwave or legacy profile.');
    }
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`dropOut takes seconds >= 0 (got ${seconds}).`);
    const viewer = this.viewers.get(id);
    if (!viewer || viewer.stopped || viewer.silentSince !== null) return false;
    this.silence(viewer);
    const back = this.clock.setTimeout(() => {
      this.returns.delete(back);
      viewer.back = null;
      if (this.closed) return;
      if (this.viewers.get(viewer.id) === viewer) return void this.resume(viewer, viewer.channelNumber);
      const { user, deviceId, channelNumber, platform, model } = viewer;
      this.start({ user, deviceId, channelNumber, platform, model });
    }, seconds * 1000);
    viewer.back = back;
    this.returns.add(back);
    return true;
  }

  /**
   * The viewer changes channel: channel.tuned, or on a restarting player (browserRestarts) the
   * session ends and a new one starts, `restartAfterMs` later (default at once, as in one burst);
   * with a gap the ended session is returned and the new one comes when the gap is over.
   */
  tune(id: string, channelNumber: number, options: { restartAfterMs?: number } = {}): Session | null {
    const viewer = this.viewers.get(id);
    const channel = this.channel(channelNumber);
    if (!viewer || !channel) return null;
    if (this.options.everyPlayerRestarts || (this.options.browserRestarts && RESTARTING_PLATFORMS.has(airwavePlatform(viewer.platform)))) {
      return this.restart(viewer, channelNumber, options.restartAfterMs ?? 0);
    }
    const from = viewer.channelNumber;
    viewer.channelNumber = channelNumber;
    this.heard(viewer);
    this.emit('channel.tuned', viewer, [from, channelNumber]);
    return this.record(viewer);
  }

  setPaused(id: string, paused: boolean): Session | null {
    const viewer = this.viewers.get(id);
    if (!viewer) return null;
    viewer.paused = paused;
    this.heard(viewer);
    this.emit(paused ? 'playback.paused' : 'playback.resumed', viewer);
    return this.record(viewer);
  }

  /** The sessions /sessions lists: with heartbeats, only those heard from in the last 30 s. */
  list(options: { includeSilent?: boolean } = {}): Session[] {
    return [...this.viewers.values()].filter((v) => options.includeSilent || this.listed(v)).map((v) => this.record(v));
  }

  close(): void {
    this.closed = true;
    this.arrival?.cancel();
    for (const viewer of this.viewers.values()) for (const timer of [viewer.leave, viewer.reap, viewer.back]) timer?.cancel();
    for (const back of this.returns) back.cancel();
    this.returns.clear();
  }

  /**
   * A web player changing channel: its session ends at once and a new one starts on the new
   * channel, after `gapMs` (the page loading the new channel's player).
   */
  private restart(viewer: Viewer, channelNumber: number, gapMs: number): Session {
    for (const timer of [viewer.leave, viewer.reap]) timer?.cancel();
    this.cancelReturn(viewer);
    this.viewers.delete(viewer.id);
    this.emit('playback.stopped', viewer);
    this.emit('session.ended', viewer);
    const { user, deviceId, platform, model } = viewer;
    if (gapMs <= 0) return this.start({ user, deviceId, channelNumber, platform, model });
    const ended = this.record(viewer);
    const later = this.clock.setTimeout(() => {
      this.returns.delete(later);
      if (!this.closed) this.start({ user, deviceId, channelNumber, platform, model });
    }, gapMs);
    this.returns.add(later);
    return ended;
  }

  private cancelReturn(viewer: Viewer): void {
    if (!viewer.back) return;
    viewer.back.cancel();
    this.returns.delete(viewer.back);
    viewer.back = null;
  }

  private listed(viewer: Viewer): boolean {
    return viewer.silentSince === null || this.clock.now() - viewer.silentSince <= LISTED_MS;
  }

  /** The device stops heartbeating now; unless heard from again, the session is reaped in 60 s. */
  private silence(viewer: Viewer): void {
    viewer.silentSince = this.clock.now();
    viewer.reap?.cancel();
    viewer.reap = this.clock.setTimeout(() => {
      if (this.viewers.get(viewer.id) !== viewer) return;
      viewer.leave?.cancel(); // a pending return (dropOut) still comes, as a new session
      this.viewers.delete(viewer.id);
      this.emit('session.ended', viewer);
    }, REAPED_MS);
  }

  /** The device heartbeats again (a tune or pause is heard too): no longer silent, not reaped. */
  private heard(viewer: Viewer): void {
    if (!this.options.heartbeats || viewer.silentSince === null || viewer.stopped) return;
    viewer.silentSince = null;
    viewer.reap?.cancel();
    viewer.reap = null;
  }

  /** The same (user, device) again: one session, so no session.started; a new channel is a tune. */
  private resume(viewer: Viewer, channelNumber: number): Session {
    const wasStopped = viewer.stopped;
    viewer.stopped = false;
    this.cancelReturn(viewer);
    this.heard(viewer);
    if (wasStopped) this.emit('playback.started', viewer);
    if (channelNumber !== viewer.channelNumber) return this.tune(viewer.id, channelNumber) ?? this.record(viewer);
    return this.record(viewer);
  }

  private scheduleArrival(): void {
    if (this.options.churnPerHour <= 0 || this.closed) return;
    const gap = this.rng.exponential(3_600_000 / this.options.churnPerHour);
    this.arrival = this.clock.setTimeout(() => {
      this.start();
      this.scheduleArrival();
    }, Math.max(1_000, gap));
  }

  private channel(number: number): DemoChannel | undefined {
    return this.options.channels.find((c) => c.record.number === number);
  }

  private emit(type: DemoEventType, viewer: Viewer, channels = [viewer.channelNumber]): void {
    if (type.startsWith('playback.') && this.options.playbackEvents === false) return;
    const session = this.record(viewer);
    this.options.emit({ type, session, compact: this.compact(viewer, session), channels });
  }

  /** The session as the API shows it at the current time. */
  private record(viewer: Viewer): Session {
    const now = this.clock.now();
    const channel = this.channel(viewer.channelNumber);
    const slot = channel ? this.options.schedules.at(channel, now).current : null;
    return sessionRecord(viewer, channel, slot, now, { lowercasePlatforms: this.options.lowercasePlatforms === true, bareDevices: this.options.bareDevices === true });
  }

  private compact(viewer: Viewer, session: Session): CompactEventData {
    const channel = this.channel(viewer.channelNumber);
    const slot = channel ? this.options.schedules.at(channel, this.clock.now()).current : null;
    return compactRecord(viewer, session, channel, slot);
  }
}
