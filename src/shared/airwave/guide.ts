import * as v from 'valibot';
import { PackageRefSchema, ProgramSchema, withUntimed } from './common';
import { addUnreadable, channelNumber, count, isoTime, nameText, nullable, parseWith, rows, type Unreadable } from './schema';
import { orDefault } from '../tolerant';

/** Fields every channel row carries, in `/guide/now`, `/guide` and `/channels`. */
export const ChannelHeaderEntries = {
  id: v.string(),
  number: channelNumber,
  name: nameText,
  callsign: nullable(nameText),
  icon: nullable(v.string()),
  tint: nullable(v.string()),
  package: nullable(PackageRefSchema),
};

/**
 * One row per channel of `GET /guide/now`: the programme on now and the one after it; one named
 * whose times cannot be read is `nowUntimed` / `nextUntimed` (shown with "times unknown").
 */
export const GuideNowRowSchema = withUntimed(
  v.object({
    ...ChannelHeaderEntries,
    now: nullable(ProgramSchema),
    next: nullable(ProgramSchema),
  }),
  ['now', 'next'],
);
export type GuideNowRow = v.InferOutput<typeof GuideNowRowSchema>;

/**
 * `/guide/now`. Required: `channels`; in each row `id`, `number` and `name` (what a row and a
 * lookup need): a row without them is left out alone, a `now` or `next` that cannot be read is
 * null (the channel keeps its row), a `serverTime` that is not a time is null. What was left out
 * is counted in `unreadable` (schema.ts: the one rule).
 */
export const GuideNowSchema = v.object({ serverTime: nullable(isoTime), channels: rows(GuideNowRowSchema) });
export type GuideNow = v.InferOutput<typeof GuideNowSchema> & {
  /** what was left out because it could not be read, when anything was */
  unreadable?: Unreadable;
};

export const parseGuideNow = (input: unknown): GuideNow => parseWith(GuideNowSchema, 'GET /guide/now', input);

/** One channel of `GET /guide` with its programmes inside the window. */
export const GuideChannelSchema = v.object({ ...ChannelHeaderEntries, programs: rows(ProgramSchema) });
export type GuideChannel = v.InferOutput<typeof GuideChannelSchema>;

/**
 * One `/guide` channel (the streamed reader hands them over one at a time), read by the same rule:
 * a programme that cannot be read is left out, counted into `unreadable`; a channel without what
 * it cannot do without throws.
 */
export function parseGuideChannel(input: unknown, endpoint: string, unreadable: Unreadable): GuideChannel {
  const { unreadable: more, ...channel } = parseWith(GuideChannelSchema, endpoint, input);
  addUnreadable(unreadable, more);
  return channel;
}

/** One sentence for the log: what an answer left out and why (the first few). */
export function unreadableText(unreadable: Unreadable, endpoint: string): string {
  const what = unreadable.count === 1 ? '1 value' : `${unreadable.count} values`;
  return `${endpoint}: ${what} could not be read (left out, or read as unknown): ${unreadable.examples.join('; ')}`;
}

/**
 * `/guide`'s fields before its channels, read by the one rule (issue 48): a `serverTime` that is
 * missing or not a time is null, and the reader places the window by the local clock instead (as
 * `/guide/now` does); a `windowMinutes` that cannot be read is null (the window asked for);
 * `backMinutes` came after `forwardMinutes`, and a server without it shows no past programmes.
 */
export const GuideHeaderEntries = {
  serverTime: nullable(isoTime),
  windowMinutes: nullable(count),
  backMinutes: orDefault(count, 0),
};
export const GuideHeaderSchema = v.object(GuideHeaderEntries);

/** `/guide` whole (the app streams it instead: core/guide/reader.ts, by the same rule). Required: `channels`; a channel that cannot be read is left out. */
export const GuideSchema = v.object({ ...GuideHeaderEntries, channels: rows(GuideChannelSchema) });
export type Guide = v.InferOutput<typeof GuideSchema>;
/** A guide whose window is placed: what the server left unreadable filled in by the reader (the local clock, the window asked for). */
export type PlacedGuide = Omit<Guide, 'serverTime' | 'windowMinutes'> & { serverTime: string; windowMinutes: number };
export const parseGuide = (input: unknown): Guide => parseWith(GuideSchema, 'GET /guide', input);

/** Bounds of `forwardMinutes` on `/guide` (real servers answer 422 outside them). */
export const GUIDE_FORWARD_MINUTES = { min: 30, max: 1440, default: 180 } as const;
