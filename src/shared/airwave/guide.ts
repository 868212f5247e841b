import * as v from 'valibot';
import { PackageRefSchema, ProgramSchema } from './common';
import { count, integer, isoTime, nameText, nullable, parseWith } from './schema';

/** Fields every channel row carries, in `/guide/now`, `/guide` and `/channels`. */
export const ChannelHeaderEntries = {
  id: v.string(),
  number: integer,
  name: nameText,
  callsign: nullable(nameText),
  icon: nullable(v.string()),
  tint: nullable(v.string()),
  package: nullable(PackageRefSchema),
};

/** One row per channel of `GET /guide/now`: the programme on now and the one after it. */
export const GuideNowRowSchema = v.object({
  ...ChannelHeaderEntries,
  now: nullable(ProgramSchema),
  next: nullable(ProgramSchema),
});
export type GuideNowRow = v.InferOutput<typeof GuideNowRowSchema>;

/** Required: `channels`, and in each row `id`, `number` and `name` (what a row and a lookup need). */
export const GuideNowSchema = v.object({ serverTime: nullable(isoTime), channels: v.array(GuideNowRowSchema) });
export type GuideNow = v.InferOutput<typeof GuideNowSchema>;
export const parseGuideNow = (input: unknown): GuideNow => parseWith(GuideNowSchema, 'GET /guide/now', input);

/** One channel of `GET /guide` with its programmes inside the window. */
export const GuideChannelSchema = v.object({ ...ChannelHeaderEntries, programs: v.array(ProgramSchema) });
export type GuideChannel = v.InferOutput<typeof GuideChannelSchema>;

export const GuideSchema = v.object({
  serverTime: isoTime,
  windowMinutes: count,
  // `backMinutes` came after `forwardMinutes`; a server without it shows no past programmes.
  backMinutes: v.optional(count, 0),
  channels: v.array(GuideChannelSchema),
});
export type Guide = v.InferOutput<typeof GuideSchema>;
export const parseGuide = (input: unknown): Guide => parseWith(GuideSchema, 'GET /guide', input);

/** Bounds of `forwardMinutes` on `/guide` (real servers answer 422 outside them). */
export const GUIDE_FORWARD_MINUTES = { min: 30, max: 1440, default: 180 } as const;
