/**
 * Every word of the notifications this folder composes (who started watching, reminders gathered
 * into one, the action buttons), read from the catalogue (src/shared/i18n) in the language in use
 * when the notification is made, so a change of language applies to the next one.
 */
import { channelLabel, clock, listOf } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';
import { boundText } from '../../../shared/text';
import type { Viewer } from '../viewers/viewers';

/** Up to this many people are named in a title; a larger group is "A, B and 3 others". */
export const NAMED_MAX = 3;
/** A name on a button is cut to this many characters (a 200-character name must not hide the others). */
const BUTTON_NAME_CHARS = 24;

const m = () => messages().notify;

/** "dave, erin and frank", as the language in use joins a list */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : listOf(items);
}

/** Who, in a title: every name up to NAMED_MAX, else the first two and how many others. */
export function who(names: readonly string[]): string {
  if (names.length <= NAMED_MAX) return listed(names);
  return t(m().others, { first: names[0] ?? '', second: names[1] ?? '', n: names.length - 2 });
}

/**
 * What viewers started, as a notification says it: a programme (or, on a break, the channel; null
 * when the server did not say what), or a channel with nothing on (null when the channel is not known).
 */
export type Started = { kind: 'programme'; what: string | null } | { kind: 'nothing-on'; channel: string | null };

/** What a viewer started, from their record as it is now: on a break it is the channel, not the break. */
export function startedOf(viewer: Viewer): Started {
  const channel = channelLabel(viewer.channelNumber, viewer.channelName);
  if (viewer.nothingOn) return { kind: 'nothing-on', channel };
  return { kind: 'programme', what: viewer.onBumper ? (channel ?? viewer.watching) : viewer.watching };
}

/** One key per thing started, to tell whether a group started the same one. */
export const startedKey = (started: Started) => (started.kind === 'nothing-on' ? `off\n${started.channel ?? ''}` : `on\n${started.what ?? ''}`);

export const words = {
  /**
   * "James started watching Friends", "Kofi is watching 106 Dead Air: nothing on"; `also` for a
   * follow-up ("Ann and Bob also started watching"). `count`: how many people `people` names (the
   * verb agrees with it where the language wants).
   */
  started: (people: string, started: Started, count = 1, also = false) => {
    const w = m();
    if (started.kind === 'nothing-on') {
      if (started.channel === null) return t(also ? w.alsoNothingOnSomewhere : w.nothingOnSomewhere, { people, n: count });
      return t(also ? w.alsoNothingOn : w.nothingOn, { people, channel: started.channel, n: count });
    }
    if (started.what) return t(also ? w.alsoStartedWatching : w.startedWatching, { people, what: started.what, n: count });
    return t(also ? w.alsoStarted : w.started, { people, n: count });
  },
  /** a channel with nothing on in a mixed group's body: "106 Dead Air: nothing on" */
  nothingOnItem: (channel: string) => t(m().nothingOnItem, { channel }),
  get seeMore() {
    return m().seeMore;
  },
  /** "While you were away, James started watching Friends": one viewer, a whole sentence per kind of start */
  startedWhileAway: (user: string, started: Started) => {
    const w = m().away;
    if (started.kind === 'nothing-on') return started.channel === null ? t(w.nothingOnSomewhere, { user }) : t(w.nothingOn, { user, channel: started.channel });
    return started.what ? t(w.startedWatching, { user, what: started.what }) : t(w.started, { user });
  },
  /** "While you were away, 3 people started watching" */
  peopleWhileAway: (count: number) => t(m().away.people, { n: count }),
  /** several servers followed: "James started watching Friends on Home" */
  onServer: (title: string, server: string) => t(m().onServer, { title, server }),
  /** a viewer in a mixed group's body: "Ann (Friends)" */
  viewerWatching: (user: string, watching: string | null) => (watching ? t(m().viewerWatching, { user, what: watching }) : user),
  andMore: (shown: readonly string[], more: number) => (more > 0 ? t(m().andMore, { names: shown.join(', '), n: more }) : shown.join(', ')),
  /** reminders of programmes starting in the same minute, gathered */
  programmesStart: (count: number, at: number) => t(m().programmesStart, { n: count, ...clock(at) }),
  /** a programme in a gathered reminder's body: "Friends (101 Sitcoms)" */
  programmeOn: (title: string, where: string | null) => (where ? t(m().programmeOn, { title, where }) : title),
  actions: {
    get open() {
      return m().actions.open;
    },
    get openChannel() {
      return m().actions.openChannel;
    },
    get openSettings() {
      return m().actions.openSettings;
    },
    snooze: (minutes: number) => t(m().actions.snooze, { n: minutes }),
    muteDay: (name: string) => t(m().actions.muteDay, { name: boundText(name, BUTTON_NAME_CHARS) }),
    history: (name: string) => t(m().actions.history, { name: boundText(name, BUTTON_NAME_CHARS) }),
    mute: (name: string) => t(m().actions.mute, { name: boundText(name, BUTTON_NAME_CHARS) }),
  },
};
