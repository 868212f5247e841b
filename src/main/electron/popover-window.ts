import { BrowserWindow, screen, type Rectangle } from 'electron';
import type { Disposable } from '../common/disposable';
import { placePopover } from '../core/tray/popover-placement';

/**
 * The popover port: one frameless window, created hidden, shown next to the tray within the work
 * area of the display it is on, hidden again when it loses focus. Escape belongs to the page (it
 * closes a sheet or search first, then asks main to hide through the `hidePopover` command).
 * Locked down: isolated, sandboxed, no Node, no navigation, no new windows, no permission prompts.
 */
export const POPOVER_SIZE = { width: 380, height: 560 } as const;
/**
 * Pressing the tray icon blurs the popover just before the click arrives: the blur-hide waits this
 * long, and a tray click in between cancels it and closes the popover itself (the menubar
 * library's pattern), so a click on the icon of an open popover closes it instead of reopening it.
 */
export const BLUR_HIDE_DELAY_MS = 100;
/** Crash reloads allowed per minute; beyond that the page stays down until the popover is reopened. */
const RELOADS_PER_MINUTE = 3;

export interface PopoverOptions {
  preload: string;
  /** the app page (airwave-app://popover/index.html, or the dev server in development) */
  url: string;
  platform: NodeJS.Platform;
  /** false in a packaged app: no DevTools, so no console with the bridge in it */
  devTools?: boolean;
  onVisibility(visible: boolean): void;
  log?: (line: string) => void;
}

export class PopoverWindow implements Disposable {
  readonly window: BrowserWindow;
  readonly #options: PopoverOptions;
  #blurTimer: ReturnType<typeof setTimeout> | null = null;
  #reloads: number[] = [];

  constructor(options: PopoverOptions) {
    this.#options = options;
    const mac = options.platform === 'darwin';
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
        devTools: options.devTools ?? true,
      },
    });
    // macOS: on the Space the user is on, and over full-screen apps too
    // (https://www.electronjs.org/docs/latest/api/browser-window#winsetvisibleonallworkspacesvisible-options-macos-linux)
    if (mac) this.window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true, skipTransformProcessType: true });
    lockDown(this.window, options.url);
    this.window.on('blur', () => {
      this.#cancelBlurHide();
      this.#blurTimer = setTimeout(() => {
        this.#blurTimer = null;
        this.hide();
      }, BLUR_HIDE_DELAY_MS);
    });
    this.window.on('show', () => options.onVisibility(true));
    this.window.on('hide', () => {
      this.#cancelBlurHide();
      options.onVisibility(false);
    });
    // A crashed or killed page reloads (bounded, so a page that crashes on load cannot spin).
    this.window.webContents.on('render-process-gone', (_event, details) => {
      options.log?.(`popover page gone: ${details.reason} (exit code ${details.exitCode})`);
      if (details.reason === 'clean-exit' || this.window.isDestroyed()) return;
      const now = Date.now();
      this.#reloads = this.#reloads.filter((at) => now - at < 60_000);
      if (this.#reloads.length >= RELOADS_PER_MINUTE) {
        options.log?.('popover page crashed repeatedly: not reloading it again for a minute');
        return;
      }
      this.#reloads.push(now);
      this.window.webContents.reload();
    });
    void this.window.loadURL(options.url);
  }

  get visible(): boolean {
    return !this.window.isDestroyed() && this.window.isVisible();
  }

  show(trayBounds: Rectangle | null): void {
    if (this.window.isDestroyed()) return;
    this.#cancelBlurHide();
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
    this.window.show();
    this.window.focus();
  }

  hide(): void {
    this.#cancelBlurHide();
    if (this.visible) this.window.hide();
  }

  /**
   * A click on the tray icon. When the press that led to it blurred the open popover, the pending
   * blur-hide is still waiting: the click closes the popover rather than showing it again.
   */
  toggle(trayBounds: Rectangle | null): void {
    if (this.#blurTimer !== null || this.visible) this.hide();
    else this.show(trayBounds);
  }

  dispose(): void {
    this.#cancelBlurHide();
    if (!this.window.isDestroyed()) this.window.destroy();
  }

  #cancelBlurHide(): void {
    if (this.#blurTimer !== null) clearTimeout(this.#blurTimer);
    this.#blurTimer = null;
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
