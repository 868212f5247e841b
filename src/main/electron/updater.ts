import { messages, t } from '../../shared/i18n/messages';
import type { UpdateStatus } from '../../shared/bridge';
import { every, type Clock, type TimerHandle } from '../common/clock';
import type { Disposable } from '../common/disposable';
import type { HostMenuItem } from './tray';

/**
 * Updates from GitHub Releases through electron-updater, only in the installed app: a check at
 * start and every 6 hours, "Check for updates…" on demand, the update downloaded in the
 * background, then a quiet "Restart to update" item and one notification. The state lives here,
 * in the Electron host; the tray menu reads it directly.
 */
export const UPDATE_CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first check waits a little, so it does not compete with connecting to the server. */
export const FIRST_CHECK_AFTER_MS = 30_000;

/** What the service needs of electron-updater's `autoUpdater` (a fake in tests). */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** The updater's state is the one Settings shows (src/shared/bridge.ts). */
export type UpdateState = UpdateStatus;

export interface UpdateServiceOptions {
  /** `app.isPackaged`: never check from a development run */
  packaged: boolean;
  /** loads the updater (electron-updater is imported only when packaged) */
  load: () => Promise<Updater>;
  clock: Clock;
  notify(title: string, body: string): void;
  onChange(state: UpdateState): void;
  log(line: string): void;
}

export class UpdateService implements Disposable {
  readonly #options: UpdateServiceOptions;
  #state: UpdateState;
  #updater: Updater | null = null;
  #listeners: [string, (...args: unknown[]) => void][] = [];
  #timers: TimerHandle[] = [];
  #checking: Promise<void> | null = null;
  #notified = new Set<string>();
  #disposed = false;

  constructor(options: UpdateServiceOptions) {
    this.#options = options;
    this.#state = options.packaged ? { kind: 'idle' } : { kind: 'development' };
  }

  get state(): UpdateState {
    return this.#state;
  }

  /** Schedules the first check and the 6-hourly ones (nothing in development). */
  start(): void {
    if (!this.#options.packaged || this.#disposed) return;
    const { clock } = this.#options;
    this.#timers.push(clock.setTimeout(() => void this.check(), FIRST_CHECK_AFTER_MS));
    this.#timers.push(every(clock, UPDATE_CHECK_EVERY_MS, () => void this.check()));
  }

  /** Checks now; a check already running is joined, not repeated. */
  check(): Promise<void> {
    if (!this.#options.packaged) {
      this.#options.log('updates: not checked in development (only the installed app updates itself)');
      this.#set({ kind: 'development' });
      return Promise.resolve();
    }
    if (this.#disposed || this.#state.kind === 'ready' || this.#state.kind === 'downloading') return Promise.resolve();
    this.#checking ??= this.#run().finally(() => (this.#checking = null));
    return this.#checking;
  }

  /** Quits and installs the downloaded update. */
  restart(): void {
    if (this.#state.kind !== 'ready' || !this.#updater) return;
    this.#options.log(`updates: restarting to install ${this.#state.version}`);
    this.#updater.quitAndInstall(false, true);
  }

  /** The tray menu's update items: one at a time, quiet unless there is something to do. */
  menuItems(): HostMenuItem[] {
    const s = this.#state;
    if (s.kind === 'ready') return [{ id: 'update-restart', label: t(messages().tray.restartToUpdate, { version: s.version }), enabled: true, run: () => this.restart() }];
    const w = messages().tray;
    const label =
      s.kind === 'checking' ? w.updateChecking : s.kind === 'downloading' ? t(w.updateDownloading, { version: s.version }) : s.kind === 'up-to-date' ? w.updateUpToDate : s.kind === 'failed' ? w.updateFailed : w.updateCheck;
    return [{ id: 'update-check', label, enabled: s.kind !== 'checking' && s.kind !== 'downloading', run: () => void this.check() }];
  }

  dispose(): void {
    this.#disposed = true;
    for (const timer of this.#timers.splice(0)) timer.cancel();
    for (const [event, listener] of this.#listeners.splice(0)) this.#updater?.removeListener(event, listener);
  }

  async #run(): Promise<void> {
    this.#set({ kind: 'checking' });
    try {
      const updater = await this.#attach();
      if (this.#disposed) return;
      await updater.checkForUpdates();
      // electron-updater answers through events; a check that found nothing says so there too
      if (this.#state.kind === 'checking') this.#set({ kind: 'up-to-date', checkedAt: this.#options.clock.now() });
    } catch (error) {
      this.#fail(error);
    }
  }

  async #attach(): Promise<Updater> {
    if (this.#updater) return this.#updater;
    const updater = await this.#options.load();
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    const on = (event: string, listener: (...args: unknown[]) => void) => {
      updater.on(event, listener);
      this.#listeners.push([event, listener]);
    };
    on('update-available', (info) => this.#set({ kind: 'downloading', version: versionOf(info) }));
    on('update-not-available', () => this.#set({ kind: 'up-to-date', checkedAt: this.#options.clock.now() }));
    on('update-downloaded', (info) => {
      const version = versionOf(info);
      this.#set({ kind: 'ready', version });
      if (!this.#notified.has(version)) {
        this.#notified.add(version);
        this.#options.notify(messages().tray.updateReadyTitle, t(messages().tray.updateReadyBody, { version }));
      }
    });
    on('error', (error) => this.#fail(error));
    this.#updater = updater;
    return updater;
  }

  #fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.#options.log(`updates: ${message.split('\n')[0]}`);
    this.#set({ kind: 'failed', message: message.split('\n')[0]!.slice(0, 200) });
  }

  #set(state: UpdateState): void {
    if (this.#disposed) return;
    this.#state = state;
    this.#options.onChange(state);
  }
}

function versionOf(info: unknown): string {
  const version = (info as { version?: unknown } | null)?.version;
  return typeof version === 'string' && /^[\w.+-]{1,40}$/.test(version) ? version : messages().tray.newVersion;
}
