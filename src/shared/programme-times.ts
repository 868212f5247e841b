/**
 * One time per programme (issue 44): the one rule for the start and end every view says of a
 * programme, and what the app holds to apply it.
 *
 * Airwave sends a programme's times two ways. Its own: now/next answers, `/schedule` and a viewer's
 * progress (`endsAt` is `startsAt + durationSeconds`; a break is a gap, or a bumper slot in a now
 * answer). Stretched: `/guide` and `/guide/now` stretch each programme's end to the next programme's
 * start, over the break. The start is the same either way. The rule: **a programme's end is its own
 * end wherever the app holds it** (that airing, on that channel), **else the end its answer gave**.
 *
 * The core keeps one `ProgrammeTimes` per followed server, teaches it every own time it reads
 * (`learn`, `learnDuration`) and passes every programme it serves through `timed` (the guide's rows
 * and search, On now and its matches, the channel sheet, the tray, the viewers), so every view reads
 * one `endsAt` and works no time out of its own. A held own end is used only where it fits the answer
 * (after the start, not after the stretched end), so an old record never lengthens a programme.
 * Bounded: a few programmes and breaks per channel, a few hundred channels (the ones a person opened
 * or a viewer watches).
 */

import { LONGEST_BREAK_MS } from './on-air';

/** The fields of a programme the rule reads. */
export interface TimedProgramme {
  ratingKey: string | null;
  title: string;
  startsAt: string;
  endsAt: string;
  durationSeconds: number | null;
  kind?: string | null;
}

/** Channels whose own times are held (the least recently taught go first beyond it). */
export const TIMES_CHANNELS_MAX = 500;
/** Programmes (and, apart, breaks) held per channel: the latest starts are kept. */
export const TIMES_PER_CHANNEL_MAX = 96;

/** A slot that is a break (a bumper), not a programme: no rating key, or said so. */
export const isBreakSlot = (slot: Pick<TimedProgramme, 'ratingKey' | 'kind'>): boolean => slot.kind === 'bumper' || slot.ratingKey === null;

/** Which airing a held time belongs to: the same start on the same channel is not enough when the schedule changed. */
const airingKey = (p: Pick<TimedProgramme, 'ratingKey' | 'title'>) => p.ratingKey ?? `title:${p.title}`;

interface HeldProgramme<P> {
  key: string;
  end: number;
  program: P;
}

interface ChannelTimes<P> {
  /** own-timed programmes by start */
  programmes: Map<number, HeldProgramme<P>>;
  /** breaks by start → end */
  breaks: Map<number, number>;
}

export class ProgrammeTimes<P extends TimedProgramme = TimedProgramme> {
  readonly #channels = new Map<string, ChannelTimes<P>>();
  #version = 0;

  /** Moves whenever an own time is learned that was not held: what the views were told may read otherwise now. */
  get version(): number {
    return this.#version;
  }

  /**
   * Own-timed slots of one channel (a now answer's current and next, a `/schedule` answer): each
   * programme's own end, and each break (a bumper slot) as a break. True when anything was new.
   */
  learn(channelId: string, slots: readonly (P | null)[]): boolean {
    let changed = false;
    for (const slot of slots) {
      if (!slot) continue;
      const start = Date.parse(slot.startsAt);
      const end = Date.parse(slot.endsAt);
      if (!Number.isFinite(start) || !(end > start)) continue;
      const channel = this.#channel(channelId);
      if (isBreakSlot(slot)) {
        if (channel.breaks.get(start) !== end) {
          channel.breaks.set(start, end);
          trim(channel.breaks);
          changed = true;
        }
        continue;
      }
      const held = channel.programmes.get(start);
      const key = airingKey(slot);
      if (held && held.key === key && held.end === end) continue;
      channel.programmes.set(start, { key, end, program: slot });
      trim(channel.programmes);
      changed = true;
    }
    if (changed) this.#version++;
    return changed;
  }

  /**
   * A viewer's progress on `program` (as the app holds it, maybe stretched): its own length in
   * seconds, so its own end is its start plus that. Ignored where it does not fit the programme.
   */
  learnDuration(channelId: string, program: P, durationSeconds: number): boolean {
    const end = endFromDuration(program, durationSeconds);
    if (end === null) return false;
    return this.learn(channelId, [{ ...program, endsAt: new Date(end).toISOString(), durationSeconds: Math.round(durationSeconds), kind: 'program' }]);
  }

  /** The own end held for this airing of `program` on `channelId` that fits it, or null: the rule. */
  ownEnd(channelId: string, program: Pick<TimedProgramme, 'ratingKey' | 'title' | 'startsAt' | 'endsAt'>): number | null {
    const channel = this.#channels.get(channelId);
    if (!channel) return null;
    const start = Date.parse(program.startsAt);
    const end = Date.parse(program.endsAt);
    if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
    const held = channel.programmes.get(start);
    if (held && held.key === airingKey(program) && held.end > start && held.end <= end) return held.end;
    // a break that ends where the stretched programme does began at the programme's own end
    for (const [breakStart, breakEnd] of channel.breaks) if (breakEnd === end && breakStart > start && breakStart < end) return breakStart;
    return null;
  }

  /** `program` with the rule's times: its own end where one is held, else as given (the same object). */
  timed<T extends Pick<TimedProgramme, 'ratingKey' | 'title' | 'startsAt' | 'endsAt' | 'durationSeconds'>>(program: T, channelId: string): T {
    if (program.ratingKey === null) return program;
    const own = this.ownEnd(channelId, program);
    if (own === null || own === Date.parse(program.endsAt)) return program;
    return { ...program, endsAt: new Date(own).toISOString(), durationSeconds: Math.round((own - Date.parse(program.startsAt)) / 1000) };
  }

  /** The own-timed programme held on `channelId` starting at `start` (what a break there leads to), or null. */
  programmeAt(channelId: string, start: number): P | null {
    return this.#channels.get(channelId)?.programmes.get(start)?.program ?? null;
  }

  /** Everything held goes (another server, or the key changed). */
  clear(): void {
    if (this.#channels.size === 0) return;
    this.#channels.clear();
    this.#version++;
  }

  #channel(channelId: string): ChannelTimes<P> {
    let channel = this.#channels.get(channelId);
    if (channel) this.#channels.delete(channelId);
    else channel = { programmes: new Map(), breaks: new Map() };
    // most recently taught last: the first is the one to let go of
    this.#channels.set(channelId, channel);
    if (this.#channels.size > TIMES_CHANNELS_MAX) this.#channels.delete(this.#channels.keys().next().value!);
    return channel;
  }
}

/**
 * The own end a viewer's progress gives the programme held on air on their channel: its start plus
 * the length the progress says, or null where that does not fit it: a length of nothing, past the
 * end held, or short of it by more than a break (LONGEST_BREAK_MS: then the two answers are about
 * different things, and neither is taken for the other). A viewer's card and `learnDuration` both
 * read it, so the card says the end every other view says.
 */
export function endFromDuration(program: Pick<TimedProgramme, 'startsAt' | 'endsAt'>, durationSeconds: number): number | null {
  const start = Date.parse(program.startsAt);
  const held = Date.parse(program.endsAt);
  const end = start + Math.round(durationSeconds) * 1000;
  return Number.isFinite(start) && end > start && end <= held && held - end <= LONGEST_BREAK_MS ? end : null;
}

/** The programme held on air on a viewer's channel when the viewer's entry names it (the same title and show), else null. */
export function programmeWatched<T extends TimedProgramme & { showTitle: string | null }>(viewer: { title: string | null; showTitle: string | null }, onAir: T | null): T | null {
  if (!onAir || isBreakSlot(onAir) || viewer.title === null) return null;
  return viewer.title === onAir.title && (viewer.showTitle ?? null) === (onAir.showTitle ?? null) ? onAir : null;
}

/** Keeps the latest TIMES_PER_CHANNEL_MAX starts of a channel's map. */
function trim<V>(map: Map<number, V>): void {
  if (map.size <= TIMES_PER_CHANNEL_MAX) return;
  const starts = [...map.keys()].sort((a, b) => a - b);
  for (const start of starts.slice(0, map.size - TIMES_PER_CHANNEL_MAX)) map.delete(start);
}
