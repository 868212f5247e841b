// Types for the parts of the fake that tests drive directly; the Electron API surface itself is
// typed by the real `electron` package (the adapters import that).
import type { EventEmitter } from 'node:events';

export interface FakeReport {
  ready: boolean;
  platform: string;
  violations: string[];
  schemes: string[];
  trays: { icon: string | null; exists: boolean }[];
  ipcHandlers: string[];
  calls: string[];
  errorBoxes: { title: string; content: string }[];
  quit: boolean;
  exitCode: number | null;
}

export interface FakeNotification extends EventEmitter {
  options: { title: string; body: string; icon?: unknown; actions?: { type: string; text: string }[]; toastXml?: string };
  shown: boolean;
  closed: boolean;
  /** the user presses the body or the button at an index, as the imitated platform delivers it */
  press(target?: 'body' | number): void;
  dismiss(): void;
  fail(error?: string): void;
}

export interface Leftovers {
  ipcHandlers: string[];
  protocolHandlers: string[];
  shortcuts: string[];
  powerListeners: string[];
  appListeners: string[];
  trays: number;
  windows: number;
  notifications: number;
}

export const report: FakeReport;
export const fake: {
  platform: NodeJS.Platform | undefined;
  encryptionAvailable: boolean;
  storageBackend: string;
  online: boolean;
  shortcutTaken: boolean;
  notificationsSupported: boolean;
  macAlerts: boolean;
  protocolClients: Set<string>;
  displays: { id: number; bounds: Rect; workArea: Rect }[];
  cursor: { x: number; y: number };
  userData: string;
  failOn: string | null;
  ipc: Map<string, (event: unknown, payload: unknown) => Promise<unknown>>;
  notifications: FakeNotification[];
  shortcuts: Map<string, () => void>;
  loginItem: unknown;
  openedExternal: string[];
  openedPaths: string[];
  /** save dialogs shown (their options), and what the next one answers: a path, or null for Cancel */
  saveDialogs: unknown[];
  saveDialogAnswer: string | null;
  power: EventEmitter;
  markReady(): void;
  leftovers(): Leftovers;
};
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A click on a (fake) tray icon, in the real order of the platform the fake imitates. */
export function clickTray(tray: unknown, button?: 'left' | 'right'): void;

/** The fake app (an EventEmitter with Electron's quit order). */
export const app: EventEmitter & { quit(): void; exit(code?: number): void; isPackaged: boolean };

/** The fake protocol module; `request` answers a URL with the handler registered for its scheme. */
export const protocol: {
  request(url: string): Promise<Response | null>;
};
