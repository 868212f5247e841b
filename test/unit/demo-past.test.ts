import { describe, expect, it } from 'vitest';
import { demoPast } from '../../src/main/demo/past';
import { DemoWorld } from '../../src/main/demo/world';
import { ManualClock } from '../support/manual-clock';

// The demo household's week: the same for a seed and a day, in time order, within the week, every
// viewer on a channel with what its schedule airs then, breaks among them (so the app's rule for
// breaks is at work on it), and the app following from morning to night.

const NOW = Date.UTC(2026, 10, 27, 21, 10);
const DAY = 24 * 3_600_000;

describe('the demo household’s past', () => {
  const world = new DemoWorld(5, new ManualClock(NOW), 'Airwave Demo', 16);

  it('is a week of evenings, the same for a seed and a day, with breaks among the programmes', () => {
    const past = demoPast(world, NOW);
    expect(demoPast(world, NOW + 60_000)).toEqual(past);
    expect(past.followed.length).toBeGreaterThanOrEqual(6);
    expect(past.followed[0]!.from).toBeGreaterThanOrEqual(NOW - 8 * DAY);
    expect(past.followed.at(-1)!.to).toBeLessThanOrEqual(NOW);
    const ats = past.steps.map((s) => s.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    const viewers = past.steps.flatMap((s) => s.viewers);
    expect(new Set(viewers.map((v) => v.user)).size).toBe(5);
    expect(viewers.some((v) => v.onBreak)).toBe(true);
    // one person watches one thing at a time (five people: never more than five at once)
    for (const step of past.steps) expect(new Set(step.viewers.map((v) => v.user)).size).toBe(step.viewers.length);
    expect(viewers.filter((v) => !v.onBreak).every((v) => v.title !== null)).toBe(true);
  });
});
