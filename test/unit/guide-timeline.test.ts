import { describe, expect, it } from 'vitest';
import { guideText } from '../../src/renderer/src/strings/guide';
import fc from 'fast-check';
import { ACROSS_HOURS, block, dayJumps, hourStart, jumps, landingSpan, READABLE_MINUTES, ticks, timeline, TITLE_MIN_PX, visibleSpan, widestReadable, windowFor, xOf, zoomScale, zoomsFor } from '../../src/renderer/src/views/guide-timeline';
import { useTimeZone } from '../support/time-zone';

// The guide's geometry without a browser (local times, so any time zone the machine has).

const at = (day: number, hour: number, minute = 0) => new Date(2026, 8, day, hour, minute).getTime();
const H = 3_600_000;

describe('guide timeline', () => {
  it('is a zoom: 1 h shows the hour across the width, 3 h zooms out; beyond the widest zoom that keeps half-hour titles at this width (3 h in 256 px) they scroll', () => {
    const now = at(27, 19, 7);
    const hour = timeline(now, { from: now - H, to: now + H }, 256, 1);
    expect(hour.start).toBe(at(27, 18, 45)); // the quarter hour at least 15 minutes back
    expect(hour.width).toBeLessThanOrEqual(256);
    expect(hour.width).toBeGreaterThan(240); // the hour (and the quarter before now) fills the width
    const three = timeline(now, { from: now - H, to: now + 3 * H }, 256, 3);
    expect(three.scale).toBeCloseTo(256 / ((three.end - three.start) / 60_000), 5);
    expect(three.scale).toBeLessThan(hour.scale / 2.4);
    const six = timeline(now, { from: now - H, to: now + 6 * H }, 256, 6);
    expect(six.scale).toBeCloseTo(256 / (3 * 60 + 15), 5); // 6 h across would leave a half hour 18 px
    expect(timeline(now, { from: now - H, to: now + 6 * H }, 520, 6).scale).toBeLessThan(520 / (3 * 60 + 45)); // wider, 6 h across reads: it is offered
    const day = timeline(now, { from: now - H, to: now + 24 * H }, 256, 24);
    expect(day.scale).toBeCloseTo(256 / (3 * 60 + 15), 5);
    expect(day.width).toBeGreaterThan(256 * 3);
    expect(xOf(day, day.start + 30 * 60_000)).toBeCloseTo(30 * day.scale, 5);
    // without a zoom, the window's own hours ahead
    expect(timeline(now, { from: now - H, to: now + 3 * H }, 256).scale).toBeCloseTo(three.scale, 5);
    expect(visibleSpan(256, three.scale)).toBeGreaterThanOrEqual(195 * 60_000);
  });

  it('offers a zoom only where a half-hour programme keeps room for its title (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 2000 }), (width) => {
        const hours = widestReadable(width);
        expect(ACROSS_HOURS).toContain(hours);
        const halfHour = (width / (hours * 60 + 15)) * READABLE_MINUTES - 2;
        // the zoom chosen reads, unless none does (then 1 h, the closest there is)
        if (hours > 1) expect(halfHour).toBeGreaterThanOrEqual(TITLE_MIN_PX);
        // and the next one out would not
        const next = ACROSS_HOURS[ACROSS_HOURS.indexOf(hours as (typeof ACROSS_HOURS)[number]) + 1];
        if (next) expect((width / (next * 60 + 15)) * READABLE_MINUTES - 2).toBeLessThan(TITLE_MIN_PX);
      }),
    );
    expect(widestReadable(380 - 132)).toBe(3);
  });

  it('keeps a half-hour title at the zoom offered, however far into its quarter hour now is (property)', () => {
    // the look back runs from 15 to 30 minutes: at 23:59:30 a 3 h window spans 209.5 minutes
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 2000 }), fc.integer({ min: 0, max: 15 * 60 - 1 }), fc.constantFrom(...ACROSS_HOURS), (width, secondsIn, hours) => {
        const now = at(27, 19, 0) + secondsIn * 1_000;
        const zoom = Math.min(hours, widestReadable(width));
        if (zoom === 1) return; // 1 h is offered at any width (the closest there is)
        const t = timeline(now, { from: now - H, to: now + hours * H }, width, hours);
        expect(t.scale * READABLE_MINUTES - 2).toBeGreaterThanOrEqual(TITLE_MIN_PX);
      }),
    );
    const late = at(27, 23, 59) + 30_000;
    expect(timeline(late, { from: late - H, to: late + 3 * H }, 248, 3).scale * READABLE_MINUTES - 2).toBeGreaterThanOrEqual(TITLE_MIN_PX);
  });

  it('labels the ruler more sparsely as it zooms out, and knows the hour a time falls in', () => {
    const now = at(27, 19, 7);
    const gap = (t: ReturnType<typeof timeline>) => ticks(t)[1]!.at - ticks(t)[0]!.at;
    expect(gap(timeline(now, { from: now, to: now + H }, 256, 1))).toBe(30 * 60_000);
    expect(gap(timeline(now, { from: now, to: now + 6 * H }, 256, 6))).toBe(H); // scrolls at 3 h in 256 px
    expect(hourStart(at(27, 19, 59))).toBe(at(27, 19));
  });

  it('puts a day label on every local midnight in the window', () => {
    const now = at(27, 19, 7);
    const marks = ticks(timeline(now, { from: now, to: now + 24 * H }, 256));
    expect(marks.filter((t) => t.midnight).map((t) => t.at)).toEqual([at(28, 0)]);
    expect(marks.length).toBeGreaterThan(10); // every two hours at a 6-hour zoom
  });

  it('offers only the zooms that keep half-hour titles at the width: 1 h and 3 h in 380 px, 6 h from about 500', () => {
    expect(zoomsFor(380 - 132)).toEqual([1, 3]);
    expect(zoomsFor(640 - 132)).toEqual([1, 3, 6]);
    expect(zoomsFor(100)).toEqual([1]);
    // a window longer than the zoom scrolls at the zoom's scale, whatever its length
    const now = at(27, 19, 7);
    for (const hours of [3, 6, 12, 24]) expect(timeline(now, { from: now - H, to: now + hours * H }, 248, 1).scale).toBeCloseTo(zoomScale(248, 1), 5);
    expect(timeline(now, { from: now - H, to: now + 24 * H }, 248, 3).scale).toBeCloseTo(zoomScale(248, 3), 5);
  });

  it('jumps: now (a quarter hour back) and an hour on from the left edge', () => {
    expect(jumps(at(27, 19, 7), at(27, 19))).toEqual([
      { id: 'now', at: at(27, 18, 52) },
      { id: 'plus-hour', at: at(27, 20) },
    ]);
  });

  it('the day menu: tonight at 20:00 and each quarter of the day still to come, as far as a day of guide reaches', () => {
    const names = (now: number, latest: number) => dayJumps(now, latest).map((j) => `${new Date(j.at).getDate()} ${new Date(j.at).getHours()}:00${j.tonight ? ' tonight' : ''}`);
    expect(names(at(27, 19, 7), at(28, 18, 7))).toEqual(['27 20:00 tonight', '28 0:00', '28 6:00', '28 12:00', '28 18:00']);
    expect(names(at(27, 20, 30), at(28, 19, 30))).toEqual(['28 0:00', '28 6:00', '28 12:00', '28 18:00']);
    expect(names(at(27, 7, 0), at(28, 6, 0))).toEqual(['27 12:00', '27 18:00', '27 20:00 tonight', '28 0:00', '28 6:00']);
    // every item can land: it lies within the day the guide reaches, less what the width shows
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.constantFrom(1, 3), (minute, zoom) => {
        const now = at(27, 0, minute);
        const span = landingSpan(248, zoomScale(248, zoom));
        for (const item of dayJumps(now, now + 24 * H - span)) {
          expect(item.at).toBeGreaterThan(now);
          expect(windowFor(now, item.at, [1, 3, 6, 12, 24], span) * H + now).toBeGreaterThanOrEqual(item.at + span);
        }
      }),
    );
  });

  it('a jump loads the smallest window its target can land in at the zoom on screen', () => {
    expect(windowFor(at(27, 19), at(28, 0), [1, 3, 6, 12, 24])).toBe(6);
    expect(windowFor(at(27, 19), at(29, 0), [1, 3, 6, 12, 24])).toBe(24);
    // at 22:20 at the 3 h zoom in 248 px (3 h 15 across), midnight needs 6 h; at 1 h (1 h 15 across), 3 h do
    expect(windowFor(at(27, 22, 20), at(28, 0), [1, 3, 6, 12, 24], landingSpan(248, zoomScale(248, 3)))).toBe(6);
    expect(windowFor(at(27, 22, 20), at(28, 0), [1, 3, 6, 12, 24], landingSpan(248, zoomScale(248, 1)))).toBe(3);
    // whatever the width, the zoom and the hour, midnight fits with the room the zoom shows
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 * 60 + 59 }), fc.integer({ min: 200, max: 900 }), fc.constantFrom(1, 3, 6), (minute, width, zoom) => {
        const now = at(27, 0, minute);
        const span = landingSpan(width, zoomScale(width, zoom));
        const hours = windowFor(now, at(28, 0), [1, 3, 6, 12, 24], span);
        const end = now + hours * H;
        const line = timeline(now, { from: now - H, to: end }, width, zoom);
        if (hours < 24) expect(at(28, 0) + Math.max(60 * 60_000, visibleSpan(width, line.scale))).toBeLessThanOrEqual(end);
      }),
    );
  });

  describe('on the days the clocks change (Europe/London, America/New_York)', () => {
    const inZone = useTimeZone();
    // [zone, a local time on the change day (year, month, day, hour, minute)]: 23-hour and 25-hour days
    const cases = [
      ['Europe/London', [2027, 2, 28, 0, 59]],
      ['Europe/London', [2027, 9, 31, 8, 0]],
      ['America/New_York', [2027, 2, 14, 1, 30]],
      ['America/New_York', [2027, 10, 7, 8, 0]],
    ] as const;

    it.each(cases)('%s %j: the ruler marks the next local midnight, and the day menu has tonight at 20:00 and tomorrow by the clock', (name, [y, mo, d, h, mi]) => {
      inZone(name);
      const now = new Date(y, mo, d, h, mi).getTime();
      const midnight = new Date(y, mo, d + 1).getTime();
      expect(new Date(midnight).getHours()).toBe(0);
      const day = ticks(timeline(now, { from: now - H, to: now + 24 * H }, 256, 6));
      expect(day.filter((t) => t.midnight).map((t) => new Date(t.at).toString())).toEqual([new Date(midnight).toString()]);
      const menu = dayJumps(now, now + 24 * H);
      expect(new Date(menu.find((j) => j.tonight)!.at).toString()).toBe(new Date(y, mo, d, 20).toString());
      expect(menu.some((j) => j.at === midnight)).toBe(true);
      // every item on a quarter of the day by the clock (never 05:00 or 07:00 on a day of 23 or 25 hours)
      expect(menu.every((j) => [0, 6, 12, 18, 20].includes(new Date(j.at).getHours()) && new Date(j.at).getMinutes() === 0)).toBe(true);
    });
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
