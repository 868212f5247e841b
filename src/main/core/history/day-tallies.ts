/**
 * Each day's tallies (per person: time on each channel, show and device), kept on disk and read
 * when a range asks for them, so memory does not grow with the retention. One month (the UTC month
 * of the day's start) is two files in `<history>/.days/`: `YYYY-MM.names` (JSON lines
 * `["n",id,"text"]`, ids from 0 in the file; a person is "server id\nname") and `YYYY-MM.tally`
 * (binary, appended one day at a time):
 *
 *   day:  u32 magic "AWT1", u32 entries, f64 the day's start (ms), entries × 4 × i32, u32 sum
 *   entry: person id, kind (0 channel, 1 show, 2 device), name id, seconds
 *
 * A block that does not check out (torn by a crash, damaged) ends the file's reading, and the next
 * append cuts it off first. A later block for the same day wins. Reading a year sums ~20 MB of
 * integers in typed arrays: a few tens of milliseconds, nothing kept afterwards.
 */
import { closeSync, constants, fstatSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_NAME, monthKey } from './record-format';

export const CHANNEL = 0;
export const SHOW = 1;
export const DEVICE = 2;
export type TallyKind = typeof CHANNEL | typeof SHOW | typeof DEVICE;

/** One entry of a day: a person's time on one channel, show or device. */
export interface TallyEntry {
  server: string;
  person: string;
  kind: TallyKind;
  name: string;
  ms: number;
}

/** What a range's lists read: time by channel, show and device (names as people read them). */
export interface Lists {
  channels: Map<string, number>;
  shows: Map<string, number>;
  devices: Map<string, number>;
}

const MAGIC = 0x31545741; // "AWT1"
const HEAD = 16;
/** A month of tallies larger than this is not one the app wrote. */
const MAX_BYTES = 256 * 1024 * 1024;
const FILE = /^(\d{4}-\d{2})\.tally$/;
/** Months whose names are kept between readings (a year and a month: memory does not grow with the retention). */
const NAME_MONTHS = 13;

/** One month as read: its names and, by day start, each day's entries. */
interface Month {
  names: string[];
  days: Map<number, Int32Array>;
  /** bytes of the tally file that checked out (an append cuts off what follows) */
  good: number;
}

const personKey = (server: string, person: string) => `${server}\n${person}`.slice(0, 2 * MAX_NAME);

export class DayTallies {
  readonly #root: string | null;
  /** without a folder (tests): the months in memory */
  readonly #memory = new Map<string, Month>();
  /** the names of the months read last (a year's range reads each month's names once) */
  readonly #nameCache = new Map<string, { size: number; names: string[] }>();
  /** the month last written, kept so a run of days (the first opening sums up a year) reads each file once */
  #writing: { key: string; month: Month } | null = null;

  constructor(root: string | null) {
    this.#root = root;
  }

  /** Keeps one day's entries (a later write for the same day replaces it). */
  write(dayFrom: number, entries: readonly TallyEntry[]): void {
    const key = monthKey(dayFrom);
    const fresh: Month = { names: [], days: new Map(), good: 0 };
    const month = (this.#writing?.key === key ? this.#writing.month : this.#month(key)) ?? fresh;
    this.#writing = { key, month };
    const ids = new Map(month.names.map((n, i) => [n, i] as const));
    const added: string[] = [];
    const id = (text: string) => {
      let found = ids.get(text);
      if (found === undefined) {
        found = month.names.length;
        month.names.push(text);
        ids.set(text, found);
        added.push(JSON.stringify(['n', found, text]));
      }
      return found;
    };
    const values = new Int32Array(entries.length * 4);
    entries.forEach((e, i) => values.set([id(personKey(e.server, e.person)), e.kind, id(e.name.slice(0, MAX_NAME)), Math.round(e.ms / 1000)], i * 4));
    month.days.set(dayFrom, values);
    if (!this.#root) return void this.#memory.set(key, month);
    mkdirSync(this.#root, { recursive: true, mode: 0o700 });
    // the names first: a block never names what is not on disk yet
    if (added.length > 0) this.#append(join(this.#root, `${key}.names`), Buffer.from(`\n${added.join('\n')}\n`), null);
    const block = Buffer.alloc(HEAD + values.byteLength + 4);
    block.writeUInt32LE(MAGIC, 0);
    block.writeUInt32LE(entries.length, 4);
    block.writeDoubleLE(dayFrom, 8);
    let sum = 0;
    for (let i = 0; i < values.length; i++) {
      block.writeInt32LE(values[i]!, HEAD + i * 4);
      sum = (sum + values[i]!) >>> 0;
    }
    block.writeUInt32LE(sum, HEAD + values.byteLength);
    this.#append(join(this.#root, `${key}.tally`), block, month.good);
    month.good += block.length;
  }

  /** Appends `bytes`; a tally file longer than its good part (a torn block) is cut there first. */
  #append(path: string, bytes: Buffer, good: number | null): void {
    try {
      const fd = openSync(path, constants.O_RDWR | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        const size = fstatSync(fd).size;
        if (good !== null && size > good) ftruncateSync(fd, good);
        writeSync(fd, bytes, 0, bytes.length, good ?? size);
      } finally {
        closeSync(fd);
      }
    } catch {
      // the figures stay; these lists come back when the day is summed up again
    }
  }

  /** A month as on disk (or in memory); null when there is none. */
  #month(key: string): Month | null {
    if (!this.#root) return this.#memory.get(key) ?? null;
    let bytes: Buffer;
    let names: string[];
    try {
      bytes = readFileSync(join(this.#root, `${key}.tally`));
      if (bytes.length > MAX_BYTES) return null;
      names = this.#names(key);
    } catch {
      return null;
    }
    // the entries are read in place where the file's bytes sit on a 4-byte boundary (a fresh read of a large file does)
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    const days = new Map<number, Int32Array>();
    let at = 0;
    while (at + HEAD + 4 <= aligned.length) {
      if (aligned.readUInt32LE(at) !== MAGIC) break;
      const count = aligned.readUInt32LE(at + 4);
      const end = at + HEAD + count * 16 + 4;
      if (end > aligned.length) break;
      const values = new Int32Array(aligned.buffer, aligned.byteOffset + at + HEAD, count * 4);
      let sum = 0;
      let ok = true;
      for (let i = 0; i < values.length; i++) {
        const v = values[i]!;
        sum = (sum + v) >>> 0;
        if ((i & 1) === 0 && (v < 0 || v >= names.length)) ok = false;
      }
      if (!ok || sum !== aligned.readUInt32LE(end - 4)) break;
      days.set(aligned.readDoubleLE(at + 8), values);
      at = end;
    }
    return { names, days, good: at };
  }

  /** A month's names, read once per size of its names file (it only grows); the last few months are kept. */
  #names(key: string): string[] {
    const path = join(this.#root!, `${key}.names`);
    const size = statSync(path).size;
    const held = this.#nameCache.get(key);
    if (held && held.size === size) return held.names;
    const names: string[] = [];
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line === '') continue;
      try {
        const [n, id, text] = JSON.parse(line) as unknown[];
        if (n === 'n' && typeof id === 'number' && typeof text === 'string' && id === names.length) names.push(text);
      } catch {
        // a torn line: the names after it are not trusted either (ids must be dense)
        break;
      }
    }
    this.#nameCache.delete(key);
    this.#nameCache.set(key, { size, names });
    for (const old of this.#nameCache.keys()) if (this.#nameCache.size > NAME_MONTHS) this.#nameCache.delete(old);
    return names;
  }

  /** The lists of the days starting at `days`, for every server, one server, or one person. */
  sum(days: readonly number[], filter: { server?: string; person?: { server: string; name: string } }): Lists {
    const lists: Lists = { channels: new Map(), shows: new Map(), devices: new Map() };
    const byMonth = new Map<string, number[]>();
    for (const day of days) {
      const key = monthKey(day);
      const list = byMonth.get(key);
      if (list) list.push(day);
      else byMonth.set(key, [day]);
    }
    const into = [lists.channels, lists.shows, lists.devices];
    for (const [key, wanted] of byMonth) {
      const month = this.#month(key);
      if (!month) continue;
      // which person ids count: a mask over the month's names
      const allowed = new Uint8Array(month.names.length);
      const exact = filter.person ? personKey(filter.person.server, filter.person.name) : null;
      const prefix = filter.server !== undefined ? `${filter.server}\n` : null;
      month.names.forEach((name, i) => {
        if (exact !== null ? name === exact : prefix === null || name.startsWith(prefix)) allowed[i] = 1;
      });
      const totals = [new Float64Array(month.names.length), new Float64Array(month.names.length), new Float64Array(month.names.length)];
      for (const day of wanted) {
        const values = month.days.get(day);
        if (!values) continue;
        for (let i = 0; i < values.length; i += 4) if (allowed[values[i]!] === 1) totals[values[i + 1]!]![values[i + 2]!]! += values[i + 3]! * 1000;
      }
      totals.forEach((column, kind) => {
        const map = into[kind]!;
        for (let id = 0; id < column.length; id++) if (column[id]! > 0) map.set(month.names[id]!, (map.get(month.names[id]!) ?? 0) + column[id]!);
      });
    }
    return lists;
  }

  /** One day, person by person ("server\nname" → their lists): who watched what that day. */
  byPerson(day: number): Map<string, Lists> {
    const out = new Map<string, Lists>();
    const month = this.#month(monthKey(day));
    const values = month?.days.get(day);
    if (!month || !values) return out;
    for (let i = 0; i < values.length; i += 4) {
      const who = month.names[values[i]!]!;
      let lists = out.get(who);
      if (!lists) out.set(who, (lists = { channels: new Map(), shows: new Map(), devices: new Map() }));
      const map = [lists.channels, lists.shows, lists.devices][values[i + 1]!]!;
      const name = month.names[values[i + 2]!]!;
      map.set(name, (map.get(name) ?? 0) + values[i + 3]! * 1000);
    }
    return out;
  }

  /** Deletes the months that ended before `before` (a day's grace for days starting late in a UTC month). */
  dropBefore(before: number): void {
    this.#writing = null;
    if (!this.#root) {
      for (const key of [...this.#memory.keys()]) if (Date.parse(`${key}-01T00:00:00Z`) + 32 * 86_400_000 <= before) this.#memory.delete(key);
      return;
    }
    for (const name of this.#files()) {
      const key = name.slice(0, 7);
      const start = Date.parse(`${key}-01T00:00:00Z`);
      const end = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + 1, 1);
      if (end + 86_400_000 > before) continue;
      for (const file of [`${key}.tally`, `${key}.names`]) rmSync(join(this.#root, file), { force: true });
    }
  }

  clear(): void {
    this.#memory.clear();
    this.#nameCache.clear();
    this.#writing = null;
    if (!this.#root) return;
    for (const name of this.#files()) for (const file of [name, `${name.slice(0, 7)}.names`]) rmSync(join(this.#root, file), { force: true });
  }

  #files(): string[] {
    try {
      return readdirSync(this.#root!).filter((name) => FILE.test(name));
    } catch {
      return [];
    }
  }
}
