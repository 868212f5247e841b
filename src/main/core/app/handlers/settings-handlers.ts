/**
 * The settings commands: applying a change where it takes effect (poll interval, login item,
 * auth style, global shortcut), forgetting the server with its key, data and traffic, and leaving
 * the demo (back to first run, or to the saved real server).
 */
import { acceleratorProblem } from '../../../../shared/accelerator';
import { shortcutProblemText } from '../../../../shared/accelerator-words';
import type { Clock } from '../../../common/clock';
import type { BridgeHandlers } from '../../../../shared/bridge';
import type { SettingsService } from '../../settings/settings';
import type { DemoMode } from '../demo-mode';
import { failed, ok } from './outcome';
import type { HostPort } from '../ports';
import { messages, t } from '../../../../shared/i18n/messages';

export interface SettingsDeps {
  settings: SettingsService;
  host: Partial<HostPort>;
  demo: DemoMode;
  clock: Clock;
}

/**
 * What is followed follows the settings (the controller re-reads them on every change): these
 * handlers change the settings, and apply what only the host can (login item, shortcut).
 */
export function settingsHandlers(deps: SettingsDeps): Pick<BridgeHandlers, 'updateSettings' | 'forgetServer' | 'leaveDemo'> {
  const { settings, host } = deps;
  return {
    updateSettings: async (patch) => {
      const accelerator = patch.shortcut?.accelerator;
      const problem = accelerator === undefined ? null : acceleratorProblem(accelerator);
      if (problem) return failed('invalid-shortcut', shortcutProblemText(accelerator ?? '', problem), messages().errors.shortcutFix);
      settings.update(patch, deps.clock.now());
      const after = settings.values;
      if (patch.launchAtLogin !== undefined) host.setLaunchAtLogin?.(after.launchAtLogin);
      if (patch.shortcut && host.applyShortcut && !host.applyShortcut(after.shortcut)) {
        settings.update({ shortcut: { enabled: false } }, deps.clock.now());
        return failed(
          'shortcut-refused',
          t(messages().errors.shortcutTaken, { shortcut: after.shortcut.accelerator }),
          messages().errors.shortcutTakenFix,
        );
      }
      return ok(settings.view());
    },
    forgetServer: async () => {
      await deps.demo.stop();
      settings.forget();
      return ok(null);
    },
    leaveDemo: async () => {
      if (!settings.values.demo) return failed('not-demo', messages().errors.notDemo);
      await deps.demo.stop();
      // the saved servers (demo mode never touches them) are followed again; without one: first run
      settings.setDemo(false);
      return ok(null);
    },
  };
}
