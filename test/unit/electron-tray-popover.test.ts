import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserWindow, Tray, WebContents } from 'electron';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lockApplicationMenu } from '../../src/main/electron/app-menu';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import type { TrayView } from '../../src/main/core/tray/tray-view';
import { app, clickTray, fake, report } from '../support/fake-electron/electron.mjs';

// The tray, the popover and notifications against the fake Electron, which imitates each
// platform's event order (see test/support/fake-electron/windows.mjs for the sources).
vi.mock('electron', async () => import('../support/fake-electron/electron.mjs'));

const { TrayAdapter } = await import('../../src/main/electron/tray');
const { Notifier, MAX_HELD_NOTIFICATIONS } = await import('../../src/main/electron/notifier');
const { PopoverWindow, POPOVER_SIZE, BLUR_HIDE_DELAY_MS } = await import('../../src/main/electron/popover-window');

beforeAll(() => fake.markReady());

const dirs: string[] = [];
const preloadFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'airwave-popover-'));
  dirs.push(dir);
  const file = join(dir, 'preload.cjs');
  writeFileSync(file, "require('electron');\n");
  return file;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  fake.platform = undefined;
  vi.useRealTimers();
  expect(report.violations.splice(0)).toEqual([]);
});

type FakeTray = Tray & { images: { representations: unknown[]; template: boolean; source: { buffer?: Buffer } }[]; menus: { items: { id?: string; label?: string; click?: () => void }[] }[]; openedMenus: unknown[]; title: string; ignoreDoubleClick: boolean };
type FakeWindow = BrowserWindow & { options: Electron.BrowserWindowConstructorOptions; bounds: Electron.Rectangle; allWorkspaces: unknown; focused: boolean };

const view = (badge: number, menuLabel = 'Open Airwave Tray'): TrayView => ({
  title: badge ? String(badge) : '',
  tooltip: `Airwave: ${badge} watching`,
  badge,
  badgeText: badge ? String(badge) : '',
  icon: 'normal',
  menu: [
    { id: 'open', label: menuLabel, kind: 'item', enabled: true, action: { type: 'open' } },
    { id: 'sep-quit', label: '', kind: 'separator', enabled: true },
    { id: 'quit', label: 'Quit', kind: 'item', enabled: true, action: { type: 'quit' } },
  ],
});
const icon = join(process.cwd(), 'resources', 'tray', 'tray-normal.png');

function popoverAndTray(platform: NodeJS.Platform) {
  fake.platform = platform;
  const seen: boolean[] = [];
  const popover = new PopoverWindow({ preload: preloadFile(), url: 'airwave-app://popover/index.html', platform, onVisibility: (v) => seen.push(v) });
  const adapter = new TrayAdapter({ initialIcon: icon, platform, onAction: () => {}, onClick: (bounds) => popover.toggle(bounds) });
  adapter.apply(view(1));
  return { popover, adapter, tray: adapter.tray as FakeTray, seen, window: popover.window as FakeWindow };
}

describe('tray adapter', () => {
  it('draws the badge into the icon on Windows and Linux and rebuilds the menu only when it changed', () => {
    fake.platform = 'linux';
    const actions: unknown[] = [];
    const adapter = new TrayAdapter({ initialIcon: icon, platform: 'linux', onAction: (a) => actions.push(a), onClick: () => {} });
    const tray = adapter.tray as FakeTray;
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
    adapter.dispose();
  });

  it('shows the count as text beside a template image on macOS', () => {
    fake.platform = 'darwin';
    const adapter = new TrayAdapter({ initialIcon: icon, platform: 'darwin', onAction: () => {}, onClick: () => {} });
    const tray = adapter.tray as FakeTray;
    adapter.apply(view(7));
    expect(tray.title).toBe('7');
    expect(tray.images.at(-1)!.template).toBe(true);
    adapter.apply(view(8));
    expect(tray.title).toBe('8');
    expect(tray.images).toHaveLength(2); // the count is text; the image did not change
    adapter.dispose();
  });

  it('trouble keeps the mark and the count: a corner dot on the same picture, the count still drawn (Windows/Linux) or titled (macOS), setTitle never called off macOS', async () => {
    const { decodePng } = await import('../../src/main/core/tray/raster');
    const { TROUBLE_DOT } = await import('../../src/main/core/tray/tray-mark');
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      fake.platform = platform;
      const adapter = new TrayAdapter({ initialIcon: icon, platform, onAction: () => {}, onClick: () => {} });
      const tray = adapter.tray as FakeTray;
      adapter.apply(view(3));
      const before = decodePng(tray.images.at(-1)!.source.buffer!);
      adapter.apply({ ...view(3), icon: 'offline', tooltip: 'Airwave Tray\n3+ watching: Cabin (away) not counted' });
      const after = decodePng(tray.images.at(-1)!.source.buffer!);
      // away from the corner the two pictures are the same pixels: the mark and the badge stay
      let same = 0;
      let differs = 0;
      for (let y = 0; y < 16; y++) {
        for (let x = 0; x < 16; x++) {
          const i = (y * 16 + x) * 4;
          const corner = Math.hypot((x + 0.5) / 16 - TROUBLE_DOT.u, (y + 0.5) / 16 - TROUBLE_DOT.v) <= TROUBLE_DOT.radius + TROUBLE_DOT.gap + 1 / 16;
          const equal = before.data.subarray(i, i + 4).every((v, k) => v === after.data[i + k]);
          if (corner) differs += equal ? 0 : 1;
          else same += equal ? 1 : 0;
        }
      }
      expect(differs).toBeGreaterThan(0);
      expect(same).toBe(256 - [...Array(256).keys()].filter((n) => Math.hypot(((n % 16) + 0.5) / 16 - TROUBLE_DOT.u, (Math.floor(n / 16) + 0.5) / 16 - TROUBLE_DOT.v) <= TROUBLE_DOT.radius + TROUBLE_DOT.gap + 1 / 16).length);
      expect(tray.title).toBe(platform === 'darwin' ? '3' : '');
      expect(tray.images.at(-1)!.template).toBe(platform === 'darwin');
      adapter.dispose();
    }
  });

  for (const platform of ['darwin', 'win32'] as const) {
    it(`${platform}: a left click toggles the popover, a right click pops the menu up, and no context menu is set`, () => {
      const { tray, popover, adapter } = popoverAndTray(platform);
      expect(tray.menus).toEqual([]); // setContextMenu never called: on macOS it would swallow left clicks
      expect(tray.ignoreDoubleClick).toBe(platform === 'darwin');
      clickTray(tray, 'left');
      expect(popover.visible).toBe(true);
      expect(tray.openedMenus).toEqual([]);
      clickTray(tray, 'right');
      expect(tray.openedMenus).toHaveLength(1);
      expect((tray.openedMenus[0] as { items: { id?: string }[] }).items.map((i) => i.id)).toEqual(['open', undefined, 'quit']);
      adapter.dispose();
      popover.dispose();
    });
  }

  it('linux: hands the menu to the panel (some panels never deliver clicks) and still toggles on a click', () => {
    const { tray, popover, adapter } = popoverAndTray('linux');
    expect(tray.menus).toHaveLength(1);
    clickTray(tray, 'right');
    expect(tray.openedMenus).toEqual([tray.menus[0]]);
    clickTray(tray, 'left');
    expect(popover.visible).toBe(true);
    adapter.dispose();
    popover.dispose();
  });

  it("places the host's own items (updates, log folder) above Quit and rebuilds when they change", () => {
    fake.platform = 'linux';
    let label = 'Check for updates…';
    const ran: string[] = [];
    const adapter = new TrayAdapter({
      initialIcon: icon,
      platform: 'linux',
      onAction: () => {},
      onClick: () => {},
      hostItems: () => [{ id: 'update', label, enabled: true, run: () => ran.push('update') }],
    });
    const tray = adapter.tray as FakeTray;
    adapter.apply(view(0));
    expect(tray.menus.at(-1)!.items.map((i) => i.id ?? i.label ?? '-')).toEqual(['open', '-', 'update', '-', 'quit']);
    adapter.refreshMenu();
    expect(tray.menus).toHaveLength(1);
    label = 'Restart to update (1.2.0)';
    adapter.refreshMenu();
    expect(tray.menus).toHaveLength(2);
    tray.menus[1]!.items[2]!.click!();
    expect(ran).toEqual(['update']);
    adapter.dispose();
  });

  it('is destroyed with its listeners on dispose', () => {
    const { tray, adapter, popover } = popoverAndTray('darwin');
    adapter.dispose();
    expect(tray.listenerCount('click') + tray.listenerCount('right-click')).toBe(0);
    expect(fake.leftovers().trays).toBe(0);
    popover.dispose();
    expect(fake.leftovers().windows).toBe(0);
  });
});

describe('popover window', () => {
  it('is hidden, frameless and locked down, and opens inside the work area next to the tray', () => {
    fake.platform = 'win32';
    const seen: boolean[] = [];
    const popover = new PopoverWindow({ preload: preloadFile(), url: 'airwave-app://popover/index.html', platform: 'win32', onVisibility: (visible) => seen.push(visible) });
    const window = popover.window as FakeWindow;
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
    popover.hide();
    expect(seen).toEqual([true, false]);
    popover.dispose();
  });

  it('has no DevTools in a packaged app, and no default menu whose shortcuts would open them', () => {
    fake.platform = 'linux';
    const packaged = new PopoverWindow({ preload: preloadFile(), url: 'airwave-app://popover/index.html', platform: 'linux', devTools: false, onVisibility: () => {} });
    expect((packaged.window as FakeWindow).options.webPreferences).toMatchObject({ devTools: false });
    packaged.dispose();
    const calls = () => report.calls.filter((call) => call.startsWith('setApplicationMenu'));
    lockApplicationMenu(false, 'linux');
    expect(calls()).toEqual([]); // development keeps Electron's menu, DevTools included
    lockApplicationMenu(true, 'linux');
    lockApplicationMenu(true, 'win32');
    lockApplicationMenu(true, 'darwin');
    // macOS keeps Edit (copy and paste into the key field go through its roles), never View
    expect(calls()).toEqual(['setApplicationMenu null', 'setApplicationMenu null', 'setApplicationMenu appMenu,editMenu']);
  });

  it('leaves Escape to the page: main does not hide the popover on it (the page calls hidePopover)', () => {
    const { popover, window, adapter } = popoverAndTray('win32');
    popover.show(null);
    const escape = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    window.webContents.emit('before-input-event', escape, { type: 'keyDown', key: 'Escape' });
    expect(escape.defaultPrevented).toBe(false);
    expect(popover.visible).toBe(true);
    popover.hide(); // what the core's hidePopover does
    expect(popover.visible).toBe(false);
    adapter.dispose();
    popover.dispose();
  });

  for (const platform of ['darwin', 'win32', 'linux'] as const) {
    it(`${platform}: clicking the tray icon while the popover is open closes it (the blur before the click does not reopen it)`, () => {
      vi.useFakeTimers();
      const { popover, tray, seen, adapter } = popoverAndTray(platform);
      clickTray(tray, 'left');
      expect(popover.visible).toBe(true);
      clickTray(tray, 'left'); // blur (hide pending), then the click: closes
      expect(popover.visible).toBe(false);
      vi.advanceTimersByTime(BLUR_HIDE_DELAY_MS * 3);
      expect(popover.visible).toBe(false);
      expect(seen).toEqual([true, false]);
      clickTray(tray, 'left'); // and a third click opens it again
      expect(popover.visible).toBe(true);
      adapter.dispose();
      popover.dispose();
    });
  }

  it('hides about 100 ms after losing focus to another app, not before', () => {
    vi.useFakeTimers();
    const { popover, window, adapter } = popoverAndTray('win32');
    popover.show(null);
    (window as unknown as { blur(): void }).blur();
    vi.advanceTimersByTime(BLUR_HIDE_DELAY_MS - 10);
    expect(popover.visible).toBe(true);
    vi.advanceTimersByTime(20);
    expect(popover.visible).toBe(false);
    adapter.dispose();
    popover.dispose();
  });

  it('macOS: shows on every workspace and over full-screen apps', () => {
    const { window, popover, adapter } = popoverAndTray('darwin');
    expect(window.allWorkspaces).toMatchObject({ visible: true, visibleOnFullScreen: true });
    adapter.dispose();
    popover.dispose();
    const other = popoverAndTray('win32');
    expect(other.window.allWorkspaces).toBeNull();
    other.adapter.dispose();
    other.popover.dispose();
  });

  it('reloads the page when its renderer process goes away, a bounded number of times', () => {
    const logs: string[] = [];
    fake.platform = 'linux';
    const popover = new PopoverWindow({ preload: preloadFile(), url: 'airwave-app://popover/index.html', platform: 'linux', onVisibility: () => {}, log: (l) => logs.push(l) });
    const contents = popover.window.webContents as WebContents & { reloads: number };
    contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(contents.reloads).toBe(1);
    contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(contents.reloads).toBe(1);
    for (let i = 0; i < 10; i++) contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    expect(contents.reloads).toBe(3);
    expect(logs.some((l) => /crashed repeatedly/.test(l))).toBe(true);
    popover.dispose();
    expect(popover.window.isDestroyed()).toBe(true);
  });
});

describe('notifier', () => {
  const request: NotificationRequest = {
    id: 'n1',
    title: 'James started watching Friends',
    body: '101 90s Sitcoms · Apple TV 4K',
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

  it('escapes the body for Linux notification servers, which read it as markup, and only there', async () => {
    const marked = { ...request, title: 'Tom & Jerry started watching', body: 'Tom & Jerry <b>HD</b> · <a href="http://x">TV</a>' };
    const shownOn = async (platform: NodeJS.Platform) => {
      fake.platform = platform;
      await new Notifier({ fetchPoster: async () => null, onClick: () => {}, platform }).show(marked);
      return fake.notifications.at(-1)!.options as { title: string; body: string };
    };
    // freedesktop notification spec, "Markup": the body may be markup; & < > must be escaped
    expect(await shownOn('linux')).toMatchObject({ title: marked.title, body: 'Tom &amp; Jerry &lt;b&gt;HD&lt;/b&gt; · &lt;a href="http://x"&gt;TV&lt;/a&gt;' });
    // macOS and Windows show the body as plain text
    expect(await shownOn('darwin')).toMatchObject({ body: marked.body });
    (app as unknown as Pick<Electron.App, 'setAppUserModelId'>).setAppUserModelId('airwave-tray'); // Windows shows no toast without one (see the fake)
    expect(await shownOn('win32')).toMatchObject({ body: marked.body });
  });

  it('does not wait for a slow poster or drop the notification when it fails', async () => {
    let aborted = false;
    const slow = new Notifier({
      posterTimeoutMs: 50,
      fetchPoster: (_url, signal) => new Promise((resolve) => signal.addEventListener('abort', () => ((aborted = true), resolve(png)))),
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

  it('holds at most a bounded number of notifications: the oldest is closed and let go', async () => {
    const notifier = new Notifier({ fetchPoster: async () => null, onClick: () => {} });
    const before = fake.notifications.length;
    for (let i = 0; i < MAX_HELD_NOTIFICATIONS + 15; i++) await notifier.show({ ...request, id: `n${i}`, artworkUrl: null });
    expect(notifier.open).toBe(MAX_HELD_NOTIFICATIONS);
    const made = fake.notifications.slice(before) as unknown as { closed: boolean }[];
    expect(made.filter((n) => n.closed)).toHaveLength(15);
    expect(made.slice(0, 15).every((n) => n.closed)).toBe(true);
    notifier.dispose();
    expect(notifier.open).toBe(0);
    expect(made.every((n) => n.closed)).toBe(true);
    await notifier.show(request); // after quit: nothing new
    expect(fake.notifications.length).toBe(before + MAX_HELD_NOTIFICATIONS + 15);
  });
});
