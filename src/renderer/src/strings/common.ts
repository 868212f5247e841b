import { agoParams, clock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/**
 * Words used across the popover (tabs, footer, connection, stale data), read from the catalogue
 * (src/shared/i18n) in the language in use at the moment they are shown.
 */
const m = () => messages().common;

export const common = {
  get starting() { return m().starting; },
  get tabs() { return m().tabs; },
  get views() { return m().views; },
  get search() { return m().search; },
  get settings() { return m().settings; },
  get refresh() { return m().refresh; },
  get dismiss() { return m().dismiss; },
  get close() { return m().close; },
  get closeDetails() { return m().closeDetails; },
  get noServer() { return m().noServer; },
  /** a view whose route this server's version of Airwave does not have */
  get notInThisVersion() { return m().notInThisVersion; },
  get demo() { return m().demo; },
  /** a label and its value, punctuated as the language does ("Bumper: Friends", French "Bumper : Friends") */
  labelled: (label: string, value: string) => t(m().labelled, { label, value }),
  /** what `labelled` puts between a label set apart (in bold) and its value: ": ", French " : " */
  get labelSeparator() { return t(m().labelled, { label: '', value: '' }); },
  get fixKey() { return m().fixKey; },
  /** after "Fix the key", once the server answers again */
  liveAgain: (server: string) => t(m().liveAgain, { server }),
  keyAccepted: (server: string) => t(m().keyAccepted, { server }),
  watchingCount: (n: number) => t(m().watchingCount, { n }),
  /** several servers, one in trouble: its viewers are not counted */
  watchingCountPartial: (n: number) => t(m().watchingCountPartial, { n }),
  /** the tab badge when the count may be out of date */
  watchingCountStale: (n: number, at: number) => t(m().watchingCountStale, { n, ...clock(at) }),
  asOf: (at: number) => t(m().asOf, { ...clock(at) }),
  /** "updated 4 min ago", worded whole in each language */
  updated: (then: number, now: number) => t(m().updated, agoParams(then, now)),
  staleSince: (at: number) => t(m().staleSince, { ...clock(at) }),
  busy: (retryAt: number | null) => (retryAt ? t(m().busyUntil, { ...clock(retryAt) }) : m().busy),
  busyMessage: (retryAt: number | null) => (retryAt ? t(m().busyMessageUntil, { ...clock(retryAt) }) : m().busyMessage),
  get channelNumber() { return m().channelNumber; },
  /** several servers: one line per server in trouble, "Cabin: key rejected · Fix" */
  get trouble() { return m().trouble; },
  troubleFixOf: (action: string, server: string) => t(m().troubleFixOf, { action, server }),
  /** the footer, when a server other than the one shown is in trouble */
  othersInTrouble: (n: number) => t(m().othersInTrouble, { n }),
  get firstRunTitle() { return m().firstRunTitle; },
  get firstRunLead() { return m().firstRunLead; },
  get theServer() { return m().theServer; },
  get details() { return m().details; },
  /** one server in trouble, in plain words (the technical message is behind "Details") */
  plainAway: (server: string) => t(m().plainAway, { server }),
  plainKey: (server: string) => t(m().plainKey, { server }),
  pausedUntil: (at: number) => t(m().pausedUntil, { ...clock(at) }),
  get resume() { return m().resume; },
  /** live, but the data of this view is not current (its last refresh failed) */
  get connected() { return m().connected; },
  /** an Airwave too old for a viewer list: connected, each view says what it lacks */
  get connectedOlder() { return m().connectedOlder; },
};
