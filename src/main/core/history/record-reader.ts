/**
 * Reading the record: the month files (record-format.ts) line by line into the index, through the
 * viewing rule (clean-viewings.ts) the live record uses, so a record reads as it was recorded. A
 * follow a crash left open ends at the last line before the one that reveals it (a new run's
 * header, a new follow, the file's end); a damaged line costs only itself. It reads in slices that
 * let the rest of the app run between them (opening, off the start-up path; a range's CSV; a day
 * summed up from its month); opening stops at the running app's own header, whose lines the live
 * record already holds.
 */
import type { HistoryFiles } from './history-files';
import type { HistoryIndex } from './history-index';
import type { ViewingCleaner } from './clean-viewings';
import { decodeLine, nextMonthStart } from './record-format';

/** A month file of one server folder. */
export interface MonthSource {
  folder: string;
  name: string;
  month: number;
}

/** Lines read between two turns of the event loop when reading in slices (a few milliseconds). */
export const LINES_PER_SLICE = 2_000;

/** One turn of the event loop (setImmediate: after pending I/O, so sockets and timers run between slices). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class RecordReader {
  readonly #index: HistoryIndex;
  readonly #files: HistoryFiles;
  readonly #cleaner: (server: number) => ViewingCleaner;
  /** the running app's run id: its own part of a file is not read back */
  readonly #run: string | null;
  #segments = 0;

  constructor(index: HistoryIndex, files: HistoryFiles, cleaner: (server: number) => ViewingCleaner, run: string | null = null) {
    this.#index = index;
    this.#files = files;
    this.#cleaner = cleaner;
    this.#run = run;
  }

  /** The month files of every server that hold times in [from, until). */
  months(from: number, until = Number.POSITIVE_INFINITY): MonthSource[] {
    const out: MonthSource[] = [];
    for (const folder of this.#files.servers())
      for (const f of this.#files.months(folder)) if (nextMonthStart(f.month) > from && f.month < until) out.push({ folder, name: f.name, month: f.month });
    return out;
  }

  /** Reads the months holding [from, until), in slices with a turn of the event loop between them; `stopped()` ends it early. */
  async readInSlices(from: number, until = Number.POSITIVE_INFINITY, stopped: () => boolean = () => false): Promise<number> {
    let skipped = 0;
    for (const source of this.months(from, until)) {
      const lines = await this.#files.readLater(source.folder, source.name);
      if (stopped()) return skipped;
      const reader = this.#reader(source);
      for (let i = 0; i < lines.length; i++) {
        if (i % LINES_PER_SLICE === LINES_PER_SLICE - 1) {
          await nextTurn();
          if (stopped()) return skipped;
        }
        if (reader.line(lines[i]!) === 'stop') break;
      }
      skipped += reader.end();
      await nextTurn();
      if (stopped()) return skipped;
    }
    this.#index.sortIfNeeded();
    return skipped;
  }

  /** A reader of one month file, line by line. */
  #reader({ folder, month }: MonthSource): { line: (text: string) => 'stop' | undefined; end: () => number } {
    const index = this.#index;
    let names = new Map<number, number>();
    let server = index.server(folder, folder);
    let cleaner = this.#cleaner(server.index);
    let followFrom: number | null = null;
    let last = month;
    let skipped = 0;
    let segment = `${++this.#segments}:`;
    const closeAll = (at: number) => {
      cleaner.allGone(at);
      if (followFrom !== null) server.follows.push({ from: followFrom, to: Math.max(followFrom, at) });
      followFrom = null;
    };
    const line = (text: string): 'stop' | undefined => {
      if (text.trim() === '') return;
      const l = decodeLine(text, month);
      if (!l) {
        skipped++;
        return;
      }
      // a follow a crash left open ends at the last time seen before the line that reveals it
      const seenBefore = last;
      if ('t' in l) last = Math.max(last, l.t);
      switch (l.kind) {
        case 'h':
          if (this.#run !== null && l.run === this.#run) return 'stop'; // the running app's own lines
          // a new run's part of the file: what the last one left open was cut by a crash
          closeAll(seenBefore);
          server = index.server(folder, l.server);
          cleaner = this.#cleaner(server.index);
          names = new Map();
          segment = `${++this.#segments}:`;
          return;
        case 'n':
          names.set(l.id, index.names.id(l.text));
          return;
        case 'f':
          // a follow still open here was cut by a crash: it ends at the last line before this one
          if (followFrom !== null) closeAll(seenBefore);
          followFrom = l.t;
          return;
        case 'u':
          closeAll(l.t);
          return;
        case 'a':
          return;
        case 's': {
          if (followFrom === null) return; // a viewing outside a follow is not ours to count
          const id = (n: number) => names.get(n) ?? 0;
          cleaner.seen(l.t, segment + l.k, { person: id(l.person), device: id(l.device), channelNumber: l.channelNumber, channel: id(l.channel), programme: id(l.programme), onBreak: l.onBreak === true });
          return;
        }
        case 'e':
          cleaner.gone(l.t, segment + l.k);
          return;
      }
    };
    return {
      line,
      end: () => {
        closeAll(last);
        return skipped;
      },
    };
  }
}
