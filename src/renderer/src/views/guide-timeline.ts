import { dayStart } from '../strings/guide';

/**
 * Owns the guide's geometry, free of the DOM: where the timeline starts, the scale the window
 * chosen sets (it is a zoom: 1 h shows the hour across the width, longer windows zoom out), the time ruler's ticks and midnights, where each jump lands, and
 * how a programme block is cut to the part in view (so its title sits at the visible left edge
 * and nothing focusable hides behind the channel column).
 */

export const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const HALF_HOUR = 30 * MINUTE;
/** the most hours shown across the width where the width allows (see widestReadable) */
export const MAX_ACROSS_HOURS = 6;
/** the zooms (hours across the width) a window can be shown at */
export const ACROSS_HOURS = [1, 3, MAX_ACROSS_HOURS] as const;
export const MAX_SCALE = 8;
/**
 * a block narrower than this shows no text at all: 34 px is room for three glyphs of the 11.5 px
 * bold title beside its 3 px padding ("Ca…", never a lone "P…"; measured in guide-zoom.test.ts);
 * wider, as much of its title as fits
 */
export const TITLE_MIN_PX = 34;
/** a block at least this wide has room for its time under the title */
export const TIME_MIN_PX = 52;
/** the length of programme (minutes) that must keep a title at every zoom offered: a half-hour show */
export const READABLE_MINUTES = 30;

/**
 * The widest zoom (hours across) at which a READABLE_MINUTES programme still has room for its
 * title in `timelineWidth` px: 3 h at 380 px, 6 h from about 500 px. A longer zoom would leave most
 * blocks bare, so it is not offered at that width: a window longer than this scrolls at it.
 */
export function widestReadable(timelineWidth: number): number {
  const fits = (hours: number) => (timelineWidth / (hours * 60 + 15)) * READABLE_MINUTES - 2 >= TITLE_MIN_PX;
  return [...ACROSS_HOURS].reverse().find(fits) ?? 1;
}

export interface Timeline {
  /** first and last instant drawn, ms since the epoch */
  start: number;
  end: number;
  /** pixels per minute */
  scale: number;
  /** width of the timeline (without the channel column), px */
  width: number;
}

/**
 * The timeline for a window: from the quarter hour at least 15 minutes before now (or the
 * window's own start, when later) to the window's end. The zoom (hours) sets the scale: that many
 * hours, plus the quarter hour before now, fill `timelineWidth`; beyond the widest zoom that
 * keeps half-hour titles at this width (widestReadable) the window scrolls at that scale (and the
 * jumps move through it).
 */
export function timeline(now: number, window: { from: number; to: number }, timelineWidth: number, zoomHours = (window.to - now) / 3_600_000): Timeline {
  const start = Math.max(window.from, Math.floor((now - QUARTER) / QUARTER) * QUARTER);
  const end = Math.max(start + HALF_HOUR, window.to);
  const minutes = (end - start) / MINUTE;
  const zoom = Math.min(widestReadable(timelineWidth), Math.max(1, Math.round(zoomHours))) * 60;
  // a window about as long as the zoom (its quarter hour back and the minutes since it loaded) fits
  // whole, unless that would leave a half-hour programme too narrow for its title (late in a quarter
  // hour the look back is near 30 minutes): then it scrolls at the zoom's own scale, which reads
  const whole = minutes <= zoom + 45 && (timelineWidth / minutes) * READABLE_MINUTES - 2 >= TITLE_MIN_PX;
  const across = whole || minutes <= zoom + 15 ? minutes : zoom + 15;
  const scale = Math.min(MAX_SCALE, timelineWidth / across);
  return { start, end, scale, width: Math.floor(minutes * scale) };
}

/** The time a timeline shows across `timelineWidth` px at its scale. */
export const visibleSpan = (timelineWidth: number, scale: number) => Math.ceil(timelineWidth / scale) * MINUTE;

/** The whole hour that `ms` falls in (local time). */
export function hourStart(ms: number): number {
  const d = new Date(ms);
  d.setMinutes(0, 0, 0);
  return d.getTime();
}

export const xOf = (t: Timeline, ms: number) => ((ms - t.start) / MINUTE) * t.scale;
export const timeAt = (t: Timeline, px: number) => t.start + (px / t.scale) * MINUTE;

export interface Tick {
  at: number;
  /** a local midnight: labelled with the day */
  midnight: boolean;
}

/** Ruler ticks every half hour (every hour when half hours would crowd), plus every local midnight. */
export function ticks(t: Timeline): Tick[] {
  const step = t.scale * 30 >= 64 ? HALF_HOUR : t.scale * 60 >= 64 ? 2 * HALF_HOUR : 4 * HALF_HOUR;
  const out: Tick[] = [];
  for (let at = Math.ceil(t.start / step) * step; at <= t.end && out.length < 500; at += step) {
    out.push({ at, midnight: dayStart(at) === at });
  }
  // Midnights that are not on the step grid (time zones with a half-hour offset, and the day the
  // clocks change, when local midnight moves an hour against the grid). 26 h past a midnight is the
  // next day whether that day has 23, 24 or 25 hours; adding 24 h would land at 01:00 or 23:00.
  for (let day = dayStart(dayStart(t.start) + 26 * 3_600_000); day <= t.end && out.length < 510; day = dayStart(day + 26 * 3_600_000)) {
    if (!out.some((tick) => tick.at === day)) out.push({ at: day, midnight: true });
  }
  return out.sort((a, b) => a.at - b.at);
}

export type JumpId = 'now' | 'plus-hour' | 'tonight' | 'tomorrow';

/** Where each jump lands; `tonight` only before 20:00. `from` is the time at the visible left edge. */
export function jumps(now: number, from: number): { id: JumpId; at: number }[] {
  // 20:00 on the clock: not midnight + 20 h, which is 21:00 or 19:00 the day the clocks change
  const tonight = new Date(dayStart(now)).setHours(20, 0, 0, 0);
  const list: { id: JumpId; at: number }[] = [
    { id: 'now', at: now - 15 * MINUTE },
    { id: 'plus-hour', at: from + 60 * MINUTE },
  ];
  if (now < tonight) list.push({ id: 'tonight', at: tonight });
  // the next local midnight (26 h past today's midnight is tomorrow, even across a DST change)
  list.push({ id: 'tomorrow', at: dayStart(dayStart(now) + 26 * 3_600_000) });
  return list;
}

/**
 * The smallest of `windows` (hours ahead) in which `at` can reach the visible left edge: the window
 * reaches past `at` by an hour, or by what `timelineWidth` px show at that window's own zoom when
 * that is more. A longer window zooms out and so shows more across the width: its span is worked
 * out at its own scale, never the scale on screen now (from a 1 h view at 14:59, a 12 h window
 * ends at 02:59, too soon for midnight to reach the left edge at the 3 h zoom it is drawn at).
 * The largest window if none does. `from` is where the window would begin (an hour back).
 */
export function windowFor(now: number, at: number, windows: readonly number[], timelineWidth?: number, from = now - 60 * MINUTE): number {
  const reaches = (hours: number) => {
    const to = now + hours * 3_600_000;
    const span = timelineWidth === undefined ? 60 * MINUTE : landingSpan(timelineWidth, timeline(now, { from, to }, timelineWidth, hours).scale);
    return at + span <= to;
  };
  return windows.find(reaches) ?? windows[windows.length - 1]!;
}

/** How far past a jump's target a window must reach for it to land at the left edge: an hour, or what `timelineWidth` px show at `scale` when more. */
export const landingSpan = (timelineWidth: number, scale: number) => Math.max(60 * MINUTE, visibleSpan(timelineWidth, scale));

/**
 * A programme's block, cut to what is in view: it starts at the later of its own start and the
 * visible left edge, so its title is always readable; null when no part of it is in view, or the
 * part in view is a sliver too thin to see (a short bumper at a small scale).
 */
export function block(t: Timeline, startsAt: number, endsAt: number, visibleFrom: number, visibleTo: number): { left: number; width: number } | null {
  const from = Math.max(startsAt, t.start, visibleFrom);
  const to = Math.min(endsAt, t.end);
  if (from >= visibleTo) return null;
  const left = xOf(t, from);
  const width = xOf(t, to) - left - 2;
  return width >= 4 ? { left, width } : null;
}
