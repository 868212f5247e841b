/**
 * Owns what a channel number is (issue 48): any whole number a JavaScript number holds exactly,
 * as the server has it (the document says integer: 23795074 and -88990223 are channels like 101).
 * A leaf with no imports, so the popover reads a typed number by the same rule the contract
 * (airwave/schema.ts `channelNumber`) and the bridge (shapes.ts) check numbers with.
 */

/** Whether `value` can be a channel number: a whole number held exactly. */
export const isChannelNumber = (value: unknown): value is number => Number.isSafeInteger(value);

/** The most digits a channel number can have (Number.MAX_SAFE_INTEGER has 16): a bound on length, not on the value. */
export const MAX_CHANNEL_DIGITS = 16;

const TYPED = new RegExp(`^-?\\d{1,${MAX_CHANNEL_DIGITS}}$`);

/** A typed channel number ("101", "-5", "23795074"), or null when it is not one (empty, a lone "-", more digits than a number holds). */
export function channelNumberFrom(text: string): number | null {
  if (!TYPED.test(text)) return null;
  const number = Number(text);
  return isChannelNumber(number) ? number : null;
}
