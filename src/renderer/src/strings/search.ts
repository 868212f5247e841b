import { plural } from '../../../shared/format';

/** Words of the search sheet. */
export const search = {
  dialog: 'Search',
  placeholder: 'Titles, shows, channels, viewers',
  label: 'Search titles, shows, channels and viewers',
  close: 'Close search',
  scopeGuide: (hours: number) => `Searching the next ${plural(hours, { one: '{n} hour', other: '{n} hours' })} of the guide, and who is watching`,
  scopeNow: 'Searching what is on now and who is watching',
  found: (n: number, more: boolean) => `${plural(n, { one: '{n} result', other: '{n} results' })}${more ? ' (first ones shown)' : ''}`,
  results: 'Results',
  channel: 'Channel',
  viewer: 'Watching now',
  onNow: 'On now',
  stale: 'from data held while offline',
};
