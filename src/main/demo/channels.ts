import type { Channel, ChannelModes, ChannelProvenances, PackageRef } from '../../shared/airwave';
import type { Genre } from './catalog';
import { hash } from './rng';

/**
 * The demo's channels: numbered from 101, named, iconed (Lucide names, as real servers send) and
 * tinted, grouped into packages. A few carry awkward data on purpose: no callsign, no icon, an
 * icon name no Lucide version has, no package, and one channel with an empty schedule.
 */

export interface DemoChannel {
  record: Omit<Channel, 'definition'>;
  definition: Record<string, unknown>;
  genre: Genre;
  /** nothing is ever scheduled on this channel */
  empty: boolean;
}

export const PACKAGES: readonly PackageRef[] = [
  { id: 'pkg_comedy', key: 'comedy', name: 'Comedy', icon: 'lucide:Laugh', tint: 'amber' },
  { id: 'pkg_movies', key: 'movies', name: 'Movies', icon: 'lucide:Clapperboard', tint: 'rose' },
  { id: 'pkg_family', key: 'family', name: 'Family & Kids', icon: 'lucide:Baby', tint: 'sky' },
  { id: 'pkg_info', key: null, name: 'News & Sport', icon: 'lucide:Newspaper', tint: null },
  { id: 'pkg_world', key: 'world', name: 'World · العالم · 世界', icon: null, tint: 'emerald' },
];

interface Theme {
  name: string;
  genre: Genre;
  icon: string | null;
  tint: string | null;
  packageId: string | null;
  callsign: string | null;
  description: string | null;
}

const THEMES: readonly Theme[] = [
  { name: '90s Sitcoms', genre: 'sitcom', icon: 'lucide:Laugh', tint: 'amber', packageId: 'pkg_comedy', callsign: 'LAFF', description: 'Back-to-back sitcoms from the decade of the laugh track.' },
  { name: 'Movie Night', genre: 'film', icon: 'lucide:Popcorn', tint: 'rose', packageId: 'pkg_movies', callsign: 'FILM', description: 'Feature films, every evening and all night.' },
  { name: 'Drama Room', genre: 'drama', icon: 'lucide:Drama', tint: 'violet', packageId: 'pkg_movies', callsign: 'DRMA', description: null },
  { name: 'Cartoon Corner', genre: 'kids', icon: 'lucide:Baby', tint: 'sky', packageId: 'pkg_family', callsign: 'KIDS', description: 'Short, bright and loud.' },
  { name: 'Sports Desk', genre: 'sport', icon: 'lucide:Trophy', tint: 'emerald', packageId: 'pkg_info', callsign: null, description: 'Matchday coverage and highlights.' },
  { name: 'Dead Air', genre: 'news', icon: 'lucide:Ghost', tint: 'slate', packageId: null, callsign: null, description: 'A channel with nothing scheduled yet.' },
  { name: 'Newsroom', genre: 'news', icon: 'lucide:Newspaper', tint: 'slate', packageId: 'pkg_info', callsign: 'NEWS', description: 'News on the hour, every hour.' },
  { name: 'Live Music', genre: 'music', icon: 'lucide:Music', tint: 'fuchsia', packageId: null, callsign: 'TUNE', description: null },
  { name: 'Sci-Fi Station', genre: 'scifi', icon: 'lucide:Rocket', tint: 'indigo', packageId: 'pkg_movies', callsign: 'SCFI', description: 'Space, time and everything between.' },
  { name: 'Cinéma du Monde', genre: 'world', icon: 'lucide:Globe', tint: 'emerald', packageId: 'pkg_world', callsign: null, description: 'Films et séries du monde entier.' },
  { name: 'Documentaries', genre: 'docs', icon: 'lucide:Telescope', tint: 'teal', packageId: 'pkg_family', callsign: 'DOCS', description: 'Real stories, well told.' },
  { name: 'Classic Comedy', genre: 'sitcom', icon: 'lucide:NoSuchIcon', tint: 'orange', packageId: 'pkg_comedy', callsign: 'CLAS', description: 'An icon name this app has never heard of, on purpose.' },
  { name: 'Late Film', genre: 'film', icon: null, tint: null, packageId: 'pkg_movies', callsign: null, description: null },
  { name: 'Kids Movies', genre: 'kids', icon: 'lucide:Heart', tint: 'pink', packageId: 'pkg_family', callsign: 'KMOV', description: 'Films for the whole family.' },
  { name: 'World Series', genre: 'world', icon: 'lucide:Tv', tint: 'lime', packageId: 'pkg_world', callsign: 'WRLD', description: null },
  { name: 'Prestige Drama', genre: 'drama', icon: 'lucide:Film', tint: 'red', packageId: 'pkg_movies', callsign: 'PRST', description: 'The shows everybody says you should watch.' },
];

const MODES: readonly (typeof ChannelModes)[number][] = ['filter', 'membership', 'manual', 'mixed'];
const PROVENANCES: readonly (typeof ChannelProvenances)[number][] = ['preset', 'ai', 'manual'];
const EMPTY_THEME = 'Dead Air';

export function generateChannels(seed: string | number, count: number): DemoChannel[] {
  const channels: DemoChannel[] = [];
  for (let i = 0; i < count; i++) {
    const theme = THEMES[i % THEMES.length] as Theme;
    const round = Math.floor(i / THEMES.length);
    const number = 101 + i;
    const id = `ch_${number}_${(hash(seed, 'channel', number) % 0xfffff).toString(16)}`;
    const name = round === 0 ? theme.name : `${theme.name} ${round + 1}`;
    const pkg = PACKAGES.find((p) => p.id === theme.packageId) ?? null;
    const mode = MODES[hash(seed, 'mode', number) % MODES.length] ?? 'filter';
    channels.push({
      genre: theme.genre,
      // Only the first of these is empty, so larger demos still have one, and only one.
      empty: theme.name === EMPTY_THEME && round === 0,
      record: {
        id,
        number,
        name,
        callsign: theme.callsign && round > 0 ? `${theme.callsign}${round + 1}` : theme.callsign,
        description: theme.description,
        icon: theme.icon,
        tint: theme.tint,
        enabled: true,
        mode,
        provenance: PROVENANCES[hash(seed, 'provenance', number) % PROVENANCES.length] ?? 'preset',
        package: pkg ? { ...pkg } : null,
      },
      definition: definitionFor(theme, mode, number),
    });
  }
  return channels;
}

/** A made-up authoring definition: opaque to clients, shown but never depended on. */
function definitionFor(theme: Theme, mode: string, number: number): Record<string, unknown> {
  return {
    version: 3,
    ordering: number % 2 ? 'shuffle' : 'sequential',
    sort: { field: number % 3 ? 'originallyAvailableAt' : 'titleSort', direction: number % 4 ? 'asc' : 'desc' },
    strategy: mode === 'manual' ? 'handPicked' : 'rotateShows',
    clauses: [
      {
        type: 'filter',
        tree: { op: 'and', children: [{ field: 'genre', op: 'is', value: theme.genre }, { field: 'duration', op: '<', value: 9000 }] },
      },
      { type: 'collection', source: { library: 'TV Shows', collection: `${theme.name} picks` } },
      { type: 'items', keys: [String(48_000 + (number % 20)), String(48_001 + (number % 20))] },
    ],
  };
}
