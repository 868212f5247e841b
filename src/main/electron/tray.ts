import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { drawBadge, drawTrayIcon, encodePng, type IconVariant } from '../core/tray-badge';
import type { MenuItemModel, TrayAction, TrayView } from '../core/tray-view';

/**
 * The tray port: applies a TrayView. macOS shows the count as text beside a template image;
 * Windows and Linux get the count drawn onto the icon (1x and 2x). The menu is rebuilt only when
 * its model changed (rebuilding closes an open menu on some platforms).
 */
export interface TrayOptions {
  /** the icon file the tray starts with (must exist on disk) */
  initialIcon: string;
  platform: NodeJS.Platform;
  onAction(action: TrayAction): void;
  /** a click on the icon (not delivered by some Linux panels: the menu covers everything) */
  onClick(bounds: Electron.Rectangle): void;
}

export class TrayAdapter {
  readonly tray: Tray;
  readonly #options: TrayOptions;
  #menuKey = '';
  #iconKey = '';
  #tooltip = '';
  #title = '';

  constructor(options: TrayOptions) {
    this.#options = options;
    this.tray = new Tray(nativeImage.createFromPath(options.initialIcon));
    this.tray.on('click', (_event, bounds) => options.onClick(bounds));
  }

  get bounds(): Electron.Rectangle | null {
    const bounds = this.tray.getBounds();
    return bounds.width > 0 && bounds.height > 0 ? bounds : null;
  }

  apply(view: TrayView): void {
    const mac = this.#options.platform === 'darwin';
    const iconKey = mac ? `${view.icon}` : `${view.icon}:${view.badgeText}`;
    if (iconKey !== this.#iconKey) {
      this.#iconKey = iconKey;
      this.tray.setImage(trayImage(view.icon, mac ? 0 : view.badge, mac));
    }
    if (mac && view.title !== this.#title) {
      this.#title = view.title;
      this.tray.setTitle(view.title);
    }
    if (view.tooltip !== this.#tooltip) {
      this.#tooltip = view.tooltip;
      this.tray.setToolTip(view.tooltip);
    }
    const menuKey = JSON.stringify(view.menu);
    if (menuKey !== this.#menuKey) {
      this.#menuKey = menuKey;
      this.tray.setContextMenu(Menu.buildFromTemplate(view.menu.map((item) => this.#template(item))));
    }
  }

  destroy(): void {
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
export function trayImage(variant: IconVariant, count: number, template: boolean): NativeImage {
  const at = (size: number) => {
    const base = drawTrayIcon(variant, size, { template });
    return encodePng(template ? base : drawBadge(base, count));
  };
  const image = nativeImage.createFromBuffer(at(16), { scaleFactor: 1 });
  image.addRepresentation({ scaleFactor: 2, buffer: at(32) });
  if (template) image.setTemplateImage(true);
  return image;
}
