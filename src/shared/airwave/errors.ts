import * as v from 'valibot';
import { summaryText } from './schema';

/** Every non-2xx JSON answer of a real server: `{ "error": { "code": "not_found", "message": "…" } }`. */
export const ErrorEnvelopeSchema = v.object({
  error: v.object({ code: v.string(), message: v.fallback(v.optional(summaryText, ''), '') }),
});
export type ErrorEnvelope = v.InferOutput<typeof ErrorEnvelopeSchema>;


/** The envelope's `error` when `input` is one, else null (proxies answer with HTML or nothing). */
export function readErrorEnvelope(input: unknown): ErrorEnvelope['error'] | null {
  const result = v.safeParse(ErrorEnvelopeSchema, input);
  return result.success ? result.output.error : null;
}
