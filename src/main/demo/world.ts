import type { Channel, Session } from '../../shared/airwave';
import type { Clock } from '../common/clock';
import type { Access } from './auth';
import { generateChannels, type DemoChannel } from './channels';
import { hash } from './rng';
import { Schedules } from './schedule';
import type { SessionPool } from './sessions';

/**
 * What the demo serves, generated once from the seed: its identity, channels (with lookups by
 * number and id), schedules and clock, plus the record shapes and per-key views several routes share.
 */

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

  /** The channels a key sees, in guide (number) order. */
  visible(access: Access): readonly DemoChannel[] {
    return access.role === 'admin' ? this.channels : this.channels.filter((c) => access.sees(c.record.number));
  }

  /** The sessions /sessions lists for a key: only viewers on channels it sees. */
  sessionsFor(pool: SessionPool, access: Access): Session[] {
    const sessions = pool.list();
    return access.role === 'admin' ? sessions : sessions.filter((s) => access.sees(s.channel?.number));
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
}
