/**
 * The history record's grammar, written once: one folder per server, one file per calendar month
 * (UTC) named `YYYY-MM.jsonl`, one JSON array per line. Each month file stands alone: it opens with
 * its header, names are interned per file, times are seconds from the month's start.
 *
 *   ["h",1,"Home"]                   header: format version, the server's name when the file began
 *   ["n",7,"Friends"]                name 7 is "Friends" (ids from 1 in each file; 0 is "unknown")
 *   ["f",t]                          followed from t
 *   ["u",t]                          followed until t (a clean stop)
 *   ["a",t]                          still followed at t (a heartbeat: after a crash, the follow ends here)
 *   ["s",t,k,person,device,chNum,channel,programme]   viewing k starts (names as ids, chNum or null)
 *   ["e",t,k]                        viewing k ends
 *
 * A line that does not read (a torn last write, a damaged byte) is skipped alone.
 */

export const HISTORY_FORMAT = 1;
/** Longest line the app writes (a name is clipped to MAX_NAME); anything longer is not ours. */
export const MAX_LINE_CHARS = 2_000;
/** Longest name kept (person, device, channel, programme, server). */
export const MAX_NAME = 300;

export type RecordLine =
  | { kind: 'h'; version: number; server: string }
  | { kind: 'n'; id: number; text: string }
  | { kind: 'f' | 'u' | 'a'; t: number }
  | { kind: 's'; t: number; k: number; person: number; device: number; channelNumber: number | null; channel: number; programme: number }
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
      return JSON.stringify(['h', line.version, line.server.slice(0, MAX_NAME)]);
    case 'n':
      return JSON.stringify(['n', line.id, line.text.slice(0, MAX_NAME)]);
    case 'f':
    case 'u':
    case 'a':
      return JSON.stringify([line.kind, rel(line.t)]);
    case 's':
      return JSON.stringify(['s', rel(line.t), line.k, line.person, line.device, line.channelNumber, line.channel, line.programme]);
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
      return isId(a[1]) && typeof a[2] === 'string' ? { kind: 'h', version: a[1], server: a[2].slice(0, MAX_NAME) } : null;
    case 'n':
      return isId(a[1]) && a[1] > 0 && typeof a[2] === 'string' ? { kind: 'n', id: a[1], text: a[2].slice(0, MAX_NAME) } : null;
    case 'f':
    case 'u':
    case 'a':
      return a.length === 2 && isSecond(a[1]) ? { kind: a[0], t: at(a[1]) } : null;
    case 's': {
      const [, t, k, person, device, chNum, channel, programme] = a as unknown[];
      if (a.length !== 8 || !isSecond(t) || !isId(k) || !isId(person) || !isId(device) || !isId(channel) || !isId(programme)) return null;
      if (chNum !== null && !(typeof chNum === 'number' && Number.isSafeInteger(chNum))) return null;
      return { kind: 's', t: at(t), k, person, device, channelNumber: chNum, channel, programme };
    }
    case 'e':
      return a.length === 3 && isSecond(a[1]) && isId(a[2]) ? { kind: 'e', t: at(a[1]), k: a[2] } : null;
    default:
      return null;
  }
}
