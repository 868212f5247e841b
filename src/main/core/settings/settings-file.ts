import { closeSync, constants, existsSync, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { copyAside, moveAside } from '../../common/set-aside';
import { basename, dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Conf, { type Options as ConfOptions } from 'conf';
import type { Notice } from '../../../shared/bridge';
import { droppedWords, pathText, readKept, type Dropped } from '../../../shared/tolerant';
import { messages, t } from '../../common/words';
import { mended } from './server-entries';
import { settingsSchema, storeOptions, type SettingsBackend, type StoredSettings } from './settings-storage';

/**
 * The settings file before the store opens it, and opening it: whatever is at that path, the app
 * must start. A link is never written through, a file over 1 MB is not read, and a file that is
 * not a JSON object is set aside whole; otherwise it is read with the settings schema
 * (settings-storage.ts), which keeps every usable field and server entry and puts only what is bad
 * back to its default. Whatever could not be used is kept next to the file
 * (`settings.damaged-<time>.json`) and named in one notice.
 */

export const MAX_SETTINGS_BYTES = 1024 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface CheckedSettings {
  /** the usable settings, every bad field at its default and every bad server entry left out */
  values: Record<string, unknown>;
  /** what was not usable, worded when said: "notifications.pausedUntil", "server 2 (Cabin)", "the API key of server 1 (Home)" */
  dropped: { words: () => string; server: boolean }[];
  /** whether `values` differs from the input at all (a bad field, or one filled in or mended) */
  changed: boolean;
}

const w = () => messages().settingsFile;

/** What a field is called in a notice (a catalogue key), by its path. */
const LABELS: Record<string, 'shortcut' | 'apiKey' | 'name' | 'addresses' | 'instanceId' | 'authStyle' | 'paused'> = {
  'shortcut.accelerator': 'shortcut',
  apiKey: 'apiKey',
  name: 'name',
  addresses: 'addresses',
  instanceId: 'instanceId',
  authStyle: 'authStyle',
  paused: 'paused',
};

/** A field by its path, in words: its label where it has one, else the path itself. */
const fieldWords = (path: string) => () => (LABELS[path] ? w()[LABELS[path]] : path);

/** A dropped field or entry, worded when said; a server entry (or its key) left out is said apart from the fields. */
function described(dropped: Dropped, input: Record<string, unknown>): { words: () => string; server: boolean } {
  const [top, index, field, ...rest] = dropped.path;
  if (top !== 'servers' || typeof index !== 'number') return { words: fieldWords(pathText(dropped.path)), server: false };
  const raw = (input.servers as unknown[])[index];
  const name = isObject(raw) && typeof raw.name === 'string' && raw.name.trim() ? ` (${raw.name.trim().slice(0, 40)})` : '';
  const server = () => t(w().server, { n: index + 1, name });
  if (field === undefined) return { words: server, server: true };
  const what = field === 'addresses' && typeof rest[0] === 'number' ? () => t(w().address, { n: (rest[0] as number) + 1 }) : fieldWords(pathText([field, ...rest]));
  return { words: () => t(w().fieldOf, { what: what(), server: server() }), server: field === 'apiKey' };
}

/**
 * Reads a settings object with the settings schema: each field and each server entry on its own.
 * Fields it does not know (a newer version's) are kept.
 */
export function checkSettings(input: Record<string, unknown>, now: number): CheckedSettings {
  const read = readKept(settingsSchema(now), input);
  if (!read.ok) return { values: {}, dropped: [{ words: () => w().theSettings, server: false }], changed: true }; // not an object: never reached
  const values = { ...read.value, servers: read.value.servers.map(mended) };
  return { values, dropped: read.dropped.map((d) => described(d, input)), changed: !isDeepStrictEqual(values, input) };
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
function readThroughLink(link: string, now: number): Record<string, unknown> | null {
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
    return isObject(parsed) ? checkSettings(parsed, now).values : null;
  } catch {
    return null;
  }
}

/** Moves the file (or link) aside; where it now is. One that cannot be moved is the folder's failure: thrown. */
function aside(filePath: string, now: number): string {
  const kept = moveAside(filePath, now);
  if (kept === null) throw new Error(`could not set ${basename(filePath)} aside`);
  return join(dirname(filePath), kept);
}

/**
 * The one notice, worded whenever it is read: the file is opened before the language its settings
 * ask for is applied, so the words wait until the popover shows them (and follow a later change).
 */
const notice = (words: () => string): Notice => ({
  id: 'settings-reset',
  level: 'warning',
  get text() {
    return words();
  },
});

/**
 * Makes the file at `filePath` safe for the store to open, and says in one notice what it did
 * (null when the file was fine or absent). Never throws for the file's content.
 */
export function repairSettingsFile(filePath: string, now: number): Notice | null {
  let stat;
  try {
    stat = lstatSync(filePath);
  } catch {
    return null; // no file yet (or unreachable: the store will say so)
  }
  if (stat.isSymbolicLink()) {
    // Never write through a link (it may point anywhere, or nowhere): the link itself is set aside,
    // and what its target holds, if anything, is checked and written to a plain file of our own.
    const kept = aside(filePath, now);
    const carried = readThroughLink(kept, now);
    if (carried) writeOwn(filePath, carried);
    return notice(() => t(w().link, { carried: carried ? 'yes' : 'no', kept }));
  }
  if (!stat.isFile()) {
    const kept = aside(filePath, now);
    return notice(() => t(w().notFile, { kept }));
  }
  let text: string;
  try {
    const read = readCapped(filePath, MAX_SETTINGS_BYTES);
    if (read.tooBig) {
      const kept = aside(filePath, now);
      return notice(() => t(w().tooLarge, { kept }));
    }
    text = read.text;
  } catch {
    return null; // unreadable (permissions): the store reports it
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const kept = aside(filePath, now);
    return notice(() => t(w().unreadable, { kept }));
  }
  if (!isObject(parsed)) {
    const kept = aside(filePath, now);
    const held = () => (parsed === null ? w().heldNull : Array.isArray(parsed) ? w().heldList : t(w().heldValue, { type: typeof parsed }));
    return notice(() => t(w().noSettings, { what: held(), kept }));
  }
  const { values, dropped, changed } = checkSettings(parsed, now);
  if (!changed) return null;
  if (dropped.length === 0) {
    writeOwn(filePath, values); // filled in or mended: nothing lost, nothing to say
    return null;
  }
  const copied = copyAside(filePath, now);
  const kept = () => (copied ? join(dirname(filePath), copied) : w().nowhere);
  writeOwn(filePath, values);
  // a server entry is left out (or its key), not reset: said apart from the fields
  return notice(() => {
    const fields = dropped.filter((d) => !d.server).map((d) => d.words());
    const servers = dropped.filter((d) => d.server).map((d) => d.words());
    return t(w().partly, { lost: droppedWords(fields, servers, w().serversHint), kept: kept() });
  });
}

export interface OpenedSettings {
  backend: SettingsBackend;
  /** e.g. "the settings file was damaged and has been reset; a copy was kept at …" */
  notices: Notice[];
}

/**
 * Opens a settings file with `open` (electron-store's or conf's constructor). First the file is
 * made safe to open (links, size, non-objects, and each bad field on its own); should the store
 * still refuse it, it is moved aside whole (never deleted: the user can recover from it). Either
 * way the app starts, with a notice saying what happened.
 */
export function openSettings(open: (options: ConfOptions<StoredSettings>) => SettingsBackend, filePath: string, now = Date.now()): OpenedSettings {
  const options = { ...storeOptions(), clearInvalidConfig: false };
  let repaired: Notice | null = null;
  try {
    repaired = repairSettingsFile(filePath, now);
  } catch {
    // the file system refused (a read-only folder): the store below meets the same and says so
  }
  try {
    return { backend: open(options), notices: repaired ? [repaired] : [] };
  } catch (error) {
    if (!existsSync(filePath)) throw error;
    const kept = aside(filePath, now);
    const backend = open({ ...options, clearInvalidConfig: true });
    return { backend, notices: [notice(() => t(w().unreadable, { kept }))] };
  }
}

/** A conf store in `dir` (the preview host and the tests; the app uses electron-store). */
export function openSettingsDir(dir: string, now = Date.now()): OpenedSettings {
  return openSettings((options) => new Conf<StoredSettings>({ ...options, cwd: dir }), join(dir, 'settings.json'), now);
}
