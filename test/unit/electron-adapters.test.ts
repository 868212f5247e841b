import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebContents } from 'electron';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMANDS, commandChannel, type BridgeHandlers, type Command } from '../../src/shared/bridge';
import { SettingsService } from '../../src/main/core/settings/settings';
import { fake, report } from '../support/fake-electron/electron.mjs';

// The adapters import `electron`; here it is the strict fake the boot smoke test also uses.
vi.mock('electron', async () => import('../support/fake-electron/electron.mjs'));

const { openElectronSettings, safeStorageBox } = await import('../../src/main/electron/settings-store');
const { registerBridge } = await import('../../src/main/electron/ipc');
const { watchPower } = await import('../../src/main/electron/power');
const { autostartFile, setLaunchAtLogin, ShortcutPort } = await import('../../src/main/electron/system');
const { appFile, serveApp } = await import('../../src/main/electron/app-protocol');
const { CONTENT_SECURITY_POLICY } = await import('../../src/main/electron/csp');
const { protocol } = await import('../support/fake-electron/electron.mjs');

beforeAll(() => fake.markReady());

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'airwave-adapters-'));
  dirs.push(dir);
  return dir;
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
    expect(JSON.parse(text).servers[0].apiKey.protection).toBe('os');
    expect(settings.view()).toMatchObject({ hasKey: true, keyStorage: 'encrypted' });
    expect(JSON.stringify(settings.view())).not.toContain(KEY);
    // A fresh start reads it back through safeStorage.
    const again = new SettingsService(openElectronSettings(dir).backend, safeStorageBox('darwin'));
    expect(again.apiKey()).toBe(KEY);
    again.forget();
    expect(readFileSync(file, 'utf8')).not.toContain(JSON.parse(text).servers[0].apiKey.data);
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
    expect(backend.store.pollSeconds).toBe(20);
    expect(backend.store.servers).toEqual([]);
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
    expect(fake.power.eventNames()).toEqual([]);
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
    fake.shortcutTaken = false;
    expect(port.apply({ enabled: true, accelerator: 'Alt+Space' })).toBe(true);
    port.dispose();
    expect(fake.shortcuts.size).toBe(0);
  });

  it('launches at login through login items on macOS and Windows, and an XDG autostart entry on Linux', () => {
    setLaunchAtLogin(true, 'darwin');
    expect(fake.loginItem).toEqual({ openAtLogin: true });
    // In development Windows starts the bare Electron binary: it gets the app's folder to run.
    setLaunchAtLogin(true, 'win32');
    expect(fake.loginItem).toEqual({ openAtLogin: true, path: process.execPath, args: [process.cwd()] });
    setLaunchAtLogin(false, 'win32');
    expect(fake.loginItem).toMatchObject({ openAtLogin: false });

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

describe('app protocol: the CSP header', () => {
  it('sends the policy, with frame-ancestors, as a header on every answer, and stops serving when disposed', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'index.html'), '<div id="app"></div>');
    const served = serveApp(dir);
    const page = (await protocol.request('airwave-app://popover/index.html'))!;
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<div id="app"></div>');
    const header = page.headers.get('content-security-policy') ?? '';
    expect(header).toBe(CONTENT_SECURITY_POLICY);
    expect(header).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = (await protocol.request('airwave-app://popover/nothing-here.js'))!;
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    served.dispose();
    expect(await protocol.request('airwave-app://popover/index.html')).toBeNull();
  });

  it('the page source carries the same policy in its meta tag, less frame-ancestors (which only a header can set)', () => {
    const html = readFileSync(join(process.cwd(), 'src', 'renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1] ?? '';
    const withoutFrames = CONTENT_SECURITY_POLICY.split('; ').filter((part) => !part.startsWith('frame-ancestors')).join('; ');
    expect(meta).toBe(withoutFrames);
  });
});

describe('artwork protocol', () => {
  let served: { dispose(): void } | undefined;
  const art = 'airwave-art://art/api/public/v1/channels/c/artwork/k?kind=poster';
  async function setup() {
    const { serveArtwork } = await import('../../src/main/electron/artwork-protocol');
    const { ART_SCHEME } = await import('../../src/main/electron/app-protocol');
    const { ART_URL_SCHEME } = await import('../../src/shared/artwork-url');
    const { protocol } = await import('../support/fake-electron/electron.mjs');
    expect(ART_URL_SCHEME).toBe(ART_SCHEME); // the renderer's URLs and the handler agree on the scheme
    const png = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(16, 7)]);
    const calls: string[] = [];
    served?.dispose(); // one handler per scheme, as in Electron
    served = serveArtwork({
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
