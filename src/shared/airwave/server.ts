import * as v from 'valibot';
import { count, isoTime, nameText, nullable, parseWith, seconds } from './schema';

/**
 * `GET /status`: identity and health; the single call a sensor needs. `product` is "airwave".
 * Only `product`, `version` and `name` are required (they say what answered and what to call it).
 * Airwave 0.14 sends no `uptimeSeconds` and no `counts`; everything but the three reads as null
 * (unknown) when absent, and still fails, naming the field, when present with the wrong type.
 */
export const StatusSchema = v.object({
  product: v.string(),
  version: nameText,
  instanceId: nullable(v.string()),
  name: nameText,
  time: nullable(isoTime),
  timezone: nullable(nameText),
  uptimeSeconds: nullable(seconds),
  counts: nullable(
    v.object({
      channels: nullable(count),
      packages: nullable(count),
      activeSessions: nullable(count),
    }),
  ),
});
export type Status = v.InferOutput<typeof StatusSchema>;
export const parseStatus = (input: unknown): Status => parseWith(StatusSchema, 'GET /status', input);

/** Feature flags are booleans keyed by name; a non-boolean value from a newer server is left out. */
const FeaturesSchema = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform((raw) => {
    const features: Record<string, boolean> = {};
    for (const [name, value] of Object.entries(raw)) if (typeof value === 'boolean') features[name] = value;
    return features;
  }),
);

/** `GET /capabilities`: what this server offers, so the app can degrade gracefully. Only `apiVersion` is required. */
export const CapabilitiesSchema = v.object({
  // Required: it says this is the public API's capabilities answer, and which dialect it speaks.
  apiVersion: v.string(),
  serverVersion: nullable(nameText),
  features: v.optional(FeaturesSchema, {}),
  webhooks: v.optional(
    v.object({ supported: v.boolean(), eventTypes: v.optional(v.array(v.string()), []) }),
    { supported: false, eventTypes: [] },
  ),
  // Without an `sse` record the safe reading is "no event stream": the app polls.
  sse: v.optional(v.object({ supported: v.boolean() }), { supported: false }),
});
export type Capabilities = v.InferOutput<typeof CapabilitiesSchema>;
export const parseCapabilities = (input: unknown): Capabilities =>
  parseWith(CapabilitiesSchema, 'GET /capabilities', input);
