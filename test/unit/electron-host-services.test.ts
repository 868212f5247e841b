import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DisposableStore } from '../../src/main/common/disposable';
import { ManualClock } from '../support/manual-clock';
import { app, fake, report } from '../support/fake-electron/electron.mjs';

// The Electron host's own services: the log file, updates, and the quit and launch-failure paths.
vi.mock('electron', async () => import('../support/fake-electron/electron.mjs'));

const { openLogFile, LOG_FILES_KEPT } = await import('../../src/main/electron/log-file');
const { redact } = await import('../../src/main/common/redact');
const { UpdateService, UPDATE_CHECK_EVERY_MS, FIRST_CHECK_AFTER_MS } = await import('../../src/main/electron/updater');
const { failLaunch, listen, quitInOrder, QUIT_CLEANUP_LIMIT_MS } = await import('../../src/main/electron/lifecycle');

beforeAll(() => fake.markReady());
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'airwave-host-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.useRealTimers();
  expect(report.violations.splice(0)).toEqual([]);
});

const KEY = 'airwave_k3y+With/Odd=Chars_5e5e5e5e';
const forms = (key: string) => [key, Buffer.from(key).toString('base64'), Buffer.from(key).toString('base64url'), encodeURIComponent(key)];

describe('log file', () => {
  it('never writes the configured key, in any form a line could carry it', () => {
    const dir = join(tempDir(), 'logs');
    const echoed: string[] = [];
    const log = openLogFile({ dir, secrets: () => [KEY], echo: (line) => echoed.push(line) });
    for (const form of forms(KEY)) log.write(`server said: invalid key ${form} (x-api-key)`);
    log.write(`url http://tv.local/api?key=${encodeURIComponent(KEY)}&x=1`);
    const text = readFileSync(log.path, 'utf8');
    for (const form of forms(KEY)) {
      expect(text).not.toContain(form);
      expect(echoed.join('\n')).not.toContain(form);
    }
    expect(text.match(/\[redacted\]/g)).toHaveLength(5);
    expect(statSync(log.path).mode & 0o777).toBe(0o600);
    expect(log.path).toBe(join(dir, 'main.log'));
  });

  it('redacts the key it is given now: a key saved later is hidden too, and no key hides nothing', () => {
    let key: string | null = null;
    const log = openLogFile({ dir: tempDir(), secrets: () => [key], echo: null });
    log.write('before: nothing to hide');
    key = KEY;
    log.write(`after: ${KEY}`);
    expect(readFileSync(log.path, 'utf8')).toMatch(/before: nothing to hide\n.*after: \[redacted\]\n$/);
    expect(redact('abc', ['', null, 'ab'])).toBe('abc'); // too short to be a key: left alone
  });

  it('redacts every form of a key whose base64 has + and /: as it is, base64 padded and not, base64url, URL-encoded', () => {
    // a key whose base64 carries '+', '/' and padding, so base64, base64url and the unpadded form all differ
    const key = 'aw_live_9f3Kq>>>>?x';
    const base64 = Buffer.from(key).toString('base64');
    const unpadded = base64.replace(/=+$/, '');
    const base64url = Buffer.from(key).toString('base64url');
    const encoded = encodeURIComponent(key);
    expect(base64).toMatch(/\+/);
    expect(base64).toMatch(/\//);
    expect(base64).toMatch(/=$/);
    expect(new Set([key, base64, unpadded, base64url, encoded]).size).toBe(5);
    // each form where a log line would carry it; the words around it stay
    const lines = [
      `status failed: server said "invalid key ${key}" (HTTP 401)`,
      `header x-api-key: ${base64}`,
      `token ${unpadded}. retrying`,
      `event stream url http://tv.local/api/public/v1/events?t=${base64url}&since=0`,
      `GET http://tv.local/api/public/v1/status?api_key=${encoded} failed`,
      `two in one: ${base64url} then ${key}`,
    ];
    const echoed: string[] = [];
    const log = openLogFile({ dir: tempDir(), secrets: () => [key], echo: (line) => echoed.push(line) });
    for (const line of lines) log.write(line);
    const file = readFileSync(log.path, 'utf8');
    for (const text of [file, echoed.join('\n')]) {
      for (const form of [key, base64, unpadded, base64url, encoded]) expect(text).not.toContain(form);
      // no telling piece of one either: the part only the key has
      expect(text).not.toContain('9f3Kq');
      expect(text).not.toContain('ZjNLcT4');
    }
    expect(file.trim().split('\n').map((line) => line.replace(/^\[[^\]]+\] /, ''))).toEqual([
      'status failed: server said "invalid key [redacted]" (HTTP 401)',
      'header x-api-key: [redacted]',
      'token [redacted]. retrying',
      'event stream url http://tv.local/api/public/v1/events?t=[redacted]&since=0',
      'GET http://tv.local/api/public/v1/status?api_key=[redacted] failed',
      'two in one: [redacted] then [redacted]',
    ]);
  });

  it('rotates at the size limit, keeping three files in all', () => {
    const dir = tempDir();
    const log = openLogFile({ dir, maxBytes: 4_000, echo: null });
    for (let i = 0; i < 400; i++) log.write(`line ${i} ${'x'.repeat(60)}`);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    expect(LOG_FILES_KEPT).toBe(3);
    for (const file of files) expect(statSync(join(dir, file)).size).toBeLessThanOrEqual(4_200);
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toContain('line 399');
    log.dispose();
    log.write('after quit');
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).not.toContain('after quit');
  });
});

/** A stand-in for electron-updater's autoUpdater: events as electron-updater emits them. */
class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  checks = 0;
  installs: unknown[][] = [];
  next: 'none' | 'update' | 'error' = 'none';
  async checkForUpdates(): Promise<unknown> {
    this.checks++;
    if (this.next === 'error') throw new Error('net::ERR_INTERNET_DISCONNECTED\n at somewhere');
    if (this.next === 'update') {
      this.emit('update-available', { version: '1.2.0' });
      queueMicrotask(() => this.emit('update-downloaded', { version: '1.2.0' }));
    } else this.emit('update-not-available', { version: '0.1.0' });
    return {};
  }
  quitAndInstall(...args: unknown[]): void {
    this.installs.push(args);
  }
}

function updateService(packaged: boolean) {
  const clock = new ManualClock();
  const updater = new FakeUpdater();
  const notes: string[] = [];
  const logs: string[] = [];
  let loads = 0;
  const service = new UpdateService({
    packaged,
    load: async () => (loads++, updater),
    clock,
    notify: (title, body) => notes.push(`${title}: ${body}`),
    onChange: () => {},
    log: (line) => logs.push(line),
  });
  return { service, clock, updater, notes, logs, loads: () => loads };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('updates', () => {
  it('never checks in development, and says so when asked', async () => {
    const { service, clock, logs, loads } = updateService(false);
    service.start();
    clock.advance(UPDATE_CHECK_EVERY_MS * 3);
    await service.check();
    expect(loads()).toBe(0);
    expect(clock.timerCount).toBe(0);
    expect(service.state).toEqual({ kind: 'development' });
    expect(logs.join('\n')).toMatch(/not checked in development/);
    expect(service.menuItems().map((i) => i.label)).toEqual(['Check for updates…']);
  });

  it('when packaged, checks soon after start and then every 6 hours, and stops on dispose', async () => {
    const { service, clock, updater } = updateService(true);
    service.start();
    clock.advance(FIRST_CHECK_AFTER_MS);
    await settle();
    expect(updater.checks).toBe(1);
    expect(updater.autoDownload).toBe(true);
    expect(service.state.kind).toBe('up-to-date');
    for (let i = 0; i < 4; i++) {
      clock.advance(UPDATE_CHECK_EVERY_MS);
      await settle();
    }
    expect(updater.checks).toBe(5);
    service.dispose();
    expect(clock.timerCount).toBe(0);
    expect(updater.eventNames()).toEqual([]);
    clock.advance(UPDATE_CHECK_EVERY_MS * 4);
    expect(updater.checks).toBe(5);
  });

  it('offers "Restart to update" and notifies once when an update is downloaded', async () => {
    const { service, updater, notes } = updateService(true);
    updater.next = 'update';
    expect(service.menuItems()[0]!.label).toBe('Check for updates…');
    const checking = service.check();
    void service.check(); // joined, not repeated
    await checking;
    await settle();
    expect(updater.checks).toBe(1);
    expect(service.state).toEqual({ kind: 'ready', version: '1.2.0' });
    const [item] = service.menuItems();
    expect(item).toMatchObject({ id: 'update-restart', label: 'Restart to update (1.2.0)', enabled: true });
    await service.check(); // nothing more to do once downloaded
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(notes).toEqual(['Airwave Tray update ready: Version 1.2.0 installs when you restart the app (tray menu: Restart to update).']);
    item!.run();
    expect(updater.installs).toEqual([[false, true]]);
  });

  it('a failed check says so in the menu and the log, and can be tried again', async () => {
    const { service, updater, logs } = updateService(true);
    updater.next = 'error';
    await service.check();
    expect(service.state).toMatchObject({ kind: 'failed', message: 'net::ERR_INTERNET_DISCONNECTED' });
    expect(service.menuItems()[0]).toMatchObject({ label: 'Update check failed · Try again…', enabled: true });
    expect(logs).toContain('updates: net::ERR_INTERNET_DISCONNECTED');
    updater.next = 'none';
    await service.menuItems()[0]!.run();
    await settle();
    expect(service.state.kind).toBe('up-to-date');
  });
});

describe('quit and launch failure', () => {
  it('holds the quit until cleanup is done, then quits for real with nothing of its own left', async () => {
    const store = new DisposableStore();
    const order: string[] = [];
    const before = report.calls.length;
    store.add(listen(app, 'second-instance', () => {}));
    quitInOrder(store, async () => {
      order.push('cleanup');
      await store.dispose();
    }, () => {});
    app.quit();
    expect(report.quit).toBe(false); // held
    for (let i = 0; i < 100 && !report.quit; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['cleanup']);
    expect(report.quit).toBe(true);
    expect(report.calls.slice(before)).toEqual(['app.quit', 'app.quit']);
    expect(app.listenerCount('before-quit') + app.listenerCount('second-instance')).toBe(0);
    report.quit = false;
  });

  it('quits anyway when cleanup hangs', async () => {
    vi.useFakeTimers();
    const store = new DisposableStore();
    const logs: string[] = [];
    quitInOrder(store, () => new Promise(() => {}), (line) => logs.push(line));
    app.quit();
    await vi.advanceTimersByTimeAsync(QUIT_CLEANUP_LIMIT_MS + 10);
    expect(report.quit).toBe(true);
    expect(logs.join()).toMatch(/quitting anyway/);
    await store.dispose();
    report.quit = false;
  });

  it('a launch failure logs, shows the error with the log file, and exits with status 1', () => {
    const logs: string[] = [];
    failLaunch(new Error('settings folder is read-only\nstack…'), '/home/me/.config/Airwave Tray/logs/main.log', (line) => logs.push(line));
    expect(report.errorBoxes.at(-1)).toEqual({
      title: 'Airwave Tray could not start',
      content: 'settings folder is read-only\n\nThe details are in the log file:\n/home/me/.config/Airwave Tray/logs/main.log\n\nAirwave Tray will now quit.',
    });
    expect(report.exitCode).toBe(1);
    expect(logs[0]).toMatch(/^launch failed: Error: settings folder is read-only/);
    expect(existsSync('/home/me/.config/Airwave Tray')).toBe(false);
  });
});
