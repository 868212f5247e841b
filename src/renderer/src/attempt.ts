import type { Signal } from '@preact/signals';
import { COMMANDS } from '../../shared/bridge';
import { common } from './strings/common';

/**
 * Owns how a failed bridge call reads in the popover, and running a form's actions one at a time
 * (the server form, "Add a server").
 */

/**
 * A thrown failure in words. A request the host refused (its check names the command and the
 * field, "lookupChannel: number: Invalid value…", and Electron wraps it) is said in the app's own
 * words: no view shows a validator's sentence (issue 48).
 */
export function errorText(failure: unknown): string {
  const text = failure instanceof Error ? failure.message : String(failure);
  const said = text.replace(/^Error invoking remote method '[^']*': (Error: )?/, '');
  const command = /^([A-Za-z]+): /.exec(said)?.[1];
  return command !== undefined && (COMMANDS as readonly string[]).includes(command) ? common.requestRefused : text;
}

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
