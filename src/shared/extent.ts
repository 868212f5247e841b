/**
 * The smallest and largest of a list of numbers, in a loop. `Math.min(...xs)` and `push(...xs)`
 * pass every element as an argument, and JavaScript engines throw a RangeError past roughly
 * 125,000 arguments: a list that comes from a server (channels, programmes, viewers) is never
 * spread into a call; it goes through these instead.
 */

/** The smallest number in `xs`, or `empty` when there is none. */
export function minOf(xs: Iterable<number>, empty = Number.POSITIVE_INFINITY): number {
  let low = empty;
  let any = false;
  for (const x of xs) {
    if (!any || x < low) low = x;
    any = true;
  }
  return low;
}

/** The largest number in `xs`, or `empty` when there is none. */
export function maxOf(xs: Iterable<number>, empty = Number.NEGATIVE_INFINITY): number {
  let high = empty;
  let any = false;
  for (const x of xs) {
    if (!any || x > high) high = x;
    any = true;
  }
  return high;
}

/** Appends every element of `items` to `out` one at a time (never `out.push(...items)`). */
export function appendAll<T>(out: T[], items: Iterable<T>): T[] {
  for (const item of items) out.push(item);
  return out;
}
