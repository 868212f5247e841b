import type { GuideChannel, Program } from '../../src/shared/airwave';

/**
 * Guide data for unit tests, every field of the contract filled: a programme that says nothing
 * the server did not (null wherever a field may be null, a half-hour at 18:00 UTC on 27 September
 * 2026) and a channel in no package. A test names what it needs on top.
 */
export const guideProgram = (over: Partial<Program> = {}): Program => ({
  ratingKey: null,
  title: 'Station break',
  type: null,
  showTitle: null,
  season: null,
  episode: null,
  year: null,
  summary: null,
  startsAt: '2026-09-27T18:00:00.000Z',
  endsAt: '2026-09-27T18:30:00.000Z',
  durationSeconds: 1800,
  artworkUrl: null,
  ...over,
});

/** Channel `number` (id `c<number>`, "Channel <number>") airing `programs`. */
export const guideChannel = (number: number, programs: Program[], over: Partial<Omit<GuideChannel, 'programs'>> = {}): GuideChannel => ({
  id: `c${number}`,
  number,
  name: `Channel ${number}`,
  callsign: null,
  icon: null,
  tint: null,
  package: null,
  ...over,
  programs,
});
