import { messages, t } from '../../../shared/i18n/messages';

/** Words of the channel group menu (On now and the guide), from the catalogue. */
const m = () => messages().groups;

export const groups = {
  get all() { return m().all; },
  get other() { return m().other; },
  get otherHint() { return m().otherHint; },
  /** the menu's name, read before the choice */
  get menu() { return m().menu; },
  button: (name: string) => t(m().button, { name }),
  count: (n: number) => t(m().count, { n }),
  get empty() { return m().empty; },
  get emptyHint() { return m().emptyHint; },
  get emptyGuide() { return m().emptyGuide; },
  /** the menu's last line when the last read of the groups failed (the groups shown are the ones read before) */
  unreadable: (why: string) => t(m().unreadable, { why }),
};
