import * as v from 'valibot';
import { count, isoTime, parseWith, seconds } from './schema';

/** `GET /status`: identity and health; the single call a sensor needs. `product` is "airwave". */
export const StatusSchema = v.object({
  product: v.string(),
  version: v.string(),
  instanceId: v.string(),
  name: v.string(),
  time: isoTime,
  timezone: v.string(),
  uptimeSeconds: seconds,
  counts: v.object({
    channels: count,
    packages: count,
    activeSessions: count,
  }),
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

/** `GET /capabilities`: what this server offers, so the app can degrade gracefully. */
export const CapabilitiesSchema = v.object({
  apiVersion: v.string(),
  serverVersion: v.string(),
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
