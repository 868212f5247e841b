/**
 * Demo mode: starts the built-in demo server through the host's launcher, follows it, and stops
 * it again when a real server is saved, the server is forgotten or the core closes.
 */
import type { Outcome } from '../../../shared/bridge';
import type { SettingsService } from '../settings/settings';
import type { EngineConfig } from '../sync/engine';
import type { Notices } from './notices';
import { failed, ok } from './handlers/outcome';
import type { DemoHandle } from './ports';
import { messages } from '../../../shared/i18n/messages';

export interface DemoModeOptions {
  /** the host's launcher; null where there is no built-in demo */
  launch: (() => Promise<DemoHandle>) | null;
  settings: SettingsService;
  notices: Notices;
  /** follows a server (unless the core has closed) */
  follow: (config: EngineConfig) => void;
  /** a demo is up, about to be followed (History takes its past) */
  started?: (demo: DemoHandle) => void;
  log: (line: string) => void;
}

export class DemoMode {
  readonly #options: DemoModeOptions;
  #demo: DemoHandle | null = null;
  #closed = false;

  constructor(options: DemoModeOptions) {
    this.#options = options;
  }

  get available(): boolean {
    return this.#options.launch !== null;
  }

  /** Starts a fresh demo server (stopping any running one) and follows it. */
  async start(): Promise<Outcome<null>> {
    const { launch, settings, notices, follow, log } = this.#options;
    if (!launch) return failed('unsupported', messages().errors.demoUnavailable);
    try {
      await this.stop();
      const demo = await launch();
      if (this.#closed) {
        // the core closed while the server was starting: nothing may outlive it
        await demo.close().catch(() => {});
        return failed('closed', messages().errors.appClosing);
      }
      const previous = this.#demo; // a second start that overlapped this one
      this.#demo = demo;
      await previous?.close().catch(() => {});
      settings.setDemo(true);
      this.#options.started?.(demo);
      notices.drop('key-unreadable');
      // after the setting: following the demo replaces the saved servers until it is left
      follow({ server: demo.url, apiKey: demo.key, authStyle: 'x-api-key', pollSeconds: settings.values.pollSeconds });
      return ok(null);
    } catch (error) {
      log(`demo: ${error instanceof Error ? error.message : String(error)}`);
      return failed('demo-failed', messages().errors.demoFailed, messages().errors.demoFailedFix);
    }
  }

  /** Stops the demo server, if one runs. */
  async stop(): Promise<void> {
    const demo = this.#demo;
    this.#demo = null;
    await demo?.close().catch(() => {});
  }

  /** Stops the demo server for good: one that is still starting is closed as soon as it is up. */
  async dispose(): Promise<void> {
    this.#closed = true;
    await this.stop();
  }
}
