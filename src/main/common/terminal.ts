import { terminalSafe } from '../../shared/text';

/**
 * What the command-line tools write to a terminal: every line passes terminalSafe, so text a
 * server sent (a name, a message) shows its control characters as escapes instead of obeying them.
 */
export const writeOut = (text: string): void => void process.stdout.write(terminalSafe(text));
export const writeErr = (text: string): void => void process.stderr.write(terminalSafe(text));
