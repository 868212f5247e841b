import * as v from 'valibot';
import { integer, isoTime, nullable, openEnum, seconds } from './schema';

/** The package (bundle) a channel belongs to. `icon` is a name like "lucide:Laugh", `tint` a colour name. */
export const PackageRefSchema = v.object({
  id: v.string(),
  key: nullable(v.string()),
  name: v.string(),
  icon: nullable(v.string()),
  tint: nullable(v.string()),
});
export type PackageRef = v.InferOutput<typeof PackageRefSchema>;

export const ProgramTypes = ['movie', 'episode', 'show'] as const;

/**
 * One programme in a schedule. `ratingKey: null` marks an interstitial bumper, whose artwork is null.
 * `artworkUrl` is host-relative and tokenless (see artwork.ts).
 */
export const ProgramSchema = v.object({
  ratingKey: nullable(v.string()),
  title: v.string(),
  type: nullable(openEnum(ProgramTypes)),
  showTitle: nullable(v.string()),
  season: nullable(integer),
  episode: nullable(integer),
  year: nullable(integer),
  summary: nullable(v.string()),
  startsAt: isoTime,
  endsAt: isoTime,
  durationSeconds: seconds,
  artworkUrl: nullable(v.string()),
});
export type Program = v.InferOutput<typeof ProgramSchema>;

export const SlotKinds = ['program', 'bumper'] as const;

/** A programme as a "now" slot; `offsetSeconds` (seconds already aired) is on the current slot only. */
export const NowSlotSchema = v.object({
  ...ProgramSchema.entries,
  kind: openEnum(SlotKinds),
  offsetSeconds: v.optional(seconds),
});
export type NowSlot = v.InferOutput<typeof NowSlotSchema>;
