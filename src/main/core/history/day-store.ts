/**
 * The day summaries (day-summary.ts) kept for the whole retention: their figures in memory by the
 * day's start (about 16 KB a day for a busy server of 100 people) and on disk beside the record as
 * `<history>/.days/YYYY-MM.jsonl` (the UTC month of the day's start), one JSON line per day,
 * appended when a day is summed up (a later line for the same day wins); their lists (each
 * person's channels, shows and devices) in the tally files beside them (day-tallies.ts), read
 * when a range asks. They are made from the record and can always be made again: a damaged line
 * costs that day until it is summed up again from its month file. Times are whole seconds from the
 * day's start.
 *
 *   ["d",2,from,to,all,[server…]]     from/to: ms; all: figures
 *   figures:  [[a,b,…],peak,peakAt,watched,started,carried]   followed pairs; peak -1: none
 *   server:   [id,name,figures,[person…]]
 *   person:   [name,watched,started,carried,first,last]   last -1: still watching
 */
import { closeSync, constants, mkdirSync, openSync, promises as fsp, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { tallyEntries, type DayFigures, type DaySummary, type PersonDay, type ServerDay } from './day-summary';
import { DayTallies } from './day-tallies';
import { monthKey, MAX_NAME } from './record-format';
import { nextTurn } from './record-reader';

const VERSION = 2;
/** A month of summaries larger than this is not one the app wrote. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
const FILE = /^(\d{4})-(\d{2})\.jsonl$/;

const sec = (ms: number, base: number) => Math.round((ms - base) / 1000);
const at = (s: number, base: number) => base + s * 1000;

function encodeFigures(f: DayFigures, base: number): unknown[] {
  return [f.followed.flatMap((i) => [sec(i.from, base), sec(i.to, base)]), f.peak ? f.peak.count : -1, f.peak ? sec(f.peak.at, base) : -1, sec(f.watchedMs, 0), f.started, f.carried];
}

/** One day as its line. */
export function encodeDay(d: DaySummary): string {
  const servers = [...d.servers].map(([id, s]) => [
    id,
    s.name.slice(0, MAX_NAME),
    encodeFigures(s, d.from),
    [...s.people].map(([name, p]) => [name.slice(0, MAX_NAME), sec(p.ms, 0), p.started, p.carried, sec(p.first, d.from), p.last === Number.POSITIVE_INFINITY ? -1 : sec(p.last, d.from)]),
  ]);
  return JSON.stringify(['d', VERSION, d.from, d.to, encodeFigures(d.all, d.from), servers]);
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isText = (x: unknown): x is string => typeof x === 'string' && x.length <= MAX_NAME;

function decodeFigures(a: unknown, base: number): DayFigures | null {
  if (!Array.isArray(a) || a.length !== 6) return null;
  const [pairs, peak, peakAt, watched, started, carried] = a as unknown[];
  if (!Array.isArray(pairs) || pairs.length % 2 !== 0 || !pairs.every(isInt) || ![peak, peakAt, watched, started, carried].every(isInt)) return null;
  const followed = [];
  for (let i = 0; i < pairs.length; i += 2) followed.push({ from: at(pairs[i] as number, base), to: at(pairs[i + 1] as number, base) });
  return { followed, peak: (peak as number) >= 0 ? { count: peak as number, at: at(peakAt as number, base) } : null, watchedMs: (watched as number) * 1000, started: started as number, carried: carried as number };
}

/** Names seen in summaries, one string each however many days name them (a year repeats the same people). */
const interned = new Map<string, string>();
const intern = (text: string) => {
  const held = interned.get(text);
  if (held !== undefined) return held;
  if (interned.size > 100_000) interned.clear();
  interned.set(text, text);
  return text;
};

function decodePerson(a: unknown, base: number): [string, PersonDay] | null {
  if (!Array.isArray(a) || a.length !== 6) return null;
  const [name, watched, started, carried, first, last] = a as unknown[];
  if (!isText(name) || ![watched, started, carried, first, last].every(isInt)) return null;
  return [intern(name), { ms: (watched as number) * 1000, started: started as number, carried: carried as number, first: at(first as number, base), last: last === -1 ? Number.POSITIVE_INFINITY : at(last as number, base) }];
}

/** A line back into a day; null when it is not a line we wrote. */
export function decodeDay(text: string): DaySummary | null {
  let a: unknown;
  try {
    a = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(a) || a.length !== 6 || a[0] !== 'd' || a[1] !== VERSION || !isInt(a[2]) || !isInt(a[3]) || a[3] <= a[2] || !Array.isArray(a[5])) return null;
  const from = a[2];
  const all = decodeFigures(a[4], from);
  if (!all) return null;
  const servers = new Map<string, ServerDay>();
  for (const entry of a[5] as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 4 || !isText(entry[0]) || !isText(entry[1]) || !Array.isArray(entry[3])) return null;
    const figures = decodeFigures(entry[2], from);
    if (!figures) return null;
    const people = new Map<string, PersonDay>();
    for (const p of entry[3] as unknown[]) {
      const person = decodePerson(p, from);
      if (!person) return null;
      people.set(person[0], person[1]);
    }
    servers.set(intern(entry[0]), { ...figures, name: intern(entry[1]), people });
  }
  return { from, to: a[3], all, servers };
}

/** The summaries in memory and on disk (null `root`: memory only). */
export class DayStore {
  readonly #root: string | null;
  readonly #failed: (text: string) => void;
  readonly #days = new Map<number, DaySummary>();
  /** each kept day's lists, on disk */
  readonly tallies: DayTallies;

  constructor(root: string | null, failed: (text: string) => void) {
    this.#root = root;
    this.#failed = failed;
    this.tallies = new DayTallies(root);
  }

  get(from: number): DaySummary | undefined {
    return this.#days.get(from);
  }

  get size(): number {
    return this.#days.size;
  }

  /** Forgets a day in memory (it is summed up again, and the new line on disk wins). */
  forget(from: number): void {
    this.#days.delete(from);
  }

  /** The days held, oldest first. */
  days(): DaySummary[] {
    return [...this.#days.values()].sort((a, b) => a.from - b.from);
  }

  /** Keeps a day: its figures in memory and on disk, its lists (a summary made from rows has them) on disk. */
  put(day: DaySummary): void {
    this.tallies.write(day.from, tallyEntries(day));
    const kept: DaySummary = { ...day, servers: new Map([...day.servers].map(([id, s]) => [id, { ...s, people: new Map([...s.people].map(([name, p]) => [name, { ms: p.ms, started: p.started, carried: p.carried, first: p.first, last: p.last }])) }])) };
    this.#days.set(day.from, kept);
    if (!this.#root) return;
    const dir = this.#root;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const fd = openSync(join(dir, `${monthKey(day.from)}.jsonl`), constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        // a line torn by a crash is ended first: a fresh line never joins it
        writeSync(fd, `\n${encodeDay(day)}\n`);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      this.#failed(error instanceof Error ? error.message : String(error));
    }
  }

  /** The month files of summaries, with the month they hold, oldest first. */
  #files(): { name: string; month: number }[] {
    if (!this.#root) return [];
    try {
      return readdirSync(this.#root)
        .map((name) => {
          const m = FILE.exec(name);
          return m ? { name, month: Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) } : null;
        })
        .filter((f): f is { name: string; month: number } => f !== null)
        .sort((a, b) => a.month - b.month);
    } catch {
      return [];
    }
  }

  /** Reads the summaries of days from `from` on, a month file at a time with a turn of the event loop between; how many lines did not read. */
  async load(from: number): Promise<number> {
    let skipped = 0;
    for (const f of this.#files()) {
      if (Date.UTC(new Date(f.month).getUTCFullYear(), new Date(f.month).getUTCMonth() + 1, 1) <= from) continue;
      let text: string;
      try {
        const path = join(this.#root!, f.name);
        if ((await fsp.stat(path)).size > MAX_FILE_BYTES) continue;
        text = await fsp.readFile(path, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n')) {
        if (line === '') continue;
        const day = decodeDay(line);
        if (!day) skipped++;
        else if (day.to > from) this.#days.set(day.from, day);
      }
      await nextTurn();
    }
    return skipped;
  }

  /** Forgets the days that ended before `before` (and their month files once every day in them has). */
  dropBefore(before: number): void {
    this.tallies.dropBefore(before);
    for (const [from, day] of this.#days) if (day.to <= before) this.#days.delete(from);
    for (const f of this.#files()) {
      const end = Date.UTC(new Date(f.month).getUTCFullYear(), new Date(f.month).getUTCMonth() + 1, 1);
      // a day starting in the last hours of a month's UTC end may end after it: a day's grace
      if (end + 86_400_000 > before) continue;
      try {
        rmSync(join(this.#root!, f.name), { force: true });
      } catch {
        // left for the next pass
      }
    }
  }

  clear(): void {
    this.#days.clear();
    this.tallies.clear();
    for (const f of this.#files()) {
      try {
        rmSync(join(this.#root!, f.name), { force: true });
      } catch {
        // read again next time, and replaced as the days are summed up again
      }
    }
  }
}
