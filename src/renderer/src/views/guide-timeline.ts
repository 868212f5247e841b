import { dayStart } from '../strings/guide';

/**
 * Owns the guide's geometry, free of the DOM: where the timeline starts, the scale the zoom sets
 * (hours across the width: 1 h, 3 h, and 6 h where the width keeps half-hour titles; the window
 * loaded is apart from it and only decides how far the timeline runs), the time ruler's ticks and
 * midnights, where each jump lands and which window it needs, and how a programme block is cut to
 * the part in view (so its title sits at the visible left edge and nothing focusable hides behind
 * the channel column).
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
/** the length of programme (minutes) that must keep a title at every zoom offered: a half-hour show */
export const READABLE_MINUTES = 30;

/**
 * The widest zoom (hours across) at which a READABLE_MINUTES programme still has room for its
 * title in `timelineWidth` px: 3 h at 380 px, 6 h from about 500 px. A longer zoom would leave most
 * blocks bare, so it is not offered at that width (issue 47: a chip that draws 24 h across 248 px
 * shows nothing a person can read; the overview is List).
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

/** The zooms offered at this width: each shows that many hours across it, and keeps half-hour titles. */
export function zoomsFor(timelineWidth: number): number[] {
  const widest = widestReadable(timelineWidth);
  return ACROSS_HOURS.filter((hours) => hours <= widest);
}

/**
 * The timeline for a window: from the quarter hour at least 15 minutes before now (or the
 * window's own start, when later) to the window's end. The zoom (hours) sets the scale: that many
 * hours, plus the quarter hour before now, fill `timelineWidth` (never wider than the widest zoom
 * that keeps half-hour titles at this width: widestReadable); a window longer than that scrolls at
 * it (and the jumps move through it).
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

/** The scale (px a minute) a window longer than the zoom scrolls at. */
export const zoomScale = (timelineWidth: number, zoomHours: number) =>
  Math.min(MAX_SCALE, timelineWidth / (Math.min(widestReadable(timelineWidth), Math.max(1, Math.round(zoomHours))) * 60 + 15));

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

export type JumpId = 'now' | 'plus-hour';

/** The jumps on the toolbar: back to now, and an hour on from `from` (the time at the visible left edge). */
export function jumps(now: number, from: number): { id: JumpId; at: number }[] {
  return [
    { id: 'now', at: now - 15 * MINUTE },
    { id: 'plus-hour', at: from + 60 * MINUTE },
  ];
}

/** A time the day menu offers: `tonight` is 20:00 today, the others a quarter of a day (00:00, 06:00, 12:00, 18:00). */
export interface DayJump {
  at: number;
  tonight: boolean;
}

/**
 * The times the day menu offers (a day: the guide reaches 24 hours ahead, the server's longest
 * window, so today's and tomorrow's): tonight at 20:00 and each 00:00, 06:00, 12:00 and 18:00 by
 * the clock, still to come and no later than `latest` (the last time that can still reach the
 * left edge of a window of at most a day). Local times: the day the clocks change too.
 */
export function dayJumps(now: number, latest: number): DayJump[] {
  const out: DayJump[] = [];
  const today = dayStart(now);
  // 20:00 on the clock, and the quarters of today and the next two days by the clock (never midnight + n hours)
  const tonight = new Date(today).setHours(20, 0, 0, 0);
  for (let day = today, i = 0; i < 3; day = dayStart(day + 26 * 3_600_000), i++) {
    for (const hour of [0, 6, 12, 18]) out.push({ at: new Date(day).setHours(hour, 0, 0, 0), tonight: false });
  }
  out.push({ at: tonight, tonight: true });
  return out.filter((j) => j.at > now && j.at <= latest).sort((a, b) => a.at - b.at);
}

/**
 * The smallest of `windows` (hours ahead) in which `at` can reach the visible left edge: the window
 * reaches past `at` by `span` (what the width shows at the zoom on screen, at least an hour:
 * landingSpan). The largest window if none does.
 */
export function windowFor(now: number, at: number, windows: readonly number[], span = 60 * MINUTE): number {
  return windows.find((hours) => at + span <= now + hours * 3_600_000) ?? windows[windows.length - 1]!;
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
