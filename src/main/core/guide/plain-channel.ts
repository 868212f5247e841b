import type { GuideChannel, PackageRef, Program } from '../../../shared/airwave';
import { boundText, TEXT_LIMITS } from '../../../shared/text';
import { canonicalTime } from './times';
import { isChannelNumber } from '../../../shared/channel-number';

/**
 * Owns the quick reading of one `/guide` channel entry that is plainly well formed: every field of
 * the type the contract asks for and every time in the usual form. It gives exactly what the
 * contract's parseGuideChannel gives for such an entry (the same fields, the same cut of long
 * text, the same worked-out duration), checked by hand instead of by the schema library, which
 * costs a few microseconds a programme. Anything out of the ordinary (a missing title, a time
 * with an offset, a number where a string belongs) gives null, and the reader hands the entry to
 * parseGuideChannel, which reads it tolerantly and says what is wrong.
 */

type Json = Record<string, unknown>;

/** Stands for "not plainly well formed" inside this module (null is a real value here). */
const NO = Symbol('no');

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `nullable(v.string())`: left out or null is null. */
function optionalString(value: unknown): string | null | typeof NO {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : NO;
}

/** `nullable(text(max))`. */
function optionalText(value: unknown, max: number): string | null | typeof NO {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? boundText(value, max) : NO;
}

/** `nullable(integer)`. */
function optionalInteger(value: unknown): number | null | typeof NO {
  if (value === undefined || value === null) return null;
  return Number.isInteger(value) ? (value as number) : NO;
}

function packageRef(value: unknown): PackageRef | null | typeof NO {
  if (value === undefined || value === null) return null;
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.name !== 'string') return NO;
  const key = optionalString(value.key);
  const icon = optionalString(value.icon);
  const tint = optionalString(value.tint);
  if (key === NO || icon === NO || tint === NO) return NO;
  return { id: value.id, key, name: boundText(value.name, TEXT_LIMITS.name), icon, tint };
}

function programme(value: unknown): Program | typeof NO {
  if (!isObject(value) || typeof value.title !== 'string' || typeof value.startsAt !== 'string' || typeof value.endsAt !== 'string') return NO;
  const starts = canonicalTime(value.startsAt);
  const ends = canonicalTime(value.endsAt);
  if (Number.isNaN(starts) || Number.isNaN(ends)) return NO;
  const given = value.durationSeconds;
  if (given !== undefined && !(typeof given === 'number' && given >= 0)) return NO;
  const ratingKey = optionalString(value.ratingKey);
  const type = optionalString(value.type);
  const showTitle = optionalText(value.showTitle, TEXT_LIMITS.title);
  const season = optionalInteger(value.season);
  const episode = optionalInteger(value.episode);
  const year = optionalInteger(value.year);
  const summary = optionalText(value.summary, TEXT_LIMITS.summary);
  const artworkUrl = optionalString(value.artworkUrl);
  if (ratingKey === NO || type === NO || showTitle === NO || season === NO || episode === NO || year === NO || summary === NO || artworkUrl === NO) return NO;
  return {
    ratingKey,
    title: boundText(value.title, TEXT_LIMITS.title),
    type,
    showTitle,
    season,
    episode,
    year,
    summary,
    startsAt: value.startsAt,
    endsAt: value.endsAt,
    durationSeconds: given ?? Math.max(0, Math.round((ends - starts) / 1000)),
    artworkUrl,
  };
}

/** The channel as parseGuideChannel would give it, or null when the entry is not plainly well formed. */
export function readPlainChannel(input: unknown): GuideChannel | null {
  if (!isObject(input) || typeof input.id !== 'string' || !isChannelNumber(input.number) || typeof input.name !== 'string' || !Array.isArray(input.programs)) return null;
  const callsign = optionalText(input.callsign, TEXT_LIMITS.name);
  const icon = optionalString(input.icon);
  const tint = optionalString(input.tint);
  const ref = packageRef(input.package);
  if (callsign === NO || icon === NO || tint === NO || ref === NO) return null;
  const given = input.programs as unknown[];
  const programs: Program[] = [];
  for (const item of given) {
    const program = programme(item);
    if (program === NO) return null;
    programs.push(program);
  }
  return { id: input.id, number: input.number as number, name: boundText(input.name, TEXT_LIMITS.name), callsign, icon, tint, package: ref, programs };
}
