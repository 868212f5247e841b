/**
 * How a device is named: the one rule every view that names a device reads (Watching's cards, the
 * viewer sheet, the tray menu, notifications, the activity log, History and its CSV).
 *
 * - The device's model where the server knows it: "iPhone 15", "LG OLED C3", as the server spells it.
 * - Only where the model is missing, the platform as its makers write it: Airwave sends it in lower
 *   case (`webos`, `ios`, `roku`, `browser`), people read "webOS", "iOS", "Roku", "Web browser".
 *   A platform the app does not know is shown as the server spells it (its right casing is not known).
 * - Never both glued ("iPhone 15 (ios)"), never an ordinal ("2nd device"). The viewer sheet, which
 *   holds every fact, adds the system and its version after the label: "iPhone 15 · iOS 18.1".
 * - A device is named beside a person only where that person watches on two or more (on one
 *   server); a device whose label is not known is then not named (nothing the app could stand
 *   behind), and two devices with the same label both say it ("iPhone 15" twice): their cards
 *   already differ by channel and programme, and "two iPhone 15s" is what is true.
 * - Labels written by an earlier version ("Apple TV 4K (tvos)", "webos") in the activity log and
 *   the history are read through the same rule (`deviceName`); what the app records is
 *   language-free (`recordedDevice`: the model, else the platform as sent).
 */
import { messages } from './i18n/messages';
import type { DeviceInfo } from './viewer-identity';

/** Platforms by their folded name (lower case, no spaces, dashes or dots): how their makers write them. */
const PLATFORMS: Readonly<Record<string, string>> = {
  webos: 'webOS',
  ios: 'iOS',
  ipados: 'iPadOS',
  tvos: 'tvOS',
  macos: 'macOS',
  osx: 'macOS',
  android: 'Android',
  androidtv: 'Android TV',
  googletv: 'Google TV',
  firetv: 'Fire TV',
  fireos: 'Fire OS',
  roku: 'Roku',
  tizen: 'Tizen',
  windows: 'Windows',
  linux: 'Linux',
  chromecast: 'Chromecast',
  xbox: 'Xbox',
  playstation: 'PlayStation',
  chrome: 'Chrome',
  firefox: 'Firefox',
  safari: 'Safari',
  edge: 'Edge',
  opera: 'Opera',
};

/** The platform word Airwave uses for every web player: said in the language in use. */
const BROWSER = 'browser';

const fold = (text: string) => text.toLowerCase().replace(/[\s._-]+/g, '');
const present = (text: string | null | undefined): string | null => (text && text.trim() ? text.trim() : null);

/**
 * The platform as people write it: "webOS" for `webos`, "Web browser" for `browser`. An Apple TV
 * runs tvOS, which Airwave reports as `ios`: with a model naming an Apple TV it is "tvOS".
 */
export function platformName(platform: string | null | undefined, model: string | null = null): string | null {
  const given = present(platform);
  if (!given) return null;
  const key = fold(given);
  if (key === BROWSER) return messages().common.webBrowser;
  if (key === 'ios' && model && /apple\s*tv/i.test(model)) return PLATFORMS.tvos!;
  return PLATFORMS[key] ?? given;
}

/**
 * The device as the app records it (the core's viewers, the activity log, the history): its model,
 * else its platform as the server sent it; language-free, so a record reads in whatever language
 * is in use when it is shown (`deviceName`).
 */
export function recordedDevice(device: DeviceInfo | null | undefined): string | null {
  if (!device) return null;
  return present(device.model) ?? present(device.platform);
}

/** A platform word the rule knows, in a recorded device or a label an earlier version wrote ("(tvos)", "webos"). */
const knownPlatform = (word: string) => fold(word) in PLATFORMS || fold(word) === BROWSER;

/**
 * A recorded device as people read it: the model as it is, a platform as its makers write it
 * ("webos" is "webOS"). Records an earlier version wrote as "Model (platform)" read as the model.
 */
export function deviceName(recorded: string | null | undefined): string | null {
  const text = present(recorded);
  if (!text) return null;
  const glued = /^(.+?)\s*\(([^()]+)\)$/.exec(text);
  if (glued && knownPlatform(glued[2]!)) return glued[1]!;
  return knownPlatform(text) ? platformName(text) : text;
}

/** "iPhone 15"; "webOS" where the model is missing; null when neither is known. */
export function deviceLabel(device: DeviceInfo | null | undefined): string | null {
  return deviceName(recordedDevice(device));
}

/**
 * The viewer sheet's device: the label, then the system and its version where the version is
 * known ("LG OLED C3 · webOS 23"; "iOS 18.1" without a model). A version without a platform says
 * nothing ("23") and is left out.
 */
export function deviceFact(device: DeviceInfo | null | undefined, osVersion: string | null | undefined): string | null {
  const label = deviceLabel(device);
  const model = present(device?.model);
  const system = platformName(device?.platform, model);
  const version = present(osVersion);
  if (!system || !version) return label;
  const withVersion = `${system} ${version}`;
  return model ? `${model} · ${withVersion}` : withVersion;
}

/**
 * The device to name beside each item whose person (`who`: one person on one server) watches on
 * two or more devices; items of a person on one device, and devices whose label is not known, are
 * not in the map. Cards and the tray menu read it, so both name the same devices.
 */
export function devicesToName<T>(items: readonly T[], who: (item: T) => string, label: (item: T) => string | null): Map<T, string> {
  const people = new Map<string, T[]>();
  for (const item of items) {
    const key = who(item);
    const group = people.get(key);
    if (group) group.push(item);
    else people.set(key, [item]);
  }
  const named = new Map<T, string>();
  for (const group of people.values()) {
    if (group.length < 2) continue;
    for (const item of group) {
      const text = label(item);
      if (text) named.set(item, text);
    }
  }
  return named;
}
