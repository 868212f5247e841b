import { Menu, type MenuItemConstructorOptions } from 'electron';

/**
 * The application menu. A tray app shows none, but Electron's default one carries keyboard
 * shortcuts: View → Toggle Developer Tools (Ctrl+Shift+I / ⌥⌘I) and Reload would open a console
 * with the bridge in a packaged app. Packaged, the default menu is replaced before `ready`:
 * - macOS keeps an app menu (Quit, Hide) and an Edit menu, because copy and paste in a text field
 *   (the API key) go through the Edit menu's roles there
 *   (https://www.electronjs.org/docs/latest/api/menu#main-process, "Standard menu items on macOS");
 * - Windows and Linux get none (`null`: "Passing null will suppress the default menu";
 *   https://www.electronjs.org/docs/latest/api/menu#menusetapplicationmenumenu).
 * In development the default menu stays, DevTools included.
 */
export function applicationMenu(platform: NodeJS.Platform): MenuItemConstructorOptions[] | null {
  if (platform !== 'darwin') return null;
  return [
    { role: 'appMenu', submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { type: 'separator' }, { role: 'quit' }] },
    { role: 'editMenu' },
  ];
}

/** Sets the packaged app's menu (see applicationMenu); does nothing in development. */
export function lockApplicationMenu(packaged: boolean, platform: NodeJS.Platform = process.platform): void {
  if (!packaged) return;
  const template = applicationMenu(platform);
  Menu.setApplicationMenu(template ? Menu.buildFromTemplate(template) : null);
}
