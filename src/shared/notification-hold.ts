/**
 * When notifications are held whatever happens, written once: turned off, paused (until a time),
 * or in quiet hours (which may wrap midnight). The core's notification policy and watchlist, the
 * tray menu, and the popover's Watching, Settings and paused line all read these.
 */
import type { NotificationSettings, QuietHours } from './bridge-settings';

/** The end of a pause still running at `now`, or null when notifications are not paused then. */
export function pauseRunning(pausedUntil: number | null, now: number): number | null {
  return pausedUntil !== null && now < pausedUntil ? pausedUntil : null;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since local midnight at `ms` (what quiet hours are read against). */
export function minuteOfDay(ms: number): number {
  const date = new Date(ms);
  return date.getHours() * 60 + date.getMinutes();
}

/** Whether `minuteOfDay` (local, 0–1439) falls in quiet hours: "22:00"–"07:00" wraps midnight; equal ends mean none. */
export function inQuietHours(quiet: QuietHours | null, minuteOfDay: number): boolean {
  if (!quiet) return false;
  const start = minutes(quiet.start);
  const end = minutes(quiet.end);
  if (start === end) return false;
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

/** Why nothing is notified at `now` (local `minuteOfDay`), whoever it is about; null when notifications may go. */
export function notificationsHeld(n: Pick<NotificationSettings, 'enabled' | 'pausedUntil' | 'quietHours'>, now: number, minuteOfDay: number): 'disabled' | 'paused' | 'quiet-hours' | null {
  if (!n.enabled) return 'disabled';
  if (pauseRunning(n.pausedUntil, now) !== null) return 'paused';
  if (inQuietHours(n.quietHours, minuteOfDay)) return 'quiet-hours';
  return null;
}
