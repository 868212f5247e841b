// Types for the parts of the fake that tests drive directly; the Electron API surface itself is
// typed by the real `electron` package (the adapters import that).
import type { EventEmitter } from 'node:events';

export interface FakeReport {
  ready: boolean;
  violations: string[];
  schemes: string[];
  trays: { icon: string | null; exists: boolean }[];
  ipcHandlers: string[];
}

export interface FakeNotification extends EventEmitter {
  options: { title: string; body: string; icon?: unknown };
  shown: boolean;
}

export const report: FakeReport;
export const fake: {
  encryptionAvailable: boolean;
  storageBackend: string;
  online: boolean;
  shortcutTaken: boolean;
  notificationsSupported: boolean;
  displays: { id: number; bounds: Rect; workArea: Rect }[];
  cursor: { x: number; y: number };
  userData: string;
  ipc: Map<string, (event: unknown, payload: unknown) => Promise<unknown>>;
  notifications: FakeNotification[];
  shortcuts: Map<string, () => void>;
  loginItem: unknown;
  openedExternal: string[];
  power: EventEmitter;
  markReady(): void;
};
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The fake protocol module; `request` answers a URL with the handler registered for its scheme. */
export const protocol: {
  request(url: string): Promise<Response | null>;
};
