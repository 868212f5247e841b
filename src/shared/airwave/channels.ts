import * as v from 'valibot';
import { NowSlotSchema, PackageRefSchema, withUntimed } from './common';
import { ChannelHeaderEntries } from './guide';
import { count, isoTime, nullable, opaqueObject, openEnum, parseWith, rows, summaryText, type Read } from './schema';
import { orDefault } from '../tolerant';

export const ChannelModes = ['filter', 'membership', 'manual', 'mixed'] as const;
export const ChannelProvenances = ['preset', 'ai', 'manual'] as const;

/**
 * A channel record (`/channels`, `/channels/by-number/{n}`). With `include=definition` it also
 * carries `definition`, the channel's authoring internals, which no stability promise covers: show
 * it, never depend on it. Required are the header's `id`, `number` and `name`; `mode` and
 * `provenance` read as null (unknown) when absent, and a missing `enabled` as true (a server that
 * does not say lists the channels it serves).
 */
export const ChannelSchema = v.object({
  ...ChannelHeaderEntries,
  description: nullable(summaryText),
  enabled: orDefault(v.boolean(), true),
  mode: nullable(openEnum(ChannelModes)),
  provenance: nullable(openEnum(ChannelProvenances)),
  // Not covered by any stability promise: a malformed one reads as absent rather than failing the list.
  definition: v.fallback(v.optional(opaqueObject), undefined),
});
export type Channel = v.InferOutput<typeof ChannelSchema>;

export const ChannelsSchema = v.object({ channels: rows(ChannelSchema) });
export type Channels = v.InferOutput<typeof ChannelsSchema>;
export const parseChannels = (input: unknown): Read<Channels> => parseWith(ChannelsSchema, 'GET /channels', input);

/**
 * `GET /channels/by-number/{n}/now` and `GET /channels/{id}/now`. Some server versions add the
 * channel record; it is optional extra. A slot named but whose times cannot be read is
 * `currentUntimed` / `nextUntimed` (issue 48).
 */
export const ChannelNowSchema = withUntimed(
  v.object({
    current: nullable(NowSlotSchema),
    next: nullable(NowSlotSchema),
    endsAt: nullable(isoTime),
    // A malformed extra record must not cost the user the lookup, so it reads as absent.
    channel: v.fallback(v.optional(ChannelSchema), undefined),
  }),
  ['current', 'next'],
);
export type ChannelNow = v.InferOutput<typeof ChannelNowSchema>;
export const parseChannelNow = (input: unknown, number: number | string = '{number}'): Read<ChannelNow> =>
  parseWith(ChannelNowSchema, `GET /channels/by-number/${number}/now`, input);
/** `GET /channels/{id}/now`: the same answer, found by the channel's id. */
export const parseChannelNowById = (input: unknown, id: string): Read<ChannelNow> =>
  parseWith(ChannelNowSchema, `GET /channels/${id}/now`, input);

/** `GET /channels/by-number/{n}` (beyond the documented interface): one channel record. */
export const parseChannel = (input: unknown, number: number | string = '{number}'): Read<Channel> =>
  parseWith(ChannelSchema, `GET /channels/by-number/${number}`, input);

/**
 * `GET /packages` (beyond the documented interface): the packages with a channel the key may see,
 * each with how many (`channelCount`, null where a server leaves it out or sends no count, like
 * -5 or 1.5). Read per entry: a package without an id or a name is left out alone.
 */
export const PackagesSchema = v.object({ packages: rows(v.object({ ...PackageRefSchema.entries, channelCount: nullable(count) })) });
export type Packages = v.InferOutput<typeof PackagesSchema>;
export const parsePackages = (input: unknown): Read<Packages> => parseWith(PackagesSchema, 'GET /packages', input);
