import { describe, expect, it } from 'vitest';
import { inQuietHours, notificationsHeld, pauseRunning } from '../../src/shared/notification-hold';

// When notifications are held (src/shared/notification-hold.ts), the one rule the core's policy,
// the watchlist, the tray menu and the popover read: a pause holds until its end (not at it), quiet
// hours may wrap midnight, and a turned-off switch wins over both.

const quiet = { start: '22:00', end: '07:00' };

describe('notification hold', () => {
  it('a pause runs until its end, not at it; none when not set', () => {
    expect(pauseRunning(1_000, 999)).toBe(1_000);
    expect(pauseRunning(1_000, 1_000)).toBeNull();
    expect(pauseRunning(null, 0)).toBeNull();
  });

  it('quiet hours wrap midnight, end exclusive; equal ends mean none', () => {
    expect([21 * 60 + 59, 22 * 60, 0, 6 * 60 + 59, 7 * 60].map((m) => inQuietHours(quiet, m))).toEqual([false, true, true, true, false]);
    expect(inQuietHours({ start: '09:00', end: '17:00' }, 12 * 60)).toBe(true);
    expect(inQuietHours({ start: '09:00', end: '09:00' }, 9 * 60)).toBe(false);
    expect(inQuietHours(null, 0)).toBe(false);
  });

  it('says why: off first, then paused, then quiet hours', () => {
    const n = { enabled: true, pausedUntil: 5_000, quietHours: quiet };
    expect(notificationsHeld({ ...n, enabled: false }, 0, 23 * 60)).toBe('disabled');
    expect(notificationsHeld(n, 0, 23 * 60)).toBe('paused');
    expect(notificationsHeld(n, 5_000, 23 * 60)).toBe('quiet-hours');
    expect(notificationsHeld(n, 5_000, 12 * 60)).toBeNull();
  });
});
