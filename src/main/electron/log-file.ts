import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import electronLog from 'electron-log/node';
import type { Disposable } from '../common/disposable';
import { redactInUse } from '../common/redact';
import { writeOut } from '../common/terminal';
import { terminalSafe } from '../../shared/text';

/**
 * The app's log file: every log line of the core and the host, with the configured keys and every
 * key in use redacted in all their forms (common/redact.ts), appended to `<userData>/logs/main.log` by electron-log, which
 * rotates it at about 1 MB keeping three files (main.log, main.1.log, main.2.log), readable only
 * by the user.
 */
export const LOG_MAX_BYTES = 1024 * 1024;
export const LOG_FILES_KEPT = 3;

export interface LogFileOptions {
  /** the folder the log files go in (`<userData>/logs`) */
  dir: string;
  /** the secrets to keep out of the file (read on every line: the key may change) */
  secrets?: () => (string | null | undefined)[];
  maxBytes?: number;
  /** also print each line (development and tests) */
  echo?: ((line: string) => void) | null;
}

export interface LogFile extends Disposable {
  readonly dir: string;
  /** the file being written */
  readonly path: string;
  write(line: string): void;
}

let instances = 0;

export function openLogFile(options: LogFileOptions): LogFile {
  const dir = options.dir;
  const path = join(dir, 'main.log');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const logger = electronLog.create({ logId: `airwave-log-${++instances}` });
  logger.transports.console.level = false;
  const file = logger.transports.file;
  file.resolvePathFn = () => path;
  file.maxSize = options.maxBytes ?? LOG_MAX_BYTES;
  file.format = '[{y}-{m}-{d} {h}:{i}:{s}.{ms}] {text}';
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  file.archiveLogFn = (current) => rotate(current.path);
  let open = true;
  const echo = options.echo === undefined ? (line: string) => writeOut(`[airwave] ${line}\n`) : options.echo;
  return {
    dir,
    path,
    write(line) {
      // no control character of a server's reaches a terminal that shows the log (tail -f)
      const clean = terminalSafe(redactInUse(line, ...safely(options.secrets)));
      echo?.(clean);
      if (!open) return;
      logger.info(clean);
    },
    dispose() {
      open = false;
    },
  };
}

/** main.1.log → main.2.log (the oldest is dropped), main.log → main.1.log. */
function rotate(current: string): void {
  const numbered = (n: number) => current.replace(/\.log$/, `.${n}.log`);
  try {
    rmSync(numbered(LOG_FILES_KEPT - 1), { force: true });
    for (let n = LOG_FILES_KEPT - 2; n >= 1; n--) if (existsSync(numbered(n))) renameSync(numbered(n), numbered(n + 1));
    renameSync(current, numbered(1));
  } catch {
    rmSync(current, { force: true }); // never let a full or read-only disk stop the app
  }
}

function safely(secrets: LogFileOptions['secrets']): (string | null | undefined)[] {
  try {
    return secrets?.() ?? [];
  } catch {
    return [];
  }
}
