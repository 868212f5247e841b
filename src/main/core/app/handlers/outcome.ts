/**
 * The shapes bridge commands answer with: a value, or a user error with its one-sentence fix;
 * and how an error thrown below (API or otherwise) becomes such an answer without leaking details.
 * The page is told only "Something went wrong inside the app."; the error itself is remembered
 * with that answer (causeOf), so the bridge's wrapper (logged.ts) writes it to the log.
 */
import type { Outcome } from '../../../../shared/bridge';
import { isApiError } from '../../client';
import { messages } from '../../../../shared/i18n/messages';

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const failed = (kind: string, message: string, fix?: string): Outcome<never> => ({
  ok: false,
  error: { kind, message, ...(fix ? { fix } : {}) },
});

/** What the page is told of an internal error, in the language in use. */
export const internalError = (): string => messages().errors.internal;

/** An API error keeps its kind and message; anything else is an internal error, said plainly. */
export function errorParts(error: unknown): [string, string] {
  if (isApiError(error)) return [error.kind, error.message];
  return ['internal', internalError()];
}

const causes = new WeakMap<object, unknown>();

/** The answer for an error thrown below: errorParts' words, with the error kept for the log when it is the app's own. */
export function failure(error: unknown): Outcome<never> {
  const outcome = failed(...errorParts(error));
  if (!isApiError(error)) causes.set(outcome, error);
  return outcome;
}

/** The error an internal failure came from (see failure), if it was kept. */
export function causeOf(outcome: unknown): unknown {
  return typeof outcome === 'object' && outcome !== null ? causes.get(outcome) : undefined;
}
