import { signal } from '@preact/signals';
import { channelNumberFrom } from '../../shared/channel-number';
import { channelDetail, programmeDetail, searchOpen, typedNumber, viewerDetail } from './state';

/**
 * Owns what is typed anywhere in the popover, so no key is lost (issue 47): a channel number and
 * the search. A number is looked up NUMBER_DELAY_MS after its last digit; a digit that comes later
 * (a slow hand, or a machine so busy the keys arrive late) while the sheet that number opened is
 * still up, within NUMBER_CONTINUES_MS, goes on with that number ("10", then "1": 101), never
 * starting another. `/` opens the search; letters that arrive before its field has focus are kept
 * here and handed to the field, in order. app.tsx routes the keys here.
 */

/** How long after the last digit a typed channel number is looked up. */
export const NUMBER_DELAY_MS = 800;
/** How long after a typed number's sheet opened a digit still goes on with that number. */
export const NUMBER_CONTINUES_MS = 3_000;

/** What was typed for the search before its field had focus; the search takes it (and empties it). */
export const searchTyped = signal('');

/** Opens the search; what is typed from here on goes to its field, the keys before it has focus too. */
export function openSearch(): void {
  if (!searchOpen.value) searchTyped.value = '';
  searchOpen.value = true;
}

/** A key meant for the search field that arrived while focus was elsewhere (the field not there yet). */
export function keyForSearch(key: string): void {
  searchTyped.value = (searchTyped.value + key).slice(0, 200);
}

let timer: ReturnType<typeof setTimeout> | null = null;
/** the number looked up last and when (performance.now()), while a digit may still go on with it */
let looked: { digits: string; at: number } | null = null;

/** The digits typed end: the channel's sheet opens (over whatever was open). */
function lookup(): void {
  timer = null;
  const digits = typedNumber.value;
  typedNumber.value = '';
  const number = channelNumberFrom(digits);
  if (number === null) return;
  programmeDetail.value = null;
  searchOpen.value = false;
  viewerDetail.value = null;
  channelDetail.value = number;
  looked = { digits, at: performance.now() };
}

/** The number a digit typed now goes on with: the one being typed, else the one whose sheet just opened. */
function goingOn(): string {
  if (typedNumber.value !== '' || !looked) return typedNumber.value;
  const recent = performance.now() - looked.at < NUMBER_CONTINUES_MS && channelDetail.value === channelNumberFrom(looked.digits);
  return recent ? looked.digits : '';
}

/**
 * One more key of a channel number: a digit, or a minus first (a number as the server may have it,
 * shared/channel-number.ts). A key that would make it no channel number (past MAX_CHANNEL_DIGITS)
 * is not taken; what was typed is never cut to fewer digits (issue 48).
 */
export function digitTyped(digit: string): void {
  const typed = goingOn() + digit;
  if (typed === '-' || channelNumberFrom(typed) !== null) typedNumber.value = typed;
  looked = null;
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(lookup, NUMBER_DELAY_MS);
}

/** Enter: the number now, without waiting. */
export function numberNow(): void {
  if (timer !== null) clearTimeout(timer);
  lookup();
}

/** Escape, or the number dropped: nothing is looked up, and nothing goes on with it. */
export function dropNumber(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  typedNumber.value = '';
  looked = null;
}
