// The composition root of the Electron app: it reads top to bottom as what happens at launch.
// All behaviour lives in the core (src/main/core, plain Node); each adapter in src/main/electron
// maps one port to Electron APIs.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type WebContents } from 'electron';
import { AppController } from './core/app';
import { systemClock } from './common/clock';
import { SettingsService } from './core/settings';
import { startDemoServer } from './demo';
import { APP_ORIGIN, APP_PAGE, registerSchemes, serveApp } from './electron/app-protocol';
import { serveArtwork } from './electron/artwork-protocol';
import { ArtworkService } from './core/artwork-service';
import { registerBridge, sendSnapshot } from './electron/ipc';
import { Notifier } from './electron/notifier';
import { PopoverWindow } from './electron/popover-window';
import { watchPower } from './electron/power';
import { openElectronSettings, safeStorageBox } from './electron/settings-store';
import { setLaunchAtLogin, ShortcutPort } from './electron/system';
import { TrayAdapter } from './electron/tray';
import trayIcon from '../../resources/tray/tray-normal.png?asset';
import trayTemplate from '../../resources/tray/trayTemplate.png?asset';

const here = fileURLToPath(new URL('.', import.meta.url));
const paths = {
  preload: join(here, '../preload/index.cjs'),
  renderer: join(here, '../renderer'),
};
const log = (line: string) => console.log(`[airwave] ${line}`);

// 1. One instance only: a second launch opens the first one's popover instead.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // 2. Before ready: the app's own schemes must be privileged, and a tray app has no dock icon.
  registerSchemes();
  app.on('window-all-closed', () => {
    /* a tray app keeps running without windows */
  });
  void app.whenReady().then(launch);
}

async function launch(): Promise<void> {
  app.dock?.hide();
  serveApp(paths.renderer);

  // 3. Settings and the key (safeStorage only works once the app is ready).
  const opened = openElectronSettings(app.getPath('userData'));
  const settings = new SettingsService(opened.backend, safeStorageBox());

  // 4. The core, with the host's ports.
  let popover: PopoverWindow | null = null;
  let tray: TrayAdapter | null = null;
  const shortcut = new ShortcutPort(() => core.focus(null));
  const core = new AppController({
    clock: systemClock,
    settings,
    dataDir: app.getPath('userData'),
    notices: opened.notices,
    log,
    launchDemo: () => startDemoServer({ port: 0, host: '127.0.0.1' }),
    host: {
      showPopover: () => popover?.show(tray?.bounds ?? null),
      hidePopover: () => popover?.hide(),
      openExternal: async (url) => {
        const { shell } = await import('electron');
        await shell.openExternal(url);
      },
      quit: () => app.quit(),
      setLaunchAtLogin,
      applyShortcut: (value) => shortcut.apply(value),
    },
  });

  // 5. Artwork for the popover: airwave-art: URLs, fetched without the key, cached in userData.
  serveArtwork(new ArtworkService({ cacheDir: join(app.getPath('userData'), 'artwork'), client: () => core.client }));

  // 6. The popover window and the bridge it talks through.
  const pageUrl = process.env.ELECTRON_RENDERER_URL && !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : APP_PAGE;
  popover = new PopoverWindow({
    preload: paths.preload,
    url: pageUrl,
    platform: process.platform,
    onVisibility: (visible) => core.setPopoverOpen(visible),
  });
  const popoverContents: WebContents = popover.window.webContents;
  registerBridge({
    handlers: core.handlers,
    isOwnWindow: (contents) => contents === popoverContents,
    isOwnPage: (url) => url.startsWith(`${APP_ORIGIN}/`) || (pageUrl !== APP_PAGE && url.startsWith(pageUrl)),
    log,
  });
  core.subscribe((update) => sendSnapshot(popoverContents, update));

  // 7. The tray, notifications, power and network events.
  tray = new TrayAdapter({
    initialIcon: process.platform === 'darwin' ? trayTemplate : trayIcon,
    platform: process.platform,
    onAction: (action) => core.trayAction(action),
    onClick: (bounds) => popover?.toggle(bounds.width > 0 ? bounds : null),
  });
  core.onTray((view) => tray?.apply(view));
  const notifier = new Notifier({
    fetchPoster: async (url, signal) => (await core.client?.artwork(url, { signal }))?.bytes ?? null,
    onClick: (target) => core.focus(target),
  });
  core.onNotification((request) => void notifier.show(request).catch((error: unknown) => log(`notification: ${String(error)}`)));
  watchPower({ suspend: () => core.suspend(), resume: () => core.resume(), online: () => core.networkOnline() });
  app.on('second-instance', () => core.focus(null));

  // 8. OS integrations from the settings, then follow the saved server.
  shortcut.apply(settings.values.shortcut);
  app.on('before-quit', () => void core.close());
  await core.start();
}
