import { BrowserWindow, screen, type Rectangle } from 'electron';
import { placePopover } from '../core/popover-placement';

/**
 * The popover port: one frameless window, created hidden, shown next to the tray within the work
 * area of the display it is on, hidden again on blur and Escape. Locked down: isolated, sandboxed,
 * no Node, no navigation, no new windows, no permission prompts.
 */
export const POPOVER_SIZE = { width: 380, height: 560 } as const;

export interface PopoverOptions {
  preload: string;
  /** the app page (airwave-app://popover/index.html, or the dev server in development) */
  url: string;
  platform: NodeJS.Platform;
  onVisibility(visible: boolean): void;
}

export class PopoverWindow {
  readonly window: BrowserWindow;
  readonly #options: PopoverOptions;
  #shownAt = 0;

  constructor(options: PopoverOptions) {
    this.#options = options;
    this.window = new BrowserWindow({
      ...POPOVER_SIZE,
      show: false,
      frame: false,
      resizable: false,
      movable: false,
      minimizable: false,
      maximizable: false,
      fullscreenable: false,
      skipTaskbar: true,
      alwaysOnTop: true,
      title: 'Airwave Tray',
      backgroundColor: '#00000000',
      webPreferences: {
        preload: options.preload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        spellcheck: false,
      },
    });
    lockDown(this.window, options.url);
    this.window.on('blur', () => {
      // A click on the tray icon blurs the window just before it asks to toggle: ignore that echo.
      if (Date.now() - this.#shownAt > 150) this.hide();
    });
    this.window.webContents.on('before-input-event', (event, input) => {
      if (input.type === 'keyDown' && input.key === 'Escape') {
        event.preventDefault();
        this.hide();
      }
    });
    this.window.on('show', () => options.onVisibility(true));
    this.window.on('hide', () => options.onVisibility(false));
    void this.window.loadURL(options.url);
  }

  get visible(): boolean {
    return this.window.isVisible();
  }

  show(trayBounds: Rectangle | null): void {
    const { width, height } = POPOVER_SIZE;
    const primary = screen.getPrimaryDisplay();
    const placement = placePopover({
      window: { width, height },
      tray: trayBounds,
      cursor: screen.getCursorScreenPoint(),
      displays: screen.getAllDisplays(),
      primary,
      platform: this.#options.platform,
    });
    this.window.setBounds({ x: placement.x, y: placement.y, width, height });
    this.#shownAt = Date.now();
    this.window.show();
    this.window.focus();
  }

  hide(): void {
    if (this.window.isVisible()) this.window.hide();
  }

  toggle(trayBounds: Rectangle | null): void {
    if (this.visible) this.hide();
    else this.show(trayBounds);
  }
}

/** Navigation, new windows and permission requests are all refused. */
export function lockDown(window: BrowserWindow, ownUrl: string): void {
  const contents = window.webContents;
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    if (url !== ownUrl) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  contents.session.setPermissionCheckHandler(() => false);
}
