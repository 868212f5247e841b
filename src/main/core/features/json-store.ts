/**
 * Where the features keep what survives a restart: small JSON files (written atomically, capped in
 * size) and a rotated JSON-lines log, in the user-data folder. Each file is read with its one
 * schema (tolerant.ts): a damaged entry or field costs only itself, the rest is kept, and a copy of
 * the file as it was is set aside with a notice; a file that is unreadable, oversized or not this
 * version's is moved aside whole (set-aside.ts bounds how many copies stay). Nothing is read or
 * appended through a link: a link where a file goes is set aside as the link. Never a crash. A write
 * that failed (a read-only or full folder) is held, in order (a document's newest value, a log's lines
 * one after another), and tried again with a backoff and at every later write; when it goes through,
 * `saved` hears of it (the "Could not save" notice goes). `memoryStore` keeps the same interface in memory.
 */
import type { TimerHandle } from '../../common/clock';
import { closeSync, constants, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { GenericSchema } from 'valibot';
import { droppedName, droppedWords, readKept } from '../../../shared/tolerant';
import { copyAside, isPlainFile, moveAside, present } from '../../common/set-aside';
import { messages, t } from '../../common/words';

/** Why a file was set aside whole: its sentence in the catalogue (`stored`). */
type SetAsideWhy = 'notPlainFile' | 'tooLargeFile' | 'unreadable' | 'notThisVersion';

/** Largest JSON document a feature may keep (reminders, favourites, the watchlist). */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** Largest log file read back; a bigger one is moved aside. */
export const MAX_LOG_BYTES = 4 * 1024 * 1024;
/** A log line longer than this is not a line we wrote. */
const MAX_LINE_CHARS = 4_000;
/** Held writes are tried again after this, doubling up to WRITE_RETRY_MAX_MS while any is held. */
export const WRITE_RETRY_FIRST_MS = 5_000;
export const WRITE_RETRY_MAX_MS = 5 * 60_000;
/** Log lines held for one log at most (the oldest go first beyond it). */
export const MAX_HELD_LINES = 2_000;

/** A document over the cap: never written, so never held for another try. */
class TooLarge extends Error {}

export interface StoreRetry {
  /** a timer on the core's clock */
  later: (fn: () => void, ms: number) => TimerHandle;
  /** a file whose writes had failed is saved again: what was held is on disk */
  saved: (name: string) => void;
}

export interface Loaded<T> {
  value: T | null;
  /** a sentence for people when the file was damaged (what was left out, where the copy is) */
  problem: string | null;
}

export interface FeatureStore {
  /** Reads `name` with its schema: what is usable (null when nothing is, or there is no file). */
  read<T>(name: string, schema: GenericSchema<unknown, T>): Loaded<T>;
  /** Replaces `name` with `value` in one step (never half written). A failure (a full disk, a document over the cap) is reported, not thrown. */
  write(name: string, value: unknown): void;
  /** The lines of a log (`name` and its rotated predecessor), oldest first; unreadable lines skipped. */
  readLog(name: string): { lines: unknown[]; skipped: number; problem: string | null };
  /** Appends one line to a log; when the current file holds `rotateAfter` lines it becomes the predecessor. */
  appendLog(name: string, line: unknown, rotateAfter: number): void;
  /** Stops trying held writes again (the app is closing). */
  close?(): void;
}

/** JSON files under `dir` (created on first write). */
export class JsonFileStore implements FeatureStore {
  readonly #dir: string;
  readonly #now: () => number;
  readonly #failed: (text: string, name: string) => void;
  /** lines in each current log file, counted on first use */
  readonly #logLines = new Map<string, number>();
  /** tests only: runs between the plain-file check and the open (a link swapped in there) */
  readonly #beforeOpen: (path: string) => void;

  readonly #retry: StoreRetry | null;
  /** documents whose last write failed: the newest value of each */
  readonly #heldDocs = new Map<string, unknown>();
  /** log lines not yet appended, in order */
  readonly #heldLines = new Map<string, { line: unknown; rotateAfter: number }[]>();
  #retryTimer: TimerHandle | null = null;
  #retryMs = WRITE_RETRY_FIRST_MS;
  #closed = false;

  /**
   * `now` is the core's clock (names set-aside copies); `failed` hears of a write that did not happen
   * (the app keeps going with what it holds); with `retry`, what failed is held and tried again.
   * `beforeOpen` is a test's seam, see #append.
   */
  constructor(dir: string, now: () => number, failed: (text: string, name: string) => void = () => {}, retry: StoreRetry | null = null, beforeOpen: (path: string) => void = () => {}) {
    this.#dir = dir;
    this.#now = now;
    this.#failed = failed;
    this.#retry = retry;
    this.#beforeOpen = beforeOpen;
  }

  close(): void {
    this.#closed = true;
    this.#retryTimer?.cancel();
    this.#retryTimer = null;
  }

  read<T>(name: string, schema: GenericSchema<unknown, T>): Loaded<T> {
    const path = join(this.#dir, name);
    if (!present(path)) return { value: null, problem: null };
    if (!isPlainFile(path)) return this.#setAside(name, 'notPlainFile');
    let json: unknown;
    try {
      if (statSync(path).size > MAX_DOCUMENT_BYTES) return this.#setAside(name, 'tooLargeFile');
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return this.#setAside(name, 'unreadable');
    }
    const read = readKept(schema, json);
    if (!read.ok) return this.#setAside(name, 'notThisVersion');
    if (read.dropped.length === 0) return { value: read.value, problem: null };
    // the usable part replaces the file; the file as it was is kept beside it
    const kept = this.#copyAside(name);
    this.write(name, read.value);
    const lost = droppedWords(read.dropped.filter((d) => !d.entry).map(droppedName), read.dropped.filter((d) => d.entry).map(droppedName));
    const words = messages().stored;
    const problem = t(words.partlyKept, { name, lost });
    return { value: read.value, problem: kept ? `${problem} ${t(words.copyKept, { kept })}` : problem };
  }

  write(name: string, value: unknown): void {
    this.#heldDocs.delete(name); // this value is newer than any held one
    if (this.#safely(name, () => this.#writeDocument(name, value))) this.#flush();
    else this.#hold(() => this.#heldDocs.set(name, value));
  }

  #writeDocument(name: string, value: unknown): void {
    const text = JSON.stringify(value);
    if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) throw new TooLarge(t(messages().stored.overCap, { bytes: String(MAX_DOCUMENT_BYTES) }));
    mkdirSync(this.#dir, { recursive: true });
    const path = join(this.#dir, name);
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, text, { mode: 0o600 });
    renameSync(temp, path);
  }

  /** Runs `work`; a failure is reported (unless `quiet`, a retry of what was reported) and answered false. */
  #safely(name: string, work: () => void, quiet = false): boolean {
    try {
      work();
      return true;
    } catch (error) {
      if (!quiet) this.#failed(t(messages().stored.notSaved, { name, error: error instanceof Error ? error.message : String(error) }), name);
      return error instanceof TooLarge; // over the cap is final: nothing to hold
    }
  }

  /** Holds a failed write (only with `retry`) and plans the next try. */
  #hold(keep: () => void): void {
    if (!this.#retry || this.#closed) return;
    keep();
    this.#arm();
  }

  #arm(): void {
    if (this.#retryTimer || !this.#retry || this.#closed) return;
    this.#retryTimer = this.#retry.later(() => {
      this.#retryTimer = null;
      this.#retryMs = Math.min(WRITE_RETRY_MAX_MS, this.#retryMs * 2);
      this.#flush();
    }, this.#retryMs);
  }

  /** Tries every held write again, in order; what goes through is let go of and `saved` is told per file. */
  #flush(): void {
    if (this.#heldDocs.size === 0 && this.#heldLines.size === 0) return;
    for (const [name, value] of [...this.#heldDocs]) {
      if (!this.#safely(name, () => this.#writeDocument(name, value), true)) continue;
      this.#heldDocs.delete(name);
      this.#retry?.saved(name);
    }
    for (const [name, lines] of [...this.#heldLines]) {
      while (lines.length > 0 && this.#safely(name, () => this.#append(name, lines[0]!.line, lines[0]!.rotateAfter), true)) lines.shift();
      if (lines.length > 0) continue;
      this.#heldLines.delete(name);
      this.#retry?.saved(name);
    }
    if (this.#heldDocs.size === 0 && this.#heldLines.size === 0) {
      this.#retryTimer?.cancel();
      this.#retryTimer = null;
      this.#retryMs = WRITE_RETRY_FIRST_MS;
    } else this.#arm();
  }

  readLog(name: string): { lines: unknown[]; skipped: number; problem: string | null } {
    const lines: unknown[] = [];
    let skipped = 0;
    let problem: string | null = null;
    let current = 0;
    for (const file of [rotatedName(name), name]) {
      const path = join(this.#dir, file);
      let content: string;
      try {
        if (!present(path)) continue;
        if (!isPlainFile(path)) {
          problem = this.#setAside(file, 'notPlainFile').problem;
          continue;
        }
        if (statSync(path).size > MAX_LOG_BYTES) {
          problem = this.#setAside(file, 'tooLargeFile').problem;
          continue;
        }
        content = readFileSync(path, 'utf8');
      } catch {
        problem = this.#setAside(file, 'unreadable').problem;
        continue;
      }
      let count = 0;
      for (const text of content.split('\n')) {
        if (text.trim() === '') continue;
        count++;
        try {
          if (text.length > MAX_LINE_CHARS) throw new Error('too long');
          lines.push(JSON.parse(text));
        } catch {
          skipped++;
        }
      }
      if (file === name) current = count;
    }
    this.#logLines.set(name, current);
    return { lines, skipped, problem };
  }

  appendLog(name: string, line: unknown, rotateAfter: number): void {
    const held = this.#heldLines.get(name);
    if (held) {
      // behind the lines still held, never before them
      held.push({ line, rotateAfter });
      if (held.length > MAX_HELD_LINES) held.splice(0, held.length - MAX_HELD_LINES);
      this.#flush();
      return;
    }
    if (this.#safely(name, () => this.#append(name, line, rotateAfter))) this.#flush();
    else this.#hold(() => this.#heldLines.set(name, [{ line, rotateAfter }]));
  }

  #append(name: string, line: unknown, rotateAfter: number): void {
    mkdirSync(this.#dir, { recursive: true });
    const path = join(this.#dir, name);
    // a link (or anything but a file) where the log goes is set aside, never appended through
    if (present(path) && !isPlainFile(path)) {
      this.#setAside(name, 'notPlainFile');
      this.#logLines.delete(name);
    }
    let count = this.#logLines.get(name) ?? (isPlainFile(path) ? readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).length : 0);
    if (count >= rotateAfter) {
      renameSync(path, join(this.#dir, rotatedName(name)));
      count = 0;
    }
    // a link that appears after the check above is refused by the open itself (O_NOFOLLOW)
    this.#beforeOpen(path);
    const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      writeSync(fd, `${JSON.stringify(line)}\n`);
    } finally {
      closeSync(fd);
    }
    this.#logLines.set(name, count + 1);
  }

  /** A copy of `name` as it is, beside it; its name, or null when it could not be made. */
  #copyAside(name: string): string | null {
    return copyAside(join(this.#dir, name), this.#now());
  }

  #setAside(name: string, why: SetAsideWhy): Loaded<never> {
    // could it not be moved, it stays, and is overwritten by the next save
    const kept = moveAside(join(this.#dir, name), this.#now());
    const words = messages().stored;
    return { value: null, problem: t(words[why], kept ? { name, set: 'yes', kept } : { name, set: 'no', kept: '' }) };
  }
}

const rotatedName = (name: string) => `${name}.1`;

/** The same interface in memory: for an AppController with no data folder (and unit tests). */
export function memoryStore(): FeatureStore & { files: Map<string, string> } {
  const files = new Map<string, string>();
  const logs = new Map<string, unknown[]>();
  return {
    files,
    read(name, schema) {
      const text = files.get(name);
      if (text === undefined) return { value: null, problem: null };
      const read = readKept(schema, JSON.parse(text));
      return { value: read.ok ? read.value : null, problem: null };
    },
    write(name, value) {
      files.set(name, JSON.stringify(value));
    },
    readLog(name) {
      return { lines: [...(logs.get(name) ?? [])], skipped: 0, problem: null };
    },
    appendLog(name, line) {
      const list = logs.get(name) ?? [];
      list.push(structuredClone(line));
      logs.set(name, list);
    },
  };
}
