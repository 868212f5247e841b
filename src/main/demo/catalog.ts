/**
 * The demo's library: invented shows and films, grouped by genre, with some awkward data on
 * purpose (unicode and right-to-left titles, one absurdly long title, missing years and summaries)
 * so the app meets what real libraries contain.
 */

export type Genre = 'sitcom' | 'drama' | 'film' | 'kids' | 'sport' | 'news' | 'music' | 'scifi' | 'world' | 'docs';

export interface Show {
  kind: 'show';
  /** rating key of the show; its episodes' keys extend it (see episodeKey) */
  key: string;
  title: string;
  genre: Genre;
  seasons: number;
  episodesPerSeason: number;
  /** running time of an episode */
  minutes: number;
  year: number | null;
  summary: string | null;
}

export interface Movie {
  kind: 'movie';
  key: string;
  title: string;
  genre: Genre;
  minutes: number;
  year: number | null;
  summary: string | null;
}

const LONG_TITLE =
  'The Extraordinarily Long and Winding Chronicle of the Night Shift Librarians of Lower Wexcombe-on-the-Marsh, Their Cats, Their Rivals at the County Archive, and the Great Misfiled Almanac Affair of the Spring Before Last (Director’s Extended Cut)';

let nextKey = 48_000;
const key = () => String(nextKey++);

const show = (genre: Genre, title: string, seasons: number, minutes: number, year: number | null, summary: string | null): Show => ({
  kind: 'show',
  key: key(),
  title,
  genre,
  seasons,
  episodesPerSeason: 12,
  minutes,
  year,
  summary,
});

const movie = (genre: Genre, title: string, minutes: number, year: number | null, summary: string | null): Movie => ({
  kind: 'movie',
  key: key(),
  title,
  genre,
  minutes,
  year,
  summary,
});

export const SHOWS: readonly Show[] = [
  show('sitcom', 'Flatmates', 10, 22, 1994, 'Six friends, one sofa, and a coffee shop they never seem to leave.'),
  show('sitcom', 'The Bellwether Hotel', 7, 23, 1998, 'A small seaside hotel and the family who should not be running it.'),
  show('sitcom', 'Parks & Rivalries', 6, 22, 2009, 'A town council where every bench is a battlefield.'),
  show('sitcom', 'Zoë’s Café', 4, 24, 2012, null),
  show('drama', 'Harbour Lights', 5, 45, 2016, 'A coastguard station, a storm season and secrets washed ashore.'),
  show('drama', 'The Assessor', 3, 52, 2020, 'An insurance investigator who never takes the first answer.'),
  show('drama', 'Königsallee', 2, 48, 2019, 'Money, fashion and family feuds on Düsseldorf’s grandest street.'),
  show('kids', 'Pip and the Puddle Jumpers', 3, 11, 2018, 'Three frogs, one very big pond.'),
  show('kids', 'Robo-Ranch 🤖🐄', 2, 12, 2021, 'A farm run entirely by well-meaning robots.'),
  show('sport', 'Matchday Live', 30, 30, null, 'Highlights, goals and the arguments after.'),
  show('news', 'The Hour at Six', 40, 30, null, 'The day’s news, plainly told.'),
  show('news', 'World Desk', 25, 15, null, null),
  show('music', 'Studio Sessions', 8, 28, 2011, 'Bands play live in a converted chapel.'),
  show('scifi', 'Starfall Station', 5, 44, 2017, 'The last waystation before the edge of charted space.'),
  show('scifi', 'Echoes of Tomorrow', 3, 42, 2022, null),
  show('world', 'أضواء المدينة', 2, 40, 2021, 'حكايات من شوارع المدينة القديمة.'),
  show('world', '東京の夜', 3, 25, 2015, '深夜の東京で働く人々の物語。'),
  show('docs', 'Planet Below', 2, 50, 2019, 'The hidden life under soil, sea and ice.'),
  show('docs', 'How Things Were Made', 6, 24, 2004, null),
];

export const MOVIES: readonly Movie[] = [
  movie('film', 'The Quiet Harbour', 104, 2003, 'A lighthouse keeper takes in a stranger during the worst winter in years.'),
  movie('film', 'Amélie’s Bicycle', 96, 2001, 'A courier in Montmartre delivers more than parcels.'),
  movie('film', 'Midnight on Route 9', 118, 1987, 'Two drivers, one diner, and a long night.'),
  movie('film', LONG_TITLE, 151, null, 'Exactly what it says on the tin, and then some.'),
  movie('film', 'Paper Moons', 89, 1973, null),
  movie('film', '東京物語 (A Tokyo Story)', 136, 1953, 'Ageing parents visit their busy children in the city.'),
  movie('scifi', 'Orbit of Glass', 127, 2014, 'A repair crew discovers the station was never empty.'),
  movie('scifi', 'The Last Signal', 112, 2019, null),
  movie('kids', 'The Great Biscuit Heist', 85, 2016, 'A dog, a tin of biscuits and a very elaborate plan.'),
  movie('docs', 'Ice & Fire: Iceland', 92, 2018, 'A year on an island that is still being made.'),
  movie('music', 'Live at the Roundhouse', 98, 2010, null),
  movie('world', 'El último verano', 109, 2012, 'Un verano en la costa que cambia a tres hermanos.'),
  movie('drama', 'The Long Shift', 121, 2008, 'Twenty-four hours in a city hospital.'),
];

const EPISODE_TITLES = [
  'The One With the Spare Key',
  'Pilot',
  'Homecoming',
  'The Storm',
  'Crossed Wires',
  'Late Checkout',
  'Second Chances',
  'The Wedding (Part 1)',
  'The Wedding (Part 2)',
  'Lost & Found',
  'Ménage à Trois',
  'Out of Office',
  'Ça va?',
  'Finale',
];

export function episodeTitle(s: Show, season: number, episode: number): string {
  return EPISODE_TITLES[(season * 7 + episode * 3 + s.title.length) % EPISODE_TITLES.length] ?? 'Episode';
}

/** An episode's rating key: the show's key, then two digits of season and two of episode. */
export function episodeKey(s: Show, season: number, episode: number): string {
  return `${s.key}${String(season).padStart(2, '0')}${String(episode).padStart(2, '0')}`;
}

const BY_KEY = new Map<string, Show | Movie>([...SHOWS, ...MOVIES].map((item) => [item.key, item]));

/** Whether a rating key names something in the library (a show, an episode of one, or a film). */
export function isKnownRatingKey(ratingKey: string): boolean {
  if (BY_KEY.has(ratingKey)) return true;
  const parent = BY_KEY.get(ratingKey.slice(0, -4));
  if (!parent || parent.kind !== 'show' || !/^\d{4}$/.test(ratingKey.slice(-4))) return false;
  const season = Number(ratingKey.slice(-4, -2));
  const episode = Number(ratingKey.slice(-2));
  return season >= 1 && season <= parent.seasons && episode >= 1 && episode <= parent.episodesPerSeason;
}

export function itemsFor(genre: Genre): { shows: readonly Show[]; movies: readonly Movie[] } {
  return { shows: SHOWS.filter((s) => s.genre === genre), movies: MOVIES.filter((m) => m.genre === genre) };
}
