/**
 * The history record: each server's followed intervals and viewings, written as they happen to the
 * month files (record-format.ts, history-files.ts) and held in the index (history-index.ts). On
 * open it reads the months a span can ask for; a follow a crash left open ends at the last line the
 * file holds (a heartbeat is written every few minutes while following), and a torn or damaged
 * line costs only itself. Without a folder it keeps the index alone (tests, no data folder).
 */
import type { HistoryFiles } from './history-files';
import { folderOf } from './history-files';
import type { HistoryIndex } from './history-index';
import { decodeLine, encodeLine, fileOfMonth, HISTORY_FORMAT, monthStart, nextMonthStart, type RecordLine } from './record-format';
import { appendAll } from '../../../shared/extent';

/** What a viewing is of (names as the server sent them, already cleaned at the edge). */
export interface ViewingFields {
  person: string;
  device: string | null;
  channelNumber: number | null;
  channel: string | null;
  programme: string | null;
}

/** The month file being appended for one server. */
interface Writer {
  month: number;
  names: Map<string, number>;
  nextName: number;
  nextK: number;
}

/** What is open on one server: its follow and its viewings (by the viewer's key). */
interface Open {
  name: string;
  followFrom: number | null;
  viewings: Map<string, { row: number; k: number; fields: ViewingFields }>;
  writer: Writer | null;
}

export class HistoryRecord {
  readonly index: HistoryIndex;
  readonly #files: HistoryFiles | null;
  readonly #open = new Map<string, Open>();
  /** revision: moves with every change (the view asks again) */
  revision = 0;
  /** lines held while a batch runs, per month file: one viewer list is one write, however many viewers changed */
  #pending: Map<string, { folder: string; name: string; lines: string[] }> | null = null;

  constructor(index: HistoryIndex, files: HistoryFiles | null) {
    this.index = index;
    this.#files = files;
  }

  /** Reads the months from `from` on of every server folder into the index; how many lines were skipped. */
  load(from: number): { skipped: number } {
    let skipped = 0;
    if (!this.#files) return { skipped };
    for (const folder of this.#files.servers())
      for (const f of this.#files.months(folder)) {
        if (nextMonthStart(f.month) <= from) continue;
        skipped += this.#loadMonth(folder, f.name, f.month);
      }
    this.index.sortIfNeeded();
    return { skipped };
  }

  #loadMonth(folder: string, name: string, month: number): number {
    const lines = this.#files!.read(folder, name);
    const names = new Map<number, number>();
    const rows = new Map<number, number>();
    let server = this.index.server(folder, folder);
    let followFrom: number | null = null;
    let last = month;
    let skipped = 0;
    let maxName = 0;
    let maxK = 0;
    const closeAll = (at: number) => {
      for (const row of rows.values()) this.index.viewings.close(row, at);
      rows.clear();
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
          server = this.index.server(folder, line.server);
          break;
        case 'n':
          names.set(line.id, this.index.names.id(line.text));
          maxName = Math.max(maxName, line.id);
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
          maxK = Math.max(maxK, line.k);
          if (followFrom === null) break; // a viewing outside a follow is not ours to count
          const id = (n: number) => names.get(n) ?? 0;
          const row = this.index.addViewing({ start: line.t, server: server.index, person: id(line.person), device: id(line.device), channelNumber: line.channelNumber, channel: id(line.channel), programme: id(line.programme) });
          const before = rows.get(line.k);
          if (before !== undefined) this.index.viewings.close(before, line.t);
          rows.set(line.k, row);
          break;
        }
        case 'e': {
          const row = rows.get(line.k);
          if (row !== undefined) this.index.viewings.close(row, line.t);
          rows.delete(line.k);
          break;
        }
      }
    }
    closeAll(last);
    // the latest month goes on being appended (when it is still the current one): its names and viewing numbers continue
    const open = this.#opened(folder, server.name);
    if (open.writer === null || open.writer.month <= month) {
      const fileNames = new Map<string, number>();
      for (const [fileId, globalId] of names) {
        const text = this.index.names.text(globalId);
        if (text !== null) fileNames.set(text, fileId);
      }
      open.writer = { month, names: fileNames, nextName: maxName + 1, nextK: maxK + 1 };
    }
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
    for (const key of [...open.viewings.keys()]) this.viewingEnd(serverId, key, at);
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

  viewingStart(serverId: string, key: string, at: number, fields: ViewingFields): void {
    const open = this.#open.get(serverId);
    if (!open || open.followFrom === null || open.viewings.has(key)) return;
    const server = this.index.server(serverId, open.name);
    const names = this.index.names;
    const row = this.index.addViewing({ start: at, server: server.index, person: names.id(fields.person), device: names.id(fields.device), channelNumber: fields.channelNumber, channel: names.id(fields.channel), programme: names.id(fields.programme) });
    this.index.open.set(`${serverId}\n${key}`, row);
    const entry = { row, k: 0, fields };
    open.viewings.set(key, entry);
    this.#write(serverId, at, (writer) => {
      entry.k = writer.nextK++;
      return [...this.#intern(writer, fields), startLine(writer, at, entry.k, fields)];
    });
    this.revision++;
  }

  viewingEnd(serverId: string, key: string, at: number): void {
    const open = this.#open.get(serverId);
    const entry = open?.viewings.get(key);
    if (!open || !entry) return;
    open.viewings.delete(key);
    const row = this.index.open.get(`${serverId}\n${key}`);
    this.index.open.delete(`${serverId}\n${key}`);
    if (row !== undefined) this.index.viewings.close(row, at);
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
    this.index.clear();
    this.#open.clear();
    for (const f of following) {
      this.followStart(f.id, f.name, at);
      for (const v of f.viewings) this.viewingStart(f.id, v.key, at, v.fields);
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
  return { kind: 's', t: at, k, person: id(fields.person), device: id(fields.device), channelNumber: fields.channelNumber, channel: id(fields.channel), programme: id(fields.programme) };
}
