import type { Program } from '../../../shared/airwave';

/**
 * Owns a guide programme's kind (film, episode, sport, news), read only from what the server
 * says: its channel's package name for sport and news, else the programme's type. Pure.
 */

export type Kind = 'film' | 'episode' | 'sport' | 'news';

const SPORT = /\bsports?\b/i;
const NEWS = /\bnews\b/i;

/**
 * The kind of a programme: sport or news when its channel's package is named for one of them
 * (and not both: "News & Sport" says neither), else a film or an episode by the programme's type;
 * null when the server says nothing that tells.
 */
export function kindOf(program: Pick<Program, 'type'>, pkg: { name: string } | null): Kind | null {
  const sport = pkg ? SPORT.test(pkg.name) : false;
  const news = pkg ? NEWS.test(pkg.name) : false;
  if (sport !== news) return sport ? 'sport' : 'news';
  if (program.type === 'movie') return 'film';
  if (program.type === 'episode' || program.type === 'show') return 'episode';
  return null;
}
