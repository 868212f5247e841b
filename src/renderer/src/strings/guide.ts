import { dayLabel, localTime } from '../../../shared/format';

/**
 * The guide's words, in one place so a translation can replace them: chips, jumps, day labels,
 * the labels screen readers hear, and what a failed load says. Times and days go through Intl
 * and follow the system's locale.
 */

/** times of day: the one clock format (shared/format.ts) */
const time = { format: (ms: number) => localTime(ms) };
const plural = new Intl.PluralRules('en');
const hours = (n: number) => `${n} ${plural.select(n) === 'one' ? 'hour' : 'hours'}`;

/** local midnight at the start of the day `ms` falls in */
export function dayStart(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export const guideText = {
  windowGroup: 'Hours ahead, and the zoom',
  /** the chip: the international hour symbol, short enough for five chips in 380 px */
  window: (n: number) => `${n} h`,
  /** `across`: the hours the width shows at this zoom (fewer than `n` where more would leave titles out) */
  zoomHint: (n: number, across: number) => (n <= across ? `Show ${hours(n)} across the width` : `Load the next ${hours(n)}, ${across} across the width (more would leave most titles out)`),
  /** most of what is in view has no room for a title at this zoom */
  mostBare: (zoom: number) => (zoom > 1 ? 'Most programmes here are too short for a title at this zoom: 1 h shows them.' : 'Most programmes here are too short for a title: point at one to read it above.'),
  list: 'List',
  listHint: 'Read the guide as a list by channel: now, next and later',
  byChannel: (channels: number) => `Guide by channel, ${channels} ${channels === 1 ? 'channel' : 'channels'}`,
  detailHint: 'Point at a programme, or move to one with the arrow keys, to read it here.',
  channelFull: (number: number, name: string) => `${number} ${name}`,
  until: (ms: number) => `until ${time.format(ms)}`,
  next: (ms: number) => time.format(ms),
  nothingOn: 'Nothing on',
  jumpGroup: 'Jump to',
  now: 'Now',
  nowLabel: 'Back to what is on now',
  plusHour: '+1 h',
  plusHourLabel: 'One hour later',
  tonight: (at: number) => `Tonight ${time.format(at)}`,
  tomorrow: 'Tomorrow',
  tomorrowLabel: 'Midnight, the start of tomorrow',
  loadingWindow: (n: number) => `Loading ${hours(n)}…`,
  loadingGuide: 'Loading the guide…',
  notLoaded: 'The guide is not loaded',
  failed: (n: number, reason: string, shown: number | null) =>
    `Could not load the next ${hours(n)}: ${reason}${shown ? ` Still showing the next ${hours(shown)}.` : ''}`,
  bumper: 'Bumper',
  /** the marks (guide-marks.ts): a block's kind, NEW, followed, reminder; words the strip shows and screen readers hear */
  kind: { film: 'Film', episode: 'Episode', sport: 'Sport', news: 'News' } as const,
  fresh: 'NEW',
  freshSaid: 'new episode',
  followed: 'Following',
  reminded: 'Reminder set',
  onAir: 'On now',
  time: (ms: number) => time.format(ms),
  /** "Today", "Tomorrow", "Yesterday" (just after midnight the view starts before it), else "Wed 25 Nov" */
  day: (ms: number, now: number) => dayLabel(ms, now),
  channel: (number: number, name: string) => `Channel ${number}, ${name}`,
  /** what a block's visible title and time leave unsaid, for screen readers */
  blockRest: (fullTitle: string | null, starts: number, ends: number, channel: string, onAir: boolean) =>
    `${fullTitle ? `: ${fullTitle}` : ''}, ${time.format(starts)} to ${time.format(ends)} on ${channel}${onAir ? ', on now' : ''}`,
  grid: (channels: number) => `Guide, ${channels} ${channels === 1 ? 'channel' : 'channels'}`,
  starredGrid: (channels: number) => `Guide, ${channels} starred ${channels === 1 ? 'channel' : 'channels'}`,
  /** the toggle: its visible word, the name it is known by (which starts with that word), and its tooltip */
  favourites: 'Favourites',
  favouritesOnly: 'Favourites only',
  favouritesOnlyHint: 'Show only the channels you starred',
  noFavourites: 'No favourite channels yet',
  noFavouritesHint: 'Star channels to see them here.',
  noFavouritesHere: 'No starred channel in this guide',
  noFavouritesHereHint: 'The channels you starred are not in the window the server sent.',
};
