/**
 * Where the end-to-end suite's clock starts: the rule for `AIRWAVE_E2E_START` (a local date-time,
 * `2026-12-31T23:58:40`) and, when it is not set, the instant a seed picks. A seed mostly picks the
 * hard cases (a minute or two before midnight, a minute before a half hour or an hour, the days
 * Europe/London and America/New_York change their clocks, a month's or a year's last minutes) and
 * sometimes any second of 2026–2028, all read in the machine's time zone. Pure: no clock, no env
 * writes; the e2e project's global set-up (e2e-start-setup.ts) uses it once per run.
 */
import { mulberry32 } from '../../src/main/demo/rng';

/** The instant the suite started from when nothing chooses one (and outside vitest, e.g. bench/). */
export const DEFAULT_START_LOCAL = '2026-11-26T12:10:00';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DDThh:mm[:ss]` read as a local time, in ms since the epoch; throws on anything else. */
export function parseLocalStart(text: string): number {
  const m = LOCAL.exec(text.trim());
  if (!m) throw new Error(`AIRWAVE_E2E_START must be a local date-time like 2026-12-31T23:58:40, not "${text}"`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s, 0);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) throw new Error(`AIRWAVE_E2E_START: no such day "${text}"`);
  return date.getTime();
}

/** An instant as the machine's local date-time, the form AIRWAVE_E2E_START takes. */
export function formatLocal(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

const YEARS = [2026, 2027, 2028];

/** The date (1–31) of the n-th Sunday of a month (n = -1: the last one). */
function sunday(year: number, month: number, n: number): number {
  if (n > 0) {
    const first = new Date(year, month, 1).getDay();
    return 1 + ((7 - first) % 7) + (n - 1) * 7;
  }
  const days = new Date(year, month + 1, 0).getDate();
  return days - new Date(year, month, days).getDay();
}

/**
 * The days the two zones the app's users most often live in change their clocks, each with the
 * local minute just before the change there: London at 01:00 GMT (spring) and 02:00 BST (autumn),
 * New York at 02:00 local both ways.
 */
export function clockChangeDays(year: number): { month: number; day: number; hour: number; minute: number }[] {
  return [
    { month: 2, day: sunday(year, 2, -1), hour: 0, minute: 59 },
    { month: 9, day: sunday(year, 9, -1), hour: 1, minute: 59 },
    { month: 2, day: sunday(year, 2, 2), hour: 1, minute: 59 },
    { month: 10, day: sunday(year, 10, 1), hour: 1, minute: 59 },
  ];
}

/** What kind of instant a seed chose, printed beside it. */
export type StartKind = 'any second' | 'before midnight' | 'before a half hour' | 'clock change day' | 'month end';

/** The instant a seed picks, and what kind of hard case it is. */
export function startFromSeed(seed: number): { start: number; kind: StartKind } {
  const next = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const year = pick(YEARS);
  const month = Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * new Date(year, month + 1, 0).getDate());
  const second = Math.floor(next() * 60);
  const roll = next();
  if (roll < 0.25) {
    return { start: new Date(year, month, day, 0, 0, Math.floor(next() * 86_400)).getTime(), kind: 'any second' };
  }
  if (roll < 0.45) {
    return { start: new Date(year, month, day, 23, 57 + Math.floor(next() * 3), second).getTime(), kind: 'before midnight' };
  }
  if (roll < 0.65) {
    const hour = Math.floor(next() * 24);
    return { start: new Date(year, month, day, hour, next() < 0.5 ? 29 : 59, second).getTime(), kind: 'before a half hour' };
  }
  if (roll < 0.85) {
    const change = pick(clockChangeDays(year));
    return { start: new Date(year, change.month, change.day, change.hour, change.minute, second).getTime(), kind: 'clock change day' };
  }
  const endMonth = next() < 0.3 ? 11 : month;
  const last = new Date(year, endMonth + 1, 0).getDate();
  return { start: new Date(year, endMonth, last, 23, 58 + Math.floor(next() * 2), second).getTime(), kind: 'month end' };
}

/** How the run's start was chosen, from the environment: a fixed instant, a given seed, or a new seed. */
export interface ChosenStart {
  start: number;
  /** the seed that picked it, or null when AIRWAVE_E2E_START set it */
  seed: number | null;
  kind: StartKind | 'fixed';
}

/** AIRWAVE_E2E_START wins; else AIRWAVE_E2E_SEED; else `freshSeed()` (a new seed each run). */
export function chooseStart(env: NodeJS.ProcessEnv, freshSeed: () => number): ChosenStart {
  const fixed = env.AIRWAVE_E2E_START?.trim();
  if (fixed) return { start: parseLocalStart(fixed), seed: null, kind: 'fixed' };
  const given = env.AIRWAVE_E2E_SEED?.trim();
  if (given && !/^\d+$/.test(given)) throw new Error(`AIRWAVE_E2E_SEED must be a whole number, not "${given}"`);
  const seed = given ? Number(given) : freshSeed();
  return { seed, ...startFromSeed(seed) };
}
