import { app, globalShortcut } from 'electron';

/** Launch at login and the global shortcut: the two OS integrations settings can switch. */
export function setLaunchAtLogin(enabled: boolean): void {
  // Linux has no login items in Electron; the setting is kept and the README says so.
  if (process.platform === 'darwin' || process.platform === 'win32') app.setLoginItemSettings({ openAtLogin: enabled });
}

export class ShortcutPort {
  #registered: string | null = null;

  constructor(private readonly onPress: () => void) {}

  /** Registers (or removes) the shortcut; false when the accelerator is invalid or taken. */
  apply(shortcut: { enabled: boolean; accelerator: string }): boolean {
    if (this.#registered) globalShortcut.unregister(this.#registered);
    this.#registered = null;
    if (!shortcut.enabled) return true;
    try {
      if (!globalShortcut.register(shortcut.accelerator, this.onPress)) return false;
    } catch {
      return false; // an accelerator Electron cannot parse
    }
    this.#registered = shortcut.accelerator;
    return true;
  }
}
