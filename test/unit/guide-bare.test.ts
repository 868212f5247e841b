import { describe, expect, it } from 'vitest';
import { mostlyBare } from '../../src/renderer/src/views/guide-bare';
import { TITLE_MIN_PX, type Timeline } from '../../src/renderer/src/views/guide-timeline';
import { guideChannel, guideProgram } from '../support/guide-fixtures';

// "Most programmes here are too short for a title": the count behind the guide's strip, on a
// timeline of 2 px a minute from 18:00 UTC (a 10-minute block is 18 px, bare; a 30-minute one 58 px).

const START = Date.parse('2026-09-27T18:00:00.000Z');
const MIN = 60_000;
const line: Timeline = { start: START, end: START + 6 * 60 * MIN, scale: 2, width: 720 };
const at = (minutes: number) => new Date(START + minutes * MIN).toISOString();
/** a channel of `short` 10-minute programmes then `long` 30-minute ones, from 18:00 */
const channel = (number: number, short: number, long: number) => {
  const programs = [];
  let t = 0;
  for (let i = 0; i < short + long; i++) {
    const length = i < short ? 10 : 30;
    programs.push(guideProgram({ startsAt: at(t), endsAt: at(t + length) }));
    t += length;
  }
  return guideChannel(number, programs);
};
const wholeDay = [START, START + 6 * 60 * MIN] as const;

describe('mostlyBare', () => {
  it('the sizes behind the cases: a 10-minute block is too narrow for a title here, a 30-minute one is not', () => {
    expect(10 * line.scale - 2).toBeLessThan(TITLE_MIN_PX);
    expect(30 * line.scale - 2).toBeGreaterThanOrEqual(TITLE_MIN_PX);
  });

  it('says so only when more than half the blocks in view are bare: half is not most', () => {
    expect(mostlyBare([channel(1, 4, 4)], line, ...wholeDay)).toBe(false);
    expect(mostlyBare([channel(1, 5, 4)], line, ...wholeDay)).toBe(true);
    expect(mostlyBare([channel(1, 3, 5), channel(2, 6, 0)], line, ...wholeDay)).toBe(true); // 9 of 14
  });

  it('counts only the time in view: bare blocks scrolled past the left edge do not count', () => {
    const row = channel(1, 8, 4); // 80 minutes of short ones, then two hours of long ones
    expect(mostlyBare([row], line, ...wholeDay)).toBe(true);
    expect(mostlyBare([row], line, START + 60 * MIN, START + 200 * MIN)).toBe(false); // 2 of 6
  });

  it('says nothing on fewer than six blocks in view, and skips rows still loading', () => {
    expect(mostlyBare([channel(1, 5, 0)], line, ...wholeDay)).toBe(false);
    expect(mostlyBare([null, channel(1, 6, 0), null], line, ...wholeDay)).toBe(true);
  });

  it('stops counting at 400 blocks (bounded work on each draw) and judges those', () => {
    // 400 bare blocks first, then 500 titled: the first 400 decide
    const rows = [...Array.from({ length: 20 }, (_, i) => channel(i + 1, 20, 0)), ...Array.from({ length: 50 }, (_, i) => channel(i + 21, 0, 10))];
    expect(mostlyBare(rows, line, ...wholeDay)).toBe(true);
  });
});
