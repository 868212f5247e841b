import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FocusTarget } from '../../src/shared/bridge';
import type { NotificationRequest } from '../../src/main/core/viewers/notify-policy';
import { buttonsFor } from '../../src/main/core/notifications/kinds';
import { app, fake, report } from '../support/fake-electron/electron.mjs';

// Notification buttons on each platform, through the fake Electron, which delivers presses in
// each platform's real order (the sources are cited in test/support/fake-electron/electron.mjs):
// macOS `action` with an index, Windows toast activation through the app's protocol and a second
// instance, Linux the body click only.
vi.mock('electron', async () => import('../support/fake-electron/electron.mjs'));

const { Notifier } = await import('../../src/main/electron/notifier');
const { ToastImages, MAX_TOAST_IMAGES } = await import('../../src/main/electron/toast-images');
const { listenForActions, registerActionProtocol, actionAtLaunch } = await import('../../src/main/electron/notification-protocol');

beforeAll(() => {
  fake.markReady();
  (app as unknown as Pick<Electron.App, 'setAppUserModelId'>).setAppUserModelId('airwave-tray');
});
afterEach(() => {
  fake.platform = undefined;
  fake.macAlerts = true;
  report.violations.splice(0);
});

const james: NotificationRequest = {
  id: 'srv-home:lx1-abc',
  title: 'James started watching Friends',
  body: '101 90s Sitcoms · Apple TV',
  artworkUrl: null,
  target: { view: 'watching', viewer: 's1' },
  at: 0,
  subject: { kind: 'viewers', users: ['James'], keys: ['s1'] },
  buttons: buttonsFor({ kind: 'viewers', users: ['James'], keys: ['s1'] }),
};

function notifierOn(platform: NodeJS.Platform) {
  fake.platform = platform;
  const clicks: FocusTarget[] = [];
  const actions: string[] = [];
  const notifier = new Notifier({ fetchPoster: async () => null, onClick: (target) => clicks.push(target), onAction: (id, action) => actions.push(`${id} ${action}`), platform });
  return { notifier, clicks, actions };
}

describe('macOS', () => {
  it('shows the buttons as actions; a button press is `action` with its index, the body `click`', async () => {
    const { notifier, clicks, actions } = notifierOn('darwin');
    await notifier.show(james);
    const shown = fake.notifications.at(-1)!;
    expect(shown.options.actions).toEqual([
      { type: 'button', text: 'Open' },
      { type: 'button', text: 'Mute James for a day' },
      { type: 'button', text: 'Always mute James' },
      { type: 'button', text: 'James’s history' },
    ]);
    expect(shown.options.toastXml).toBeUndefined();
    shown.press(2);
    expect(actions).toEqual([`${james.id} mute`]);
    expect(notifier.open).toBe(0);
    await notifier.show(james);
    fake.notifications.at(-1)!.press('body');
    expect(clicks).toEqual([james.target]);
    expect(report.violations).toEqual([]);
  });

  it('has no buttons to press unless the style is Alerts (the body still works)', async () => {
    const { notifier, clicks } = notifierOn('darwin');
    fake.macAlerts = false;
    await notifier.show(james);
    fake.notifications.at(-1)!.press(1);
    expect(report.violations).toEqual(['macOS shows notification buttons only in the Alerts style']);
    fake.notifications.at(-1)!.press('body');
    expect(clicks).toEqual([james.target]);
  });
});

describe('Windows', () => {
  it('makes a toast whose buttons open the app URL; the running app reads it from the second instance', async () => {
    const { notifier, clicks } = notifierOn('win32');
    registerActionProtocol('win32');
    expect(report.calls).toContain('setAsDefaultProtocolClient airwave-tray');
    const core = { pressed: [] as string[], focused: 0, notificationAction(id: string, action: string) { this.pressed.push(`${id} ${action}`); }, focus() { this.focused++; } };
    const listening = listenForActions(core);
    await notifier.show(james);
    const toast = fake.notifications.at(-1)!;
    expect(toast.options.toastXml).toContain('arguments="airwave-tray://notification/srv-home%3Alx1-abc/mute-day"');
    expect(toast.listenerCount('click')).toBe(0); // activation comes through the protocol, not `click`
    toast.press(1);
    toast.press('body');
    expect(core.pressed).toEqual([`${james.id} mute-day`, `${james.id} click`]);
    expect(clicks).toEqual([]);
    // a second launch with no URL, or a URL that is not exactly ours, opens the popover and nothing else
    app.emit('second-instance', {}, ['airwave-tray.exe'], 'C:\\');
    app.emit('second-instance', {}, ['airwave-tray.exe', 'airwave-tray://notification/x/format-disk'], 'C:\\');
    expect(core.focused).toBe(2);
    expect(core.pressed).toHaveLength(2);
    // launched by a button while the app was not running
    actionAtLaunch(core, ['airwave-tray.exe', 'airwave-tray://notification/old-run/snooze']);
    expect(core.pressed.at(-1)).toBe('old-run snooze');
    listening.dispose();
    expect(app.listenerCount('second-instance')).toBe(0);
    expect(report.violations).toEqual([]);
  });

  it('keeps the poster as a file for the toast (toastXml takes no NativeImage), at most 20 files, all gone at quit', async () => {
    fake.platform = 'win32';
    const dir = mkdtempSync(join(tmpdir(), 'airwave-toast-'));
    try {
      const png = Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(32)]);
      const images = new ToastImages(join(dir, 'posters'));
      const notifier = new Notifier({ fetchPoster: async () => png, onClick: () => {}, platform: 'win32', toastImages: images });
      await notifier.show({ ...james, artworkUrl: '/api/public/v1/artwork/1' });
      const src = /<image placement="appLogoOverride" src="([^"]+)"\/>/.exec(fake.notifications.at(-1)!.options.toastXml!)?.[1];
      expect(src).toMatch(/^file:\/\//);
      expect(existsSync(fileURLToPath(src!))).toBe(true);
      for (let i = 0; i < MAX_TOAST_IMAGES + 5; i++) await notifier.show({ ...james, id: `n${i}`, artworkUrl: '/api/public/v1/artwork/1' });
      expect(readdirSync(join(dir, 'posters'))).toHaveLength(MAX_TOAST_IMAGES);
      // not an image by its signature: no file, no <image>
      const odd = new Notifier({ fetchPoster: async () => Buffer.from('<svg/>'), onClick: () => {}, platform: 'win32', toastImages: images });
      await odd.show({ ...james, artworkUrl: '/x' });
      expect(fake.notifications.at(-1)!.options.toastXml).not.toContain('<image');
      notifier.dispose();
      images.dispose();
      expect(readdirSync(join(dir, 'posters'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a notification without buttons stays a plain toast with `click`; `failed` lets it go', async () => {
    const { notifier, clicks } = notifierOn('win32');
    await notifier.show({ ...james, subject: undefined, buttons: [] });
    const toast = fake.notifications.at(-1)!;
    expect(toast.options.toastXml).toBeUndefined();
    toast.press('body');
    expect(clicks).toEqual([james.target]);
    await notifier.show({ ...james, buttons: [] });
    expect(notifier.open).toBe(1);
    fake.notifications.at(-1)!.fail('no toast');
    expect(notifier.open).toBe(0);
  });
});

describe('Linux', () => {
  it('has no actions in Electron: the body click opens where the notification points', async () => {
    const { notifier, clicks, actions } = notifierOn('linux');
    await notifier.show(james);
    const shown = fake.notifications.at(-1)!;
    expect(shown.options.actions).toBeUndefined();
    expect(shown.options.toastXml).toBeUndefined();
    shown.press(0);
    expect(report.violations).toEqual(['no button 0 on linux']);
    shown.press('body');
    expect(clicks).toEqual([james.target]);
    expect(actions).toEqual([]);
    // no protocol either: only Windows toasts come back through one
    const calls = report.calls.length;
    registerActionProtocol('linux');
    registerActionProtocol('darwin');
    expect(report.calls.slice(calls).filter((call) => call.startsWith('setAsDefaultProtocolClient'))).toEqual([]);
  });
});
