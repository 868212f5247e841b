import type { ChannelNow, NowSlot, Program } from '../../shared/airwave';
import type { DemoChannel } from './channels';
import type { DemoProfile } from './profile';
import type { Slot } from './schedule';
import type { DemoWorld } from './world';

/**
 * What the routes say is on, as the profile's server says it (airwave-api.md, *Bumpers*): bumpers
 * carry the programme they introduce (title, type, show, season, episode); on real servers `/guide` and
 * `/guide/now` stretch programmes over the breaks (so during one `now` is the programme before it,
 * stretched to the next one's start), `/schedule` lists
 * programmes only, and a now answer's `endsAt` is when the prepared schedule runs out. Stages before
 * 0.14.70 send a raw media-server `artworkPath` instead of `artworkUrl`.
 */

const DAY_MS = 86_400_000;
/** How far ahead real servers prepare a channel's schedule (the now answer's `endsAt`): days. */
const PREPARED_DAYS = 3;
/** Looked back from a window's start for the programme whose stretched end reaches into it (breaks are shorter). */
const LONGEST_BREAK_MS = 15 * 60_000;

export class Airing {
  constructor(
    private readonly world: DemoWorld,
    private readonly profile: DemoProfile,
  ) {}

  /** `/channels/{id}/now` (and by number): current and next slots, bumpers named for what they introduce. */
  now(c: DemoChannel, withChannel: boolean): Record<string, unknown> {
    const t = this.world.clock.now();
    const { current, next } = this.world.schedules.at(c, t);
    const answer: ChannelNow = {
      current: this.slot(c, current, t, true),
      next: this.slot(c, next, t, false),
      endsAt: this.profile.realBreaks
        ? current
          ? new Date((Math.floor(t / DAY_MS) + PREPARED_DAYS) * DAY_MS).toISOString()
          : null
        : (current?.program.endsAt ?? null),
      ...(withChannel ? { channel: this.world.channelRecord(c) } : {}),
    };
    return { ...answer, current: this.wire(answer.current), next: this.wire(answer.next) };
  }

  /** A `/guide/now` row's `now` and `next`. */
  guideNow(c: DemoChannel, t: number): { now: unknown; next: unknown } {
    const { current, next } = this.world.schedules.at(c, t);
    if (!this.profile.realBreaks) return { now: this.wire(this.introduced(c, current)), next: this.wire(this.introduced(c, next)) };
    if (!current) return { now: null, next: null };
    // During a break `now` is still a programme: the one before it, stretched over the break
    // (airwave-api.md: "a channel's row has no gaps"); `next` is what the break leads to.
    const on = current.bumper ? this.world.schedules.programmeBefore(c, current.start) : current;
    const after = this.world.schedules.programmeAfter(c, current.end);
    return {
      now: on ? this.wire(this.stretched(c, on)) : null,
      next: after ? this.wire(this.stretched(c, after)) : null,
    };
  }

  /** A `/guide` channel's programmes overlapping [from, to). */
  guide(c: DemoChannel, from: number, to: number): unknown[] {
    const { schedules } = this.world;
    if (!this.profile.realBreaks) return schedules.between(c, from, to).map((s) => this.wire(this.introduced(c, s)));
    return schedules
      .between(c, from - LONGEST_BREAK_MS, to)
      .filter((s) => !s.bumper)
      .map((s) => this.stretched(c, s))
      .filter((p) => Date.parse(p.endsAt) > from && Date.parse(p.startsAt) < to)
      .map((p) => this.wire(p));
  }

  /** `/channels/{id}/schedule`: from `t` for `hours`; programmes only, unstretched, on real servers. */
  schedule(c: DemoChannel, from: number, to: number): unknown[] {
    const slots = this.world.schedules.between(c, from, to);
    return (this.profile.realBreaks ? slots.filter((s) => !s.bumper) : slots).map((s) => this.wire(this.introduced(c, s)));
  }

  /** A programme's `artworkUrl` as this stage sends it (a raw `artworkPath` before 0.14.70). */
  wire<P extends { artworkUrl: string | null }>(program: P | null): unknown {
    if (!program || this.profile.artwork === 'url') return program;
    const { artworkUrl, ...rest } = program;
    return { ...rest, artworkPath: mediaServerPath(artworkUrl) };
  }

  /** A programme whose end (and duration) reaches the next programme's start, over the break. */
  private stretched(c: DemoChannel, slot: Slot): Program {
    const after = this.world.schedules.programmeAfter(c, slot.end);
    if (!after || after.start <= slot.end) return slot.program;
    return { ...slot.program, endsAt: new Date(after.start).toISOString(), durationSeconds: Math.round((after.start - slot.start) / 1000) };
  }

  /** A slot's programme; a bumper carries the title, type, show, season and episode of the programme it introduces. */
  private introduced(c: DemoChannel, slot: Slot | null): Program | null {
    if (!slot?.bumper) return slot?.program ?? null;
    const introduces = this.world.schedules.programmeAfter(c, slot.end)?.program;
    if (!introduces) return slot.program;
    const { title, type, showTitle, season, episode } = introduces;
    return { ...slot.program, title, type, showTitle, season, episode, artworkUrl: type === 'episode' ? introduces.artworkUrl : null };
  }

  /** A now/next slot, with `offsetSeconds` on the current one. */
  private slot(c: DemoChannel, slot: Slot | null, t: number, current: boolean): NowSlot | null {
    if (!slot) return null;
    const base = { ...this.introduced(c, slot)!, kind: slot.bumper ? ('bumper' as const) : ('program' as const) };
    return current ? { ...base, offsetSeconds: Math.floor((t - slot.start) / 1000) } : base;
  }
}

/** What a 0.14.68 server sent instead of an artwork URL: the media server's own path, useless to a client. */
export function mediaServerPath(artworkUrl: string | null): string | null {
  if (!artworkUrl) return null;
  const key = /\/artwork\/([^/?]+)/.exec(artworkUrl)?.[1] ?? '0';
  return `/library/metadata/${key}/thumb/1727000000`;
}
