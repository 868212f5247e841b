/**
 * The history's files on disk: one folder per server under `<data>/history/`, month files in it
 * (record-format.ts), and `settings.json` for the retention. Appends are one write each, never
 * through a link, and start on a fresh line when the last write was torn; reads skip what they
 * cannot use; `settings.json` holds the retention and the weekly digest. Kept only on this
 * computer: nothing here sends anything anywhere.
 */
import { closeSync, constants, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync, renameSync, writeSync, fstatSync } from 'node:fs';
import { promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_HISTORY_DIGEST, DEFAULT_HISTORY_RETENTION, HISTORY_RETENTION_DAYS, type HistoryDigest, type HistoryRetention } from '../../../shared/bridge-history';
import { monthOfFile } from './record-format';
import { messages, t } from '../../common/words';

/** What `settings.json` beside the record holds. */
export interface HistorySettings {
  retentionDays: HistoryRetention;
  digest: HistoryDigest;
  /** the start of the last week a digest was sent for (ms); null: none yet */
  digestSent: number | null;
}

/** A month file larger than this is not one the app wrote (a busy server's month is a few MB). */
export const MAX_MONTH_BYTES = 64 * 1024 * 1024;

/** A server id as a folder name (ids are "srv-…", "demo"; anything else is made safe). */
export const folderOf = (serverId: string): string => serverId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || '_';

export class HistoryFiles {
  readonly root: string;
  readonly #failed: (text: string) => void;
  /** month files whose last byte was checked this run (a torn line is ended before the next append) */
  readonly #checked = new Set<string>();

  constructor(root: string, failed: (text: string) => void) {
    this.root = root;
    this.#failed = failed;
  }

  /** Server folders present (their names; a server id never makes a name starting with a dot). */
  servers(): string[] {
    try {
      return readdirSync(this.root, { withFileTypes: true })
        .filter((d) => d.isDirectory() && !d.name.startsWith('.')) // `.days`: the day summaries (day-store.ts), never a server's
        .map((d) => d.name);
    } catch {
      return [];
    }
  }

  /** A server folder's month files with their month start, oldest first. */
  months(folder: string): { name: string; month: number }[] {
    try {
      return readdirSync(join(this.root, folder))
        .map((name) => ({ name, month: monthOfFile(name) }))
        .filter((f): f is { name: string; month: number } => f.month !== null)
        .sort((a, b) => a.month - b.month);
    } catch {
      return [];
    }
  }

  /** The start of the earliest month any server's record holds; null: none. */
  earliest(): number | null {
    let first: number | null = null;
    for (const folder of this.servers()) {
      const month = this.months(folder)[0]?.month;
      if (month !== undefined && (first === null || month < first)) first = month;
    }
    return first;
  }

  /** A month file's lines (empty when it is missing, not a plain file or too large). */
  read(folder: string, name: string): string[] {
    const path = join(this.root, folder, name);
    try {
      const stat = statSync(path);
      if (!stat.isFile() || stat.size > MAX_MONTH_BYTES) {
        this.#failed(t(messages().stored.historySkipped, { file: `${folder}/${name}`, size: `${MAX_MONTH_BYTES / 1024 / 1024} MB` }));
        return [];
      }
      return readFileSync(path, 'utf8').split('\n');
    } catch {
      return [];
    }
  }

  /** The same, read without blocking (opening reads this way, off the start-up path). */
  async readLater(folder: string, name: string): Promise<string[]> {
    const path = join(this.root, folder, name);
    try {
      const stat = await fsp.stat(path);
      if (!stat.isFile() || stat.size > MAX_MONTH_BYTES) {
        this.#failed(t(messages().stored.historySkipped, { file: `${folder}/${name}`, size: `${MAX_MONTH_BYTES / 1024 / 1024} MB` }));
        return [];
      }
      return (await fsp.readFile(path, 'utf8')).split('\n');
    } catch {
      return [];
    }
  }

  /** Appends lines to a month file in one write; false when it failed (reported once by the caller's sink). */
  append(folder: string, name: string, lines: string[]): boolean {
    if (lines.length === 0) return true;
    const dir = join(this.root, folder);
    const path = join(dir, name);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        let text = `${lines.join('\n')}\n`;
        if (!this.#checked.has(path)) {
          this.#checked.add(path);
          // a write torn by a crash left a line without its end: the next line starts fresh
          const size = fstatSync(fd).size;
          if (size > 0) {
            const last = Buffer.alloc(1);
            readSync(fd, last, 0, 1, size - 1);
            if (last[0] !== 0x0a) text = `\n${text}`;
          }
        }
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      this.#failed(t(messages().stored.historyNotWritten, { error: error instanceof Error ? error.message : String(error) }));
      return false;
    }
  }

  /** Deletes month files that ended before `before`; how many went. */
  dropBefore(before: number): number {
    let dropped = 0;
    for (const folder of this.servers())
      for (const f of this.months(folder)) {
        const end = Date.UTC(new Date(f.month).getUTCFullYear(), new Date(f.month).getUTCMonth() + 1, 1);
        if (end > before) continue;
        try {
          rmSync(join(this.root, folder, f.name), { force: true });
          dropped++;
        } catch {
          // left for the next pass
        }
      }
    return dropped;
  }

  /** Deletes one server's folder (the demo's record when the demo is left). */
  dropServer(folder: string): void {
    try {
      rmSync(join(this.root, folder), { recursive: true, force: true });
    } catch {
      // left: read again next time, and dropped again when the demo is
    }
    for (const key of [...this.#checked]) if (key.startsWith(join(this.root, folder))) this.#checked.delete(key);
  }

  /** Deletes every month file of every server ("Clear history"). */
  clear(): void {
    for (const folder of this.servers())
      for (const f of this.months(folder)) {
        try {
          rmSync(join(this.root, folder, f.name), { force: true });
        } catch {
          // a file that would not go is read again next time; the index is cleared regardless
        }
      }
    this.#checked.clear();
  }

  /** Bytes on disk (for the benchmark and Settings). */
  size(): number {
    let bytes = 0;
    for (const folder of this.servers())
      for (const f of this.months(folder)) {
        try {
          bytes += statSync(join(this.root, folder, f.name)).size;
        } catch {
          // gone meanwhile
        }
      }
    return bytes;
  }

  /** The history's own settings (the retention, the weekly digest); a damaged or missing value is its default. */
  readSettings(): HistorySettings {
    const defaults: HistorySettings = { retentionDays: DEFAULT_HISTORY_RETENTION, digest: { ...DEFAULT_HISTORY_DIGEST }, digestSent: null };
    try {
      const path = join(this.root, 'settings.json');
      if (!existsSync(path)) return defaults;
      const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      const retention = (HISTORY_RETENTION_DAYS as readonly unknown[]).includes(raw.retentionDays) ? (raw.retentionDays as HistoryRetention) : defaults.retentionDays;
      const d = (raw.digest ?? {}) as Record<string, unknown>;
      const whole = (x: unknown, min: number, max: number, fallback: number) => (typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max ? x : fallback);
      const digest = {
        enabled: typeof d.enabled === 'boolean' ? d.enabled : defaults.digest.enabled,
        weekday: whole(d.weekday, 0, 6, defaults.digest.weekday),
        hour: whole(d.hour, 0, 23, defaults.digest.hour),
      };
      const sent = typeof raw.digestSent === 'number' && Number.isFinite(raw.digestSent) ? raw.digestSent : null;
      return { retentionDays: retention, digest, digestSent: sent };
    } catch {
      return defaults;
    }
  }

  writeSettings(settings: HistorySettings): void {
    try {
      mkdirSync(this.root, { recursive: true, mode: 0o700 });
      const path = join(this.root, 'settings.json');
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ version: 1, ...settings }), { mode: 0o600 });
      renameSync(temp, path);
    } catch (error) {
      this.#failed(t(messages().stored.retentionNotSaved, { error: error instanceof Error ? error.message : String(error) }));
    }
  }
}
