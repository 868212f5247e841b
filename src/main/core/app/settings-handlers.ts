/**
 * The settings commands: applying a change where it takes effect (poll interval, login item,
 * auth style, global shortcut), forgetting the server with its key, data and traffic, and leaving
 * the demo (back to first run, or to the saved real server).
 */
import { acceleratorProblem } from '../../../shared/accelerator';
import type { BridgeHandlers } from '../../../shared/bridge';
import type { Clock } from '../../common/clock';
import type { SettingsService } from '../settings';
import { initialState, type StateStore } from '../state';
import type { EngineConfig, SyncEngine } from '../sync/engine';
import { savedConfig } from './connect';
import type { DemoMode } from './demo-mode';
import type { NotificationFeed } from './notifications';
import { failed, ok } from './outcome';
import type { HostPort } from './ports';

export interface SettingsDeps {
  clock: Clock;
  settings: SettingsService;
  store: StateStore;
  engine: SyncEngine;
  host: Partial<HostPort>;
  demo: DemoMode;
  notifications: NotificationFeed;
  follow: (config: EngineConfig) => void;
}

export function settingsHandlers(deps: SettingsDeps): Pick<BridgeHandlers, 'updateSettings' | 'forgetServer' | 'leaveDemo'> {
  const { settings, engine, host } = deps;
  /** Stops following and clears what the server sent (the settings are the caller's business). */
  const stopFollowing = async () => {
    await engine.close();
    await deps.demo.stop();
    deps.notifications.forgetViewers();
    deps.store.update(initialState(deps.clock.now(), deps.store.state.guide.forwardMinutes));
  };
  return {
    updateSettings: async (patch) => {
      const accelerator = patch.shortcut?.accelerator;
      const problem = accelerator === undefined ? null : acceleratorProblem(accelerator);
      if (problem) return failed('invalid-shortcut', `The shortcut "${accelerator}" cannot be used: ${problem}`, 'Press Record and then the keys.');
      const before = settings.values;
      settings.update(patch);
      const after = settings.values;
      if (patch.pollSeconds !== undefined) engine.setPollSeconds(after.pollSeconds);
      if (patch.launchAtLogin !== undefined) host.setLaunchAtLogin?.(after.launchAtLogin);
      if (patch.authStyle && patch.authStyle !== before.authStyle && !after.demo) {
        const config = savedConfig(settings);
        if (config) deps.follow(config);
      }
      if (patch.shortcut && host.applyShortcut && !host.applyShortcut(after.shortcut)) {
        settings.update({ shortcut: { enabled: false } });
        return failed(
          'shortcut-refused',
          `The shortcut ${after.shortcut.accelerator} could not be registered; another app may be using it.`,
          'Pick a different key combination.',
        );
      }
      return ok(settings.view());
    },
    forgetServer: async () => {
      await stopFollowing();
      settings.forget();
      return ok(null);
    },
    leaveDemo: async () => {
      if (!settings.values.demo) return failed('not-demo', 'The app is not in demo mode.');
      await stopFollowing();
      settings.setDemo(false);
      // the saved real server (demo mode never touches it) is followed again; without one: first run
      const config = savedConfig(settings);
      if (config) deps.follow(config);
      return ok(null);
    },
  };
}
