import type { QuietHours } from '../../shared/bridge';

/** Whether quiet hours hold at a local time (the same rule as the core's notification policy). */
export function inQuietHoursNow(quiet: QuietHours, at: Date): boolean {
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  const start = minutes(quiet.start);
  const end = minutes(quiet.end);
  const minute = at.getHours() * 60 + at.getMinutes();
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
