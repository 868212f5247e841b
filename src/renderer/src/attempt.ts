import type { Signal } from '@preact/signals';

/**
 * Owns how a failed bridge call reads in the popover, and running a form's actions one at a time
 * (the server form, "Add a server").
 */

/** A thrown failure in words. */
export const errorText = (failure: unknown): string => (failure instanceof Error ? failure.message : String(failure));

/** What came of a form's last action, in words. */
export type FormMessage = { kind: 'ok' | 'error'; text: string } | null;

/** One action at a time: `busy` names it while `work` runs, a failure becomes the message, and whatever happens the buttons come back. */
export async function attempt<K extends string>(busy: Signal<K | null>, kind: K, message: Signal<FormMessage>, work: () => Promise<void>): Promise<void> {
  busy.value = kind;
  message.value = null;
  try {
    await work();
  } catch (failure) {
    message.value = { kind: 'error', text: errorText(failure) };
  } finally {
    busy.value = null;
  }
}
