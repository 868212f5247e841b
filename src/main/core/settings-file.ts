import { closeSync, constants, copyFileSync, existsSync, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Notice } from '../../shared/bridge';
import { POLL_SECONDS } from '../../shared/bridge-schema';
import { isAccelerator } from '../../shared/accelerator';
import { checkServerList, SERVER_ID, type SealedKey } from './server-entries';

/**
 * The settings file before the store opens it: whatever is at that path, the app must start. A
 * link is never written through, a file over 1 MB is not read, and a file that is not a JSON
 * object is set aside whole; otherwise each field is checked on its own, every usable one is
 * kept, and only what is bad goes back to its default. Whatever could not be used is kept next to
 * the file (`settings.damaged-<time>.json`) and named in one notice.
 */

export const MAX_SETTINGS_BYTES = 1024 * 1024;
/** Pausing notifications goes at most this far ahead (the menu offers an hour, or until tomorrow morning). */
export const MAX_PAUSE_MS = 7 * 24 * 60 * 60_000;

type Check = (value: unknown, now: number) => { ok: true; value: unknown } | { ok: false };
const ok = (value: unknown) => ({ ok: true as const, value });
const bad = { ok: false as const };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const bool: Check = (v) => (typeof v === 'boolean' ? ok(v) : bad);
const intIn = (min: number, max: number): Check => (v) => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? ok(v) : bad);
const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

const apiKey: Check = (v) => {
  if (v === null) return ok(v);
  if (!isObject(v) || typeof v.data !== 'string' || v.data.length === 0 || v.data.length > 65536) return bad;
  if (!['os', 'basic_text', 'plain'].includes(v.protection as string)) return bad;
  if (!/^[A-Za-z0-9+/=_-]+$/.test(v.data)) return bad;
  // an unencrypted key can be checked here: one that decodes to nothing is no key
  if (v.protection === 'plain' && Buffer.from(v.data, 'base64').toString('utf8').trim() === '') return bad;
  return ok({ data: v.data, protection: v.protection });
};

const pollSeconds = intIn(POLL_SECONDS.min, POLL_SECONDS.max);

/** A key inside a server entry: its sealed form, or undefined when damaged. */
const entryKey = (v: unknown): SealedKey | null | undefined => {
  const result = apiKey(v, 0);
  return result.ok ? (result.value as SealedKey | null) : undefined;
};

const serverId: Check = (v) => (v === null || (typeof v === 'string' && SERVER_ID.test(v)) ? ok(v) : bad);

const NOTIFICATIONS: Record<string, Check> = {
  enabled: bool,
  quietHours: (v) => (v === null || (isObject(v) && HHMM.test(String(v.start)) && HHMM.test(String(v.end))) ? ok(v === null ? null : { start: v.start, end: v.end }) : bad),
  mutedUsers: (v) => (Array.isArray(v) && v.length <= 200 && v.every((u) => typeof u === 'string' && u.length <= 200) ? ok(v) : bad),
  pausedUntil: (v, now) => (v === null || (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= now + MAX_PAUSE_MS) ? ok(v) : bad),
};

const SHORTCUT: Record<string, Check> = {
  enabled: bool,
  accelerator: (v) => (typeof v === 'string' && isAccelerator(v) ? ok(v) : bad),
};

const FIELDS: Record<string, Check | Record<string, Check>> = {
  pollSeconds,
  notifications: NOTIFICATIONS,
  launchAtLogin: bool,
  shortcut: SHORTCUT,
  demo: bool,
  guideForwardMinutes: intIn(30, 1440),
  selectedServer: serverId,
  badgeServer: serverId,
};

/** What a field is called in a notice ("the server address", "notifications.pausedUntil"). */
const LABELS: Record<string, string> = { 'shortcut.accelerator': 'the shortcut' };

export interface CheckedSettings {
  /** the object with every bad field left out (the store's defaults fill them in) */
  values: Record<string, unknown>;
  /** what was left out, e.g. ["server", "notifications.pausedUntil"] */
  dropped: string[];
  /** whether `values` differs from the input at all (a bad field, or an old form read anew) */
  changed: boolean;
}

/**
 * Checks every known field of a settings object on its own; unknown fields (a newer version's)
 * are kept. `defaults` completes the nested objects (the store merges only the top level).
 */
export function checkSettings(input: Record<string, unknown>, now: number, defaults: object): CheckedSettings {
  const values: Record<string, unknown> = {};
  const dropped: string[] = [];
  const base = defaults as Record<string, unknown>;
  for (const [name, value] of Object.entries(input)) {
    if (name === 'servers') {
      // each server on its own: a damaged entry costs only that entry (server-entries.ts)
      const list = checkServerList(value, entryKey);
      values.servers = list.servers;
      dropped.push(...list.dropped);
      continue;
    }
    const check = FIELDS[name];
    if (!check) {
      values[name] = value;
      continue;
    }
    if (typeof check === 'function') {
      const result = check(value, now);
      if (result.ok) values[name] = result.value;
      else dropped.push(name);
      continue;
    }
    if (!isObject(value)) {
      dropped.push(name);
      continue;
    }
    const inner: Record<string, unknown> = { ...(base[name] as object) };
    for (const [sub, subCheck] of Object.entries(check)) {
      if (!(sub in value)) continue;
      const result = subCheck(value[sub], now);
      if (result.ok) inner[sub] = result.value;
      else dropped.push(`${name}.${sub}`);
    }
    values[name] = inner;
  }
  return { values, dropped, changed: JSON.stringify(values) !== JSON.stringify(input) };
}

/** Next to the file, a name not yet taken: settings.damaged-<time>.json (then -2, -3, …). */
function asideName(filePath: string, now: number): string {
  const stem = join(dirname(filePath), `${basename(filePath, '.json')}.damaged-${now}`);
  for (let i = 1; i < 100; i++) {
    const candidate = i === 1 ? `${stem}.json` : `${stem}-${i}.json`;
    if (!existsSync(candidate) && !isLink(candidate)) return candidate;
  }
  return `${stem}-${process.pid}.json`;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Reads at most `limit + 1` bytes of a regular file, without following a link. */
function readCapped(path: string, limit: number): { text: string; tooBig: boolean } {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const size = fstatSync(fd).size;
    if (size > limit) return { text: '', tooBig: true };
    const buffer = Buffer.alloc(Math.min(size, limit) + 1);
    let length = 0;
    for (let n = 1; n > 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > limit) return { text: '', tooBig: true };
    return { text: buffer.subarray(0, length).toString('utf8'), tooBig: false };
  } finally {
    closeSync(fd);
  }
}

/** Writes settings to a new plain file (0600) and moves it into place, replacing whatever was there. */
function writeOwn(filePath: string, values: Record<string, unknown>): void {
  const temp = `${filePath}.repair-${process.pid}`;
  rmSync(temp, { force: true });
  writeFileSync(temp, JSON.stringify(values, null, '\t'), { mode: 0o600, flag: 'wx' });
  renameSync(temp, filePath);
}

/** The usable settings a link's target holds, or null (dangling, not a file, too big, not an object). */
function readThroughLink(link: string, now: number, defaults: object): Record<string, unknown> | null {
  try {
    const fd = openSync(link, constants.O_RDONLY);
    let text: string;
    try {
      const size = fstatSync(fd).size;
      if (!fstatSync(fd).isFile() || size > MAX_SETTINGS_BYTES) return null;
      const buffer = Buffer.alloc(size);
      let length = 0;
      for (let n = 1; n > 0 && length < size; length += n) n = readSync(fd, buffer, length, size - length, null);
      text = buffer.subarray(0, length).toString('utf8');
    } finally {
      closeSync(fd);
    }
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? checkSettings(parsed, now, defaults).values : null;
  } catch {
    return null;
  }
}

const notice = (text: string): Notice => ({ id: 'settings-reset', level: 'warning', text });

function listOf(names: string[]): string {
  const shown = names.map((n) => LABELS[n] ?? n);
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/**
 * Makes the file at `filePath` safe for the store to open, and says in one notice what it did
 * (null when the file was fine or absent). Never throws for the file's content.
 */
export function repairSettingsFile(filePath: string, now: number, defaults: object): Notice | null {
  let stat;
  try {
    stat = lstatSync(filePath);
  } catch {
    return null; // no file yet (or unreachable: the store will say so)
  }
  if (stat.isSymbolicLink()) {
    // Never write through a link (it may point anywhere, or nowhere): the link itself is set aside,
    // and what its target holds, if anything, is checked and written to a plain file of our own.
    const kept = asideName(filePath, now);
    renameSync(filePath, kept);
    const carried = readThroughLink(kept, now, defaults);
    if (carried) writeOwn(filePath, carried);
    const what = carried ? 'its settings were copied into a file of its own' : 'it started with default settings';
    return notice(`The settings file was a link to another file, which the app does not write through, so ${what}. The link was kept as ${kept}.`);
  }
  if (!stat.isFile()) {
    const kept = asideName(filePath, now);
    renameSync(filePath, kept);
    return notice(`Something other than a file was where the settings file goes, so the app started with default settings. It was kept as ${kept}.`);
  }
  let text: string;
  try {
    const read = readCapped(filePath, MAX_SETTINGS_BYTES);
    if (read.tooBig) {
      const kept = asideName(filePath, now);
      renameSync(filePath, kept);
      return notice(`The settings file was larger than 1 MB, which settings never are, so the app started with default settings. The old file was kept as ${kept}.`);
    }
    text = read.text;
  } catch {
    return null; // unreadable (permissions): the store reports it
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const kept = asideName(filePath, now);
    renameSync(filePath, kept);
    return notice(`The settings file was not readable, so the app started with default settings. The old file was kept as ${kept}.`);
  }
  if (!isObject(parsed)) {
    const kept = asideName(filePath, now);
    renameSync(filePath, kept);
    return notice(`The settings file held no settings (${parsed === null ? 'null' : Array.isArray(parsed) ? 'a list' : `a ${typeof parsed}`}), so the app started with default settings. The old file was kept as ${kept}.`);
  }
  const { values, dropped, changed } = checkSettings(parsed, now, defaults);
  if (!changed) return null;
  if (dropped.length === 0) {
    writeOwn(filePath, values); // an old form read anew: nothing lost, nothing to say
    return null;
  }
  const kept = asideName(filePath, now);
  copyFileSync(filePath, kept, constants.COPYFILE_EXCL);
  writeOwn(filePath, values);
  // a server entry is left out (or its key), not reset: said apart from the fields
  const isServer = (name: string) => /^(server \d|the API key of server \d)/.test(name);
  const fields = dropped.filter((n) => !isServer(n));
  const servers = dropped.filter(isServer);
  const parts: string[] = [];
  if (fields.length > 0) parts.push(`${listOf(fields)} ${fields.length === 1 ? 'was not usable and is back to its default' : 'were not usable and are back to their defaults'}`);
  if (servers.length > 0) parts.push(`${listOf(servers)} could not be read and ${servers.length === 1 ? 'was' : 'were'} left out (add a server or paste its key again in Settings)`);
  return notice(`In the settings file, ${parts.join('; ')}; everything else was kept. The old file was kept as ${kept}.`);
}
