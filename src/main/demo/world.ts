import type { Channel, ChannelNow, NowSlot } from '../../shared/airwave';
import type { Clock } from '../common/clock';
import { generateChannels, type DemoChannel } from './channels';
import { hash } from './rng';
import { Schedules, type Slot } from './schedule';

/**
 * What the demo serves, generated once from the seed: its identity, channels (with lookups by
 * number and id), schedules and clock, plus the record shapes several routes share.
 */

export const DEMO_VERSION = '0.9.0-demo';

export class DemoWorld {
  readonly channels: readonly DemoChannel[];
  readonly byNumber: ReadonlyMap<number, DemoChannel>;
  readonly byId: ReadonlyMap<string, DemoChannel>;
  readonly schedules: Schedules;
  readonly startedAt: number;
  readonly instanceId: string;

  constructor(
    readonly seed: number | string,
    readonly clock: Clock,
    readonly name: string,
    channelCount: number,
  ) {
    this.channels = generateChannels(seed, Math.max(0, Math.floor(channelCount)));
    this.byNumber = new Map(this.channels.map((c) => [c.record.number, c]));
    this.byId = new Map(this.channels.map((c) => [c.record.id, c]));
    this.schedules = new Schedules(seed);
    this.startedAt = clock.now();
    this.instanceId = `inst_${hash(seed, 'instance').toString(16)}`;
  }

  nowIso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** The channel fields /guide and /guide/now repeat on every row. */
  header(c: DemoChannel) {
    const { id, number, name, callsign, icon, tint, package: pkg } = c.record;
    return { id, number, name, callsign, icon, tint, package: pkg };
  }

  channelRecord(c: DemoChannel, withDefinition = false): Channel {
    return withDefinition ? { ...c.record, definition: c.definition } : { ...c.record };
  }

  /** What is on the channel now and next, as the by-number and by-id `/now` routes answer. */
  channelNow(c: DemoChannel): ChannelNow {
    const t = this.clock.now();
    const { current, next } = this.schedules.at(c, t);
    return {
      current: slotOf(current, t, true),
      next: slotOf(next, t, false),
      endsAt: current?.program.endsAt ?? null,
      channel: this.channelRecord(c),
    };
  }
}

function slotOf(slot: Slot | null, t: number, current: boolean): NowSlot | null {
  if (!slot) return null;
  const base = { ...slot.program, kind: slot.bumper ? ('bumper' as const) : ('program' as const) };
  return current ? { ...base, offsetSeconds: Math.floor((t - slot.start) / 1000) } : base;
}
