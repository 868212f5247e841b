import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, Tray, WebContents } from 'electron';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMANDS, commandChannel, type BridgeHandlers, type Command } from '../../src/shared/bridge';
import type { NotificationRequest } from '../../src/main/core/notify-policy';
import { SettingsService } from '../../src/main/core/settings';
import type { TrayView } from '../../src/main/core/tray-view';
import { fake, report } from '../support/fake-electron/electron.mjs';

// The adapters import `electron`; here it is the strict fake the boot smoke test also uses.
vi.mock('electron', async () => import('../support/fake-electron/electron.mjs'));

const { openElectronSettings, safeStorageBox } = await import('../../src/main/electron/settings-store');
const { registerBridge } = await import('../../src/main/electron/ipc');
const { TrayAdapter } = await import('../../src/main/electron/tray');
const { Notifier } = await import('../../src/main/electron/notifier');
const { PopoverWindow, POPOVER_SIZE } = await import('../../src/main/electron/popover-window');
const { watchPower } = await import('../../src/main/electron/power');
const { autostartFile, setLaunchAtLogin, ShortcutPort } = await import('../../src/main/electron/system');
const { appFile } = await import('../../src/main/electron/app-protocol');

beforeAll(() => fake.markReady());

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'airwave-adapters-'));
  dirs.push(dir);
  return dir;
};
const preloadFile = () => {
  const file = join(tempDir(), 'preload.cjs');
  writeFileSync(file, "require('electron');\n");
  return file;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  fake.encryptionAvailable = true;
  fake.storageBackend = 'gnome_libsecret';
  fake.notificationsSupported = true;
  fake.shortcutTaken = false;
  fake.online = true;
  fake.ipc.clear();
  expect(report.violations.splice(0)).toEqual([]);
});

const KEY = 'awk_live_5e5e5e5e5e5e5e5e';

describe('settings store and safeStorage', () => {
  it('keeps the key encrypted where the OS offers it, in a 0600 file with no plaintext key', () => {
    const dir = tempDir();
    const { backend, notices } = openElectronSettings(dir);
    expect(notices).toEqual([]);
    const settings = new SettingsService(backend, safeStorageBox('darwin'));
    settings.saveServer('http://tv.local:36020', KEY, 'x-api-key');
    const file = join(dir, 'settings.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).apiKey.protection).toBe('os');
    expect(settings.view()).toMatchObject({ hasKey: true, keyStorage: 'encrypted' });
    expect(JSON.stringify(settings.view())).not.toContain(KEY);
    // A fresh start reads it back through safeStorage.
    const again = new SettingsService(openElectronSettings(dir).backend, safeStorageBox('darwin'));
    expect(again.apiKey()).toBe(KEY);
    again.forget();
    expect(readFileSync(file, 'utf8')).not.toContain(JSON.parse(text).apiKey.data);
  });

  it('says the key is not protected on Linux with only basic_text, and still works', () => {
    fake.storageBackend = 'basic_text';
    const box = safeStorageBox('linux');
    expect(box.protection).toBe('basic_text');
    const settings = new SettingsService(openElectronSettings(tempDir()).backend, box);
    settings.saveServer('http://tv.local:36020', KEY, 'bearer');
    expect(settings.view().keyStorage).toBe('not-protected');
    expect(settings.apiKey()).toBe(KEY);
  });

  it('falls back to an unprotected key when no encryption is available at all', () => {
    fake.encryptionAvailable = false;
    const box = safeStorageBox('linux');
    expect(box.protection).toBe('plain');
    const settings = new SettingsService(openElectronSettings(tempDir()).backend, box);
    settings.saveServer('http://tv.local:36020', KEY, 'x-api-key');
    expect(settings.apiKey()).toBe(KEY);
    expect(settings.view().keyStorage).toBe('not-protected');
  });

  it('a key sealed by a keychain that is gone reads as unreadable, not as a crash', () => {
    const dir = tempDir();
    new SettingsService(openElectronSettings(dir).backend, safeStorageBox('darwin')).saveServer('http://tv.local:36020', KEY, 'x-api-key');
    fake.encryptionAvailable = false;
    const settings = new SettingsService(openElectronSettings(dir).backend, safeStorageBox('darwin'));
    expect(settings.apiKey()).toBeNull();
    expect(settings.keyUnreadable()).toBe(true);
  });

  it('starts with defaults and a notice when the settings file is corrupt, keeping the old file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"server": "http://tv.local", "pollSeconds": ');
    const { backend, notices } = openElectronSettings(dir);
    expect(backend.store.pollSeconds).toBe(15);
    expect(backend.store.server).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/default settings.*settings\.damaged-\d+\.json/);
    const kept = notices[0]!.text.match(/(\S+settings\.damaged-\d+\.json)/)![1]!;
    expect(readFileSync(kept, 'utf8')).toBe('{"server": "http://tv.local", "pollSeconds": ');
  });
});

describe('IPC bridge', () => {
  function setup() {
    const calls: [Command, unknown][] = [];
    const handlers = Object.fromEntries(
      COMMANDS.map((command) => [command, async (request: unknown) => {
        calls.push([command, request]);
        return { ok: true, value: null };
      }]),
    ) as unknown as BridgeHandlers;
    const own = { id: 1 } as WebContents;
    registerBridge({ handlers, isOwnWindow: (contents) => contents === own, isOwnPage: (url) => url.startsWith('airwave-app://popover/') });
    const invoke = (command: string, payload: unknown, sender: WebContents = own, url = 'airwave-app://popover/index.html') =>
      fake.ipc.get(commandChannel(command as Command))!({ sender, senderFrame: { url } }, payload);
    return { calls, invoke, own };
  }

  it('registers one handler per command and answers the app window', async () => {
    const { calls, invoke } = setup();
    expect([...fake.ipc.keys()].sort()).toEqual(COMMANDS.map(commandChannel).sort());
    await expect(invoke('loadGuide', { forwardMinutes: 360 })).resolves.toEqual({ ok: true, value: null });
    expect(calls).toEqual([['loadGuide', { forwardMinutes: 360 }]]);
  });

  it('refuses other senders, other pages and bad payloads before any handler runs', async () => {
    const { calls, invoke } = setup();
    await expect(invoke('refresh', {}, { id: 99 } as WebContents)).rejects.toThrow(/refused/);
    await expect(invoke('refresh', {}, undefined, 'https://evil.example/')).rejects.toThrow(/refused/);
    await expect(invoke('loadGuide', { forwardMinutes: 99_999 })).rejects.toThrow(/loadGuide: forwardMinutes/);
    await expect(invoke('connect', { server: 'x', apiKey: 'k', authStyle: 'x-api-key', extra: 1 })).rejects.toThrow(/connect/);
    await expect(invoke('openInBrowser', { kind: 'file', url: 'file:///etc/passwd' })).rejects.toThrow(/openInBrowser/);
    expect(calls).toEqual([]);
  });
});

describe('tray adapter', () => {
  const view = (badge: number, menuLabel = 'Open Airwave Tray'): TrayView => ({
    title: badge ? String(badge) : '',
    tooltip: `Airwave: ${badge} watching`,
    badge,
    badgeText: badge ? String(badge) : '',
    icon: 'normal',
    menu: [
      { id: 'open', label: menuLabel, kind: 'item', enabled: true, action: { type: 'open' } },
      { id: 'sep', label: '', kind: 'separator', enabled: true },
      { id: 'quit', label: 'Quit', kind: 'item', enabled: true, action: { type: 'quit' } },
    ],
  });
  const icon = join(process.cwd(), 'resources', 'tray', 'tray-normal.png');

  it('draws the badge into the icon on Windows and Linux and rebuilds the menu only when it changed', () => {
    const actions: unknown[] = [];
    const adapter = new TrayAdapter({ initialIcon: icon, platform: 'win32', onAction: (a) => actions.push(a), onClick: () => {} });
    const tray = adapter.tray as Tray & { images: { representations: unknown[]; source: { buffer?: Buffer } }[]; menus: { items: { click?: () => void }[] }[] };
    adapter.apply(view(2));
    adapter.apply(view(2));
    expect(tray.menus).toHaveLength(1);
    expect(tray.images).toHaveLength(2); // the initial file, then the badged one
    const badged = tray.images[1]!;
    expect(badged.source.buffer!.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(badged.representations).toHaveLength(1); // the 2x one
    adapter.apply(view(3));
    expect(tray.images).toHaveLength(3);
    expect(tray.menus).toHaveLength(1);
    adapter.apply(view(3, 'Open'));
    expect(tray.menus).toHaveLength(2);
    tray.menus[1]!.items[2]!.click!();
    expect(actions).toEqual([{ type: 'quit' }]);
    expect(report.trays.at(-1)).toEqual({ icon, exists: true });
  });

  it('shows the count as text beside a template image on macOS', () => {
    const adapter = new TrayAdapter({ initialIcon: icon, platform: 'darwin', onAction: () => {}, onClick: () => {} });
    const tray = adapter.tray as Tray & { title: string; images: { template: boolean }[] };
    adapter.apply(view(7));
    expect(tray.title).toBe('7');
    expect(tray.images.at(-1)!.template).toBe(true);
    adapter.apply(view(8));
    expect(tray.title).toBe('8');
    expect(tray.images).toHaveLength(2); // the count is text; the image did not change
  });
});

describe('notifier', () => {
  const request: NotificationRequest = {
    id: 'n1',
    title: 'James started watching Friends',
    body: '101 90s Sitcoms · Apple TV 4K (tvOS)',
    artworkUrl: '/api/public/v1/artwork/123/thumb',
    target: { view: 'watching', viewer: 's1' },
    at: 0,
  };
  const png = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(32)]);

  it('attaches the poster, keeps the notification until it closes, and focuses the viewer on click', async () => {
    const clicks: unknown[] = [];
    const notifier = new Notifier({ fetchPoster: async () => png, onClick: (target) => clicks.push(target) });
    await notifier.show(request);
    const shown = fake.notifications.at(-1)!;
    expect(shown.shown).toBe(true);
    expect(shown.options).toMatchObject({ title: request.title, body: request.body });
    expect(shown.options.icon).toBeDefined();
    expect(notifier.open).toBe(1);
    shown.emit('click');
    expect(clicks).toEqual([{ view: 'watching', viewer: 's1' }]);
    expect(notifier.open).toBe(0);
    await notifier.show(request);
    expect(notifier.open).toBe(1);
    fake.notifications.at(-1)!.emit('close');
    expect(notifier.open).toBe(0);
  });

  it('does not wait for a slow poster or drop the notification when it fails', async () => {
    let aborted = false;
    const slow = new Notifier({
      posterTimeoutMs: 50,
      fetchPoster: (_url, signal) =>
        new Promise((resolve) => signal.addEventListener('abort', () => ((aborted = true), resolve(png)))),
      onClick: () => {},
    });
    const started = performance.now();
    await slow.show(request);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(aborted).toBe(true);
    expect(fake.notifications.at(-1)!.options.icon).toBeUndefined();
    const failing = new Notifier({ fetchPoster: async () => Promise.reject(new Error('404')), onClick: () => {} });
    await failing.show(request);
    expect(fake.notifications.at(-1)!.shown).toBe(true);
    expect(fake.notifications.at(-1)!.options.icon).toBeUndefined();
  });
});

describe('popover window', () => {
  it('is hidden, frameless and locked down, and opens inside the work area next to the tray', () => {
    const seen: boolean[] = [];
    const popover = new PopoverWindow({
      preload: preloadFile(), // the fake checks that it exists and is CommonJS
      url: 'airwave-app://popover/index.html',
      platform: 'win32',
      onVisibility: (visible) => seen.push(visible),
    });
    const window = popover.window as BrowserWindow & { options: Electron.BrowserWindowConstructorOptions; bounds: Electron.Rectangle };
    expect(window.options).toMatchObject({ show: false, frame: false, skipTaskbar: true, ...POPOVER_SIZE });
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    const contents = window.webContents as WebContents & {
      windowOpenHandler: (details: { url: string }) => { action: string };
      session: { permissionRequestHandler: (c: unknown, p: string, cb: (ok: boolean) => void) => void; permissionCheckHandler: () => boolean };
    };
    expect(contents.windowOpenHandler({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const navigation = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    contents.emit('will-navigate', navigation, 'https://example.com/');
    expect(navigation.defaultPrevented).toBe(true);
    let granted: boolean | null = null;
    contents.session.permissionRequestHandler(null, 'media', (ok) => (granted = ok));
    expect(granted).toBe(false);
    expect(contents.session.permissionCheckHandler()).toBe(false);

    popover.show({ x: 1700, y: 1045, width: 24, height: 30 });
    expect(popover.visible).toBe(true);
    const { x, y, width, height } = window.bounds;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(1920);
    expect(y + height).toBeLessThanOrEqual(1040); // above the taskbar
    expect(Math.abs(x + width / 2 - 1712)).toBeLessThanOrEqual(1); // centred on the tray icon

    const escape = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    contents.emit('before-input-event', escape, { type: 'keyDown', key: 'Escape' });
    expect(popover.visible).toBe(false);
    expect(seen).toEqual([true, false]);
  });
});

describe('power, network and shortcuts', () => {
  it('passes sleep and wake on, and tells when the network comes back', async () => {
    const events: string[] = [];
    const stop = watchPower({ suspend: () => events.push('suspend'), resume: () => events.push('resume'), online: () => events.push('online') }, 5);
    fake.power.emit('suspend');
    fake.power.emit('resume');
    fake.online = false;
    await new Promise((resolve) => setTimeout(resolve, 30));
    fake.online = true;
    for (let i = 0; i < 100 && !events.includes('online'); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    stop();
    fake.power.emit('suspend');
    expect(events).toEqual(['suspend', 'resume', 'online']);
  });

  it('registers the global shortcut, and says so when it cannot', () => {
    let pressed = 0;
    const port = new ShortcutPort(() => pressed++);
    expect(port.apply({ enabled: true, accelerator: 'CommandOrControl+Shift+A' })).toBe(true);
    fake.shortcuts.get('CommandOrControl+Shift+A')!();
    expect(pressed).toBe(1);
    expect(port.apply({ enabled: false, accelerator: 'CommandOrControl+Shift+A' })).toBe(true);
    expect(fake.shortcuts.size).toBe(0);
    expect(port.apply({ enabled: true, accelerator: 'not a shortcut!' })).toBe(false);
    fake.shortcutTaken = true;
    expect(port.apply({ enabled: true, accelerator: 'Alt+Space' })).toBe(false);
  });

  it('launches at login through login items on macOS and Windows, and an XDG autostart entry on Linux', () => {
    setLaunchAtLogin(true, 'darwin');
    expect(fake.loginItem).toEqual({ openAtLogin: true });
    setLaunchAtLogin(false, 'win32');
    expect(fake.loginItem).toEqual({ openAtLogin: false });

    const config = tempDir();
    const env = { XDG_CONFIG_HOME: config };
    setLaunchAtLogin(true, 'linux', env);
    const file = join(config, 'autostart', 'airwave-tray.desktop');
    expect(autostartFile(env)).toBe(file);
    const entry = readFileSync(file, 'utf8');
    expect(entry).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
    expect(entry).toContain(`Exec="${process.execPath}" "${process.cwd()}"`);
    setLaunchAtLogin(true, 'linux', { ...env, APPIMAGE: '/home/me/Apps/Airwave "Tray".AppImage' });
    expect(readFileSync(file, 'utf8')).toContain('Exec="/home/me/Apps/Airwave \\"Tray\\".AppImage"');
    setLaunchAtLogin(false, 'linux', env);
    expect(existsSync(file)).toBe(false);
    setLaunchAtLogin(false, 'linux', env); // turning it off twice is fine
  });
});

describe('app protocol', () => {
  it('maps only files inside the renderer folder', () => {
    const root = '/app/out/renderer';
    expect(appFile(root, 'airwave-app://popover/index.html')).toBe('/app/out/renderer/index.html');
    expect(appFile(root, 'airwave-app://popover/')).toBe('/app/out/renderer/index.html');
    expect(appFile(root, 'airwave-app://popover/assets/main.js')).toBe('/app/out/renderer/assets/main.js');
    // The URL parser resolves the dots first; whatever is left stays inside the folder.
    expect(appFile(root, 'airwave-app://popover/../../etc/passwd')).toBe('/app/out/renderer/etc/passwd');
    expect(appFile(root, 'airwave-app://popover/%2e%2e/%2e%2e/etc/passwd')).toBe('/app/out/renderer/etc/passwd');
    // Slashes and backslashes hidden by percent-encoding would step out after decoding: refused.
    expect(appFile(root, 'airwave-app://popover/assets%2F..%2F..%2F..%2Fetc%2Fpasswd')).toBeNull();
    expect(appFile(root, 'airwave-app://popover/..%5C..%5Cwindows')).toBeNull();
    expect(appFile(root, 'airwave-app://popover/%E0%A4%A')).toBeNull();
    expect(appFile(root, 'airwave-app://other/index.html')).toBeNull();
    expect(appFile(root, 'https://popover/index.html')).toBeNull();
  });
});

describe('artwork protocol', () => {
  const art = 'airwave-art://art/api/public/v1/channels/c/artwork/k?kind=poster';
  async function setup() {
    const { serveArtwork } = await import('../../src/main/electron/artwork-protocol');
    const { ART_SCHEME } = await import('../../src/main/electron/app-protocol');
    const { ART_URL_SCHEME } = await import('../../src/shared/artwork-url');
    const { protocol } = await import('../support/fake-electron/electron.mjs');
    expect(ART_URL_SCHEME).toBe(ART_SCHEME); // the renderer's URLs and the handler agree on the scheme
    const png = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(16, 7)]);
    const calls: string[] = [];
    serveArtwork({
      serve: async (path) => {
        calls.push(path);
        return path.endsWith('/missing') ? { status: 404, contentType: 'text/plain', body: Buffer.from('Not found') } : { status: 200, contentType: 'image/png', body: png };
      },
    });
    const request = async (url: string) => (await protocol.request(url))!;
    return { calls, png, request };
  }

  it('answers artwork URLs from the service with its bytes and headers', async () => {
    const { calls, png, request } = await setup();
    const response = await request(art);
    expect(calls).toEqual(['/api/public/v1/channels/c/artwork/k?kind=poster']);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await request('airwave-art://art/api/public/v1/channels/c/artwork/missing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses other hosts and other paths without asking the service', async () => {
    const { calls, request } = await setup();
    for (const url of [
      'airwave-art://other/api/public/v1/channels/c/artwork/k?kind=poster',
      'airwave-art://art/etc/passwd',
      'airwave-art://art/api/public/v1/status',
      'airwave-art://art/api/public/v1/channels/%2e%2e/%2e%2e/status',
    ]) {
      const response = await request(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not found');
    }
    expect(calls).toEqual([]);
  });
});
