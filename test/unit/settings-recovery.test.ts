import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppController } from '../../src/main/core/app';
import { DEFAULT_SETTINGS, openSettingsDir, plainSecretBox, SettingsService, type SecretBox } from '../../src/main/core/settings/settings';
import { MAX_PAUSE_MS } from '../../src/main/core/settings/settings';
import { checkRequest } from '../../src/shared/bridge-schema';
import { applyLocale } from '../../src/shared/i18n/catalogues';
import { ManualClock } from '../support/manual-clock';
import { useTempDirs } from '../support/temp-dirs';

// Issue 14, item 5: whatever is in settings.json, the app starts, keeps every usable field, keeps
// a copy of what it could not use next to the file, and says so in one notice.

const tempDir = useTempDirs('airwave-settings-recovery');
const NOW = Date.parse('2026-09-27T18:00:00.000Z');
const KEY = 'aw_live_recovery_key_0123456789';
const sealed = (key: string) => ({ data: Buffer.from(key).toString('base64'), protection: 'plain' });
const HOME = 'http://tv.local:36020';
/** One server as the file holds it. */
const entry = (fields: Record<string, unknown> = {}) => ({ id: 'srv-home', name: 'Home', address: HOME, addresses: [HOME], instanceId: null, apiKey: sealed(KEY), authStyle: 'bearer', paused: false, ...fields });

/** A settings folder with `content` written as settings.json. */
function dirWith(content: string | object): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, 'settings.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return { dir, file };
}

const asideFiles = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('settings.damaged-'));

describe('a settings file the app cannot fully use', () => {
  it('keeps every valid field and sets aside only the bad ones, naming them', () => {
    const original = {
      servers: [entry()],
      pollSeconds: 'often',
      notifications: { enabled: false, quietHours: { start: '22:00', end: '07:00' }, mutedUsers: ['Kid'], pausedUntil: NOW + 400 * 24 * 60 * 60_000 },
      shortcut: { enabled: true, accelerator: 'Ctrl+Shift+\u0007' },
      guideForwardMinutes: 360,
    };
    const { dir } = dirWith(original);
    const { backend, notices } = openSettingsDir(dir, NOW);
    const settings = new SettingsService(backend, plainSecretBox);
    expect(settings.view().server).toBe(HOME);
    expect(settings.apiKey()).toBe(KEY);
    expect(settings.view().authStyle).toBe('bearer');
    expect(settings.values.guideForwardMinutes).toBe(360);
    expect(settings.values.notifications).toEqual({ enabled: false, quietHours: { start: '22:00', end: '07:00' }, mutedUsers: ['Kid'], mutedUntil: [], pausedUntil: null });
    expect(settings.values.pollSeconds).toBe(DEFAULT_SETTINGS.pollSeconds);
    expect(settings.values.shortcut).toEqual({ enabled: true, accelerator: DEFAULT_SETTINGS.shortcut.accelerator });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toBe(
      `In the settings file, pollSeconds, notifications.pausedUntil and the shortcut were not usable and are back to their defaults; everything else was kept. The old file was kept as ${join(dir, `settings.damaged-${NOW}.json`)}.`,
    );
    expect(JSON.parse(readFileSync(join(dir, `settings.damaged-${NOW}.json`), 'utf8'))).toEqual(original);
  });

  it('an unparseable server address no longer stops start-up: the app starts without that server, says so, and keeps a copy', async () => {
    const original = { servers: [entry({ address: 'http://exa mple.com:99999/' })], pollSeconds: 30 };
    const { dir } = dirWith(original);
    const opened = openSettingsDir(dir, NOW);
    const settings = new SettingsService(opened.backend, plainSecretBox);
    expect(settings.view().server).toBeNull();
    expect(settings.values.pollSeconds).toBe(30);
    expect(opened.notices[0]!.text).toMatch(/^In the settings file, server 1 \(Home\) could not be read and was left out \(add a server or paste its key again in Settings\); everything else was kept\./);
    // the key is not lost: the old file, entry and key, is kept next to it
    expect(JSON.parse(readFileSync(join(dir, `settings.damaged-${NOW}.json`), 'utf8'))).toEqual(original);
    const app = new AppController({ clock: new ManualClock(NOW), settings, notices: opened.notices });
    await app.start();
    expect(app.snapshot().notices.map((n) => n.id)).toContain('settings-reset');
    expect(app.store.state.connection.state).toBe('unconfigured');
    await app.close();
  });

  it('words the notice in the language the settings ask for, once the app has applied it (the file is read before it is)', async () => {
    const { dir } = dirWith({ language: 'de', pollSeconds: 'often', servers: [entry({ address: 'http://exa mple.com:99999/' })] });
    const opened = openSettingsDir(dir, NOW);
    const settings = new SettingsService(opened.backend, plainSecretBox);
    const app = new AppController({ clock: new ManualClock(NOW), settings, notices: opened.notices });
    try {
      await app.start();
      const text = () => app.snapshot().notices.find((n) => n.id === 'settings-reset')!.text;
      expect(text()).toBe(
        `In der Einstellungsdatei: pollSeconds war nicht verwendbar und steht wieder auf dem Standardwert; Server 1 (Home) war nicht lesbar und wurde weggelassen (Server neu hinzufügen oder den Schlüssel in den Einstellungen neu einfügen); alles andere wurde übernommen. Die alte Datei wurde als ${join(dir, `settings.damaged-${NOW}.json`)} aufbewahrt.`,
      );
      // and a later change of language rewords it
      await app.handlers.updateSettings({ language: 'en' });
      expect(text()).toMatch(/^In the settings file, pollSeconds was not usable and is back to its default; server 1 \(Home\) could not be read and was left out/);
    } finally {
      await app.close();
      applyLocale('en');
    }
  });

  it('a stored key that decodes to nothing is no key, and is said to be unusable', () => {
    const { dir } = dirWith({ servers: [entry({ apiKey: sealed('   ') })] });
    const { backend, notices } = openSettingsDir(dir, NOW);
    const settings = new SettingsService(backend, plainSecretBox);
    expect(settings.selected()?.apiKey ?? null).toBeNull();
    expect(settings.view().hasKey).toBe(false);
    expect(notices[0]!.text).toMatch(/the API key of server 1 \(Home\) could not be read/);
    // a keychain-sealed key cannot be checked in the file: it is found out when opened
    const emptyBox: SecretBox = { protection: 'os', seal: () => 'AAAA', open: () => '' };
    const other = dirWith({ servers: [entry({ apiKey: { data: 'AAAA', protection: 'os' } })] });
    const sealedEmpty = new SettingsService(openSettingsDir(other.dir, NOW).backend, emptyBox);
    expect(sealedEmpty.apiKey()).toBeNull();
    expect(sealedEmpty.keyUnreadable()).toBe(true); // the app then asks for the key again
  });

  it.each([
    ['null', 'null', /held no settings \(null\)/],
    ['a list', '[1,2,3]', /held no settings \(a list\)/],
    ['a number', '42', /held no settings \(a number\)/],
    ['not JSON', '{"server": ', /was not readable/],
  ])('valid JSON that is not an object (%s) is kept aside with a notice', (_what, content, said) => {
    const { dir } = dirWith(content);
    const { backend, notices } = openSettingsDir(dir, NOW);
    expect(new SettingsService(backend, plainSecretBox).view().server).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(said);
    expect(notices[0]!.text).toContain(`settings.damaged-${NOW}.json`);
    expect(readFileSync(join(dir, `settings.damaged-${NOW}.json`), 'utf8')).toBe(content);
  });

  it('never writes through a dangling link at the settings path', () => {
    const dir = tempDir();
    const target = join(dir, 'elsewhere', 'target.json');
    mkdirSync(join(dir, 'elsewhere'));
    symlinkSync(target, join(dir, 'settings.json'));
    const { backend, notices } = openSettingsDir(dir, NOW);
    const settings = new SettingsService(backend, plainSecretBox);
    settings.saveServer('http://tv.local', KEY, 'x-api-key');
    expect(existsSync(target)).toBe(false);
    expect(lstatSync(join(dir, 'settings.json')).isSymbolicLink()).toBe(false);
    expect(statSync(join(dir, 'settings.json')).mode & 0o777).toBe(0o600);
    expect(lstatSync(join(dir, `settings.damaged-${NOW}.json`)).isSymbolicLink()).toBe(true); // the link, kept as it was
    expect(notices[0]!.text).toMatch(/was a link to another file, which the app does not write through, so the app started with default settings/);
  });

  it('copies the settings a live link points at into a file of its own, and leaves the target alone', () => {
    const dir = tempDir();
    const target = join(dir, 'dotfiles.json');
    const content = JSON.stringify({ servers: [entry()], pollSeconds: 30 });
    writeFileSync(target, content);
    symlinkSync(target, join(dir, 'settings.json'));
    const { backend, notices } = openSettingsDir(dir, NOW);
    const settings = new SettingsService(backend, plainSecretBox);
    expect(settings.view().server).toBe(HOME);
    expect(settings.values.pollSeconds).toBe(30);
    settings.update({ pollSeconds: 60 }, NOW);
    expect(readFileSync(target, 'utf8')).toBe(content);
    expect(notices[0]!.text).toMatch(/its settings were copied into a file of its own/);
  });

  it('does not read a file over 1 MB', () => {
    const huge = JSON.stringify({ servers: [entry()], padding: 'x'.repeat(2 * 1024 * 1024) });
    const { dir } = dirWith(huge);
    const { backend, notices } = openSettingsDir(dir, NOW);
    expect(new SettingsService(backend, plainSecretBox).view().server).toBeNull();
    expect(notices[0]!.text).toMatch(/larger than 1 MB/);
    expect(statSync(join(dir, `settings.damaged-${NOW}.json`)).size).toBe(huge.length);
    expect(statSync(join(dir, 'settings.json')).size).toBeLessThan(4096);
  });

  it('leaves a good file untouched and says nothing', () => {
    const good = { ...DEFAULT_SETTINGS, servers: [entry()], selectedServer: 'srv-home' };
    const { dir, file } = dirWith(good);
    const before = readFileSync(file, 'utf8');
    const { notices } = openSettingsDir(dir, NOW);
    expect(notices).toEqual([]);
    expect(asideFiles(dir)).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject(JSON.parse(before));
  });

  it('never overwrites an earlier copy', () => {
    const { dir } = dirWith('null');
    writeFileSync(join(dir, `settings.damaged-${NOW}.json`), 'an earlier copy');
    openSettingsDir(dir, NOW);
    expect(readFileSync(join(dir, `settings.damaged-${NOW}.json`), 'utf8')).toBe('an earlier copy');
    expect(readFileSync(join(dir, `settings.damaged-${NOW}-2.json`), 'utf8')).toBe('null');
  });
});

describe('settings changes', () => {
  it('bound a pause to 7 days ahead and refuse a shortcut that is not an accelerator', () => {
    const settings = new SettingsService(openSettingsDir(tempDir(), NOW).backend, plainSecretBox);
    settings.update({ notifications: { pausedUntil: Date.parse('2099-01-01T00:00:00Z') } }, NOW);
    expect(settings.values.notifications.pausedUntil).toBe(NOW + MAX_PAUSE_MS);
    settings.update({ notifications: { pausedUntil: NOW + 3_600_000 } }, NOW);
    expect(settings.values.notifications.pausedUntil).toBe(NOW + 3_600_000);
    settings.update({ shortcut: { enabled: true, accelerator: 'Alt+\nF4' } }, NOW);
    expect(settings.values.shortcut).toEqual({ enabled: true, accelerator: DEFAULT_SETTINGS.shortcut.accelerator });
    settings.update({ shortcut: { accelerator: 'Super+Shift+F12' } }, NOW);
    expect(settings.values.shortcut.accelerator).toBe('Super+Shift+F12');
  });
});

describe('the global shortcut in the settings file (one grammar with the popover and the bridge)', () => {
  it.each([
    // a bare key would be registered as a global shortcut at launch, taking A from every app
    ['A', /\(modifier\)$/],
    // Super and Meta are one modifier: the bridge refuses it, so the file may not keep it either
    ['Super+Meta+K', /\(same\)$/],
  ])('a file with %j goes back to the default shortcut, says so, and keeps the rest; the bridge refuses it too', (accelerator, why) => {
    const original = { pollSeconds: 45, shortcut: { enabled: true, accelerator } };
    const { dir } = dirWith(original);
    const { backend, notices } = openSettingsDir(dir, NOW);
    const settings = new SettingsService(backend, plainSecretBox);
    expect(settings.values.shortcut).toEqual({ enabled: true, accelerator: DEFAULT_SETTINGS.shortcut.accelerator });
    expect(settings.values.pollSeconds).toBe(45);
    expect(notices.map((n) => n.text)).toEqual([
      `In the settings file, the shortcut was not usable and is back to its default; everything else was kept. The old file was kept as ${join(dir, `settings.damaged-${NOW}.json`)}.`,
    ]);
    expect(JSON.parse(readFileSync(join(dir, `settings.damaged-${NOW}.json`), 'utf8'))).toEqual(original);
    const refused = checkRequest('updateSettings', { shortcut: { enabled: true, accelerator } });
    expect(refused).toMatchObject({ ok: false, reason: expect.stringMatching(/^updateSettings: shortcut\.accelerator: /) });
    // the bridge's reason is internal (a log's; the popover says common.requestRefused): the problem's kind
    expect(refused.ok ? '' : refused.reason).toMatch(why);
  });
});
