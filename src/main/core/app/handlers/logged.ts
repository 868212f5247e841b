/**
 * Every bridge command behind one wrapper that logs what went wrong inside the app: an internal
 * failure (outcome.ts) has its cause written to the log, once, with the command's name, and a
 * handler that throws is logged before the throw goes on to the host as before. The page never
 * sees the cause; the log always does.
 */
import type { BridgeHandlers } from '../../../../shared/bridge';
import { causeOf } from './outcome';

/** At most this many characters of one error (its stack included) go into the log. */
export const LOGGED_ERROR_CHARS = 2_000;

/** One line (and its stack) for the log. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  const cause = error instanceof Error && error.cause !== undefined ? ` (caused by ${describeError(error.cause)})` : '';
  const whole = text + cause;
  return whole.length > LOGGED_ERROR_CHARS ? `${whole.slice(0, LOGGED_ERROR_CHARS)}…` : whole;
}

export function loggedHandlers(handlers: BridgeHandlers, log: (line: string) => void): BridgeHandlers {
  const wrapped: Record<string, (request: never) => Promise<unknown>> = {};
  for (const [command, handler] of Object.entries(handlers) as [string, (request: never) => Promise<unknown>][]) {
    wrapped[command] = async (request) => {
      try {
        const outcome = await handler(request);
        const cause = causeOf(outcome);
        if (cause !== undefined) log(`bridge: ${command} failed inside the app: ${describeError(cause)}`);
        return outcome;
      } catch (error) {
        log(`bridge: ${command} threw inside the app: ${describeError(error)}`);
        throw error;
      }
    };
  }
  return wrapped as unknown as BridgeHandlers;
}
