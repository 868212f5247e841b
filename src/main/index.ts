// The composition root of the Electron app: it reads top to bottom as what happens at launch.
// All behaviour lives in the core (src/main/core, plain Node); each adapter in src/main/electron
// maps one port to Electron APIs. Everything the host registers goes into one DisposableStore,
// disposed together when the app quits.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, shell, type WebContents } from 'electron';
import { systemClock } from './common/clock';
import { DisposableStore } from './common/disposable';
import { writeOut } from './common/terminal';
import { AppController } from './core/app';
import { ArtworkService } from './core/artwork/artwork-service';
import { SettingsService } from './core/settings/settings';
import { startDemoServer } from './demo';
import { NEWCOMER_DEMO } from './demo/newcomer';
import { lockApplicationMenu } from './electron/app-menu';
import { APP_ID } from './electron/app-identity';
import { APP_ORIGIN, APP_PAGE, registerSchemes, serveApp } from './electron/app-protocol';
import { serveArtwork } from './electron/artwork-protocol';
import { registerBridge, sendSnapshot } from './electron/ipc';
import { failLaunch, listen, quitInOrder } from './electron/lifecycle';
import { openLogFile, type LogFile } from './electron/log-file';
import { actionAtLaunch, listenForActions, registerActionProtocol } from './electron/notification-protocol';
import { Notifier } from './electron/notifier';
import { ToastImages } from './electron/toast-images';
import { PopoverWindow } from './electron/popover-window';
import { watchPower } from './electron/power';
import { openElectronSettings, safeStorageBox } from './electron/settings-store';
import { saveTextFile } from './electron/save-file';
import { setLaunchAtLogin, ShortcutPort } from './electron/system';
import { TrayAdapter } from './electron/tray';
import { UpdateService, type Updater } from './electron/updater';
import trayIcon from '../../resources/tray/tray-normal.png?asset';
import trayTemplate from '../../resources/tray/trayTemplate.png?asset';

const here = fileURLToPath(new URL('.', import.meta.url));
const paths = {
  preload: join(here, '../preload/index.cjs'),
  renderer: join(here, '../renderer'),
  logs: join(app.getPath('userData'), 'logs'),
};
const host = new DisposableStore();

// 1. The log file first, so that whatever fails next is written down (the key is redacted).
let keysToHide: () => string[] = () => [];
let logFile: LogFile | null = null;
try {
  logFile = host.add(openLogFile({ dir: paths.logs, secrets: () => keysToHide() }));
} catch (error) {
  console.error(`[airwave] no log file in ${paths.logs}: ${String(error)}`);
}
const log = (line: string) => (logFile ? logFile.write(line) : writeOut(`[airwave] ${line}\n`));
const fail = (error: unknown) => failLaunch(error, logFile?.path ?? paths.logs, log);

try {
  // 2. One instance only: a second launch opens the first one's popover instead.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
  } else {
    // 3. Before ready: Windows attributes toasts to the AppUserModelID (the app id), and drops
    // them without one; the app's own schemes must be privileged before ready.
    if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
    // Windows toast buttons open airwave-tray: URLs (electron/toast-xml.ts); a development run registers itself with its script
    registerActionProtocol();
    registerSchemes();
    // packaged: no default menu, so no shortcut opens DevTools or reloads the page
    lockApplicationMenu(app.isPackaged);
    // a tray app keeps running without windows
    host.add(listen(app, 'window-all-closed', () => {}));
    app.whenReady().then(launch).catch(fail);
  }
} catch (error) {
  fail(error);
}

async function launch(): Promise<void> {
  // 4. No dock icon: the packaged macOS app has none from its first frame (LSUIElement); a
  // development run hides Electron's here, once ready.
  app.dock?.hide();
  host.add(serveApp(paths.renderer));

  // 5. Settings and the key (safeStorage only works once the app is ready).
  const opened = openElectronSettings(app.getPath('userData'));
  // the language follows the OS's preferred languages, most wanted first, unless Settings picks one
  // (https://www.electronjs.org/docs/latest/api/app#appgetpreferredsystemlanguages)
  const settings = new SettingsService(opened.backend, safeStorageBox(), () => app.getPreferredSystemLanguages());
  keysToHide = () => settings.allKeys();

  // 6. The core, with the host's ports.
  let popover: PopoverWindow | null = null;
  let tray: TrayAdapter | null = null;
  let updates: UpdateService | null = null;
  const shortcut = host.add(new ShortcutPort(() => core.focus(null)));
  const core = new AppController({
    clock: systemClock,
    settings,
    dataDir: app.getPath('userData'),
    notices: opened.notices,
    log,
    launchDemo: () => startDemoServer({ port: 0, host: '127.0.0.1', ...NEWCOMER_DEMO }),
    host: {
      showPopover: () => popover?.show(tray?.bounds ?? null),
      hidePopover: () => popover?.hide(),
      openExternal: (url) => shell.openExternal(url),
      quit: () => app.quit(),
      setLaunchAtLogin,
      applyShortcut: (value) => shortcut.apply(value),
      checkForUpdates: async () => {
        await updates?.check();
        return updates?.state ?? { kind: 'idle' };
      },
      openLogFolder: async () => {
        const problem = await shell.openPath(paths.logs);
        if (problem) throw new Error(problem);
      },
      saveFile: saveTextFile,
    },
  });
  quitInOrder(host, async () => {
    await core.close();
    await host.dispose();
  }, log);

  // 7. Artwork for the popover: airwave-art: URLs, fetched without the key, cached in userData.
  host.add(serveArtwork(new ArtworkService({ cacheDir: join(app.getPath('userData'), 'artwork'), client: (server) => (server ? core.clientOf(server) : core.client) })));

  // 8. The popover window and the bridge it talks through.
  const pageUrl = process.env.ELECTRON_RENDERER_URL && !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : APP_PAGE;
  popover = host.add(
    new PopoverWindow({ preload: paths.preload, url: pageUrl, platform: process.platform, devTools: !app.isPackaged, onVisibility: (visible) => core.setPopoverOpen(visible), log }),
  );
  const popoverContents: WebContents = popover.window.webContents;
  host.defer(
    registerBridge({
      handlers: core.handlers,
      isOwnWindow: (contents) => contents === popoverContents,
      isOwnPage: (url) => url.startsWith(`${APP_ORIGIN}/`) || (pageUrl !== APP_PAGE && url.startsWith(pageUrl)),
      log,
    }),
  );
  host.defer(core.subscribe((update) => sendSnapshot(popoverContents, update)));

  // 9. Notifications, updates (installed app only) and the tray with the host's own menu items.
  const notifier = host.add(new Notifier({ fetchPoster: async (url, signal, server) => (await (server ? core.clientOf(server) : core.client)?.artwork(url, { signal }))?.bytes ?? null, onClick: (target) => core.focus(target), onAction: (id, action) => core.notificationAction(id, action), toastImages: host.add(new ToastImages(join(app.getPath('userData'), 'toast-posters'))) }));
  host.defer(core.onNotification((request) => void notifier.show(request).catch((error: unknown) => log(`notification: ${String(error)}`))));
  updates = host.add(
    new UpdateService({
      packaged: app.isPackaged,
      load: loadUpdater,
      clock: systemClock,
      notify: (title, body) => void notifier.show({ id: 'update', title, body, artworkUrl: null, target: { view: 'settings' }, at: Date.now() }),
      onChange: () => tray?.refreshMenu(),
      log,
    }),
  );
  const updater = updates;
  tray = host.add(
    new TrayAdapter({
      initialIcon: process.platform === 'darwin' ? trayTemplate : trayIcon,
      platform: process.platform,
      onAction: (action) => core.trayAction(action),
      onClick: (bounds) => popover?.toggle(bounds.width > 0 ? bounds : null),
      hostItems: () => [
        ...updater.menuItems(),
        { id: 'open-logs', label: 'Open log folder', enabled: true, run: () => void shell.openPath(paths.logs) },
      ],
    }),
  );
  host.defer(core.onTray((view) => tray?.apply(view)));

  // 10. Power and network events, a second launch, OS integrations from the settings.
  host.defer(watchPower({ suspend: () => core.suspend(), resume: () => core.resume(), online: () => core.networkOnline() }));
  // a second launch: a Windows toast's button (its URL in the command line, read strictly), else just the popover
  host.add(listenForActions(core));
  shortcut.apply(settings.values.shortcut);

  // 11. Follow the saved server; look for updates (installed app only).
  await core.start();
  actionAtLaunch(core);
  updater.start();
  log(`started ${app.getVersion()}${app.isPackaged ? '' : ' (development)'}`);
}

/** electron-updater, loaded only in the installed app, logging into the app's log. */
async function loadUpdater(): Promise<Updater> {
  const module = await import('electron-updater');
  const updater = module.autoUpdater ?? module.default.autoUpdater;
  updater.logger = { info: (m: unknown) => log(`updater: ${String(m)}`), warn: (m: unknown) => log(`updater: ${String(m)}`), error: (m: unknown) => log(`updater: ${String(m)}`), debug: () => {} };
  return updater as unknown as Updater;
}
