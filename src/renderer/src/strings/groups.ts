import { plural } from '../../../shared/format';

/** Words of the channel group menu (On now and the guide). */
export const groups = {
  all: 'All channels',
  other: 'Other',
  otherHint: 'Channels in no package',
  /** the menu's name, read before the choice */
  menu: 'Channel group',
  button: (name: string) => `Channel group: ${name}. Choose another group`,
  count: (n: number) => plural(n, { one: '{n} channel', other: '{n} channels' }),
  empty: 'No channels in this group',
  emptyHint: 'Choose another group, or All channels.',
  emptyGuide: 'No channel of this group in this guide',
  /** the menu's last line when the last read of the groups failed (the groups shown are the ones read before) */
  unreadable: (why: string) => `The groups could not be read just now; these are the last ones read. ${why}`,
};
