import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import config from '../../electron-builder.config';
import { afterPack, fuseConfig, makeAfterPack, packedBinary, type PackContext } from '../../scripts/after-pack';
import { importedPackages } from '../../scripts/dist-check';
import { ACTION_SCHEME } from '../../src/main/core/notifications/action-url';
import { APP_ID } from '../../src/main/electron/app-identity';

// What the installers are made of: electron-builder's config, the fuses the afterPack hook flips,
// and how dist:check reads the modules a built bundle imports. (dist:check itself runs in npm test.)

const context = (platform: string, arch = 1): PackContext => ({
  appOutDir: '/tmp/out',
  electronPlatformName: platform,
  arch,
  packager: { appInfo: { productFilename: 'Airwave Tray' }, executableName: 'airwave-tray' },
});

describe('the set-up commands', () => {
  it("npm start fetches Electron's binary before it launches (npm ci no longer does, and electron-vite only says \"Electron uninstall\")", () => {
    const scripts = (JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/^install-electron && electron-vite preview$/);
    expect(scripts.dev).toMatch(/^install-electron && electron-vite dev$/);
  });
});

describe('fuses', () => {
  it('turns Node-runtime escape hatches off, loads only the asar, validates it where Electron can, encrypts cookies', () => {
    for (const platform of ['darwin', 'win32', 'linux']) {
      const fuses = fuseConfig(platform, 1);
      expect(fuses).toMatchObject({
        version: '1',
        [FuseV1Options.RunAsNode]: false,
        [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
        [FuseV1Options.EnableNodeCliInspectArguments]: false,
        [FuseV1Options.OnlyLoadAppFromAsar]: true,
        [FuseV1Options.EnableCookieEncryption]: true,
        [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
      });
      // Electron validates asar integrity on macOS and Windows only
      expect(fuses[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(platform !== 'linux');
    }
    expect(fuseConfig('darwin', 3).resetAdHocDarwinSignature).toBe(true); // arm64
    expect(fuseConfig('darwin', 1).resetAdHocDarwinSignature).toBe(false);
  });

  it('finds the packed binary of each platform', () => {
    expect(packedBinary(context('darwin'))).toBe('/tmp/out/Airwave Tray.app');
    expect(packedBinary(context('win32'))).toBe('/tmp/out/Airwave Tray.exe');
    expect(packedBinary(context('linux'))).toBe('/tmp/out/airwave-tray');
  });

  it('the real hook flips (a binary without a fuse wire is refused); the stub run skips it and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'airwave-fuses-'));
    try {
      writeFileSync(join(dir, 'airwave-tray'), '#!/bin/sh\n');
      await expect(afterPack({ ...context('linux'), appOutDir: dir })).rejects.toThrow(/sentinel|fuse/i);
      const said: string[] = [];
      await makeAfterPack({ flipFuses: false, log: (l) => said.push(l) })({ ...context('linux'), appOutDir: dir });
      expect(said).toEqual([`fuses NOT flipped: ${join(dir, 'airwave-tray')} is dist:check's stub Electron (it has no fuse wire); a real build flips them`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('electron-builder config', () => {
  it('packages under the app id Windows notifications use, with the real afterPack hook', () => {
    expect(config.appId).toBe(APP_ID);
    expect(config.productName).toBe('Airwave Tray');
    expect(config.afterPack).toBe(afterPack);
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(expect.arrayContaining(['out/**/*', 'resources/tray/**']));
    expect(config.directories).toMatchObject({ output: 'dist' });
  });

  it('macOS: no dock icon from the first frame, hardened runtime, dmg and the zip updates use', () => {
    expect(config.mac).toMatchObject({ target: ['dmg', 'zip'], hardenedRuntime: true, extendInfo: { LSUIElement: true }, category: 'public.app-category.utilities' });
  });

  it('Windows: a per-user NSIS installer; Linux: AppImage and deb with a desktop entry', () => {
    expect(config.win).toMatchObject({ target: ['nsis'] });
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false });
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'] });
    expect(config.linux?.desktop).toMatchObject({ entry: { Name: 'Airwave Tray', StartupWMClass: 'airwave-tray' } });
    expect(config.publish).toEqual([expect.objectContaining({ provider: 'github' })]);
  });

  it("declares the protocol Windows toast buttons open (the app's own action URLs)", () => {
    expect(config.protocols).toEqual([expect.objectContaining({ schemes: [ACTION_SCHEME] })]);
  });
});

describe('dist:check reading a bundle', () => {
  it('lists the packages a bundle imports or requires, without built-ins, relative paths or electron', () => {
    const code = [
      'import { app } from "electron";',
      "import { join } from 'node:path';",
      "import fs from 'fs';",
      "import electronLog from 'electron-log/node';",
      "import { request } from 'undici';",
      "import './chunk.js';",
      "const updater = await import('electron-updater');",
      "const store = require(\"electron-store\");",
      "import '@scope/pkg/sub';",
      // a catalogue's words that end in "from" are not an import (the English settings strings)
      'const settings = {',
      '\t\tquietFrom: "Quiet from",',
      '\t\tquietUntil: "Quiet until",',
      '};',
      // a bundled library's documentation that shows an import is not one (messageformat's JSDoc)
      "/** @example\n * import { parseDateTokens } from '@messageformat/date-skeleton'\n */",
      "// import x from 'not-a-package'",
      'const sentence = "import { a } from \'in-a-string\'";',
    ].join('\n');
    expect(importedPackages(code)).toEqual(['@scope/pkg/sub', 'electron-log/node', 'electron-store', 'electron-updater', 'undici']);
  });
});
