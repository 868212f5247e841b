// Composition root of the Electron app. The live core, tray, popover and notifications are wired
// here as they land (see DESIGN.md); for now it opens the renderer in a small secure window.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, app } from 'electron';

const here = fileURLToPath(new URL('.', import.meta.url));

function createWindow(): void {
  const window = new BrowserWindow({
    width: 380,
    height: 560,
    show: true,
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  void window.loadFile(join(here, '../renderer/index.html'));
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app.whenReady().then(createWindow);
  app.on('window-all-closed', () => app.quit());
}
