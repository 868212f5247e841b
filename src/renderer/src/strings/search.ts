import { localTime, plural } from '../../../shared/format';

/** Words of the search sheet. */
export const search = {
  dialog: 'Search',
  placeholder: 'Titles, shows, channels, viewers',
  label: 'Search titles, shows, channels and viewers',
  close: 'Close search',
  closeWord: 'Close',
  closeHint: 'Close search (Escape)',
  clear: 'Clear the search',
  scopeDay: 'Searching the next 24 hours of the guide, channels and who is watching',
  scopeNow: 'Searching what is on now and who is watching',
  searching: 'Searching the next 24 hours…',
  found: (n: number) => `${plural(n, { one: '{n} result', other: '{n} results' })} in the next 24 hours`,
  held: (at: number) => `held since ${localTime(at)}`,
  heldOnly: 'Searched only what the app held',
  nothing: (query: string, channels: number) => `Nothing called “${query}” in the next 24 hours on ${plural(channels, { one: '{n} channel', other: '{n} channels' })}, and nobody by that name is watching.`,
  nobodyCalled: (query: string) => `Nobody called “${query}” is watching.`,
  followInstead: (query: string) => `Follow “${query}”: remind me when it airs`,
  showAll: (n: number) => `Show all ${n}`,
  until: (ms: number) => `until ${localTime(ms)}`,
  group: { people: 'People', channels: 'Channels', onNow: 'On now', later: 'Later' },
  results: 'Results',
  channel: 'Channel',
  viewer: 'Watching now',
  onNow: 'On now',
};
