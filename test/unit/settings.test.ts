import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, openSettingsDir, plainSecretBox, SettingsService, type SecretBox } from '../../src/main/core/settings/settings';
import { checkRequest } from '../../src/shared/bridge-schema';
import { useTempDirs } from '../support/temp-dirs';

const NOW = Date.parse('2026-09-27T18:00:00.000Z');

const tempDir = useTempDirs('airwave-settings');

/** A stand-in for safeStorage: reversible, but not the plain text. */
const osBox: SecretBox = {
  protection: 'os',
  seal: (plain) => Buffer.from([...Buffer.from(plain)].map((b) => b ^ 0x5a)).toString('base64'),
  open: (data, protection) => {
    if (protection !== 'os') throw new Error('wrong box');
    return Buffer.from([...Buffer.from(data, 'base64')].map((b) => b ^ 0x5a)).toString();
  },
};

const KEY = 'aw_live_k3y_value_for_tests_0123456789';

describe('settings file', () => {
  it('starts with the defaults, in a file only the user can read', () => {
    const dir = tempDir();
    const { backend, notices } = openSettingsDir(dir);
    const settings = new SettingsService(backend, osBox);
    expect(notices).toEqual([]);
    expect(settings.values).toMatchObject(DEFAULT_SETTINGS);
    settings.update({ pollSeconds: 30 }, NOW);
    expect(statSync(settings.path).mode & 0o777).toBe(0o600);
  });

  it('keeps the key sealed: never in the file in plain text, never in the view', () => {
    const dir = tempDir();
    const settings = new SettingsService(openSettingsDir(dir).backend, osBox);
    settings.saveServer('http://tv.local:8080', KEY, 'bearer');
    expect(readFileSync(settings.path, 'utf8')).not.toContain(KEY);
    expect(JSON.stringify(settings.view())).not.toContain(KEY);
    expect(settings.view()).toMatchObject({ server: 'http://tv.local:8080', hasKey: true, keyStorage: 'encrypted', authStyle: 'bearer' });
    // a second start reads it back
    const again = new SettingsService(openSettingsDir(dir).backend, osBox);
    expect(again.apiKey()).toBe(KEY);
  });

  it('says a key without OS encryption is not protected', () => {
    const settings = new SettingsService(openSettingsDir(tempDir()).backend, plainSecretBox);
    settings.saveServer('http://tv.local:8080', KEY, 'x-api-key');
    expect(settings.view().keyStorage).toBe('not-protected');
    expect(settings.apiKey()).toBe(KEY);
  });

  it('an empty key on save keeps the saved one; forget deletes it', () => {
    const settings = new SettingsService(openSettingsDir(tempDir()).backend, osBox);
    settings.saveServer('http://tv.local:8080', KEY, 'x-api-key');
    settings.saveServer('http://tv.local:9090', '', 'x-api-key');
    expect(settings.apiKey()).toBe(KEY);
    settings.forget();
    expect(settings.apiKey()).toBeNull();
    expect(settings.view()).toMatchObject({ server: null, hasKey: false, keyStorage: null });
    expect(readFileSync(settings.path, 'utf8')).not.toContain('apiKey":{');
  });

  it('reports a key the system can no longer unseal as unreadable', () => {
    const dir = tempDir();
    new SettingsService(openSettingsDir(dir).backend, osBox).saveServer('http://tv.local:8080', KEY, 'x-api-key');
    const elsewhere = new SettingsService(openSettingsDir(dir).backend, plainSecretBox);
    expect(elsewhere.apiKey()).toBeNull();
    expect(elsewhere.keyUnreadable()).toBe(true);
  });

  it.each([
    ['not JSON', '{"server": "http://tv.local", '],
    ['not an object', '[1,2,3]'],
  ])('moves a file that is %s aside and starts with defaults and a notice', (_what, content) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), content);
    const { backend, notices } = openSettingsDir(dir, 1234);
    const settings = new SettingsService(backend, osBox);
    expect(settings.view().server).toBeNull();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/default settings/);
    expect(notices[0]!.text).toContain('settings.damaged-1234.json');
    expect(readFileSync(join(dir, 'settings.damaged-1234.json'), 'utf8')).toBe(content);
    expect(readdirSync(dir).sort()).toEqual(['settings.damaged-1234.json', 'settings.json']);
  });

  it('merges partial updates and tells listeners', () => {
    const settings = new SettingsService(openSettingsDir(tempDir()).backend, osBox);
    let calls = 0;
    settings.onChange(() => calls++);
    settings.update({ notifications: { mutedUsers: ['Kid'] } }, NOW);
    settings.update({ notifications: { quietHours: { start: '22:00', end: '07:00' } } }, NOW);
    expect(settings.view().notifications).toEqual({ enabled: true, quietHours: { start: '22:00', end: '07:00' }, mutedUsers: ['Kid'], mutedUntil: [], pausedUntil: null });
    expect(calls).toBe(2);
  });
});

describe('bridge request validation', () => {
  it('accepts good requests and names what is wrong with bad ones', () => {
    expect(checkRequest('updateSettings', { pollSeconds: 30 }).ok).toBe(true);
    for (const bad of [{ pollSeconds: 2 }, { pollSeconds: 301 }, { pollSeconds: 12.5 }, { apiKey: 'x' }]) {
      const result = checkRequest('updateSettings', bad);
      expect(result.ok).toBe(false);
    }
    const wrong = checkRequest('loadGuide', { forwardMinutes: 5000 });
    expect(wrong).toMatchObject({ ok: false, reason: expect.stringMatching(/^loadGuide: forwardMinutes: /) });
    expect(checkRequest('lookupChannel', { number: 101 }).ok).toBe(true);
    expect(checkRequest('lookupChannel', { number: -88990223 }).ok).toBe(true); // any whole number a server may use (issue 48)
    expect(checkRequest('lookupChannel', { number: 1.5 }).ok).toBe(false);
    expect(checkRequest('lookupChannel', { number: '101' }).ok).toBe(false);
    expect(checkRequest('connect', { server: 'http://tv.local', apiKey: 'k', authStyle: 'x-api-key' }).ok).toBe(true);
    expect(checkRequest('connect', { server: 'http://tv.local', apiKey: 'k', authStyle: 'cookie' }).ok).toBe(false);
    expect(checkRequest('quit', undefined).ok).toBe(true);
  });
});
