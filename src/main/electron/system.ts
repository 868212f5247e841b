import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app, globalShortcut } from 'electron';

/**
 * Launch at login and the global shortcut: the two OS integrations settings can switch.
 * macOS and Windows have login items; on Linux, Electron has none, so the app writes (or removes)
 * an XDG autostart entry, which GNOME, KDE, Xfce and most other desktops honour.
 */
export function setLaunchAtLogin(enabled: boolean, platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): void {
  if (platform === 'darwin' || platform === 'win32') {
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
