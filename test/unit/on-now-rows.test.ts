/**
 * On now's row query (OnNowView.rows) answers exactly the range asked and never more than
 * ON_NOW_ROWS_MAX rows, whatever the range, the numbers or the ids asked: the page asks only for
 * what it shows, and a bridge asking for everything cannot make one answer carry every channel.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OnNowView } from '../../src/main/core/app/on-now-view';
import { ON_NOW_ROWS_MAX } from '../../src/shared/bridge';
import type { GuideNowRow } from '../../src/shared/airwave';
import type { HeldOnNow } from '../../src/main/core/sync/on-now';

const COUNT = 300;
const channels = Array.from({ length: COUNT }, (_, i) => ({ id: `ch-${i}`, number: 100 + i, name: `Channel ${i}`, now: null, next: null }) as unknown as GuideNowRow);
const held: HeldOnNow = { serverTime: null, channels };
const none = new Set<string>();

describe("On now's row query", () => {
  it('rows 10–19 of 300 are rows 10–19', () => {
    const answer = new OnNowView().rows({ from: 10, to: 20 }, held, none);
    expect(answer.count).toBe(COUNT);
    expect(answer.rows.map((row) => row.index)).toEqual(Array.from({ length: 10 }, (_, i) => 10 + i));
    expect(answer.rows.map((row) => row.id)).toEqual(Array.from({ length: 10 }, (_, i) => `ch-${10 + i}`));
  });

  it('with no end, or an end past the last row, answers ON_NOW_ROWS_MAX rows from the start asked, never every row', () => {
    const view = new OnNowView();
    expect(view.rows({}, held, none).rows).toHaveLength(ON_NOW_ROWS_MAX);
    expect(view.rows({ from: 0, to: COUNT }, held, none).rows).toHaveLength(ON_NOW_ROWS_MAX);
    expect(view.rows({ from: 250, to: 10_000 }, held, none).rows.map((row) => row.index)).toEqual(Array.from({ length: 50 }, (_, i) => 250 + i));
  });

  it('any range: exactly the rows of [max(0, from), min(count, to, from + MAX)), in order', () => {
    const view = new OnNowView();
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -50, max: 400 }), { nil: undefined }), fc.option(fc.integer({ min: -50, max: 1_000 }), { nil: undefined }), (from, to) => {
        const answer = view.rows({ from, to }, held, none);
        const start = Math.max(0, from ?? 0);
        const end = Math.min(COUNT, to ?? start + ON_NOW_ROWS_MAX, start + ON_NOW_ROWS_MAX);
        const expected = Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
        expect(answer.rows.map((row) => row.index)).toEqual(expected);
        expect(answer.rows.length).toBeLessThanOrEqual(ON_NOW_ROWS_MAX);
      }),
    );
  });

  it('asked by number or id for every channel, still answers at most ON_NOW_ROWS_MAX rows', () => {
    const view = new OnNowView();
    expect(view.rows({ numbers: channels.map((c) => c.number) }, held, none).rows).toHaveLength(ON_NOW_ROWS_MAX);
    expect(view.rows({ ids: channels.map((c) => c.id) }, held, none).rows).toHaveLength(ON_NOW_ROWS_MAX);
  });
});
