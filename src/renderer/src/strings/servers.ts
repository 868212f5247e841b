import { clock } from '../../../shared/format';
import { messages, t } from '../../../shared/i18n/messages';

/** Words of the server switcher, the Servers section of Settings, and the first-run offer, from the catalogue. */
const m = () => messages().servers;

/** macOS calls the Alt key Option and writes it ⌥ */
const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const alt = mac ? '⌥' : 'Alt+';

export const servers = {
  // the switcher
  switcher: (name: string) => t(m().switcher, { name }),
  get list() { return m().list; },
  quickKey: (n: number) => `${alt}${n}`,
  watching: (n: number) => t(m().watching, { n }),
  get paused() { return m().paused; },
  get trouble() { return m().trouble; },
  // Watching, merged
  onServer: (name: string) => t(m().onServer, { name }),
  /** read before the chip's name ("Ava … on Home"); hidden from sight */
  get onPrefix() { return m().onPrefix; },
  staleOn: (name: string, at: number) => t(m().staleOn, { name, ...clock(at) }),
  get facts() { return m().facts; },
  // Settings → Servers
  get section() { return m().section; },
  get sectionHint() { return t(m().sectionHint, { keys: `${alt}1…9` }); },
  get shown() { return m().shown; },
  get rename() { return m().rename; },
  get editKey() { return m().editKey; },
  editKeyOf: (name: string) => t(m().editKeyOf, { name }),
  renameOf: (name: string) => t(m().renameOf, { name }),
  newName: (name: string) => t(m().newName, { name }),
  get saveName() { return m().saveName; },
  get cancel() { return m().cancel; },
  get nameEmpty() { return m().nameEmpty; },
  nameLong: (max: number) => t(m().nameLong, { max }),
  get pause() { return m().pause; },
  pauseOf: (name: string) => t(m().pauseOf, { name }),
  get resume() { return m().resume; },
  resumeOf: (name: string) => t(m().resumeOf, { name }),
  get remove() { return m().remove; },
  removeOf: (name: string) => t(m().removeOf, { name }),
  removeConfirm: (name: string) => t(m().removeConfirm, { name }),
  get keep() { return m().keep; },
  get addresses() { return m().addresses; },
  addressesOf: (name: string) => t(m().addressesOf, { name }),
  get addressesHint() { return m().addressesHint; },
  get badge() { return m().badge; },
  get badgeAll() { return m().badgeAll; },
  get badgeHint() { return m().badgeHint; },
  failed: (message: string) => t(m().failed, { message }),
  // adding a server
  get add() { return m().add; },
  get addTitle() { return m().addTitle; },
  get name() { return m().name; },
  get namePlaceholder() { return m().namePlaceholder; },
  get adding() { return m().adding; },
  get addButton() { return m().addButton; },
  get close() { return m().close; },
  added: (name: string) => t(m().added, { name }),
  sameServer: (name: string, address: string) => t(m().sameServer, { name, address }),
  addAddress: (name: string) => t(m().addAddress, { name }),
  sameServerOtherKey: (name: string, address: string) => t(m().sameServerOtherKey, { name, address }),
  addressAdded: (address: string, name: string) => t(m().addressAdded, { address, name }),
  alreadyListed: (name: string) => t(m().alreadyListed, { name }),
  full: (max: number) => t(m().full, { max }),
  notAdded: (summary: string) => t(m().notAdded, { summary }),
  // first run
  localFound: (name: string | null) => (name ? t(m().localFoundNamed, { name }) : m().localFound),
  get useIt() { return m().useIt; },
};
