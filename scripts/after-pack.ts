/**
 * electron-builder's afterPack hook: flips Electron's fuses in the packed binary, before signing.
 * RunAsNode, NODE_OPTIONS and the inspect arguments off (the app cannot be turned into a plain
 * Node.js runtime), the app loads only from its asar archive, whose integrity is validated
 * (macOS and Windows: Electron supports the check only there), and cookies are encrypted.
 */
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion, type FuseConfig } from '@electron/fuses';

/** What afterPack is given (the part of electron-builder's AfterPackContext used here). */
export interface PackContext {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

/** electron-builder's Arch enum value for arm64. */
const ARM64 = 3;

export function fuseConfig(platform: string, arch: number): FuseConfig {
  return {
    version: FuseVersion.V1,
    // Apple silicon refuses to run an ad-hoc signed binary whose contents changed
    resetAdHocDarwinSignature: platform === 'darwin' && arch === ARM64,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: platform === 'darwin' || platform === 'mas' || platform === 'win32',
    [FuseV1Options.EnableCookieEncryption]: true,
    // the page is served by the app's own protocol; file: needs no privileges beyond the web's
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  };
}

/** The packed Electron binary the fuses live in. */
export function packedBinary(context: PackContext): string {
  const { appOutDir, electronPlatformName: platform, packager } = context;
  const product = packager.appInfo.productFilename;
  if (platform === 'darwin' || platform === 'mas') return join(appOutDir, `${product}.app`);
  if (platform === 'win32') return join(appOutDir, `${product}.exe`);
  return join(appOutDir, packager.executableName ?? product);
}

export interface AfterPackOptions {
  /** false only for the stub Electron of `npm run dist:check`, which has no fuse wire to flip */
  flipFuses: boolean;
  log?: (line: string) => void;
}

export function makeAfterPack(options: AfterPackOptions): (context: PackContext) => Promise<void> {
  const log = options.log ?? ((line: string) => console.log(`  • ${line}`));
  return async (context) => {
    const binary = packedBinary(context);
    if (!options.flipFuses) {
      log(`fuses NOT flipped: ${binary} is dist:check's stub Electron (it has no fuse wire); a real build flips them`);
      return;
    }
    await flipFuses(binary, fuseConfig(context.electronPlatformName, context.arch));
    log(`fuses flipped in ${binary}`);
  };
}

export const afterPack = makeAfterPack({ flipFuses: true });
