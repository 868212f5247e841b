/**
 * The history record: each server's followed intervals and what was seen watched, written as it
 * happens to the month files (record-format.ts, history-files.ts) and held in the index
 * (history-index.ts) through the viewing rule (clean-viewings.ts), which reads the lines again the
 * same way when the record opens. On open it reads the months a span can ask for; a follow a crash
 * left open ends at the last line the file holds (a heartbeat is written every few minutes while
 * following), and a torn or damaged line costs only itself. Without a folder it keeps the index
 * alone (tests, no data folder).
 */
import type { HistoryFiles } from './history-files';
import { folderOf } from './history-files';
import type { HistoryIndex } from './history-index';
import { ViewingCleaner } from './clean-viewings';
import { encodeLine, fileOfMonth, HISTORY_FORMAT, monthStart, type RecordLine } from './record-format';
import { nextTurn, RecordReader } from './record-reader';

/** At most this many changes are held while the record opens (opening takes seconds; a flood past this is read from disk next time). */
const MAX_DEFERRED = 200_000;
import { appendAll } from '../../../shared/extent';

/** What a viewing is of (names as the server sent them, already cleaned at the edge). */
export interface ViewingFields {
  person: string;
  device: string | null;
  channelNumber: number | null;
  channel: string | null;
  programme: string | null;
  /** on a break (a bumper): the programme it introduces is not known yet */
  onBreak?: boolean;
}

/** The month file being appended for one server. */
interface Writer {
  month: number;
  names: Map<string, number>;
  nextName: number;
  nextK: number;
}

/** What is open on one server: its follow and what is seen on it (by the caller's key). */
interface Open {
  name: string;
  followFrom: number | null;
  viewings: Map<string, { k: number; fields: ViewingFields }>;
  writer: Writer | null;
}

export class HistoryRecord {
  readonly index: HistoryIndex;
  readonly #files: HistoryFiles | null;
  readonly #open = new Map<string, Open>();
  /** revision: moves with every change (the view asks again) */
  revision = 0;
  readonly #cleaners = new Map<number, ViewingCleaner>();
  /** this run's id, in the header of every segment it writes (opening stops at its own lines) */
  #run: string;
  /** while opening: changes to the index, held until the record has been read */
  #deferred: (() => void)[] | null = null;
  /** openings so far: only the latest one's held changes reach the index */
  #openings = 0;
  /** while writing what the index will read back from disk (a past): the index is left alone */
  #writeOnly = false;
  /** lines held while a batch runs, per month file: one viewer list is one write, however many viewers changed */
  #pending: Map<string, { folder: string; name: string; lines: string[] }> | null = null;

  constructor(index: HistoryIndex, files: HistoryFiles | null, run = Math.floor(Math.random() * 2 ** 32).toString(36)) {
    this.index = index;
    this.#files = files;
    this.#run = run;
  }

  get run(): string {
    return this.#run;
  }

  /**
   * Starts new segments under a new run id (the record is about to be read again, all of it up to
   * here: what is written from now on is this run's new part). Only while nothing is followed:
   * an open viewing's number would not carry over.
   */
  rotate(): void {
    this.#run = Math.floor(Math.random() * 2 ** 32).toString(36);
    for (const open of this.#open.values()) open.writer = null;
  }

  /** Every line of the months holding [from, until), this run's too, in slices (a range's CSV reaching past the rows held). */
  async read(from: number, until = Number.POSITIVE_INFINITY): Promise<{ skipped: number }> {
    if (!this.#files) return { skipped: 0 };
    return { skipped: await new RecordReader(this.index, this.#files, (s) => this.cleaner(s)).readInSlices(from, until) };
  }

  /**
   * Opens the record off the start-up path: reads the months from `from` on in slices, while what
   * this run records goes to disk at once and into the index after them (in the order it came).
   */
  async open(from: number, stopped: () => boolean, after: Promise<void> = Promise.resolve()): Promise<{ skipped: number }> {
    if (!this.#files) return { skipped: 0 };
    // held from the call on: nothing this run sees may reach the index before the record it follows
    const generation = ++this.#openings;
    this.#deferred = [];
    try {
      await after;
      await nextTurn(); // nothing is read on the caller's turn (the start-up path)
      if (stopped()) return { skipped: 0 };
      const skipped = await new RecordReader(this.index, this.#files, (s) => this.cleaner(s), this.#run).readInSlices(from, Number.POSITIVE_INFINITY, stopped);
      return { skipped };
    } finally {
      // a later opening (the record read again) owns what is held now
      if (generation === this.#openings) {
        const deferred = this.#deferred ?? [];
        this.#deferred = null;
        for (const work of deferred) work();
        this.index.sortIfNeeded();
      }
    }
  }

  /** Changes the index now, or, while the record is being opened, once it is (writes are never held back). */
  #toIndex(work: () => void): void {
    if (this.#writeOnly) return;
    if (this.#deferred === null) return work();
    if (this.#deferred.length < MAX_DEFERRED) this.#deferred.push(work);
  }

  /** The viewing rule of one server (the index's server row), shared by reading and recording. */
  cleaner(server: number): ViewingCleaner {
    let cleaner = this.#cleaners.get(server);
    if (!cleaner) this.#cleaners.set(server, (cleaner = new ViewingCleaner(this.index, server)));
    return cleaner;
  }

  #opened(serverId: string, name: string): Open {
    let open = this.#open.get(serverId);
    if (!open) this.#open.set(serverId, (open = { name, followFrom: null, viewings: new Map(), writer: null }));
    if (name) open.name = name;
    return open;
  }

  /** Whether a server is being followed now. */
  following(serverId: string): boolean {
    return (this.#open.get(serverId)?.followFrom ?? null) !== null;
  }

  /** The servers followed now. */
  followedServers(): string[] {
    return [...this.#open].filter(([, o]) => o.followFrom !== null).map(([id]) => id);
  }

  /** The viewer keys open on a server. */
  openViewers(serverId: string): ReadonlyMap<string, { fields: ViewingFields }> {
    return this.#open.get(serverId)?.viewings ?? new Map();
  }

  followStart(serverId: string, name: string, at: number): void {
    const open = this.#opened(serverId, name);
    if (open.followFrom !== null) return;
    open.followFrom = at;
    this.#toIndex(() => this.index.server(serverId, name).follows.push({ from: at, to: null }));
    this.#write(serverId, at, [{ kind: 'f', t: at }]);
    this.revision++;
  }

  followEnd(serverId: string, at: number): void {
    const open = this.#open.get(serverId);
    if (!open || open.followFrom === null) return;
    for (const key of [...open.viewings.keys()]) this.gone(serverId, key, at);
    open.followFrom = null;
    const name = open.name;
    this.#toIndex(() => {
      const f = this.index.server(serverId, name).follows.findLast((x) => x.to === null);
      if (f) f.to = Math.max(f.from, at);
    });
    this.#write(serverId, at, [{ kind: 'u', t: at }]);
    this.revision++;
  }

  /** Still followed at `at`: after a crash the follow ends here, not at its last viewing. */
  heartbeat(at: number): void {
    for (const id of this.followedServers()) this.#write(id, at, [{ kind: 'a', t: at }]);
  }

  /**
   * One viewer list of a followed server at `at`: taken by stretch (person, device, channel: two
   * sessions of one stretch are one viewing, the one on a programme before one on a break); what
   * is new or changed is seen, what is missing is gone. The viewing rule (clean-viewings.ts)
   * decides the rows.
   */
  list(serverId: string, name: string, viewers: readonly ViewingFields[], at: number): void {
    this.followStart(serverId, name, at);
    const seen = new Map<string, ViewingFields>();
    for (const fields of viewers) {
      const key = stretchKey(fields);
      const held = seen.get(key);
      if (!held || (held.onBreak && !fields.onBreak)) seen.set(key, fields);
    }
    for (const [key, fields] of seen) this.seen(serverId, key, at, fields);
    for (const key of [...this.openViewers(serverId).keys()]) if (!seen.has(key)) this.gone(serverId, key, at);
  }

  /**
   * `key` is seen watching `fields` at `at`: its first sight, or a change of what it watches (the
   * same fields again are nothing new). The viewing rule decides which row that is.
   */
  seen(serverId: string, key: string, at: number, fields: ViewingFields): void {
    const open = this.#open.get(serverId);
    if (!open || open.followFrom === null) return;
    const held = open.viewings.get(key);
    if (held && sameFields(held.fields, fields)) return;
    const name = open.name;
    this.#toIndex(() => {
      const names = this.index.names;
      this.cleaner(this.index.server(serverId, name).index).seen(at, `live:${key}`, { person: names.id(fields.person), device: names.id(fields.device), channelNumber: fields.channelNumber, channel: names.id(fields.channel), programme: names.id(fields.programme), onBreak: fields.onBreak === true });
    });
    const entry = held ?? { k: 0, fields };
    // written before it joins what is open: a line that turns the month carries over what was open
    // before it (a new viewing would start twice, at the month's start and at `at`, one never ended)
    this.#write(serverId, at, (writer) => {
      if (!held) entry.k = writer.nextK++;
      return [...this.#intern(writer, fields), startLine(writer, at, entry.k, fields)];
    });
    entry.fields = fields;
    open.viewings.set(key, entry);
    this.revision++;
  }

  /** `key` is no longer seen at `at`. */
  gone(serverId: string, key: string, at: number): void {
    const open = this.#open.get(serverId);
    const entry = open?.viewings.get(key);
    if (!open || !entry) return;
    const name = open.name;
    this.#toIndex(() => this.cleaner(this.index.server(serverId, name).index).gone(at, `live:${key}`));
    // still open while written: a line that turns the month carries it over under its new number, which ends it
    this.#write(serverId, at, () => [{ kind: 'e', t: at, k: entry.k }]);
    open.viewings.delete(key);
    this.revision++;
  }

  /** Runs `work` writing to disk only (the record is read again afterwards: a past written in one go). */
  writeOnly(work: () => void): void {
    this.#writeOnly = true;
    try {
      work();
    } finally {
      this.#writeOnly = false;
    }
  }

  /**
   * Forgets a server's record: its files, and what is open of it (its follow ends first, written
   * as a clean stop); the next line written to it starts a new file. The index is the caller's.
   */
  dropServer(serverId: string, at: number): void {
    this.followEnd(serverId, at);
    this.#open.delete(serverId);
    this.#files?.dropServer(folderOf(serverId));
  }

  /** Forgets every viewing rule's memory (the index is being read again from disk). */
  resetCleaners(): void {
    for (const cleaner of this.#cleaners.values()) cleaner.reset();
  }

  /** Runs `work` and writes what it recorded in one append per file. */
  batch(work: () => void): void {
    if (this.#pending) return work();
    this.#pending = new Map();
    try {
      work();
    } finally {
      const pending = this.#pending;
      this.#pending = null;
      for (const p of pending.values()) this.#files?.append(p.folder, p.name, p.lines);
    }
  }

  /** Forgets everything, on disk and in memory; what is followed now goes on being recorded from `at`. */
  clear(at: number): void {
    const following = [...this.#open].filter(([, o]) => o.followFrom !== null).map(([id, o]) => ({ id, name: o.name, viewings: [...o.viewings].map(([key, v]) => ({ key, fields: v.fields })) }));
    this.#files?.clear();
    if (this.#deferred !== null) this.#deferred.length = 0; // what was held for the index was cleared with it
    for (const cleaner of this.#cleaners.values()) cleaner.reset();
    this.index.clear();
    this.#open.clear();
    for (const f of following) {
      this.followStart(f.id, f.name, at);
      for (const v of f.viewings) this.seen(f.id, v.key, at, v.fields);
    }
    this.revision++;
  }

  /** Writes lines to the server's month file; at the turn of a month the old file is closed and a new one opened. */
  #write(serverId: string, at: number, lines: RecordLine[] | ((writer: Writer) => RecordLine[])): void {
    const open = this.#open.get(serverId);
    if (!open) return;
    const month = monthStart(at);
    const out: { month: number; lines: RecordLine[] }[] = [];
    if (!open.writer || open.writer.month !== month) {
      const old = open.writer;
      if (old && old.month < month) {
        // the turn of a month: what is open ends in the old file and starts again in the new one
        const boundary = month;
        const closing: RecordLine[] = [...[...open.viewings.values()].map((v): RecordLine => ({ kind: 'e', t: boundary, k: v.k }))];
        if (open.followFrom !== null) closing.push({ kind: 'u', t: boundary });
        out.push({ month: old.month, lines: closing });
      }
      const writer: Writer = { month, names: new Map(), nextName: 1, nextK: 1 };
      open.writer = writer;
      const opening: RecordLine[] = [{ kind: 'h', version: HISTORY_FORMAT, server: open.name, run: this.run }];
      if (old && old.month < month) {
        if (open.followFrom !== null) opening.push({ kind: 'f', t: month });
        for (const v of open.viewings.values()) {
          v.k = writer.nextK++;
          appendAll(opening, this.#intern(writer, v.fields));
          opening.push(startLine(writer, month, v.k, v.fields));
        }
      }
      out.push({ month, lines: opening });
    }
    const tail = typeof lines === 'function' ? lines(open.writer) : lines;
    if (out.length > 0 && out[out.length - 1]!.month === month) appendAll(out[out.length - 1]!.lines, tail);
    else out.push({ month, lines: tail });
    if (!this.#files) return;
    for (const o of out) {
      const [folder, name, lines] = [folderOf(serverId), fileOfMonth(o.month), o.lines.map((l) => encodeLine(l, o.month))];
      const key = `${folder}/${name}`;
      if (!this.#pending) this.#files.append(folder, name, lines);
      else if (this.#pending.has(key)) appendAll(this.#pending.get(key)!.lines, lines);
      else this.#pending.set(key, { folder, name, lines });
    }
  }

  /** Name lines for what the writer's file has not named yet. */
  #intern(writer: Writer, fields: ViewingFields): RecordLine[] {
    const lines: RecordLine[] = [];
    for (const text of [fields.person, fields.device, fields.channel, fields.programme]) {
      if (!text || writer.names.has(text)) continue;
      const id = writer.nextName++;
      writer.names.set(text, id);
      lines.push({ kind: 'n', id, text });
    }
    return lines;
  }
}

function startLine(writer: Writer, at: number, k: number, fields: ViewingFields): RecordLine {
  const id = (text: string | null) => (text ? (writer.names.get(text) ?? 0) : 0);
  const line: RecordLine = { kind: 's', t: at, k, person: id(fields.person), device: id(fields.device), channelNumber: fields.channelNumber, channel: id(fields.channel), programme: id(fields.programme) };
  return fields.onBreak ? { ...line, onBreak: true } : line;
}

const stretchKey = (f: ViewingFields): string => `${f.person}\n${f.device ?? ''}\n${f.channelNumber ?? ''}\n${f.channel ?? ''}`;

const sameFields = (a: ViewingFields, b: ViewingFields): boolean =>
  a.person === b.person && a.device === b.device && a.channelNumber === b.channelNumber && a.channel === b.channel && a.programme === b.programme && (a.onBreak === true) === (b.onBreak === true);
