// Sandboxed preload: built as CommonJS and may require only `electron`. It exposes exactly the
// bridge of src/shared/bridge.ts: one named function per command, and the snapshot subscription.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { COMMANDS, commandChannel, SNAPSHOT_CHANNEL, type BridgeApi, type SnapshotUpdate } from '../shared/bridge';

const api = Object.fromEntries(
  COMMANDS.map((command) => [command, (request: unknown) => ipcRenderer.invoke(commandChannel(command), request ?? {})]),
) as Omit<BridgeApi, 'onSnapshot'>;

const bridge: BridgeApi = {
  ...api,
  onSnapshot(listener) {
    const forward = (_event: IpcRendererEvent, update: SnapshotUpdate) => listener(update);
    ipcRenderer.on(SNAPSHOT_CHANNEL, forward);
    return () => void ipcRenderer.removeListener(SNAPSHOT_CHANNEL, forward);
  },
};

contextBridge.exposeInMainWorld('airwave', bridge);
