/**
 * The shapes bridge commands answer with: a value, or a user error with its one-sentence fix;
 * and how an error thrown below (API or otherwise) becomes such an answer without leaking details.
 */
import type { Outcome } from '../../../../shared/bridge';
import { isApiError } from '../../client';

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const failed = (kind: string, message: string, fix?: string): Outcome<never> => ({
  ok: false,
  error: { kind, message, ...(fix ? { fix } : {}) },
});

/** An API error keeps its kind and message; anything else is an internal error, said plainly. */
export function errorParts(error: unknown): [string, string] {
  if (isApiError(error)) return [error.kind, error.message];
  return ['internal', 'Something went wrong inside the app.'];
}
