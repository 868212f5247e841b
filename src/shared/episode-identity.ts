/**
 * Owns what tells a repeat: one key for every airing of the same episode or film. Follow's
 * "first airings" policy (core/features/follow-policy.ts) and the guide's NEW mark (the guide
 * store) both read it from here, so the two never disagree about what a repeat is.
 */

const clean = (text: string | null | undefined) => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** What a programme is, as far as repeats go. */
export interface EpisodeFields {
  title: string;
  showTitle: string | null;
  type?: string | null;
  season?: number | null;
  episode?: number | null;
  year?: number | null;
  ratingKey: string | null;
}

/**
 * The same key for every airing of one episode or film: show + season + episode when the server
 * numbers it, title + year for a film, else the rating key (the library item), else the titles.
 */
export function episodeIdentity(p: EpisodeFields): string {
  const show = clean(p.showTitle);
  if (show !== '' && p.season != null && p.episode != null) return `episode\n${show}\n${p.season}\n${p.episode}`;
  const film = p.type === 'movie' || show === '';
  if (film && p.year != null) return `film\n${clean(p.title)}\n${p.year}`;
  if (p.ratingKey) return `item\n${p.ratingKey}`;
  return `titles\n${show}\n${clean(p.title)}`;
}

/** The key of an episode the server numbers (show, season and episode), else null: only such an airing can be "new". */
export function numberedEpisode(p: EpisodeFields): string | null {
  const key = episodeIdentity(p);
  return key.startsWith('episode\n') ? key : null;
}

/** Each numbered episode of a guide read (by its `numberedEpisode` key): the first and last start of its airings in it, ms. */
export type EpisodeAirings = Map<string, { first: number; last: number }>;

/** Notes one airing starting at `start` in `airings` (a bumper, or a programme that is no numbered episode, is not one). */
export function noteAiring(airings: EpisodeAirings, program: EpisodeFields, start: number): void {
  if (program.ratingKey === null || !Number.isFinite(start)) return;
  const key = numberedEpisode(program);
  if (key === null) return;
  const held = airings.get(key);
  if (!held) airings.set(key, { first: start, last: start });
  else if (start < held.first) held.first = start;
  else if (start > held.last) held.last = start;
}
