import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { channelNumberFrom, MAX_CHANNEL_DIGITS } from '../../src/shared/channel-number';
import { channelNumber } from '../../src/shared/shapes';
import { checkRequest } from '../../src/shared/bridge-schema';

/** Issue 48 item 2: a channel number is any whole number a server may send; a typed one is never cut. */
describe('what a channel number is (shared/channel-number.ts)', () => {
  it('any whole number held exactly is one, typed or asked for over the bridge; the value is never bounded', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(channelNumberFrom(String(n))).toBe(n);
        expect(v.is(channelNumber, n)).toBe(true);
        expect(checkRequest('lookupChannel', { number: n }).ok).toBe(true);
      }),
      { seed: 48, numRuns: 500 },
    );
    for (const n of [0, 101, 23795074, -88990223, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]) expect(channelNumberFrom(String(n))).toBe(n);
  });

  it('refuses what is no channel number: a fraction, too many digits for a number to hold exactly, text, a lone minus', () => {
    for (const text of ['', '-', '1.5', '1e3', 'abc', '12a', '9'.repeat(MAX_CHANNEL_DIGITS + 1), '9007199254740993']) expect(channelNumberFrom(text)).toBeNull();
    for (const n of [1.5, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) expect(v.is(channelNumber, n)).toBe(false);
  });
});
