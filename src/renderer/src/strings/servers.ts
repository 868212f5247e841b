import { localTime, plural } from '../../../shared/format';

/** Words of the server switcher, the Servers section of Settings, and the first-run offer. */

/** macOS calls the Alt key Option and writes it ⌥ */
const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const alt = mac ? '⌥' : 'Alt+';

export const servers = {
  // the switcher
  switcher: (name: string) => `Server: ${name}. Choose another server`,
  list: 'Servers',
  quickKey: (n: number) => `${alt}${n}`,
  watching: (n: number) => plural(n, { one: '{n} watching', other: '{n} watching' }),
  paused: 'Paused',
  trouble: 'needs attention',
  // Watching, merged
  onServer: (name: string) => `on ${name}`,
  /** read before the chip's name ("Ava … on Home"); hidden from sight */
  onPrefix: 'on ',
  staleOn: (name: string, at: number) => `${name}: as of ${localTime(at)}`,
  facts: { server: 'Server' },
  // Settings → Servers
  section: 'Servers',
  sectionHint: `Watching shows everyone on every server; On now, the guide, lookup and search show the chosen one (${alt}1…9 chooses).`,
  shown: 'shown',
  rename: 'Rename',
  editKey: 'Address and key…',
  editKeyOf: (name: string) => `Address and key of ${name}`,
  renameOf: (name: string) => `Rename ${name}`,
  newName: (name: string) => `New name for ${name}`,
  saveName: 'Save name',
  cancel: 'Cancel',
  nameEmpty: 'A server needs a name.',
  nameLong: (max: number) => `A name has at most ${max} characters.`,
  pause: 'Pause',
  pauseOf: (name: string) => `Pause ${name}`,
  resume: 'Resume',
  resumeOf: (name: string) => `Resume ${name}`,
  remove: 'Remove…',
  removeOf: (name: string) => `Remove ${name}`,
  removeConfirm: (name: string) => `Remove ${name} and delete its key`,
  keep: 'Keep',
  addresses: 'Addresses',
  addressesOf: (name: string) => `Address followed for ${name}`,
  addressesHint: 'Every address known to reach this server; the app follows the one chosen.',
  badge: 'Badge counts',
  badgeAll: 'All servers',
  badgeHint: 'The number on the tray icon. A server that cannot be reached or rejects its key is not counted, and the badge then reads “6+”.',
  failed: (message: string) => `Could not do that: ${message}`,
  // adding a server
  add: 'Add a server…',
  addTitle: 'Add a server',
  name: 'Name (optional)',
  namePlaceholder: 'The server’s own name',
  adding: 'Adding…',
  addButton: 'Add server',
  close: 'Close',
  added: (name: string) => `Added ${name}.`,
  sameServer: (name: string, address: string) => `This is ${name} (already listed) at another address. Add ${address} as another address of ${name}?`,
  addAddress: (name: string) => `Add as another address of ${name}`,
  sameServerOtherKey: (name: string, address: string) =>
    `This is ${name} (already listed), reached at ${address} with another API key. To follow ${name} at this address too, add it with ${name}'s own key.`,
  addressAdded: (address: string, name: string) => `Added ${address} as another address of ${name}.`,
  alreadyListed: (name: string) => `${name} is already listed at this address.`,
  full: (max: number) => `The app follows at most ${max} servers. Remove one to add another.`,
  notAdded: (summary: string) => `Not added: the test failed. ${summary}`,
  // first run
  localFound: (name: string | null) => `Airwave is running on this computer${name ? ` (${name})` : ''}.`,
  useIt: 'Use it',
};
