/**
 * Seeded randomness for the demo server. Everything the demo generates is a pure function of its
 * seed and the inputs named here, so two runs with one seed agree and tests can predict them.
 */

/** 32-bit FNV-1a over the parts, joined with a separator that cannot occur in numbers. */
export function hash(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u241f');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * mulberry32, written once: a small, fast generator of numbers in [0, 1) from a 32-bit seed; the
 * same seed gives the same numbers on every machine. Plenty for generated TV schedules and seeded
 * tests, not for secrets.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The demo's generator (mulberry32), seeded by the hash of its parts. */
export class Rng {
  /** A number in [0, 1). */
  readonly next: () => number;

  constructor(...seed: readonly (string | number)[]) {
    this.next = mulberry32(hash(...seed));
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Rng.pick from an empty list');
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** An exponentially distributed gap with the given mean (for arrivals at a steady rate). */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }
}
