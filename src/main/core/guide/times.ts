/**
 * Owns reading the guide's times in the form servers send them (2026-09-27T18:00:00.000Z, what
 * `toISOString` writes) straight from their characters, without a Date or a regular expression:
 * 200,000 programmes carry two each. Anything else (another offset, no milliseconds, a day past the
 * month's end) gives NaN and the caller takes the general path (the contract's isoTime, Date.parse).
 */

const ZERO = 0x30;

/** The digits of `text` from `at` to `at + count` as a number, or -1 if one is not a digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

// the last time read: a programme's end is usually the next one's start, and the reader's check
// and the programme table read each time one after the other
let lastText = '';
let lastMs = Number.NaN;

/**
 * Milliseconds since the epoch of `text` when it is exactly YYYY-MM-DDTHH:MM:SS.sssZ with every
 * field in range (so `new Date(ms).toISOString() === text`, and Date.parse gives the same ms);
 * otherwise NaN. Years before 1000 also give NaN (Date.UTC reads 0–99 as 1900–1999).
 */
export function canonicalTime(text: string): number {
  if (text === lastText) return lastMs;
  const ms = readCanonical(text);
  lastText = text;
  lastMs = ms;
  return ms;
}

function readCanonical(text: string): number {
  if (text.length !== 24) return Number.NaN;
  if (text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d || text.charCodeAt(10) !== 0x54) return Number.NaN; // - - T
  if (text.charCodeAt(13) !== 0x3a || text.charCodeAt(16) !== 0x3a || text.charCodeAt(19) !== 0x2e || text.charCodeAt(23) !== 0x5a) return Number.NaN; // : : . Z
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const ms = digits(text, 20, 3);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || ms < 0) return Number.NaN;
  if (day > (month === 2 && leap(year) ? 29 : DAYS[month - 1]!)) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}
