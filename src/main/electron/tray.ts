import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import type { Disposable } from '../common/disposable';
import { drawBadge } from '../core/tray/tray-badge';
import { drawTrayIcon, type IconVariant } from '../core/tray/tray-mark';
import { encodePng } from '../core/tray/raster';
import type { MenuItemModel, TrayAction, TrayView } from '../core/tray/tray-view';

/**
 * The tray port: applies a TrayView. macOS shows the count as text beside a template image;
 * Windows and Linux get the count drawn onto the icon (1x and 2x). On macOS and Windows a left
 * click toggles the popover and a right click pops the menu up; on Linux the menu is handed to the
 * panel (some panels deliver no clicks at all). The menu is rebuilt only when it changed.
 */
export interface HostMenuItem {
  id: string;
  label: string;
  enabled: boolean;
  run(): void;
}

export interface TrayOptions {
  /** the icon file the tray starts with (must exist on disk) */
  initialIcon: string;
  platform: NodeJS.Platform;
  onAction(action: TrayAction): void;
  /** a click on the icon (not delivered by some Linux panels: the menu covers everything) */
  onClick(bounds: Electron.Rectangle): void;
  /** the host's own items (updates, the log folder), placed just above Quit */
  hostItems?: () => HostMenuItem[];
}

export class TrayAdapter implements Disposable {
  readonly tray: Tray;
  readonly #options: TrayOptions;
  #view: TrayView | null = null;
  #menu: Electron.Menu | null = null;
  #menuKey = '';
  #iconKey = '';
  #tooltip = '';
  #title = '';

  constructor(options: TrayOptions) {
    this.#options = options;
    this.tray = new Tray(nativeImage.createFromPath(options.initialIcon));
    this.tray.on('click', (_event, bounds) => options.onClick(bounds));
    if (this.#popsUpMenu) {
      // setContextMenu would make every click open the menu on macOS
      // (https://github.com/electron/electron/issues/4796): pop it up on a right click instead.
      // A quick second click toggles again rather than counting as a double click (macOS-only API).
      if (options.platform === 'darwin') this.tray.setIgnoreDoubleClickEvents(true);
      this.tray.on('right-click', () => {
        if (this.#menu) this.tray.popUpContextMenu(this.#menu);
      });
    }
  }

  get bounds(): Electron.Rectangle | null {
    const bounds = this.tray.getBounds();
    return bounds.width > 0 && bounds.height > 0 ? bounds : null;
  }

  /** The menu as it is now (popped up on a right click, or handed to the Linux panel). */
  get menu(): Electron.Menu | null {
    return this.#menu;
  }

  get #popsUpMenu(): boolean {
    return this.#options.platform === 'darwin' || this.#options.platform === 'win32';
  }

  apply(view: TrayView): void {
    this.#view = view;
    const mac = this.#options.platform === 'darwin';
    const iconKey = mac ? `${view.icon}` : `${view.icon}:${view.badgeText}`;
    if (iconKey !== this.#iconKey) {
      this.#iconKey = iconKey;
      this.tray.setImage(trayImage(view.icon, mac ? 0 : view.badge, mac, view.badgeText));
    }
    // the count as the item's title beside the template mark: setTitle is macOS-only
    // (https://www.electronjs.org/docs/latest/api/tray#traysettitletitle-options-macos); Windows
    // and Linux get the badge drawn into the image instead
    if (mac && view.title !== this.#title) {
      this.#title = view.title;
      this.tray.setTitle(view.title);
    }
    if (view.tooltip !== this.#tooltip) {
      this.#tooltip = view.tooltip;
      this.tray.setToolTip(view.tooltip);
    }
    this.refreshMenu();
  }

  /** Rebuilds the menu when the view's items or the host's items changed. */
  refreshMenu(): void {
    if (!this.#view || this.tray.isDestroyed()) return;
    const host = this.#options.hostItems?.() ?? [];
    const menuKey = JSON.stringify([this.#view.menu, host.map(({ id, label, enabled }) => [id, label, enabled])]);
    if (menuKey === this.#menuKey) return;
    this.#menuKey = menuKey;
    const items = this.#view.menu.map((item) => this.#template(item));
    const quitAt = this.#view.menu.findIndex((item) => item.id === 'sep-quit');
    const hostTemplates: MenuItemConstructorOptions[] = host.map((item) => ({ id: item.id, label: item.label, enabled: item.enabled, click: () => item.run() }));
    items.splice(quitAt >= 0 ? quitAt : items.length, 0, ...(hostTemplates.length > 0 ? [{ type: 'separator' as const }, ...hostTemplates] : []));
    this.#menu = Menu.buildFromTemplate(items);
    if (!this.#popsUpMenu) this.tray.setContextMenu(this.#menu);
  }

  dispose(): void {
    this.tray.removeAllListeners();
    this.tray.destroy();
  }

  #template(item: MenuItemModel): MenuItemConstructorOptions {
    if (item.kind === 'separator') return { type: 'separator' };
    const action = item.action;
    return {
      id: item.id,
      label: item.label,
      enabled: item.enabled,
      ...(item.kind === 'submenu' ? { submenu: (item.submenu ?? []).map((child) => this.#template(child)) } : {}),
      ...(action ? { click: () => this.#options.onAction(action) } : {}),
    };
  }
}

/** The icon at 1x and 2x; on macOS a template image (the system tints it), elsewhere with the badge. */
export function trayImage(variant: IconVariant, count: number, template: boolean, shown?: string): NativeImage {
  const at = (size: number) => {
    const base = drawTrayIcon(variant, size, { template });
    return encodePng(template ? base : drawBadge(base, count, shown));
  };
  const image = nativeImage.createFromBuffer(at(16), { scaleFactor: 1 });
  image.addRepresentation({ scaleFactor: 2, buffer: at(32) });
  if (template) image.setTemplateImage(true);
  return image;
}
