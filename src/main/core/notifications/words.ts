/**
 * Every word of the notifications this folder composes (who started watching, reminders gathered
 * into one, the action buttons), in one place, so a translation replaces this module and nothing
 * else. English only for now; lists of names follow English ("A, B and C").
 */
import { boundText } from '../../../shared/text';

/** Up to this many people are named in a title; a larger group is "A, B and 3 others". */
export const NAMED_MAX = 3;
/** A name on a button is cut to this many characters (a 200-character name must not hide the others). */
const BUTTON_NAME_CHARS = 24;

/** "dave, erin and frank" */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Who, in a title: every name up to NAMED_MAX, else the first two and how many others. */
export function who(names: readonly string[]): string {
  if (names.length <= NAMED_MAX) return listed(names);
  const others = names.length - 2;
  return `${names[0]}, ${names[1]} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

export const words = {
  started: (people: string, watching: string | null) => (watching ? `${people} started watching ${watching}` : `${people} started watching`),
  seeMore: 'Open Airwave Tray to see more.',
  /** "While you were away, James started watching Friends" */
  whileAway: (sentence: string) => `While you were away, ${sentence}`,
  people: (count: number) => `${count} people`,
  /** several servers followed: "James started watching Friends on Home" */
  onServer: (title: string, server: string) => `${title} on ${server}`,
  /** a viewer in a mixed group's body: "Ann (Friends)" */
  viewerWatching: (user: string, watching: string | null) => (watching ? `${user} (${watching})` : user),
  andMore: (shown: readonly string[], more: number) => (more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ')),
  /** reminders of programmes starting in the same minute, gathered */
  programmesStart: (count: number, at: string) => `${count} programmes start at ${at}`,
  /** a programme in a gathered reminder's body: "Friends (101 Sitcoms)" */
  programmeOn: (title: string, where: string | null) => (where ? `${title} (${where})` : title),
  actions: {
    open: 'Open',
    openChannel: 'Open channel',
    openSettings: 'Open Settings',
    snooze: (minutes: number) => `Snooze ${minutes} min`,
    muteDay: (name: string) => `Mute ${boundText(name, BUTTON_NAME_CHARS)} for a day`,
    mute: (name: string) => `Always mute ${boundText(name, BUTTON_NAME_CHARS)}`,
  },
} as const;
