// Sandboxed preload: built as CommonJS and may require only `electron`. The typed bridge of
// src/shared/bridge.ts is exposed here once it exists; for now only the app's identity.
import { contextBridge } from 'electron';
import { APP_NAME, APP_VERSION } from '../shared/app-info';

const api = { app: { name: APP_NAME, version: APP_VERSION } } as const;

contextBridge.exposeInMainWorld('airwave', api);

export type AirwaveApi = typeof api;
