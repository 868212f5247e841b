/**
 * The history record's grammar, written once: one folder per server, one file per calendar month
 * (UTC) named `YYYY-MM.jsonl`, one JSON array per line. Each month file stands alone, and so does
 * each run's part of it: every run that writes to a file starts with a header, and its names and
 * viewing numbers count from there (so writing never needs to read the file first). Times are
 * seconds from the month's start.
 *
 *   ["h",2,"Home","r7k2"]            header: format version, the server's name, the run that wrote it; a new segment starts
 *   ["n",7,"Friends"]                name 7 is "Friends" (ids from 1 in each segment; 0 is "unknown")
 *   ["f",t]                          followed from t
 *   ["u",t]                          followed until t (a clean stop)
 *   ["a",t]                          still followed at t (a heartbeat: after a crash, the follow ends here)
 *   ["s",t,k,person,device,chNum,channel,programme(,1)]   viewing k is seen watching this from t
 *                                    (names as ids, chNum or null; a trailing 1: on a break, the
 *                                    programme not known yet); again for k when what it watches changes
 *   ["e",t,k]                        viewing k is no longer seen
 *
 * The lines are what was seen; what a viewing is (one row per stretch, a break's time given to the
 * programme it introduces) is decided when they are read, by clean-viewings.ts, live and on reading
 * alike. Format 1 (no break mark, one header per file) reads the same way. A line that does not
 * read (a torn last write, a damaged byte) is skipped alone.
 */

export const HISTORY_FORMAT = 2;
/** Longest line the app writes (a name is clipped to MAX_NAME); anything longer is not ours. */
export const MAX_LINE_CHARS = 2_000;
/** Longest name kept (person, device, channel, programme, server). */
export const MAX_NAME = 300;

export type RecordLine =
  | { kind: 'h'; version: number; server: string; run?: string }
  | { kind: 'n'; id: number; text: string }
  | { kind: 'f' | 'u' | 'a'; t: number }
  | { kind: 's'; t: number; k: number; person: number; device: number; channelNumber: number | null; channel: number; programme: number; onBreak?: boolean }
  | { kind: 'e'; t: number; k: number };

/** Times are kept to the second (what the file holds), so memory and disk agree to the ms. */
export const toSecond = (ms: number): number => Math.round(ms / 1000) * 1000;

/** The month a time falls in (UTC), as its file key "2026-11". */
export function monthKey(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The start of the month a time falls in (UTC, ms). */
export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The start of the next month (UTC, ms). */
export function nextMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

const MONTH_FILE = /^(\d{4})-(\d{2})\.jsonl$/;

/** The start of the month a file name says (ms), or null for a name that is not a month file. */
export function monthOfFile(name: string): number | null {
  const m = MONTH_FILE.exec(name);
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? Date.UTC(Number(m[1]), month - 1, 1) : null;
}

export const fileOfMonth = (ms: number): string => `${monthKey(ms)}.jsonl`;

/** One line as written (times are absolute ms here; the file holds seconds from `base`). */
export function encodeLine(line: RecordLine, base: number): string {
  const rel = (t: number) => Math.max(0, Math.round((t - base) / 1000));
  switch (line.kind) {
    case 'h':
      return JSON.stringify(line.run ? ['h', line.version, line.server.slice(0, MAX_NAME), line.run] : ['h', line.version, line.server.slice(0, MAX_NAME)]);
    case 'n':
      return JSON.stringify(['n', line.id, line.text.slice(0, MAX_NAME)]);
    case 'f':
    case 'u':
    case 'a':
      return JSON.stringify([line.kind, rel(line.t)]);
    case 's':
      return JSON.stringify(line.onBreak ? ['s', rel(line.t), line.k, line.person, line.device, line.channelNumber, line.channel, line.programme, 1] : ['s', rel(line.t), line.k, line.person, line.device, line.channelNumber, line.channel, line.programme]);
    case 'e':
      return JSON.stringify(['e', rel(line.t), line.k]);
  }
}

const isId = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
/** Seconds within a month (a little over, for a line written at the turn). */
const isSecond = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 && x <= 32 * 86_400;

/** Reads one line of a month file (times back to absolute ms); null when it is not a line we wrote. */
export function decodeLine(text: string, base: number): RecordLine | null {
  if (text.length === 0 || text.length > MAX_LINE_CHARS) return null;
  let a: unknown;
  try {
    a = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(a)) return null;
  const at = (s: number) => base + s * 1000;
  switch (a[0]) {
    case 'h':
      if (!isId(a[1]) || typeof a[2] !== 'string') return null;
      return typeof a[3] === 'string' && a[3].length <= 40 ? { kind: 'h', version: a[1], server: a[2].slice(0, MAX_NAME), run: a[3] } : { kind: 'h', version: a[1], server: a[2].slice(0, MAX_NAME) };
    case 'n':
      return isId(a[1]) && a[1] > 0 && typeof a[2] === 'string' ? { kind: 'n', id: a[1], text: a[2].slice(0, MAX_NAME) } : null;
    case 'f':
    case 'u':
    case 'a':
      return a.length === 2 && isSecond(a[1]) ? { kind: a[0], t: at(a[1]) } : null;
    case 's': {
      const [, t, k, person, device, chNum, channel, programme, mark] = a as unknown[];
      if ((a.length !== 8 && !(a.length === 9 && mark === 1)) || !isSecond(t) || !isId(k) || !isId(person) || !isId(device) || !isId(channel) || !isId(programme)) return null;
      if (chNum !== null && !(typeof chNum === 'number' && Number.isSafeInteger(chNum))) return null;
      return mark === 1 ? { kind: 's', t: at(t), k, person, device, channelNumber: chNum, channel, programme, onBreak: true } : { kind: 's', t: at(t), k, person, device, channelNumber: chNum, channel, programme };
    }
    case 'e':
      return a.length === 3 && isSecond(a[1]) && isId(a[2]) ? { kind: 'e', t: at(a[1]), k: a[2] } : null;
    default:
      return null;
  }
}
