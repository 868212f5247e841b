import { localTime, plural } from '../../../shared/format';

/** Words used across the popover (tabs, footer, connection, stale data). One catalogue per view. */
export const common = {
  starting: 'Starting…',
  tabs: { watching: 'Watching', onNow: 'On now', guide: 'Guide', activity: 'Activity' },
  views: 'Views',
  search: 'Search (/)',
  settings: 'Settings',
  refresh: 'Refresh',
  dismiss: 'Dismiss',
  close: 'Close',
  noServer: 'No server',
  theServer: 'The server',
  details: 'Details',
  /** one server in trouble, in plain words (the technical message is behind "Details") */
  plainAway: (server: string) => `${server} cannot be reached right now. The app keeps trying and shows what it last had.`,
  plainKey: (server: string) => `${server} refused the API key.`,
  pausedUntil: (at: number) => `Notifications paused until ${localTime(at)}`,
  resume: 'Resume',
  /** live, but the data of this view is not current (its last refresh failed) */
  connected: 'Connected',
  /** an Airwave too old for a viewer list: connected, each view says what it lacks */
  connectedOlder: 'Connected · older Airwave',
  /** a view whose route this server's version of Airwave does not have */
  notInThisVersion: 'Not in this version of Airwave',
  /** no guide the app can stand behind: said instead of "nothing airs" or "Loading…" */
  noGuideAway: (server: string, since: string) => `No guide from ${server} right now (away since ${since})`,
  noGuideKey: (server: string) => `No guide from ${server} right now (its key was refused)`,
  noGuideUnsupported: (server: string) => `No guide from ${server} right now (not supported)`,
  noGuideAsleep: (server: string) => `No guide from ${server} right now (paused while the computer sleeps)`,
  demo: 'demo',
  fixKey: 'Fix the key',
  /** after "Fix the key", once the server answers again */
  liveAgain: (server: string) => `Key accepted. ${server} is live again.`,
  keyAccepted: (server: string) => `Key accepted. Connecting to ${server}…`,
  watchingCount: (n: number) => plural(n, { one: '{n} watching', other: '{n} watching' }),
  /** several servers, one in trouble: its viewers are not counted */
  watchingCountPartial: (n: number) => `${plural(n, { one: '{n} watching', other: '{n} watching' })} on the servers that can be reached; a server in trouble is not counted`,
  /** the tab badge when the count may be out of date */
  watchingCountStale: (n: number, at: number) => `${plural(n, { one: '{n} watching', other: '{n} watching' })}, as of ${localTime(at)}`,
  asOf: (at: number) => `as of ${localTime(at)}`,
  updated: (agoText: string) => `updated ${agoText}`,
  staleSince: (at: number) => `stale, as of ${localTime(at)}`,
  busy: (retryAt: number | null) => (retryAt ? `Server busy, retrying at ${localTime(retryAt)}` : 'Server busy'),
  busyMessage: (retryAt: number | null) =>
    retryAt ? `The server is busy (it answered 503). The app waits as it asked and tries again at ${localTime(retryAt)}.` : 'The server is busy (it answered 503). The app tries again later.',
  channelNumber: 'Channel',
  /** several servers: one line per server in trouble, "Cabin: key rejected · Fix" */
  trouble: { keyRejected: 'key rejected', away: 'not reachable, retrying', busy: 'busy, retrying', unsupported: 'not supported', fix: 'Fix', retry: 'Retry now', details: 'Details' },
  troubleFixOf: (action: string, server: string) => `${action}: ${server}`,
  /** the footer, when a server other than the one shown is in trouble */
  othersInTrouble: (n: number) => (n === 1 ? 'another server needs attention' : `${n} other servers need attention`),
  firstRunTitle: 'Connect to your Airwave server',
  firstRunLead: 'See who is watching, what is on, and the guide, right from the menubar.',
};
