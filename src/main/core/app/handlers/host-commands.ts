/**
 * Commands only the host can carry out (hide the window, quit, check for updates, open the log
 * folder): each asks the host port, and says plainly when this host cannot do it.
 */
import type { BridgeHandlers } from '../../../../shared/bridge';
import { errorParts, failed, ok } from './outcome';
import type { HostPort } from '../ports';
import { messages, t } from '../../../../shared/i18n/messages';

type HostCommands = Pick<BridgeHandlers, 'hidePopover' | 'quit' | 'checkForUpdates' | 'openLogFolder'>;

export function hostHandlers(host: Partial<HostPort>): HostCommands {
  return {
    hidePopover: async () => {
      host.hidePopover?.();
      return ok(null);
    },
    quit: async () => {
      host.quit?.();
      return ok(null);
    },
    checkForUpdates: async () => {
      if (!host.checkForUpdates) return ok({ kind: 'development' });
      try {
        return ok(await host.checkForUpdates());
      } catch (error) {
        return failed('update-failed', t(messages().errors.updateCheckFailed, { error: errorParts(error)[1] }));
      }
    },
    openLogFolder: async () => {
      if (!host.openLogFolder) return failed('unavailable', messages().errors.noLogFiles);
      try {
        await host.openLogFolder();
        return ok(null);
      } catch {
        return failed('unavailable', messages().errors.logFolderFailed);
      }
    },
  };
}
