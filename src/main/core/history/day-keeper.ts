/**
 * Which day summaries exist and where a day's comes from: a closed day is summed up once (from the
 * rows while they are held, or, for an older day with no summary yet, from its month files, a
 * month at a time into an index of its own) and kept (day-store.ts); today's is worked out from the
 * rows when asked. Rows are held HELD_MS back; the first day held whole is where ranges drawn from
 * rows may start.
 */
import { nextDay, type Calendar } from './calendar';
import { summarizeDay, type DaySummary } from './day-summary';
import type { DayStore } from './day-store';
import type { HistoryFiles } from './history-files';
import { HistoryIndex } from './history-index';
import { monthStart } from './record-format';
import { nextTurn, RecordReader } from './record-reader';
import { ViewingCleaner } from './clean-viewings';

/** Rows are held in memory this far back (a month and a day); older days are read from their summaries. */
export const HELD_MS = 32 * 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;
/** At most this many days are looked at in one pass (two years and some). */
const MAX_DAYS = 800;

export class DayKeeper {
  readonly #index: HistoryIndex;
  readonly #files: HistoryFiles | null;
  readonly #store: DayStore;
  readonly #cal: Calendar;

  constructor(index: HistoryIndex, files: HistoryFiles | null, store: DayStore, cal: Calendar) {
    this.#index = index;
    this.#files = files;
    this.#store = store;
    this.#cal = cal;
  }

  /** The first day whose rows are all held. */
  heldFrom(now: number): number {
    return nextDay(this.#cal, now - HELD_MS);
  }

  /** The summary of the day starting at `from`: kept when closed, from the rows when held, else null (nothing known). */
  day(from: number, now: number): DaySummary | null {
    const to = nextDay(this.#cal, from);
    const kept = this.#store.get(from);
    if (kept && kept.to === to) return kept;
    if (from < this.heldFrom(now)) return null;
    const summary = summarizeDay(this.#index, from, to, now);
    if (to <= now) this.#store.put(summary);
    return summary;
  }

  /** The closed days of the retention with no summary yet (none before the record began), held ones and older ones apart. */
  #missing(now: number, retentionDays: number): { held: number[]; older: number[] } {
    const held: number[] = [];
    const older: number[] = [];
    const began = Math.min(this.#files?.earliest() ?? Number.POSITIVE_INFINITY, ...this.#index.servers.map((x) => x.follows[0]?.from ?? Number.POSITIVE_INFINITY));
    if (began === Number.POSITIVE_INFINITY) return { held, older };
    const today = this.#cal.dayStart(now);
    const first = this.heldFrom(now);
    for (let day = this.#cal.dayStart(Math.max(began, now - retentionDays * DAY_MS)), n = 0; day < today && n < MAX_DAYS; day = nextDay(this.#cal, day), n++) {
      if (this.#store.get(day)?.to === nextDay(this.#cal, day)) continue;
      (day >= first ? held : older).push(day);
    }
    return { held, older };
  }

  /** Sums up the closed days whose rows are held (daily, before the rows of the oldest go). */
  sumUpHeld(now: number, retentionDays: number): void {
    for (const day of this.#missing(now, retentionDays).held) this.#store.put(summarizeDay(this.#index, day, nextDay(this.#cal, day), now));
  }

  /** Sums up every closed day of the retention with no summary: the held ones from the rows, older ones from their month files, in slices. */
  async sumUpAll(now: number, retentionDays: number, stopped: () => boolean): Promise<void> {
    const { held, older } = this.#missing(now, retentionDays);
    for (const day of held) this.#store.put(summarizeDay(this.#index, day, nextDay(this.#cal, day), now));
    if (older.length === 0 || !this.#files) return;
    // older days, a month of record at a time: read into an index of their own, summed up, let go
    for (let i = 0; i < older.length && !stopped(); ) {
      const month = monthStart(older[i]!);
      const days = older.filter((d) => monthStart(d) === month);
      i += days.length;
      const index = new HistoryIndex();
      const cleaners = new Map<number, ViewingCleaner>();
      const cleaner = (server: number) => cleaners.get(server) ?? cleaners.set(server, new ViewingCleaner(index, server)).get(server)!;
      await new RecordReader(index, this.#files, cleaner).readInSlices(days[0]!, nextDay(this.#cal, days[days.length - 1]!), stopped);
      for (const day of days) {
        if (stopped()) return;
        this.#store.put(summarizeDay(index, day, nextDay(this.#cal, day), now));
        await nextTurn();
      }
    }
  }
}
