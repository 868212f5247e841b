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
import { decodeLine, encodeLine, fileOfMonth, HISTORY_FORMAT, monthStart, nextMonthStart, type RecordLine } from './record-format';
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
  #segments = 0;
  /** lines held while a batch runs, per month file: one viewer list is one write, however many viewers changed */
  #pending: Map<string, { folder: string; name: string; lines: string[] }> | null = null;

  constructor(index: HistoryIndex, files: HistoryFiles | null) {
    this.index = index;
    this.#files = files;
  }

  /** Reads the months of every server folder that hold times in [from, until) into the index; how many lines were skipped. */
  load(from: number, until = Number.POSITIVE_INFINITY): { skipped: number } {
    let skipped = 0;
    if (!this.#files) return { skipped };
    for (const folder of this.#files.servers())
      for (const f of this.#files.months(folder)) {
        if (nextMonthStart(f.month) <= from || f.month >= until) continue;
        skipped += this.#loadMonth(folder, f.name, f.month);
      }
    this.index.sortIfNeeded();
    return { skipped };
  }

  /** The viewing rule of one server (the index's server row), shared by reading and recording. */
  cleaner(server: number): ViewingCleaner {
    let cleaner = this.#cleaners.get(server);
    if (!cleaner) this.#cleaners.set(server, (cleaner = new ViewingCleaner(this.index, server)));
    return cleaner;
  }

  #loadMonth(folder: string, name: string, month: number): number {
    const lines = this.#files!.read(folder, name);
    let names = new Map<number, number>();
    let server = this.index.server(folder, folder);
    let cleaner = this.cleaner(server.index);
    let followFrom: number | null = null;
    let last = month;
    let skipped = 0;
    let segment = `${++this.#segments}:`;
    const closeAll = (at: number) => {
      cleaner.allGone(at);
      if (followFrom !== null) server.follows.push({ from: followFrom, to: Math.max(followFrom, at) });
      followFrom = null;
    };
    for (const text of lines) {
      if (text.trim() === '') continue;
      const line = decodeLine(text, month);
      if (!line) {
        skipped++;
        continue;
      }
      // a follow a crash left open ends at the last time seen before the line that reveals it
      const seenBefore = last;
      if ('t' in line) last = Math.max(last, line.t);
      switch (line.kind) {
        case 'h':
          // a new run's part of the file: what the last one left open was cut by a crash
          closeAll(seenBefore);
          server = this.index.server(folder, line.server);
          cleaner = this.cleaner(server.index);
          names = new Map();
          segment = `${++this.#segments}:`;
          break;
        case 'n':
          names.set(line.id, this.index.names.id(line.text));
          break;
        case 'f':
          // a follow still open here was cut by a crash: it ends at the last line before this one
          if (followFrom !== null) closeAll(seenBefore);
          followFrom = line.t;
          break;
        case 'u':
          closeAll(line.t);
          break;
        case 'a':
          break;
        case 's': {
          if (followFrom === null) break; // a viewing outside a follow is not ours to count
          const id = (n: number) => names.get(n) ?? 0;
          cleaner.seen(line.t, segment + line.k, { person: id(line.person), device: id(line.device), channelNumber: line.channelNumber, channel: id(line.channel), programme: id(line.programme), onBreak: line.onBreak === true });
          break;
        }
        case 'e':
          cleaner.gone(line.t, segment + line.k);
          break;
      }
    }
    closeAll(last);
    return skipped;
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
    const server = this.index.server(serverId, name);
    server.follows.push({ from: at, to: null });
    this.#write(serverId, at, [{ kind: 'f', t: at }]);
    this.revision++;
  }

  followEnd(serverId: string, at: number): void {
    const open = this.#open.get(serverId);
    if (!open || open.followFrom === null) return;
    for (const key of [...open.viewings.keys()]) this.gone(serverId, key, at);
    open.followFrom = null;
    const server = this.index.server(serverId, open.name);
    const f = server.follows.findLast((x) => x.to === null);
    if (f) f.to = Math.max(f.from, at);
    this.#write(serverId, at, [{ kind: 'u', t: at }]);
    this.revision++;
  }

  /** Still followed at `at`: after a crash the follow ends here, not at its last viewing. */
  heartbeat(at: number): void {
    for (const id of this.followedServers()) this.#write(id, at, [{ kind: 'a', t: at }]);
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
    const server = this.index.server(serverId, open.name);
    const names = this.index.names;
    this.cleaner(server.index).seen(at, `live:${key}`, { person: names.id(fields.person), device: names.id(fields.device), channelNumber: fields.channelNumber, channel: names.id(fields.channel), programme: names.id(fields.programme), onBreak: fields.onBreak === true });
    const entry = held ?? { k: 0, fields };
    entry.fields = fields;
    open.viewings.set(key, entry);
    this.#write(serverId, at, (writer) => {
      if (!held) entry.k = writer.nextK++;
      return [...this.#intern(writer, fields), startLine(writer, at, entry.k, fields)];
    });
    this.revision++;
  }

  /** `key` is no longer seen at `at`. */
  gone(serverId: string, key: string, at: number): void {
    const open = this.#open.get(serverId);
    const entry = open?.viewings.get(key);
    if (!open || !entry) return;
    open.viewings.delete(key);
    this.cleaner(this.index.server(serverId, open.name).index).gone(at, `live:${key}`);
    this.#write(serverId, at, [{ kind: 'e', t: at, k: entry.k }]);
    this.revision++;
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
      const opening: RecordLine[] = [{ kind: 'h', version: HISTORY_FORMAT, server: open.name }];
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

const sameFields = (a: ViewingFields, b: ViewingFields): boolean =>
  a.person === b.person && a.device === b.device && a.channelNumber === b.channelNumber && a.channel === b.channel && a.programme === b.programme && (a.onBreak === true) === (b.onBreak === true);
