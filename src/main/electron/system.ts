import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app, globalShortcut } from 'electron';
import type { Disposable } from '../common/disposable';

/**
 * Launch at login and the global shortcut: the two OS integrations settings can switch.
 * macOS and Windows have login items; on Linux, Electron has none, so the app writes (or removes)
 * an XDG autostart entry, which GNOME, KDE, Xfce and most other desktops honour. In development
 * the executable is the bare Electron binary, so the app's folder is passed as its argument
 * (otherwise Electron's default app would open at login).
 */
export function setLaunchAtLogin(enabled: boolean, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): void {
  if (platform === 'win32') {
    // `path` and `args` are Windows-only options (https://www.electronjs.org/docs/latest/api/app#appsetloginitemsettingssettings-macos-windows)
    app.setLoginItemSettings({ openAtLogin: enabled, path: process.execPath, args: app.isPackaged ? [] : [app.getAppPath()] });
    return;
  }
  if (platform === 'darwin') {
    // macOS registers the running app bundle; it takes no arguments, so in development this is
    // Electron.app itself (see docs/platforms.md)
    app.setLoginItemSettings({ openAtLogin: enabled });
    return;
  }
  if (platform !== 'linux') return;
  const file = autostartFile(env);
  if (!enabled) {
    rmSync(file, { force: true });
    return;
  }
  // An AppImage moves its mount point on every run: start the AppImage file itself.
  const command = env.APPIMAGE ? [env.APPIMAGE] : app.isPackaged ? [process.execPath] : [process.execPath, app.getAppPath()];
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, autostartEntry(command), { mode: 0o644 });
}

export function autostartFile(env: NodeJS.ProcessEnv = process.env): string {
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(config, 'autostart', 'airwave-tray.desktop');
}

/** A desktop entry; each argument quoted as the Desktop Entry spec asks for the Exec key. */
export function autostartEntry(command: string[]): string {
  const quote = (arg: string) => `"${arg.replace(/([\\"`$])/g, '\\$1')}"`;
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Airwave Tray',
    'Comment=Who is watching your Airwave channels',
    `Exec=${command.map(quote).join(' ')}`,
    'X-GNOME-Autostart-enabled=true',
    'Terminal=false',
    '',
  ].join('\n');
}

export class ShortcutPort implements Disposable {
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

  /** Unregisters the shortcut (on quit). */
  dispose(): void {
    if (this.#registered) globalShortcut.unregister(this.#registered);
    this.#registered = null;
  }
}
