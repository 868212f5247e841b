import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { COMMANDS, commandChannel, SNAPSHOT_CHANNEL, type BridgeHandlers, type SnapshotUpdate } from '../../shared/bridge';
import { checkRequest } from '../../shared/bridge-schema';

/**
 * The bridge over IPC: one `ipcMain.handle` per command. A request is answered only when it
 * comes from one of the app's own windows showing the app's own page, and only after its payload
 * passed the runtime schema; anything else is refused with an error the caller sees.
 */
export interface IpcOptions {
  handlers: BridgeHandlers;
  /** true for the app's own windows' web contents */
  isOwnWindow(contents: WebContents): boolean;
  /** true for a URL of the app's own page (e.g. starts with airwave-app://popover/) */
  isOwnPage(url: string): boolean;
  log?: (line: string) => void;
}

export function registerBridge(options: IpcOptions): () => void {
  const log = options.log ?? (() => {});
  for (const command of COMMANDS) {
    ipcMain.handle(commandChannel(command), async (event: IpcMainInvokeEvent, payload: unknown) => {
      const frameUrl = event.senderFrame?.url ?? '';
      if (!options.isOwnWindow(event.sender) || !options.isOwnPage(frameUrl)) {
        log(`ipc: refused ${command} from ${frameUrl || 'an unknown frame'}`);
        throw new Error(`${command}: refused (not from the app's own window)`);
      }
      const check = checkRequest(command, payload);
      if (!check.ok) {
        log(`ipc: refused ${check.reason}`);
        throw new Error(check.reason);
      }
      const handler = options.handlers[command] as (request: unknown) => Promise<unknown>;
      return handler(check.request);
    });
  }
  return () => {
    for (const command of COMMANDS) ipcMain.removeHandler(commandChannel(command));
  };
}

export function sendSnapshot(contents: WebContents, update: SnapshotUpdate): void {
  if (!contents.isDestroyed()) contents.send(SNAPSHOT_CHANNEL, update);
}
