import * as v from 'valibot';
import { clampedSeconds, integer, isoTime, nameText, nullable, openEnum, seconds, summaryText, titleText } from './schema';

/** The package (bundle) a channel belongs to. `icon` is a name like "lucide:Laugh", `tint` a colour name. */
export const PackageRefSchema = v.object({
  id: v.string(),
  key: nullable(v.string()),
  name: nameText,
  icon: nullable(v.string()),
  tint: nullable(v.string()),
});
export type PackageRef = v.InferOutput<typeof PackageRefSchema>;

export const ProgramTypes = ['movie', 'episode', 'show'] as const;

/**
 * One programme in a schedule. `ratingKey: null` marks an interstitial bumper, whose artwork is null.
 * `artworkUrl` is host-relative and tokenless (see artwork.ts). Required: `title`, `startsAt` and
 * `endsAt` (a guide cannot place or name a programme without them); `durationSeconds`, when
 * absent or unusable, is worked out from the two times.
 */
const ProgrammeEntries = {
  ratingKey: nullable(v.string()),
  title: titleText,
  type: nullable(openEnum(ProgramTypes)),
  showTitle: nullable(titleText),
  season: nullable(integer),
  episode: nullable(integer),
  year: nullable(integer),
  summary: nullable(summaryText),
  startsAt: isoTime,
  endsAt: isoTime,
  durationSeconds: nullable(seconds),
  artworkUrl: nullable(v.string()),
};

/** Whole seconds between two ISO times (already checked), never negative. */
const secondsBetween = (startsAt: string, endsAt: string) => Math.max(0, Math.round((Date.parse(endsAt) - Date.parse(startsAt)) / 1000));

/** The programme with its duration: as sent, or (absent or unusable: not a number here) worked out from its times. */
const withDuration = <T extends { startsAt: string; endsAt: string; durationSeconds: number | null }>(program: T) => ({
  ...program,
  durationSeconds: typeof program.durationSeconds === 'number' ? program.durationSeconds : secondsBetween(program.startsAt, program.endsAt),
});

export const ProgramSchema = v.pipe(v.object(ProgrammeEntries), v.transform(withDuration));
export type Program = v.InferOutput<typeof ProgramSchema>;

export const SlotKinds = ['program', 'bumper'] as const;

/**
 * A programme as a "now" slot; `offsetSeconds` (seconds already aired) is on the current slot only.
 * A slot without `kind` is a bumper when it has no rating key, else a programme.
 */
export const NowSlotSchema = v.pipe(
  v.object({
    ...ProgrammeEntries,
    kind: nullable(openEnum(SlotKinds)),
    // not relied on: an unusable one reads as absent
    offsetSeconds: v.fallback(v.optional(clampedSeconds), undefined),
  }),
  v.transform(({ kind, ...slot }) => ({
    ...withDuration(slot),
    // absent or unusable (not a string here): worked out from the rating key
    kind: typeof kind === 'string' ? kind : slot.ratingKey === null ? 'bumper' : 'program',
  })),
);
export type NowSlot = v.InferOutput<typeof NowSlotSchema>;

/**
 * A programme the server named but whose times cannot be read (issue 48): shown by its name with
 * "times unknown", never as "Nothing on". Only what names it is kept; it is never placed in time.
 */
export const UntimedProgramSchema = v.object({
  ratingKey: v.fallback(v.nullable(v.string()), null),
  title: titleText,
  type: v.fallback(v.nullable(v.string()), null),
  showTitle: v.fallback(v.nullable(titleText), null),
  season: v.fallback(v.nullable(integer), null),
  episode: v.fallback(v.nullable(integer), null),
});
export type UntimedProgram = v.InferOutput<typeof UntimedProgramSchema>;

/**
 * Slots `keys` of an answer or a row read as programmes (each `T | null` by the one rule, its bad
 * times noted there), each with, where it could not be read but names a programme, that name as
 * `<key>Untimed` (read best effort: its own faults are not noted twice). `schema` is the object
 * read; the names are taken from the same input before it.
 */
export function withUntimed<S extends v.GenericSchema<unknown, Record<string, unknown>>, const K extends string>(schema: S, keys: readonly K[]) {
  const names = Object.fromEntries(keys.map((key) => [`${key}Named`, v.fallback(v.optional(v.nullable(UntimedProgramSchema)), null)]));
  return v.pipe(
    v.unknown(),
    v.transform((raw) => {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
      const copy: Record<string, unknown> = { ...raw };
      for (const key of keys) copy[`${key}Named`] = (raw as Record<string, unknown>)[key];
      return copy;
    }),
    v.intersect([schema, v.object(names)]),
    v.transform((read) => {
      const out: Record<string, unknown> = { ...(read as Record<string, unknown>) };
      for (const key of keys) {
        const named = out[`${key}Named`] as UntimedProgram | null;
        delete out[`${key}Named`];
        // named, and not read as a programme (its slot fell back): the name is what is left of it
        const slot = out[key] as { title?: unknown } | null;
        if (named && (slot === null || typeof slot !== 'object' || typeof slot.title !== 'string')) out[`${key}Untimed`] = named;
      }
      return out as v.InferOutput<S> & { [P in K as `${P}Untimed`]?: UntimedProgram };
    }),
  );
}