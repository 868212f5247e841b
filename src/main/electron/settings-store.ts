import { join } from 'node:path';
import { safeStorage } from 'electron';
import Store from 'electron-store';
import { openSettings, type KeyProtection, type OpenedSettings, type SecretBox, type StoredSettings } from '../core/settings/settings';

/**
 * The settings port in Electron: electron-store in userData (same schema, defaults, migrations
 * and damaged-file handling as conf in the preview), and the API key sealed with safeStorage.
 * Both need `app` to be ready: safeStorage throws before it on some platforms.
 */
export function openElectronSettings(userDataDir: string): OpenedSettings {
  return openSettings(
    (options) => {
      // electron-store takes `name` for the file name; conf's configName/projectName are not its options.
      const { configName: _configName, projectName: _projectName, ...rest } = options;
      return new Store<StoredSettings>({ ...rest, name: 'settings', cwd: userDataDir });
    },
    join(userDataDir, 'settings.json'),
  );
}

/**
 * Seals the key with the OS secret store. On Linux without a keyring Electron falls back to
 * `basic_text` (a fixed password): the app still works and says the key is not protected.
 */
export function safeStorageBox(platform: NodeJS.Platform = process.platform): SecretBox {
  const available = safeStorage.isEncryptionAvailable();
  const backend = platform === 'linux' && available ? safeStorage.getSelectedStorageBackend() : null;
  const protection: KeyProtection = !available ? 'plain' : backend === 'basic_text' ? 'basic_text' : 'os';
  return {
    protection,
    seal(plain) {
      if (protection === 'plain') return Buffer.from(plain, 'utf8').toString('base64');
      return safeStorage.encryptString(plain).toString('base64');
    },
    open(data, sealedWith) {
      if (sealedWith === 'plain') return Buffer.from(data, 'base64').toString('utf8');
      if (!available) throw new Error('The system keychain is not available.');
      return safeStorage.decryptString(Buffer.from(data, 'base64'));
    },
  };
}
