/**
 * How the app is packaged (electron-builder): one config for every platform. `npm run dist`
 * builds the current platform's installers; `npm run dist:check` (scripts/dist-check.ts) builds the
 * unpacked app offline against a stub Electron and checks the archive. Icons come from
 * scripts/make-app-icons.ts (build/icons/, generated); fuses are flipped by scripts/after-pack.ts.
 */
import type { Configuration } from 'electron-builder';
import { afterPack } from './scripts/after-pack';
import { ACTION_SCHEME } from './src/main/core/notifications/action-url';
import { APP_ID } from './src/main/electron/app-identity';

// Releases are published to (and updates read from) this GitHub repository; CI passes its own.
const [owner = 'airwave-tray', repo = 'airwave-tray'] = (process.env.GITHUB_REPOSITORY ?? 'airwave-tray/airwave-tray').split('/');

const config: Configuration = {
  appId: APP_ID,
  productName: 'Airwave Tray',
  executableName: 'airwave-tray',
  copyright: 'Copyright © Airwave Tray contributors',
  directories: { output: 'dist', buildResources: 'build' },
  // Only the built app and the tray icons it loads; production dependencies are added by
  // electron-builder from package.json (devDependencies never are).
  files: ['out/**/*', 'resources/tray/**', 'package.json', '!**/*.{map,d.ts,d.mts,d.cts}'],
  asar: true,
  // nativeImage reads the tray icons from real files
  asarUnpack: ['resources/**'],
  npmRebuild: false,
  afterPack,
  publish: [{ provider: 'github', owner, repo, releaseType: 'release' }],
  // Windows toast buttons open airwave-tray://notification/… (src/main/electron/toast-xml.ts); the app also registers it at launch
  protocols: [{ name: 'Airwave Tray notification actions', schemes: [ACTION_SCHEME] }],
  mac: {
    target: ['dmg', 'zip'], // the zip is what electron-updater downloads
    icon: 'build/icons/icon.icns',
    category: 'public.app-category.utilities',
    hardenedRuntime: true,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // no Dock icon from the first frame: a menubar app
    extendInfo: { LSUIElement: true },
  },
  dmg: { title: '${productName} ${version}' },
  win: {
    target: ['nsis'],
    icon: 'build/icons/icon.ico',
  },
  nsis: {
    // per-user, no administrator rights; the shortcut's AppUserModelID is the appId, which the app
    // also sets at launch (src/main/electron/app-identity.ts) so its notifications are shown
    oneClick: true,
    perMachine: false,
    allowElevation: false,
    deleteAppDataOnUninstall: false,
  },
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'build/icons/linux',
    category: 'AudioVideo',
    synopsis: 'Who is watching your Airwave channels',
    maintainer: 'Airwave Tray contributors',
    desktop: { entry: { Name: 'Airwave Tray', Categories: 'AudioVideo;Video;TV;Utility;', StartupWMClass: 'airwave-tray' } },
  },
  deb: { depends: ['libnotify4', 'libsecret-1-0', 'libappindicator3-1 | libayatana-appindicator3-1'] },
  appImage: { artifactName: '${productName}-${version}-${arch}.${ext}' },
};

export default config;
