import { describe, expect, it } from 'vitest';
import { guideText } from '../../src/renderer/src/strings/guide';
import { block, FIT_SCALE, jumps, MIN_SCALE, ticks, timeline, visibleSpan, windowFor, xOf } from '../../src/renderer/src/views/guide-timeline';

// The guide's geometry without a browser (local times, so any time zone the machine has).

const at = (day: number, hour: number, minute = 0) => new Date(2026, 8, day, hour, minute).getTime();
const H = 3_600_000;

describe('guide timeline', () => {
  it('fits a one-hour window into the width, and gives long windows a readable scale that scrolls', () => {
    const now = at(27, 19, 7);
    const hour = timeline(now, { from: now - H, to: now + H }, 256);
    expect(hour.start).toBe(at(27, 18, 45)); // the quarter hour at least 15 minutes back
    expect(hour.scale).toBeGreaterThanOrEqual(FIT_SCALE);
    expect(hour.width).toBeLessThanOrEqual(256);
    const day = timeline(now, { from: now - H, to: now + 24 * H }, 256);
    expect(day.scale).toBe(MIN_SCALE);
    expect(day.width).toBeGreaterThan(256 * 10);
    expect(xOf(day, day.start + 30 * 60_000)).toBe(30 * MIN_SCALE);
  });

  it('puts a day label on every local midnight in the window', () => {
    const now = at(27, 19, 7);
    const marks = ticks(timeline(now, { from: now, to: now + 24 * H }, 256));
    expect(marks.filter((t) => t.midnight).map((t) => t.at)).toEqual([at(28, 0)]);
    expect(marks.length).toBeGreaterThan(40);
  });

  it('jumps: now, an hour on, tonight only before 20:00, and tomorrow at midnight', () => {
    expect(jumps(at(27, 19, 7), at(27, 19)).map((j) => j.id)).toEqual(['now', 'plus-hour', 'tonight', 'tomorrow']);
    expect(jumps(at(27, 21), at(27, 21)).map((j) => j.id)).toEqual(['now', 'plus-hour', 'tomorrow']);
    expect(jumps(at(27, 23, 59), at(27, 23)).find((j) => j.id === 'tomorrow')!.at).toBe(at(28, 0));
    expect(windowFor(at(27, 19), at(28, 0), [1, 3, 6, 12, 24])).toBe(6);
    expect(windowFor(at(27, 19), at(29, 0), [1, 3, 6, 12, 24])).toBe(24);
    // at 22:05, midnight needs more than 3 h when 256 px show 73 minutes: midnight could not reach the left edge
    expect(windowFor(at(27, 22, 5), at(28, 0), [1, 3, 6, 12, 24], visibleSpan(256))).toBe(6);
    expect(windowFor(at(27, 22, 5), at(28, 0), [1, 3, 6, 12, 24])).toBe(3);
  });

  it('names the day at the left edge, yesterday too (just after midnight the view starts 15 minutes back)', () => {
    const now = at(28, 0, 10);
    expect(guideText.day(at(27, 23, 55), now)).toBe('Yesterday');
    expect(guideText.day(at(28, 0, 5), now)).toBe('Today');
    expect(guideText.day(at(29, 0, 0), now)).toBe('Tomorrow');
    expect(guideText.day(at(30, 0, 0), now)).not.toMatch(/^(Today|Tomorrow|Yesterday)$/);
  });

  it('cuts a block to the part in view, so its title starts at the visible edge; drops what is out of view', () => {
    const now = at(27, 19);
    const line = timeline(now, { from: now - H, to: now + 6 * H }, 256);
    const visibleFrom = at(27, 19, 30);
    expect(block(line, at(27, 19), at(27, 20), visibleFrom, at(27, 21))).toEqual({ left: xOf(line, visibleFrom), width: xOf(line, at(27, 20)) - xOf(line, visibleFrom) - 2 });
    expect(block(line, at(27, 18), at(27, 19, 30), visibleFrom, at(27, 21))).toBeNull();
    expect(block(line, at(27, 21), at(27, 22), visibleFrom, at(27, 21))).toBeNull();
    expect(block(line, at(27, 20), at(27, 20, 0) + 20_000, visibleFrom, at(27, 21))).toBeNull(); // a 20-second bumper is a sliver
  });
});
