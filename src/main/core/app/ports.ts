/**
 * What the core is given: the options an AppController is built with, and the ports a host
 * (Electron or the preview) supplies for what only it can do.
 */
import type { FocusTarget, LocalServerOffer, Notice, UpdateStatus } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import type { ClientOptions } from '../client';
import type { ProbeOptions, ProbeReport } from '../connection-test/probe';
import type { SettingsService } from '../settings/settings';
import type { Tuning } from '../sync/engine';
import type { Calendar } from '../history/calendar';
import type { PastRecord } from '../history/demo-past';

/** What the core asks of its host (all optional: the preview host has no login items). */
export interface HostPort {
  showPopover(focus: FocusTarget | null): void;
  /** hides the popover window (the page asked: Escape with nothing open) */
  hidePopover(): void;
  openExternal(url: string): Promise<void>;
  quit(): void;
  setLaunchAtLogin?(enabled: boolean): void;
  /** registers (or, when disabled, unregisters) the global shortcut; false when the OS refused it */
  applyShortcut?(shortcut: { enabled: boolean; accelerator: string }): boolean;
  /** checks for an update now and answers with the updater's state (the installed app only) */
  checkForUpdates?(): Promise<UpdateStatus>;
  /** opens the log folder in the file manager */
  openLogFolder?(): Promise<void>;
  /** asks where to save a text file (a save dialog) and saves it there; false when the person cancelled */
  saveFile?(suggestedName: string, text: string): Promise<boolean>;
}

export interface DemoHandle {
  url: string;
  key: string;
  /** the demo household's week before `now`, recorded as the demo's History (core/history/demo-past.ts) */
  past?(now: number): PastRecord;
  close(): Promise<void>;
}

export interface AppOptions {
  clock: Clock;
  settings: SettingsService;
  /** the user-data folder: favourites, reminders, the watchlist and the activity log live here (in memory without it) */
  dataDir?: string;
  /** notices from opening the settings (e.g. a damaged file was reset) */
  notices?: Notice[];
  host?: Partial<HostPort>;
  /** starts the built-in demo server (loopback, random port) */
  launchDemo?: () => Promise<DemoHandle>;
  probe?: (options: ProbeOptions) => Promise<ProbeReport>;
  /** the first run's quick look for a server on this computer (default: Airwave's port 36020 on loopback) */
  findLocalServer?: () => Promise<LocalServerOffer | null>;
  random?: () => number;
  tuning?: Partial<Tuning>;
  /** client network limits (tests of misbehaving servers shorten the timeouts) */
  client?: Pick<ClientOptions, 'timeouts' | 'limits'>;
  /** how long starts on one server (and reminders of one minute) are gathered into one notification (default 10 s) */
  notificationGatherMs?: number;
  /** local minute of the day, for quiet hours (injectable so tests need no time zone) */
  minuteOfDay?: (ms: number) => number;
  /** where History's days, months and years start (default: the computer's zone; tests pass UTC) */
  calendar?: Calendar;
  log?: (line: string) => void;
}
