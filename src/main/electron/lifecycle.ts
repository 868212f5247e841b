import { messages, t } from '../../shared/i18n/messages';
import type { EventEmitter } from 'node:events';
import { app, dialog } from 'electron';
import { toDisposable, type Disposable, type DisposableStore } from '../common/disposable';

/**
 * The Electron host's lifecycle: listeners registered so that quitting undoes them, an orderly
 * quit (everything the host registered is disposed, bounded in time, then the app really quits),
 * and a launch failure that says so and where the log is, instead of leaving an invisible process.
 */
export const QUIT_CLEANUP_LIMIT_MS = 3_000;

/** `emitter.on(event, listener)`, undone by the returned disposable. */
export function listen(emitter: EventEmitter, event: string, listener: (...args: never[]) => void): Disposable {
  const untyped = listener as (...args: unknown[]) => void;
  emitter.on(event, untyped);
  return toDisposable(() => void emitter.removeListener(event, untyped));
}

/**
 * On the first quit request, holds the quit, runs `cleanup` (at most QUIT_CLEANUP_LIMIT_MS), then
 * quits for real: that second `app.quit()` passes through, whether or not cleanup removed the listener.
 */
export function quitInOrder(store: DisposableStore, cleanup: () => Promise<void>, log: (line: string) => void): void {
  let started = false;
  let released = false;
  store.add(
    listen(app, 'before-quit', (event: Electron.Event) => {
      if (released) return; // cleanup finished or timed out: let this quit through
      event.preventDefault();
      if (started) return;
      started = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          log(`quit: cleanup took over ${QUIT_CLEANUP_LIMIT_MS} ms; quitting anyway`);
          resolve();
        }, QUIT_CLEANUP_LIMIT_MS);
      });
      const done = cleanup().catch((error: unknown) => log(`quit: cleanup failed: ${describe(error)}`));
      void Promise.race([done, limit]).then(() => {
        clearTimeout(timer);
        released = true;
        app.quit();
      });
    }),
  );
}

/** Logs the failure, shows it with the log file's path, then exits (status 1). */
export function failLaunch(error: unknown, logPath: string, log: (line: string) => void): void {
  log(`launch failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  try {
    const w = messages().tray;
    dialog.showErrorBox(w.launchFailedTitle, t(w.launchFailedBody, { error: describe(error), path: logPath }));
  } finally {
    app.exit(1);
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);
}
