import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../src/shared/bridge-connection';
import { following, heldSince } from '../../src/shared/held-data';

// "Is what we hold current": the one rule the tray, the switcher and the popover read.

const STATES: ConnectionState[] = ['unconfigured', 'connecting', 'live', 'polling', 'offline', 'unauthorized', 'incompatible'];
const AT = Date.parse('2026-11-23T20:10:00Z');

describe('held data', () => {
  it('is current only while following (live or polling, awake; a first reconnect try) and the last read did not fail', () => {
    const currentWhenAwake: Record<ConnectionState, boolean> = { unconfigured: false, connecting: true, live: true, polling: true, offline: false, unauthorized: false, incompatible: false };
    for (const state of STATES) {
      expect(heldSince({ state, attempt: 0, suspended: false }, { updatedAt: AT, error: null })).toBe(currentWhenAwake[state] ? null : AT);
      expect(heldSince({ state, attempt: 0, suspended: true }, { updatedAt: AT, error: null })).toBe(AT);
      expect(heldSince({ state, attempt: 0, suspended: false }, { updatedAt: AT, error: 'HTTP 500' })).toBe(AT);
      expect(following({ state, attempt: 0, suspended: false })).toBe(currentWhenAwake[state]);
    }
    // nothing held is never "old", whatever the link
    fc.assert(
      fc.property(fc.constantFrom(...STATES), fc.nat(5), fc.boolean(), (state, attempt, suspended) => {
        expect(heldSince({ state, attempt, suspended }, { updatedAt: null, error: 'x' })).toBeNull();
      }),
    );
  });

  it('cases by name: asleep is old, a failed read is old, the second reconnect try is old', () => {
    expect(heldSince({ state: 'live', attempt: 0, suspended: true }, { updatedAt: AT, error: null })).toBe(AT);
    expect(heldSince({ state: 'polling', attempt: 0, suspended: false }, { updatedAt: AT, error: 'HTTP 500' })).toBe(AT);
    expect(heldSince({ state: 'connecting', attempt: 1, suspended: false }, { updatedAt: AT, error: null })).toBe(AT);
    expect(heldSince({ state: 'connecting', attempt: 0, suspended: false }, { updatedAt: AT, error: null })).toBeNull();
  });
});
