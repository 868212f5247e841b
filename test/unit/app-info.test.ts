import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_NAME, APP_VERSION, USER_AGENT } from '../../src/shared/app-info';

interface PackageJson {
  name: string;
  productName: string;
  version: string;
}

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as PackageJson;

describe('app info', () => {
  it('the version is package.json\'s version', () => {
    expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(APP_VERSION).toBe(packageJson.version);
  });

  it('the name is package.json\'s productName', () => {
    expect(packageJson.productName).not.toBe('');
    expect(APP_NAME).toBe(packageJson.productName);
  });

  it('the User-Agent names the app and its version as a product token', () => {
    expect(USER_AGENT).toBe(`AirwaveTray/${packageJson.version}`);
    // A product token has no spaces: the app name is written without them.
    expect(USER_AGENT.split('/')[0]).toBe(packageJson.productName.replace(/\s+/g, ''));
    expect(USER_AGENT).toMatch(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+$/);
  });
});
