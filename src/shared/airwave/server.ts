import * as v from 'valibot';
import { count, isoTime, nameText, nullable, parseWith, seconds, type Read } from './schema';
import { orDefault } from '../tolerant';

/**
 * `GET /status`: identity and health; the single call a sensor needs. `product` is "airwave".
 * Only `product` and `version` are required (they say what answered); everything else, the name
 * included, reads as null (unknown) when absent or unusable (Airwave 0.14 sends no `uptimeSeconds`
 * and no `counts`; a `time` that is not a time costs that field, not the answer).
 */
export const StatusSchema = v.object({
  product: v.string(),
  version: nameText,
  instanceId: nullable(v.string()),
  name: nullable(nameText),
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
export const parseStatus = (input: unknown): Read<Status> => parseWith(StatusSchema, 'GET /status', input);

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
  webhooks: orDefault(v.object({ supported: v.boolean(), eventTypes: orDefault(v.array(v.string()), []) }), { supported: false, eventTypes: [] }),
  // Without a readable `sse` record the safe reading is "no event stream": the app polls.
  sse: orDefault(v.object({ supported: v.boolean() }), { supported: false }),
});
export type Capabilities = v.InferOutput<typeof CapabilitiesSchema>;
export const parseCapabilities = (input: unknown): Read<Capabilities> =>
  parseWith(CapabilitiesSchema, 'GET /capabilities', input);
